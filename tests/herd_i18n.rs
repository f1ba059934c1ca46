//! Keys the herd page builds at run time (`herd.strategy.<id>`) exist in both
//! languages; the static scan in `src/i18n/tests.rs` cannot see them.
#![cfg(not(target_arch = "wasm32"))]

use retry_lab::herd::Strategy;
use retry_lab::i18n::{has, t, Lang};

#[test]
fn every_strategy_has_a_name_in_both_languages() {
    for s in Strategy::ALL {
        let key = format!("herd.strategy.{}", s.id());
        assert!(has(&key), "missing {key}");
        assert!(!t(Lang::Zh, &key).is_empty() && !t(Lang::En, &key).is_empty());
    }
}

#[test]
fn chinese_texts_use_the_chapter_terms() {
    assert!(t(Lang::Zh, "herd.hist.note").contains("惊群"));
    assert!(t(Lang::Zh, "herd.param.strategies").contains("退避"));
    assert!(t(Lang::Zh, "herd.hist.note").contains("抖动"));
}
