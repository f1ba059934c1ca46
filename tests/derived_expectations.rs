//! Values that follow from the rules each model states, computed here
//! independently of the implementation (unlike the golden tables, which the
//! implementation printed): the mean wait of each backoff formula, the lab
//! harness's mean wait, and the number of calls a Poisson arrival process
//! brings. A wrong formula moves a mean by far more than the statistical
//! slack allowed here (four standard errors).
#![cfg(not(target_arch = "wasm32"))]

use rand::SeedableRng;
use retry_lab::amplify::{run_load, LoadConfig, LoadPolicy};
use retry_lab::herd::{sleep_ms, BackoffState, Strategy};
use retry_lab::kernel::rng::demo_rng;
use retry_lab::lab::harness::{policy::wait_ms, HarnessPreset};

const DRAWS: usize = 20_000;

/// The mean of `DRAWS` draws of `f`.
fn mean(mut f: impl FnMut() -> f64) -> f64 {
    (0..DRAWS).map(|_| f()).sum::<f64>() / DRAWS as f64
}

/// The chapter's table: the n-th retry waits at most `min(cap, base·2^n)`
/// (5 ms and 2000 ms, as in the AWS experiment), and each jitter draws one
/// uniform number `U` in [0, 1): full jitter waits `v·U` (mean v/2), equal
/// jitter `v/2 + v/2·U` (3v/4), Codex `min(cap, v·(0.9 + 0.2U))`, the SDK
/// `v·(1 − 0.25U)` (7v/8), plain exponential exactly `v`.
#[test]
fn each_backoff_formula_waits_its_analytic_mean() {
    let (base, cap) = (5.0, 2000.0);
    for n in [1u32, 3, 6, 9, 12] {
        let v = f64::min(cap, base * 2f64.powi(n as i32));
        // Codex at the cap: v·X with X uniform in [0.9, 1.1), cut at 1, has
        // mean v·(½·0.95 + ½·1).
        let codex = if v * 0.9 >= cap {
            cap
        } else if v * 1.1 <= cap {
            v
        } else {
            let cut = cap / v;
            v * ((cut - 0.9) / 0.2 * (0.9 + cut) / 2.0 + (1.1 - cut) / 0.2 * cut)
        };
        for (strategy, want) in [
            (Strategy::Exponential, v),
            (Strategy::Full, v / 2.0),
            (Strategy::Equal, 0.75 * v),
            (Strategy::Codex, codex),
            (Strategy::Sdk, 0.875 * v),
        ] {
            let mut rng = demo_rng(u64::from(n));
            let got = mean(|| {
                let mut state = BackoffState::new(base);
                sleep_ms(strategy, base, cap, n, &mut state, &mut rng)
            });
            // No wait spreads wider than a uniform draw over [0, v).
            let slack = 4.0 * v / (12.0 * DRAWS as f64).sqrt();
            assert!(
                (got - want).abs() <= slack,
                "{strategy:?}, retry {n}: mean {got}, expected {want} ± {slack}"
            );
        }
    }
}

/// The lab's harness waits 200 ms·2^(n−1) before retry n, times a jitter
/// uniform in [0.9, 1.1) whose mean is 1 (then rounded to whole ms).
#[test]
fn the_lab_harness_waits_the_nominal_backoff_on_average() {
    let mut rng = rand_pcg::Pcg64::seed_from_u64(11);
    for n in 1..=5u32 {
        let nominal = 200.0 * 2f64.powi(n as i32 - 1);
        let got = mean(|| wait_ms(HarnessPreset::StableKey.harness(), n, None, &mut rng) as f64);
        let slack = 4.0 * 0.2 * nominal / (12.0 * DRAWS as f64).sqrt() + 0.5;
        assert!(
            (got - nominal).abs() <= slack,
            "retry {n}: mean {got}, expected {nominal} ± {slack}"
        );
    }
}

/// Calls arrive as a Poisson process of `rate` per second, so a run of
/// `duration` seconds brings Poisson(rate·duration) calls: over many seeds
/// the total is within four standard deviations (√mean) of the mean.
#[test]
fn the_load_model_brings_a_poisson_number_of_calls() {
    let cfg = LoadConfig {
        duration: 10.0,
        ..LoadConfig::default()
    };
    let seeds = 40u64;
    let total: u64 = (1..=seeds)
        .map(|seed| run_load(&cfg, LoadPolicy::None, seed).calls)
        .sum();
    let want = cfg.rate * cfg.duration * seeds as f64;
    let slack = 4.0 * want.sqrt();
    assert!(
        (total as f64 - want).abs() <= slack,
        "{total} calls, expected {want} ± {slack}"
    );
}
