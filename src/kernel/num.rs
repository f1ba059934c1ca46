//! Every way the app writes a number, in one place: as a student reads it
//! (whole counts without «.0», thousands separators, durations in seconds
//! above 10 s, the seed range in words), on a chart's axis, in a URL, in a
//! CSV or an SVG coordinate. Pure and below every demo, so every rule is
//! tested natively and the core, the CLI and the UI share it; a sentence's
//! numbers are written by these functions too (`i18n::render`).

use super::text::Lang;

/// Durations at or above this many milliseconds are shown in seconds.
pub const SECONDS_FROM_MS: f64 = 10_000.0;

/// `1234567` → `1,234,567` (the comma is also the usual grouping in
/// technical Chinese texts).
pub fn group(v: u64) -> String {
    let digits = v.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A number with at most `decimals` decimals, trailing zeros dropped (so a
/// whole number has no «.0»), the integer part grouped. `—` if not finite.
pub fn num(v: f64, decimals: usize) -> String {
    written(v, decimals, group)
}

/// The text of a number put back into a field the student edits (a stored
/// answer): [`num`]'s digits without the grouping, because a field reads a
/// comma as a decimal comma (`0,5` is 0.5), so «1,000» would read back as 1.
pub fn field(v: f64, decimals: usize) -> String {
    written(v, decimals, |v| v.to_string())
}

fn written(v: f64, decimals: usize, group: fn(u64) -> String) -> String {
    if !v.is_finite() {
        return "—".into();
    }
    let fixed = format!("{:.*}", decimals, v.abs());
    let (int, frac) = match fixed.split_once('.') {
        Some((i, f)) => (i, f.trim_end_matches('0')),
        None => (fixed.as_str(), ""),
    };
    let grouped = group(int.parse().unwrap_or(0));
    let zero = grouped == "0" && frac.is_empty();
    let sign = if v < 0.0 && !zero { "-" } else { "" };
    if frac.is_empty() {
        format!("{sign}{grouped}")
    } else {
        format!("{sign}{grouped}.{frac}")
    }
}

/// A count or a mean of counts: one decimal at most, none when whole.
pub fn count(v: f64) -> String {
    num(v, 1)
}

/// A duration given in milliseconds, with its unit: `850 毫秒`, `1,234.5 毫秒`,
/// `66.2 秒` (seconds from 10 s on).
pub fn duration(lang: Lang, ms: f64) -> String {
    let (value, unit) = if ms.abs() >= SECONDS_FROM_MS {
        (num(ms / 1000.0, 1), seconds_unit(lang))
    } else {
        (num(ms, 1), ms_unit(lang))
    };
    format!("{value} {unit}")
}

/// Several durations that are read together (a range, a spread), all in
/// one unit: seconds if the largest is 10 s or more, else milliseconds.
pub fn durations(lang: Lang, ms: &[f64]) -> Vec<String> {
    let seconds = ms.iter().any(|v| v.abs() >= SECONDS_FROM_MS);
    ms.iter()
        .map(|&v| {
            if seconds {
                format!("{} {}", num(v / 1000.0, 1), seconds_unit(lang))
            } else {
                format!("{} {}", num(v, 1), ms_unit(lang))
            }
        })
        .collect()
}

/// A moment or a wait in a lab run (whole simulated milliseconds), in the
/// lab's one format: seconds with up to three decimals (`2.24 秒`), and past
/// an hour in hours, minutes and seconds (`25 小时`, `24 小时 30 分钟 0.5 秒`),
/// so a key retention of a day reads as a day, not as 90,000 seconds.
pub fn clock(lang: Lang, ms: u64) -> String {
    const MINUTE: u64 = 60_000;
    const HOUR: u64 = 60 * MINUTE;
    let seconds = |v: u64| format!("{} {}", num(v as f64 / 1000.0, 3), seconds_unit(lang));
    if ms < HOUR {
        return seconds(ms);
    }
    let (hours, minutes, rest) = (ms / HOUR, ms % HOUR / MINUTE, ms % MINUTE);
    let (h_unit, m_unit) = match lang {
        Lang::Zh => ("小时", "分钟"),
        Lang::En => ("h", "min"),
    };
    let mut out = format!("{} {h_unit}", group(hours));
    if minutes > 0 {
        out.push_str(&format!(" {minutes} {m_unit}"));
    }
    if rest > 0 {
        out.push(' ');
        out.push_str(&seconds(rest));
    }
    out
}

fn ms_unit(lang: Lang) -> &'static str {
    match lang {
        Lang::Zh => "毫秒",
        Lang::En => "ms",
    }
}

fn seconds_unit(lang: Lang) -> &'static str {
    match lang {
        Lang::Zh => "秒",
        Lang::En => "s",
    }
}

/// An integer range `min–max` for a form, with a huge maximum said in
/// words (the seed's 2⁵³−1 is «about 9 quadrillion»).
pub fn range(lang: Lang, min: i64, max: i64) -> String {
    if max >= 1_000_000_000_000 {
        return match lang {
            Lang::Zh => format!("{min} 到约 9 千万亿之间的任意整数"),
            Lang::En => format!("any whole number from {min} to about 9 quadrillion"),
        };
    }
    let g = |v: i64| {
        if v < 0 {
            format!("-{}", group(v.unsigned_abs()))
        } else {
            group(v as u64)
        }
    };
    format!("{}–{}", g(min), g(max))
}

/// Decimals of a number in a question card or a graded result.
pub const ANSWER_DECIMALS: u8 = 3;

/// A number as shown in a question card or a result: grouped, up to three
/// decimals, no «.0».
pub fn answer(v: f64) -> String {
    num(v, usize::from(ANSWER_DECIMALS))
}

