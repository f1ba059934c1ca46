//! Numbers as a student reads them, in one place: whole counts without
//! «.0», thousands separators, durations in seconds above 10 s, and the
//! seed range in words. Pure, so every rule is tested natively; the herd and
//! exercises views format through these functions only.

use super::Lang;

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

/// A measured number with exactly `decimals` decimals and no grouping, as
/// the load view states its rates and seconds (`2.0`, `1234`).
pub fn fixed(v: f64, decimals: usize) -> String {
    format!("{v:.decimals$}")
}

/// A share (0.25) as a percentage with `decimals` decimals: `25 %`.
pub fn pct(share: f64, decimals: usize) -> String {
    format!("{} %", fixed(share * 100.0, decimals))
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

/// `n` with a noun that agrees with it, e.g. `1 report`, `2 reports`: the
/// table holds the singular under `one` and the plural under `other`
/// (Chinese has one form for both), each with an `{n}` placeholder.
pub fn counted(lang: Lang, n: u64, one: &str, other: &str) -> String {
    let key = if n == 1 { one } else { other };
    super::tf(lang, key, &[("n", group(n))])
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

    #[test]
    fn fixed_numbers_and_shares_keep_their_decimals() {
        assert_eq!(fixed(2.04, 1), "2.0");
        assert_eq!(fixed(1234.5, 0), "1234");
        assert_eq!(fixed(2.5, 2), "2.50");
        assert_eq!(pct(0.25, 0), "25 %");
        assert_eq!(pct(0.995, 0), "100 %");
    }

    #[test]
    fn durations_switch_to_seconds_at_ten_seconds() {
        assert_eq!(duration(Lang::Zh, 850.0), "850 毫秒");
        assert_eq!(duration(Lang::En, 1234.56), "1,234.6 ms");
        assert_eq!(duration(Lang::Zh, 9_999.0), "9,999 毫秒");
        assert_eq!(duration(Lang::Zh, 10_000.0), "10 秒");
        assert_eq!(duration(Lang::En, 66_154.0), "66.2 s");
        assert_eq!(
            durations(Lang::Zh, &[9_743.7, 11_100.0]),
            vec!["9.7 秒", "11.1 秒"]
        );
        assert_eq!(durations(Lang::En, &[58.0, 70.3]), vec!["58 ms", "70.3 ms"]);
    }

    #[test]
    fn lab_times_are_seconds_then_hours() {
        assert_eq!(clock(Lang::Zh, 0), "0 秒");
        assert_eq!(clock(Lang::Zh, 2_240), "2.24 秒");
        assert_eq!(clock(Lang::En, 412), "0.412 s");
        assert_eq!(clock(Lang::Zh, 12_000), "12 秒");
        assert_eq!(clock(Lang::En, 3_599_999), "3,599.999 s");
        assert_eq!(clock(Lang::Zh, 25 * 3_600_000), "25 小时");
        assert_eq!(
            clock(Lang::Zh, 24 * 3_600_000 + 1_800_000),
            "24 小时 30 分钟"
        );
        assert_eq!(clock(Lang::En, 25 * 3_600_000 + 2_240), "25 h 2.24 s");
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
