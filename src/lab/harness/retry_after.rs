//! Reading a `Retry-After` header (RFC 9110 §10.2.3; 001: «Retry-After 可为
//! ASCII 十进制秒数或 HTTP 日期 … 把负数、非 ASCII 数字和任意文本视为无效值»).
//! The harness reads it against the run's clock: the run starts at
//! [`RUN_EPOCH_S`], a fixed wall-clock second, so an HTTP date the server
//! writes at `now + n` seconds reads back as `n` seconds.

/// The wall-clock second at which every run starts (2026-12-05 00:00:00 UTC).
pub const RUN_EPOCH_S: i64 = 1_796_428_800;

/// The longest wait the header may ask for that the harness takes as
/// meant (a day); longer values are treated as invalid.
pub const MAX_RETRY_AFTER_S: u64 = 86_400;

/// The wait the header asks for, in whole seconds from `now_ms`, or `None`
/// when the value is invalid (negative, non-ASCII digits, text, a
/// malformed date). A date in the past asks for no wait.
pub fn wait_s(header: &str, now_ms: u64) -> Option<u64> {
    let v = header.trim();
    if !v.is_empty() && v.bytes().all(|b| b.is_ascii_digit()) {
        return v.parse::<u64>().ok().filter(|s| *s <= MAX_RETRY_AFTER_S);
    }
    let at = http_date_s(v)?;
    let now = RUN_EPOCH_S + (now_ms / 1000) as i64;
    let wait = (at - now).max(0) as u64;
    (wait <= MAX_RETRY_AFTER_S).then_some(wait)
}

/// An IMF-fixdate (`Sun, 06 Dec 2026 00:00:30 GMT`), the only HTTP-date
/// form a sender may generate, as Unix seconds.
pub fn http_date_s(v: &str) -> Option<i64> {
    let parts: Vec<&str> = v.split(' ').collect();
    let [day, dd, mon, yyyy, hms, "GMT"] = parts[..] else {
        return None;
    };
    let day_ok = DAYS.contains(&day.strip_suffix(',')?);
    let month = MONTHS.iter().position(|m| *m == mon)? as i64 + 1;
    let (d, y) = (two_digits(dd)?, yyyy.parse::<i64>().ok()?);
    let t: Vec<&str> = hms.split(':').collect();
    let [h, m, s] = t[..] else { return None };
    let (h, m, s) = (two_digits(h)?, two_digits(m)?, two_digits(s)?);
    let valid = day_ok && yyyy.len() == 4 && (1..=31).contains(&d) && h < 24 && m < 60 && s < 61;
    valid.then(|| days_from_civil(y, month, d) * 86_400 + h * 3600 + m * 60 + s)
}

/// Writes Unix seconds as an IMF-fixdate (the server's side).
pub fn http_date(unix_s: i64) -> String {
    let days = unix_s.div_euclid(86_400);
    let secs = unix_s.rem_euclid(86_400);
    let (y, m, d) = civil_from_days(days);
    // 1970-01-01 was a Thursday.
    let weekday = DAYS[((days + 3).rem_euclid(7)) as usize];
    format!(
        "{weekday}, {d:02} {} {y:04} {:02}:{:02}:{:02} GMT",
        MONTHS[(m - 1) as usize],
        secs / 3600,
        secs / 60 % 60,
        secs % 60
    )
}

/// Monday first, so that `(days + 3) mod 7` indexes it.
const DAYS: [&str; 7] = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];
const MONTHS: [&str; 12] = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
];

fn two_digits(v: &str) -> Option<i64> {
    (v.len() == 2 && v.bytes().all(|b| b.is_ascii_digit())).then(|| v.parse().ok())?
}

/// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's
/// `days_from_civil`).
fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The inverse of [`days_from_civil`].
fn civil_from_days(z: i64) -> (i64, i64, i64) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    (yoe + era * 400 + i64::from(m <= 2), m, d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn delta_seconds_and_dates_are_read() {
        assert_eq!(wait_s("120", 0), Some(120));
        assert_eq!(wait_s(" 0 ", 5_000), Some(0));
        let at = http_date(RUN_EPOCH_S + 30);
        assert_eq!(at, "Sat, 05 Dec 2026 00:00:30 GMT");
        assert_eq!(wait_s(&at, 0), Some(30));
        assert_eq!(wait_s(&at, 10_000), Some(20));
        assert_eq!(wait_s(&at, 40_000), Some(0), "a past date asks for no wait");
        assert_eq!(http_date(0), "Thu, 01 Jan 1970 00:00:00 GMT");
        assert_eq!(
            http_date_s("Sun, 06 Nov 1994 08:49:37 GMT"),
            Some(784_111_777)
        );
    }

    #[test]
    fn the_chapter_s_invalid_values_are_absent() {
        for bad in [
            "-1",
            "１２０",
            "soon",
            "",
            "1.5",
            "+3",
            "Sun, 06 Nov 1994 08:49:37 UTC",
        ] {
            assert_eq!(wait_s(bad, 0), None, "{bad:?}");
        }
        assert_eq!(wait_s("99999999999999999999", 0), None);
        assert_eq!(wait_s("86401", 0), None);
    }

    #[test]
    fn dates_round_trip() {
        for s in [
            0,
            951_782_400,
            RUN_EPOCH_S,
            RUN_EPOCH_S + 86_399,
            4_102_444_800,
        ] {
            assert_eq!(http_date_s(&http_date(s)), Some(s), "{s}");
        }
    }
}
