//! Notices put into words as a page names its fields.

use super::*;
use crate::kernel::params::*;

const CLIENTS: Bound<i64> = Bound {
    name: "clients",
    min: 1,
    max: 1000,
    default: 100,
};

#[test]
fn reader_collects_notices_and_unknown_keys() {
    let q = Query::parse("clients=abc&strategies=full,bogus&zzz=1");
    let mut r = Reader::new(&q);
    assert_eq!(r.int(CLIENTS), 100);
    let s = r.subset("strategies", &["none", "full"], &["none"]);
    assert_eq!(s, vec!["full".to_string()]);
    assert_eq!(r.choice("mode", &["a", "b"], "a"), "a");
    r.reject_unknown(&["clients", "strategies"]);
    let params: Vec<_> = r.notices.iter().map(|n| n.param.as_str()).collect();
    assert_eq!(params, vec!["clients", "strategies", "zzz"]);
    let msg = r.notices[0].message(Lang::Zh, &Page::Herd);
    assert!(msg.contains("clients") && msg.contains("abc"), "{msg}");
}

#[test]
fn a_megabyte_of_repeated_and_distinct_keys_gives_a_capped_list() {
    // 10⁵ empty pairs of one key, then 10⁴ distinct unknown keys.
    let mut hash = "a=&".repeat(100_000);
    for i in 0..10_000 {
        hash.push_str(&format!("k{i}=é&"));
    }
    let q = Query::parse(&hash);
    let mut r = Reader::new(&q);
    r.reject_unknown(&["clients"]);
    assert_eq!(r.notices.len(), MAX_NOTICES + 1);
    assert_eq!(r.notices[0].param, "a", "one notice per key");
    let more = r.notices.last().unwrap();
    assert_eq!(more.kind, NoticeKind::More);
    assert_eq!(more.given, (10_001 - MAX_NOTICES).to_string());
    assert!(
        more.message(Lang::Zh, &Page::Herd).contains("9981"),
        "{}",
        more.message(Lang::Zh, &Page::Herd)
    );
    assert!(more.message(Lang::En, &Page::Herd).contains("9981"));
}

#[test]
fn echoed_values_are_cut_by_characters() {
    let long = "惊".repeat(1000);
    let (_, n) = check_int(&long, CLIENTS);
    let n = n.unwrap();
    assert_eq!(n.given.chars().count(), MAX_ECHO_CHARS + 1);
    assert!(n.given.ends_with('…'));
    assert_eq!(echo("abc"), "abc");
    let exact = "x".repeat(MAX_ECHO_CHARS);
    assert_eq!(echo(&exact), exact);
    let notice = Notice {
        kind: NoticeKind::Invalid,
        param: "p".into(),
        given: "🙂".repeat(500),
        range: String::new(),
        used: String::new(),
    };
    assert!(notice.message(Lang::En, &Page::Herd).chars().count() < 200);
}

#[test]
fn notices_name_a_lab_value_as_the_pickers_do() {
    let notice = |param: &str, used: &str| Notice {
        kind: NoticeKind::Invalid,
        param: param.into(),
        given: "foo".into(),
        range: "…".into(),
        used: used.into(),
    };
    let zh = notice("scenario", "response_lost").message(Lang::Zh, &Page::Lab);
    assert!(zh.ends_with("已改用「响应丢失（response_lost）」"), "{zh}");
    let en = notice("server", "naive").message(Lang::En, &Page::Lab);
    assert!(en.ends_with("using Naive (naive)"), "{en}");
    // Values without a name stay as given.
    assert!(notice("seed", "1")
        .message(Lang::Zh, &Page::Lab)
        .ends_with("已改用「1」"));
}

#[test]
fn notices_group_thousands_but_not_decimals() {
    let n = Notice {
        kind: NoticeKind::Clamped,
        param: "seed".into(),
        given: "1234567".into(),
        range: "0–999999".into(),
        used: "999999".into(),
    };
    let zh = n.message(Lang::Zh, &Page::Lab);
    assert!(zh.contains("（允许：0–999,999）"), "{zh}");
    assert!(zh.ends_with("已改用「999,999」"), "{zh}");
    // The value as given is echoed untouched.
    assert!(zh.contains("「1234567」"), "{zh}");
}
