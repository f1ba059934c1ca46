//! The fanout model: the chapter's numbers, the exact expectation, the
//! simulation against it, and invariants over random stacks.
#![cfg(not(target_arch = "wasm32"))]

use proptest::prelude::*;
use retry_lab::amplify::fanout::{expected_budget_dp, simulate_call};
use retry_lab::amplify::{expected, run_fanout, FanoutConfig, FanoutPolicy};
use retry_lab::kernel::rng::demo_rng;

fn cfg(layers: &[u32], p: f64, policy: FanoutPolicy, budget: u32) -> FanoutConfig {
    FanoutConfig {
        layers: layers.to_vec(),
        p,
        policy,
        budget,
    }
}

#[test]
fn chapter_numbers_at_p_one() {
    use FanoutPolicy::*;
    for (layers, policy, budget, want) in [
        (&[3, 3, 3, 3, 3][..], Independent, 1, 243.0),
        (&[4, 3][..], Independent, 1, 12.0),
        (&[4, 3][..], TopOnly, 1, 4.0),
        (&[3, 3][..], Independent, 1, 9.0),
        (&[4, 3][..], Budget, 5, 5.0),
        (&[4, 3][..], Budget, 100, 12.0),
        (&[3, 3, 3, 3, 3][..], Budget, 8, 8.0),
    ] {
        let c = cfg(layers, 1.0, policy, budget);
        assert_eq!(expected(&c).bottom, want, "{layers:?} {policy:?}");
        let r = run_fanout(&c, 200, 1);
        assert_eq!(r.summary.amplification, want, "{layers:?} {policy:?}");
        assert_eq!(r.summary.max_bottom as f64, want);
        assert_eq!(r.summary.success_rate, 0.0);
    }
}

#[test]
fn p_zero_is_one_request() {
    for policy in FanoutPolicy::ALL {
        let c = cfg(&[4, 3, 2], 0.0, policy, 3);
        assert_eq!(expected(&c).bottom, 1.0);
        assert_eq!(run_fanout(&c, 100, 3).summary.amplification, 1.0);
    }
}

#[test]
fn layer_recursion_equals_truncated_geometric() {
    for p in [0.1, 0.5, 0.9, 0.99] {
        let c = cfg(&[4, 3, 2], p, FanoutPolicy::Independent, 1);
        let m = 24;
        let closed = (1.0 - p.powi(m)) / (1.0 - p);
        assert!((expected(&c).bottom - closed).abs() < 1e-9, "p={p}");
        assert!((expected(&c).success - (1.0 - p.powi(m))).abs() < 1e-12);
    }
}

#[test]
fn budget_dp_equals_the_closed_form() {
    for (layers, budget) in [
        (&[4, 3][..], 5),
        (&[3, 3, 3][..], 7),
        (&[2, 5][..], 20),
        (&[6][..], 2),
    ] {
        for p in [0.0, 0.3, 0.7, 1.0] {
            let dp = expected_budget_dp(layers, p, budget);
            let c = expected(&cfg(layers, p, FanoutPolicy::Budget, budget));
            assert!(
                (dp.bottom - c.bottom).abs() < 1e-9,
                "{layers:?} B={budget} p={p}: {dp:?} {c:?}"
            );
            assert!((dp.success - c.success).abs() < 1e-9);
        }
    }
}

#[test]
fn simulation_agrees_within_four_standard_errors() {
    use FanoutPolicy::*;
    for (layers, p, policy) in [
        (&[4, 3][..], 0.5, Independent),
        (&[3, 3, 3][..], 0.8, Independent),
        (&[3, 3, 3][..], 0.8, TopOnly),
        (&[3, 3, 3][..], 0.8, Budget),
        (&[2, 2, 2, 2][..], 0.95, Independent),
    ] {
        let c = cfg(layers, p, policy, 6);
        let s = run_fanout(&c, 20_000, 9).summary;
        let d = (s.amplification - s.amplification_expected).abs();
        assert!(s.std_error > 0.0);
        assert!(d <= 4.0 * s.std_error, "{layers:?} {p} {policy:?}: {s:?}");
        let se_rate = (s.success_expected * (1.0 - s.success_expected) / 20_000.0).sqrt();
        assert!((s.success_rate - s.success_expected).abs() <= 4.0 * se_rate + 1e-12);
    }
}

#[test]
fn traced_tree_is_consistent() {
    let c = cfg(&[3, 3], 1.0, FanoutPolicy::Independent, 1);
    let r = run_fanout(&c, 1, 5);
    // 3 attempts of the top layer, each with 3 bottom requests under it.
    assert_eq!(r.tree.len(), 12);
    let bottom = r.tree.iter().filter(|n| n.depth == 1).count();
    assert_eq!(bottom as u64, r.first_bottom);
    for (i, n) in r.tree.iter().enumerate() {
        match n.parent {
            None => assert_eq!(n.depth, 0),
            Some(pi) => {
                assert!(pi < i);
                assert_eq!(r.tree[pi].depth + 1, n.depth);
            }
        }
        assert!(!n.ok);
    }
}

proptest! {
    #[test]
    fn never_more_than_the_limit_and_deterministic(
        layers in prop::collection::vec(1u32..=4, 1..=4),
        p in 0.0f64..=1.0,
        policy in 0usize..3,
        budget in 1u32..20,
        seed in any::<u64>(),
    ) {
        let c = cfg(&layers, p, FanoutPolicy::ALL[policy], budget);
        let mut rng = demo_rng(seed);
        let mut tree = Vec::new();
        let r = simulate_call(&c, &mut rng, Some(&mut tree));
        let product: u64 = layers.iter().map(|&a| u64::from(a)).product();
        prop_assert!(r.bottom >= 1);
        prop_assert!(r.bottom <= product);
        prop_assert!(r.bottom <= c.max_bottom());
        if c.policy == FanoutPolicy::Budget {
            prop_assert!(r.bottom <= u64::from(budget));
        }
        let e = expected(&c);
        prop_assert!(e.bottom >= 1.0 - 1e-9 && e.bottom <= c.max_bottom() as f64 + 1e-9);
        let mut rng2 = demo_rng(seed);
        prop_assert_eq!(simulate_call(&c, &mut rng2, None), r);
    }
}

#[test]
fn the_default_tree_shows_retries_at_both_layers() {
    let prm = retry_lab::amplify::AmplifyParams::default();
    let r = run_fanout(&prm.fanout, prm.trials, prm.seed);
    let retries = r.tree.iter().filter(|n| n.attempt > 1).count();
    assert!(retries >= 1, "the default seed's call makes no retry");
    for depth in 0..prm.fanout.layers.len() {
        assert!(
            r.tree.iter().any(|n| n.depth == depth && n.attempt > 1),
            "no retry at layer {depth}"
        );
    }
    assert!(r.first_bottom > 1 && r.first_ok);
}
