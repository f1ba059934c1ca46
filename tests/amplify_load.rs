//! The load model: Brooker's comparison, the metastable trigger, Codex's
//! 3 × 3, and invariants over random settings.
#![cfg(not(target_arch = "wasm32"))]

use proptest::prelude::*;
use retry_lab::amplify::load::{LoadConfig, LoadPolicy, Window};
use retry_lab::amplify::load_presets::Preset;
use retry_lab::amplify::run_load;

fn brooker(p: f64) -> LoadConfig {
    LoadConfig {
        p,
        duration: 20.0,
        ..Preset::Brooker.config()
    }
}

#[test]
fn brooker_at_p_one() {
    let c = brooker(1.0);
    let retries = run_load(&c, LoadPolicy::Retries, 1);
    assert_eq!(retries.amplification(), 3.0);
    assert_eq!(run_load(&c, LoadPolicy::None, 1).amplification(), 1.0);
    let tb = run_load(&c, LoadPolicy::TokenBucket, 1);
    assert!(tb.amplification() <= 1.1, "{}", tb.amplification());
    let br = run_load(&c, LoadPolicy::CircuitBreaker, 1);
    assert!(br.amplification() < 0.1, "{}", br.amplification());
    for o in [retries, tb, br] {
        assert_eq!(o.succeeded, 0);
    }
}

#[test]
fn token_bucket_behaves_like_retries_at_small_p() {
    let c = brooker(0.05);
    let r = run_load(&c, LoadPolicy::Retries, 2);
    let tb = run_load(&c, LoadPolicy::TokenBucket, 2);
    assert!((r.amplification() - tb.amplification()).abs() < 0.01);
    assert!((r.success_rate() - tb.success_rate()).abs() < 0.01);
    assert!(tb.success_rate() > 0.99);
}

#[test]
fn metastable_retries_stay_collapsed_and_limits_recover() {
    let c = Preset::Metastable.config();
    let rec = |pol| {
        run_load(&c, pol, 1)
            .series
            .recovered(c.trigger.start, c.trigger.end, c.recover_pct)
    };
    assert_eq!(rec(LoadPolicy::Retries), None);
    for pol in [
        LoadPolicy::TokenBucket,
        LoadPolicy::RetryBudget,
        LoadPolicy::Deadline,
    ] {
        let r = rec(pol).unwrap_or_else(|| panic!("{pol:?} never recovered"));
        assert!(r < 60.0, "{pol:?} {r}");
    }
    // Before the trigger, everyone serves the same calls.
    let retries = run_load(&c, LoadPolicy::Retries, 1);
    let before = retries.series.mean_goodput(5, 20);
    assert!(before > 70.0 && before < 90.0, "{before}");
    let after = retries.series.mean_goodput(60, 120);
    assert!(after < 0.1 * before, "{after}");
    assert!(retries.series.bins[60..]
        .iter()
        .all(|b| b.requests > b.capacity as u32));
}

#[test]
fn codex_three_times_three() {
    let c = Preset::Codex.config();
    assert_eq!(run_load(&c, LoadPolicy::RetryAfter, 1).amplification(), 9.0);
    let no_header = LoadConfig {
        retry_after: 0.0,
        ..c.clone()
    };
    assert_eq!(
        run_load(&no_header, LoadPolicy::RetryAfter, 1).amplification(),
        3.0
    );
    // Plain retries ignore the header question: 9 either way.
    assert_eq!(
        run_load(&no_header, LoadPolicy::Retries, 1).amplification(),
        9.0
    );
}

#[test]
fn retry_budget_caps_retries_at_its_share() {
    let c = brooker(1.0);
    let o = run_load(&c, LoadPolicy::RetryBudget, 3);
    assert!(
        o.amplification() <= 1.0 + c.budget_ratio + 0.01,
        "{}",
        o.amplification()
    );
    assert!(o.amplification() > 1.05);
}

#[test]
fn aws_quota_drains_after_hundred_retries() {
    let c = brooker(1.0);
    let o = run_load(&c, LoadPolicy::TokenBucketAws, 1);
    // 500 tokens / 5 per retry = 100 retries, then none.
    assert_eq!(o.requests - o.calls, 100);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]
    #[test]
    fn never_above_the_product_and_deterministic(
        layers in prop::collection::vec(1u32..=3, 1..=3),
        p in 0.0f64..=1.0,
        policy in 0usize..9,
        capacity in 20.0f64..200.0,
        seed in any::<u64>(),
    ) {
        let c = LoadConfig {
            layers: layers.clone(),
            p,
            rate: 50.0,
            capacity,
            duration: 20.0,
            incident: Window { start: 5.0, end: 15.0 },
            trigger: Window { start: 8.0, end: 10.0 },
            retry_after: if seed % 2 == 0 { 0.5 } else { 0.0 },
            shed: if seed % 3 == 0 { 0.5 } else { 0.0 },
            ..LoadConfig::default()
        };
        let pol = LoadPolicy::ALL[policy];
        let o = run_load(&c, pol, seed);
        let product: u64 = layers.iter().map(|&a| u64::from(a)).product();
        prop_assert!(o.requests <= o.calls * product);
        prop_assert!(o.succeeded <= o.calls);
        prop_assert!(o.served <= o.requests);
        let ended: u64 = o.series.bins.iter().map(|b| u64::from(b.successes + b.failures)).sum();
        prop_assert!(ended <= o.calls);
        if pol == LoadPolicy::None {
            prop_assert_eq!(o.requests, o.calls);
        }
        prop_assert_eq!(run_load(&c, pol, seed), o);
    }
}
