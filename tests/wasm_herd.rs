//! Browser tier: the simulator gives the SAME golden numbers in wasm as
//! natively (`tests/herd_golden.rs` asserts the identical table).
#![cfg(target_arch = "wasm32")]

use retry_lab::herd::{run_point, simulate, SimConfig, Strategy, Sweep, SweepSpec};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

/// Identical to `GOLDEN_20_SEED_42` in `tests/herd_golden.rs`.
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

#[wasm_bindgen_test]
fn single_trials_match_the_native_golden_table() {
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

#[wasm_bindgen_test]
fn points_match_the_native_golden_table() {
    let cfg = SimConfig {
        clients: 50,
        ..SimConfig::default()
    };
    let full = run_point(&cfg, Strategy::Full, 20, 7);
    assert_eq!(full.mean_calls, 333.5);
    assert!(close(full.mean_time_ms, 2888.835362454588));
    let exp = run_point(&cfg, Strategy::Exponential, 20, 7);
    assert_eq!(exp.mean_calls, 622.85);
    assert!(close(exp.mean_time_ms, 36585.605818391414));
}

#[wasm_bindgen_test]
fn sliced_sweep_in_wasm_equals_run_point() {
    let spec = SweepSpec {
        cfg: SimConfig::default(),
        clients: vec![50],
        strategies: vec![Strategy::Full, Strategy::Exponential],
        trials: 20,
        seed: 7,
        trace_first: true,
    };
    let mut sweep = Sweep::new(spec);
    while !sweep.is_done() {
        sweep.advance(500);
    }
    assert_eq!(sweep.summaries()[0].mean_calls, 333.5);
    assert_eq!(sweep.summaries()[1].mean_calls, 622.85);
}
