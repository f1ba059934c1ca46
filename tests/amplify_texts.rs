//! The amplify and herd texts against the seeds: terms the chapter and its
//! readings do not use carry a short definition marked as beyond the
//! chapter where they first appear, and the backoff formula is written one
//! way, saying which n.
#![cfg(not(target_arch = "wasm32"))]

use retry_lab::i18n::{t, Lang};

/// Whether a text says the term is not the chapter's.
fn marked(zh: &str, en: &str) -> bool {
    let zh_ok = ["本章没有", "本章都没有", "本章也没有"]
        .iter()
        .any(|m| zh.contains(m));
    let en_ok = [
        "not a term of the chapter",
        "not covered by the chapter",
        "is a term of the chapter",
        "is the chapter's",
    ]
    .iter()
    .any(|m| en.contains(m));
    zh_ok && en_ok
}

#[test]
fn terms_beyond_the_chapter_are_defined_and_marked_where_they_first_appear() {
    // (term in zh, term in en, the texts where a student first meets it)
    let cases: &[(&str, &str, &[&str])] = &[
        (
            "熔断",
            "circuit breaker",
            &[
                "amplify.home",
                "amplify.intro",
                "amplify.policy.circuit_breaker.doc",
            ],
        ),
        (
            "goodput",
            "goodput",
            &["amplify.chart.goodput", "amplify.help.load"],
        ),
        (
            "亚稳态",
            "metastable",
            &[
                "amplify.lesson.metastable",
                "amplify.lesson.metastable_all",
                "amplify.why.overloaded",
            ],
        ),
        ("泊松", "Poisson", &["amplify.help.model"]),
        ("FIFO", "FIFO", &["amplify.help.model"]),
        (
            "对冲请求",
            "hedged request",
            &["lab.scenario.concurrent_same_key.desc"],
        ),
    ];
    for (zh_term, en_term, keys) in cases {
        for key in *keys {
            let (zh, en) = (t(Lang::Zh, key), t(Lang::En, key));
            assert!(zh.contains(zh_term), "{key}: {zh}");
            assert!(
                en.to_lowercase().contains(&en_term.to_lowercase()),
                "{key}: {en}"
            );
            assert!(
                marked(&zh, &en),
                "{key} does not mark «{zh_term}» as beyond the chapter: {zh} / {en}"
            );
        }
    }
}

/// Asserts that the text of `key` in `lang` contains every one of `parts`.
fn says(lang: Lang, key: &str, parts: &[&str]) {
    let text = t(lang, key);
    for part in parts {
        assert!(text.contains(part), "{key} lacks «{part}»: {text}");
    }
}

#[test]
fn one_backoff_formula_with_its_n_stated() {
    // The herd defines vₙ = min(cap, base·2ⁿ) with n from 1 (the AWS
    // simulator's count); the amplify page uses the same vₙ and says its
    // n-th retry waits uniform(0, vₙ₋₁), and where that differs from the blog.
    let amp = [
        "vₙ = min(cap, base·2ⁿ)",
        "uniform(0, vₙ₋₁)",
        "2·base",
        "attempt = 1",
    ];
    says(Lang::Zh, "amplify.policy.retries.doc", &amp);
    says(Lang::En, "amplify.policy.retries.doc", &amp);
    says(
        Lang::Zh,
        "herd.vn_suffix",
        &["attempt = 1", "uniform(0, vₙ₋₁)"],
    );
    let old = t(Lang::Zh, "amplify.policy.retries.doc");
    assert!(
        !old.contains("base·2ⁿ⁻¹))"),
        "the old formula with an unstated n: {old}"
    );
}

#[test]
fn token_bucket_texts_say_which_bucket_they_are() {
    says(
        Lang::Zh,
        "amplify.policy.token_bucket.doc",
        &["桶空了就不重试", "固定速率"],
    );
    // The chapter's sentence, quoted exactly.
    says(
        Lang::Zh,
        "amplify.policy.token_bucket_fixed_rate.doc",
        &["令牌够就重试，用完就按固定速率重试"],
    );
    says(
        Lang::Zh,
        "amplify.policy.token_bucket_aws.doc",
        &["不会「用完就按固定速率重试」", "2016"],
    );
    // No text still says the demo's Brooker bucket is what the SDK added in 2016.
    for key in [
        "amplify.policy.token_bucket.doc",
        "amplify.policy.token_bucket_fixed_rate.doc",
    ] {
        assert!(!t(Lang::Zh, key).contains("加了这种行为"), "{key}");
    }
}