/// Exactly `decimals` decimals, ungrouped: a measured number as the load
/// view states its rates and seconds (`2.0`, `1234`), a CSV column, an SVG
/// coordinate.
pub fn fixed(v: f64, decimals: usize) -> String {
    format!("{v:.decimals$}")
}

/// A share (0.25) as a percentage with `decimals` decimals: `25 %`.
pub fn pct(share: f64, decimals: usize) -> String {
    format!("{} %", fixed(share * 100.0, decimals))
}

/// A number in a URL or a CSV's parameter column: whole numbers without a
/// decimal point, others in Rust's shortest round-trip form.
pub fn url(v: f64) -> String {
    if v.fract() == 0.0 && v.abs() < 1e15 {
        format!("{}", v as i64)
    } else {
        format!("{v}")
    }
}

/// A compact chart tick label: 20000 → 20k, 2.5 → 2.5, 1500 → 1500.
pub fn tick_label(v: f64) -> String {
    let a = v.abs();
    if a >= 10_000.0 {
        let k = v / 1000.0;
        if k.fract() == 0.0 {
            format!("{k:.0}k")
        } else {
            format!("{k:.1}k")
        }
    } else if v.fract() == 0.0 {
        format!("{v:.0}")
    } else if a >= 1.0 {
        format!("{v:.1}")
    } else {
        let s = format!("{v:.2}");
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_thousands() {
        assert_eq!(group(0), "0");
        assert_eq!(group(999), "999");
        assert_eq!(group(1000), "1,000");
        assert_eq!(group(2421), "2,421");
        assert_eq!(group(1_234_567), "1,234,567");
    }

    #[test]
    fn whole_numbers_have_no_decimal() {
        assert_eq!(count(2421.0), "2,421");
        assert_eq!(count(1851.26), "1,851.3");
        assert_eq!(count(99.96), "100");
        assert_eq!(num(0.5, 3), "0.5");
        assert_eq!(num(-0.04, 1), "0");
        assert_eq!(num(-1234.5, 1), "-1,234.5");
        assert_eq!(num(f64::NAN, 1), "—");
    }

    /// A duration switches to seconds at ten seconds; the lab's clock
    /// shows seconds, then hours (and what is left) past an hour.
    #[test]
    fn times_switch_units_where_their_readers_need() {
        type Writer = fn(Lang, f64) -> String;
        let lab: Writer = |l, ms| clock(l, ms as u64);
        let hour = 3_600_000.0;
        let cases: [(Writer, Lang, f64, &str); 13] = [
            (duration, Lang::Zh, 850.0, "850 毫秒"),
            (duration, Lang::En, 1234.56, "1,234.6 ms"),
            (duration, Lang::Zh, 9_999.0, "9,999 毫秒"),
            (duration, Lang::Zh, 10_000.0, "10 秒"),
            (duration, Lang::En, 66_154.0, "66.2 s"),
            (lab, Lang::Zh, 0.0, "0 秒"),
            (lab, Lang::Zh, 2_240.0, "2.24 秒"),
            (lab, Lang::En, 412.0, "0.412 s"),
            (lab, Lang::Zh, 12_000.0, "12 秒"),
            (lab, Lang::En, 3_599_999.0, "3,599.999 s"),
            (lab, Lang::Zh, 25.0 * hour, "25 小时"),
            (lab, Lang::Zh, 24.0 * hour + 1_800_000.0, "24 小时 30 分钟"),
            (lab, Lang::En, 25.0 * hour + 2_240.0, "25 h 2.24 s"),
        ];
        for (write, l, ms, want) in cases {
            assert_eq!(write(l, ms), want, "{ms}");
        }
        assert_eq!(
            durations(Lang::Zh, &[9_743.7, 11_100.0]),
            vec!["9.7 秒", "11.1 秒"]
        );
        assert_eq!(durations(Lang::En, &[58.0, 70.3]), vec!["58 ms", "70.3 ms"]);
    }

    #[test]
    fn the_fixed_forms_keep_their_digits() {
        type Writer = fn(f64) -> String;
        let cases: [(Writer, f64, &str); 16] = [
            (answer, 1234.5678, "1,234.568"),
            (answer, 2.0, "2"),
            (|v| fixed(v, 3), 2.5, "2.500"),
            (|v| fixed(v, 1), -0.04, "-0.0"),
            (url, 3.0, "3"),
            (url, 0.25, "0.25"),
            (url, 1e16, "10000000000000000"),
            (|v| pct(v, 0), 0.256, "26 %"),
            (|v| pct(v, 0), 0.995, "100 %"),
            (|v| fixed(v, 1), 2.04, "2.0"),
            (|v| fixed(v, 0), 1234.5, "1234"),
            (tick_label, 20_000.0, "20k"),
            (tick_label, 12_500.0, "12.5k"),
            (tick_label, 1500.0, "1500"),
            (tick_label, 2.5, "2.5"),
            (tick_label, 0.05, "0.05"),
        ];
        for (write, v, want) in cases {
            assert_eq!(write(v), want, "{v}");
        }
    }

    #[test]
    fn ranges_are_grouped_or_in_words() {
        assert_eq!(range(Lang::Zh, 1, 1000), "1–1,000");
        assert_eq!(range(Lang::En, 0, 600_000), "0–600,000");
        assert_eq!(
            range(Lang::Zh, 0, 9_007_199_254_740_991),
            "0 到约 9 千万亿之间的任意整数"
        );
        assert!(range(Lang::En, 0, 9_007_199_254_740_991).contains("9 quadrillion"));
    }
}
