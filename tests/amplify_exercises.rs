//! The questions of §3 (the amplification demo's among them): their answers
//! agree with the demo's models, every text exists in both languages, and
//! every demo link parses cleanly.
#![cfg(not(target_arch = "wasm32"))]

use retry_lab::amplify::load::{run_load, LoadPolicy};
use retry_lab::amplify::load_presets::Preset;
use retry_lab::amplify::AmplifyParams;
use retry_lab::exercises::bank_layers::codex_amplification;
use retry_lab::exercises::sections::Section;
use retry_lab::exercises::{bank, option_key, Kind, Question};
use retry_lab::i18n::has;
use retry_lab::pages::route::Location;

/// The questions of §3 (the amplification's section).
fn questions() -> Vec<Question> {
    bank()
        .into_iter()
        .filter(|q| q.section == Section::Layers)
        .collect()
}

#[test]
fn numbers_are_the_chapter_numbers() {
    let answers: Vec<(String, Vec<f64>)> = questions()
        .into_iter()
        .filter_map(|q| match q.kind {
            Kind::Numeric(f) => Some((q.id.to_string(), f.iter().map(|x| x.answer()).collect())),
            _ => None,
        })
        .collect();
    let get = |id: &str| answers.iter().find(|a| a.0 == id).unwrap().1.clone();
    assert_eq!(get("three_layers"), [27.0]);
    assert_eq!(get("amp_top_only"), [4.0]);
    assert_eq!(get("amp_budget"), [5.0]);
    assert!((get("amp_mean")[0] - 4.99).abs() < 0.01);
    assert_eq!(get("amp_codex"), [3.0]);
    assert_eq!(codex_amplification(0.0), 3.0);
    assert_eq!(codex_amplification(1.0), 9.0);
}

#[test]
fn choices_match_what_the_demo_shows() {
    let b = Preset::Brooker.config();
    let cfg = retry_lab::amplify::LoadConfig {
        p: 1.0,
        duration: 20.0,
        ..b
    };
    let tb = run_load(&cfg, LoadPolicy::TokenBucket, 1).amplification();
    assert!(tb <= 1.1 && tb > 0.9, "amp_tb_one: {tb}");
    let plain = run_load(&cfg, LoadPolicy::Retries, 1).amplification();
    assert!(
        (plain - 3.0).abs() < 1e-9,
        "amp_tb_three is plain retries: {plain}"
    );
    // Which way of limiting retries stays collapsed after the trigger:
    // retrying at the top layer only (3, 1, 1 attempts), not the three
    // limiters with every layer retrying.
    let m = Preset::Metastable.config();
    let rec = |m: &retry_lab::amplify::LoadConfig, p| {
        run_load(m, p, 1)
            .series
            .recovered(m.trigger.start, m.trigger.end, m.recover_pct)
    };
    let top_only = retry_lab::amplify::LoadConfig {
        layers: vec![3, 1, 1],
        ..m.clone()
    };
    assert_eq!(m.layers, [3, 3, 3]);
    // amp_stuck_budget says 10 % of recent requests.
    assert_eq!(m.budget_ratio, 0.1);
    assert!(
        rec(&top_only, LoadPolicy::Retries).is_none(),
        "amp_stuck_top_only"
    );
    assert!(
        rec(&m, LoadPolicy::Retries).is_none(),
        "every layer retrying"
    );
    for p in [
        LoadPolicy::TokenBucket,
        LoadPolicy::RetryBudget,
        LoadPolicy::Deadline,
    ] {
        assert!(rec(&m, p).is_some(), "{p:?} recovers");
    }
}

#[test]
fn registered_translated_and_linked() {
    let all = bank();
    let qs = questions();
    assert!(qs.len() >= 6);
    for q in &qs {
        assert!(all.iter().any(|b| b.id == q.id), "{} not in the bank", q.id);
        assert!(has(&q.prompt_key()) && has(&q.explain_key()), "{}", q.id);
        if let Kind::Choice { options, correct } = &q.kind {
            assert!(options.contains(correct));
            for o in options.iter() {
                assert!(has(&option_key(o)), "{o}");
            }
        }
        if let Kind::Numeric(fields) = &q.kind {
            for f in fields {
                assert!(has(f.label), "{}", f.label);
            }
        }
        let Some(demo) = q.demo.as_ref().map(|l| l.href()) else {
            continue;
        };
        let loc = Location::parse(&demo);
        if loc.page.path() != "/amplify" {
            continue;
        }
        let (_, notices) = AmplifyParams::from_query(&loc.query);
        assert!(notices.is_empty(), "{demo}: {notices:?}");
    }
}

#[test]
fn every_runtime_key_exists() {
    for p in LoadPolicy::ALL {
        for k in [
            format!("amplify.policy.{}", p.id()),
            format!("amplify.policy.{}.doc", p.id()),
        ] {
            assert!(has(&k), "{k}");
        }
    }
    for n in [
        "layers",
        "p",
        "policy",
        "budget",
        "trials",
        "seed",
        "policies",
        "rate",
        "capacity",
        "timeout",
        "duration",
        "trigger_start",
        "trigger_end",
        "trigger_capacity",
        "incident_start",
        "incident_end",
        "deadline",
        "retry_after",
        "shed",
        "budget_ratio",
        "refill",
        "recover_pct",
        "calls",
        "steps",
    ] {
        assert!(has(&format!("amplify.param.{n}")), "{n}");
    }
    let zh = retry_lab::i18n::t(retry_lab::i18n::Lang::Zh, "amplify.policy.token_bucket");
    assert!(zh.contains("令牌桶"));
    assert!(retry_lab::i18n::t(retry_lab::i18n::Lang::Zh, "amplify.title").contains("重试放大"));
}
