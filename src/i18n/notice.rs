//! A parameter notice as a sentence: [`Notice`] is data (what was given,
//! the allowed range, what was used); this is where it is put into words,
//! naming the field as the page shows it (the page gives its words,
//! [`super::fields::field_words`]).

use super::{has, t, tf, Lang};
use crate::kernel::num::group;
use crate::kernel::params::{echo, Notice, NoticeKind};

/// `n` as a sentence in `lang`; `field` is how the page names the field.
pub fn notice_text(lang: Lang, n: &Notice, field: String) -> String {
    let key = match n.kind {
        NoticeKind::Invalid => "common.notice.invalid",
        NoticeKind::Clamped => "common.notice.clamped",
        NoticeKind::Unknown => "common.notice.unknown",
        NoticeKind::Needs => "common.notice.needs",
        NoticeKind::Excludes => "common.notice.excludes",
        NoticeKind::More => "common.notice.more",
    };
    tf(
        lang,
        key,
        &[
            ("param", echo(&n.param)),
            ("field", field),
            ("given", echo(&n.given)),
            ("range", group_digits(&n.range)),
            ("used", group_digits(&used_text(lang, &n.param, &n.used))),
        ],
    )
}

/// `text` with every whole number of four or more digits grouped by
/// thousands (`0–999999` → `0–999,999`); decimals are left alone.
fn group_digits(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    let mut run = String::new();
    let mut after_point = false;
    let flush = |run: &mut String, out: &mut String, after_point: bool| {
        match run.parse::<u64>() {
            Ok(v) if run.len() >= 4 && !after_point => out.push_str(&group(v)),
            _ => out.push_str(run),
        }
        run.clear();
    };
    for c in text.chars() {
        if c.is_ascii_digit() {
            run.push(c);
            continue;
        }
        flush(&mut run, &mut out, after_point);
        after_point = c == '.';
        out.push(c);
    }
    flush(&mut run, &mut out, after_point);
    out
}

/// The value used instead, by its name where it has one: a lab scenario,
/// client or server reads «响应丢失（response_lost）», as in the pickers.
fn used_text(lang: Lang, param: &str, used: &str) -> String {
    let key = format!("lab.{param}.{used}");
    if matches!(param, "scenario" | "client" | "server") && has(&key) {
        format!("{}{}", t(lang, &key), paren(lang, used))
    } else {
        used.to_string()
    }
}

fn paren(lang: Lang, id: &str) -> String {
    match lang {
        Lang::Zh => format!("（{id}）"),
        Lang::En => format!(" ({id})"),
    }
}

#[cfg(test)]
mod tests {
    use super::group_digits;

    #[test]
    fn groups_whole_numbers_of_four_digits_or_more_only() {
        assert_eq!(group_digits("0–999999"), "0–999,999");
        assert_eq!(group_digits("1–1000, 999"), "1–1,000, 999");
        assert_eq!(group_digits("0.01–60, 0.12345"), "0.01–60, 0.12345");
        assert_eq!(group_digits("rate_limited_429"), "rate_limited_429");
    }
}
