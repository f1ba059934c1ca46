//! Golden values: a fixed seed gives exactly these numbers. `tests/wasm_herd.rs`
//! asserts the same table in headless Chromium, which proves native = wasm
//! (the values were printed by this implementation; what follows from the
//! rules is checked in tests/herd_invariants.rs and
//! tests/derived_expectations.rs).
#![cfg(not(target_arch = "wasm32"))]

use retry_lab::herd::{
    run_point, simulate, simulate_traced, trial_seed, SimConfig, Strategy, Sweep, SweepSpec,
};

#[path = "common/herd_golden.rs"]
mod golden;

#[test]
fn single_trials_match_the_golden_table() {
    golden::check_single_trials();
}

#[test]
fn points_match_the_golden_table() {
    golden::check_points();
}

#[test]
fn same_seed_same_numbers_and_different_seed_different_numbers() {
    let cfg = SimConfig::default();
    for s in Strategy::ALL {
        assert_eq!(simulate(&cfg, s, 5), simulate(&cfg, s, 5), "{s:?}");
    }
    let a: Vec<_> = (0..5)
        .map(|seed| simulate(&cfg, Strategy::Full, seed))
        .collect();
    assert!(
        a.windows(2).any(|w| w[0] != w[1]),
        "seeds must matter: {a:?}"
    );
}

#[test]
fn traced_trial_equals_plain_trial() {
    let cfg = SimConfig {
        clients: 60,
        ..SimConfig::default()
    };
    for s in Strategy::ALL {
        let t = simulate_traced(&cfg, s, 3);
        assert_eq!(t.result, simulate(&cfg, s, 3));
        assert_eq!(t.writes.len() as u64, t.result.calls);
    }
}

/// However the work is sliced, a sweep gives the numbers of `run_point`, and
/// each point equals running that point alone.
#[test]
fn sweep_slicing_does_not_change_results() {
    let spec = SweepSpec {
        cfg: SimConfig::default(),
        clients: vec![10, 30, 50],
        strategies: vec![Strategy::None, Strategy::Full, Strategy::Sdk],
        trials: 7,
        seed: 99,
        trace_first: true,
    };
    let mut whole = Sweep::new(spec.clone());
    whole.run_to_end();
    let mut sliced = Sweep::new(spec.clone());
    let mut calls = 0;
    let mut last_progress = 0.0;
    while !sliced.is_done() {
        calls += 1;
        let n = sliced.advance(37);
        assert!(n <= 37);
        assert!(sliced.progress() >= last_progress);
        last_progress = sliced.progress();
    }
    assert!(calls > 20, "the slices were not small: {calls}");
    assert_eq!(sliced.progress(), 1.0);
    assert_eq!(whole.summaries(), sliced.summaries());
    assert_eq!(whole.traces(), sliced.traces());
    assert_eq!(whole.summaries().len(), 9);
    assert_eq!(whole.traces().len(), 9);
    for p in whole.summaries() {
        let cfg = SimConfig {
            clients: p.clients,
            ..SimConfig::default()
        };
        assert_eq!(*p, run_point(&cfg, p.strategy, 7, 99));
    }
    // The trace is trial 0 of its point.
    let t = &whole.traces()[4];
    let cfg = SimConfig {
        clients: t.clients,
        ..SimConfig::default()
    };
    assert_eq!(
        t.result,
        simulate(&cfg, t.strategy, trial_seed(99, t.clients, t.strategy, 0))
    );
}
