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
    assert!(t(Lang::Zh, "herd.hist.note_own").contains("惊群"));
    assert!(t(Lang::Zh, "herd.param.strategies").contains("退避"));
    assert!(t(Lang::Zh, "herd.hist.note_own").contains("抖动"));
}

#[test]
fn the_codex_and_sdk_notes_name_their_differences_from_the_originals() {
    let codex = t(Lang::Zh, "herd.origin.codex");
    assert!(
        codex.contains("200ms·2^(n−1)") && codex.contains("同样的 cap"),
        "{codex}"
    );
    let sdk = t(Lang::Zh, "herd.origin.sdk");
    assert!(sdk.contains("n − 1") && sdk.contains("8s"), "{sdk}");
    // One numbering of retries across the page, the chapter and the exercises.
    assert!(t(Lang::Zh, "herd.vn_prefix").contains("第 1 次重试 n = 1"));
    assert!(t(Lang::Zh, "ex.q.backoff_4th_retry.prompt").contains("第 1 次重试 attempt = 1"));
}
