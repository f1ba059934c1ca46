//! Hostile URL hashes for property tests of parameter parsers. A view's test
//! includes this file (`#[path = "common/fuzz.rs"] mod fuzz;`) and checks its
//! own `from_query` with [`query_strategy`] and [`assert_bounded`], e.g.
//!
//! ```ignore
//! proptest! {
//!     #[test]
//!     fn my_view(raw in fuzz::query_strategy(&MyParams::KNOWN)) {
//!         let (p, notices) = MyParams::from_query(&Query::parse(&raw));
//!         fuzz::assert_bounded(&notices)?;
//!         prop_assert!((1..=1000).contains(&p.n));
//!     }
//! }
//! ```
#![allow(dead_code)]

use proptest::prelude::*;
use retry_lab::kernel::params::{Notice, NoticeKind, MAX_ECHO_CHARS, MAX_NOTICES};

/// One value: numbers of every size and shape, `%` escapes (valid or not),
/// non-ASCII text, separators, or anything at all.
pub fn value_strategy() -> BoxedStrategy<String> {
    prop_oneof![
        any::<i64>().prop_map(|v| v.to_string()),
        any::<f64>().prop_map(|v| v.to_string()),
        "[0-9]{1,40}",
        "-?[0-9]{0,5}(\\.[0-9]{0,5})?(e[+-]?[0-9]{1,4})?",
        Just("NaN".to_string()),
        Just("inf".to_string()),
        Just("-Infinity".to_string()),
        "(%[0-9A-Fa-f]{2}|%[G-Zg-z]?|[a-z,])*",
        "[\\u{80}-\\u{10FFFF}]{0,12}",
        "[a-z_,=&+ ]{0,30}",
        ".{0,200}",
        "[a-z]{1,3}".prop_map(|s| s.repeat(500)),
    ]
    .boxed()
}

/// One key: a known one (so the parser reads the value) or a stranger.
pub fn key_strategy(known: &[&str]) -> BoxedStrategy<String> {
    let known: Vec<String> = known.iter().map(|s| s.to_string()).collect();
    prop_oneof![
        3 => proptest::sample::select(known),
        1 => "[a-z%_]{0,8}",
        1 => ".{0,10}",
    ]
    .boxed()
}

/// A query string (no `?`): up to 40 pairs with repeated keys, plus now and
/// then a key repeated thousands of times.
pub fn query_strategy(known: &[&str]) -> BoxedStrategy<String> {
    let pair = (key_strategy(known), value_strategy())
        .prop_map(|(k, v)| format!("{}={}", escape_some(&k), escape_some(&v)));
    (
        proptest::collection::vec(pair, 0..40),
        proptest::option::weighted(0.1, (key_strategy(known), 1usize..5000)),
        any::<bool>(),
    )
        .prop_map(|(pairs, repeat, raw_amp)| {
            let mut s = pairs.join(if raw_amp { "&" } else { "&&" });
            if let Some((k, n)) = repeat {
                s.push('&');
                s.push_str(&format!("{k}=&").repeat(n));
            }
            s
        })
        .boxed()
}

/// Escapes `&`, `=` and `#` half of the time (by length parity), so both
/// raw and encoded separators occur.
fn escape_some(s: &str) -> String {
    if s.len().is_multiple_of(2) {
        s.replace('%', "%25")
            .replace('&', "%26")
            .replace('=', "%3D")
            .replace('#', "%23")
    } else {
        s.replace('#', "")
    }
}

/// At most [`MAX_NOTICES`] notices plus one «and N more», each echoing a
/// bounded value.
pub fn assert_bounded(notices: &[Notice]) -> Result<(), TestCaseError> {
    prop_assert!(
        notices.len() <= MAX_NOTICES + 1,
        "{} notices",
        notices.len()
    );
    for (i, n) in notices.iter().enumerate() {
        if n.kind == NoticeKind::More {
            prop_assert_eq!(i, notices.len() - 1, "«and N more» comes last");
        }
        prop_assert!(
            n.given.chars().count() <= MAX_ECHO_CHARS + 1,
            "{:?}",
            n.given
        );
        prop_assert!(
            n.param.chars().count() <= MAX_ECHO_CHARS + 1,
            "{:?}",
            n.param
        );
    }
    Ok(())
}
