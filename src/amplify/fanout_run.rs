//! Many logical calls of the fanout model: the simulated mean against the
//! exact expectation.

use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use serde::{Deserialize, Serialize};

use super::fanout::{expected, simulate_call, FanoutConfig, Node};
use super::seed::stream_seed;

/// What `trials` logical calls gave.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FanoutSummary {
    pub trials: u32,
    /// Mean bottom requests per logical call (the amplification).
    pub amplification: f64,
    /// Standard error of that mean (sample sd / √trials).
    pub std_error: f64,
    /// The exact expectation of the amplification.
    pub amplification_expected: f64,
    /// Share of logical calls that succeeded.
    pub success_rate: f64,
    /// The exact success probability.
    pub success_expected: f64,
    /// The most bottom requests any call made.
    pub max_bottom: u64,
}

/// A fanout run: the summary and the attempt tree of call 0.
#[derive(Clone, Debug, PartialEq)]
pub struct FanoutRun {
    pub summary: FanoutSummary,
    /// Attempts of the first call in the order they started.
    pub tree: Vec<Node>,
    /// Whether the first call succeeded and how many bottom requests it made.
    pub first_ok: bool,
    pub first_bottom: u64,
}

/// Runs `trials` calls from `seed`. Call 0 is traced.
pub fn run_fanout(cfg: &FanoutConfig, trials: u32, seed: u64) -> FanoutRun {
    let mut rng = Pcg64Mcg::seed_from_u64(stream_seed(seed, 0xFA_0007));
    let mut tree = Vec::new();
    let first = simulate_call(cfg, &mut rng, Some(&mut tree));
    let (mut sum, mut sum_sq, mut ok, mut max) = (0.0, 0.0, 0u64, 0u64);
    let mut add = |b: u64, success: bool| {
        let x = b as f64;
        sum += x;
        sum_sq += x * x;
        ok += u64::from(success);
        max = max.max(b);
    };
    add(first.bottom, first.ok);
    for _ in 1..trials.max(1) {
        let r = simulate_call(cfg, &mut rng, None);
        add(r.bottom, r.ok);
    }
    let n = f64::from(trials.max(1));
    let mean = sum / n;
    let var = if n > 1.0 {
        ((sum_sq - n * mean * mean) / (n - 1.0)).max(0.0)
    } else {
        0.0
    };
    let e = expected(cfg);
    FanoutRun {
        summary: FanoutSummary {
            trials: trials.max(1),
            amplification: mean,
            std_error: (var / n).sqrt(),
            amplification_expected: e.bottom,
            success_rate: ok as f64 / n,
            success_expected: e.success,
            max_bottom: max,
        },
        tree,
        first_ok: first.ok,
        first_bottom: first.bottom,
    }
}
