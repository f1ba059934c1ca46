//! Golden values: a fixed seed gives exactly these numbers. `tests/wasm_herd.rs`
//! asserts the same table in headless Chromium, which proves native = wasm.
#![cfg(not(target_arch = "wasm32"))]

use retry_lab::herd::{
    run_point, simulate, simulate_traced, trial_seed, SimConfig, Strategy, Sweep, SweepSpec,
};

/// `simulate(N = 20, defaults, strategy, seed 42)`: (strategy, calls, time ms).
const GOLDEN_20_SEED_42: [(Strategy, u64, f64); 7] = [
    (Strategy::None, 142, 612.2810158130247),
    (Strategy::Exponential, 128, 11080.00827881647),
    (Strategy::Full, 99, 1237.8299926013688),
    (Strategy::Equal, 113, 2591.1862176820423),
    (Strategy::Decorrelated, 103, 743.081419036994),
    (Strategy::Codex, 123, 5007.622363343597),
    (Strategy::Sdk, 117, 2725.4905259722823),
];

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9 * b.abs().max(1.0)
}

#[test]
fn single_trials_match_the_golden_table() {
    let cfg = SimConfig {
        clients: 20,
        ..SimConfig::default()
    };
    for (s, calls, time) in GOLDEN_20_SEED_42 {
        let r = simulate(&cfg, s, 42);
        assert_eq!(r.calls, calls, "{s:?}");
        assert!(close(r.time_ms, time), "{s:?}: {} vs {time}", r.time_ms);
    }
    let r = simulate(&SimConfig::default(), Strategy::Full, 7);
    assert_eq!(r.calls, 784);
    assert!(close(r.time_ms, 4868.449809129817), "{}", r.time_ms);
}

#[test]
fn points_match_the_golden_table() {
    // The e2e deep link `#/herd?clients=50&trials=20&seed=7&strategies=full,exponential`.
    let cfg = SimConfig {
        clients: 50,
        ..SimConfig::default()
    };
    let full = run_point(&cfg, Strategy::Full, 20, 7);
    assert_eq!(full.mean_calls, 333.5);
    assert!(
        close(full.mean_time_ms, 2888.835362454588),
        "{}",
        full.mean_time_ms
    );
    let exp = run_point(&cfg, Strategy::Exponential, 20, 7);
    assert_eq!(exp.mean_calls, 622.85);
    assert!(
        close(exp.mean_time_ms, 36585.605818391414),
        "{}",
        exp.mean_time_ms
    );
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
