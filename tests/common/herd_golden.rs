//! Golden values of the herd simulator, checked by the native test
//! (tests/herd_golden.rs) and the browser test (tests/wasm_herd.rs): passing
//! both proves that a seed gives the same numbers natively and in wasm.
//!
//! The values were printed by this implementation, so they catch any
//! unintended change of a run and prove native = wasm; they do not prove the
//! numbers right (tests/herd_invariants.rs and tests/herd_waves.rs check the
//! model against what follows from its rules). The runs use the chapter's
//! parameters written out here, not the page's defaults, so a change of
//! what `#/herd` opens with cannot move them.

use retry_lab::herd::{run_point, simulate, SimConfig, Strategy};

/// The chapter's experiment («base = 5ms，cap = 2000ms», one-way latency
/// |Normal(10, 2)| ms) with `clients` clients.
pub fn chapter(clients: u32) -> SimConfig {
    SimConfig {
        clients,
        base_ms: 5.0,
        cap_ms: 2000.0,
        net_mean_ms: 10.0,
        net_sd_ms: 2.0,
    }
}

/// `simulate(chapter(20), strategy, seed 42)`: (strategy, calls, time ms).
pub const GOLDEN_20_SEED_42: [(Strategy, u64, f64); 7] = [
    (Strategy::None, 142, 612.2810158130247),
    (Strategy::Exponential, 128, 11080.00827881647),
    (Strategy::Full, 99, 1237.8299926013688),
    (Strategy::Equal, 113, 2591.1862176820423),
    (Strategy::Decorrelated, 103, 743.081419036994),
    (Strategy::Codex, 123, 5007.622363343597),
    (Strategy::Sdk, 117, 2725.4905259722823),
];

/// Equal to 1e-9 relative (the values above are printed with full precision;
/// the tolerance only absorbs the last digit of the decimal rendering).
pub fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9 * b.abs().max(1.0)
}

/// Single trials give the golden calls and times.
pub fn check_single_trials() {
    let cfg = chapter(20);
    for (s, calls, time) in GOLDEN_20_SEED_42 {
        let r = simulate(&cfg, s, 42);
        assert_eq!(r.calls, calls, "{s:?}");
        assert!(close(r.time_ms, time), "{s:?}: {} vs {time}", r.time_ms);
    }
    let r = simulate(&chapter(100), Strategy::Full, 7);
    assert_eq!(r.calls, 784);
    assert!(close(r.time_ms, 4868.449809129817), "{}", r.time_ms);
}

/// Points of the e2e deep link
/// `#/herd?clients=50&trials=20&seed=7&strategies=full,exponential`.
pub fn check_points() {
    let cfg = chapter(50);
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
