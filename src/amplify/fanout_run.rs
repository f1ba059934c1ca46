//! Many logical calls of the fanout model: the simulated mean against the
//! exact expectation.

use serde::{Deserialize, Serialize};

use super::fanout::{expected, simulate_call, FanoutConfig, Node};
use crate::kernel::rng::{demo_rng, derive, DemoRng};

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

/// Many calls in progress, advanced in bounded pieces so the page can
/// slice the work; call 0 is traced.
pub struct FanoutJob {
    cfg: FanoutConfig,
    trials: u32,
    rng: DemoRng,
    done: u32,
    sum: f64,
    sum_sq: f64,
    ok: u64,
    max: u64,
    tree: Vec<Node>,
    first: Option<(bool, u64)>,
}

impl FanoutJob {
    /// `trials` calls (at least 1) from `seed`.
    pub fn new(cfg: &FanoutConfig, trials: u32, seed: u64) -> Self {
        FanoutJob {
            cfg: cfg.clone(),
            trials: trials.max(1),
            rng: demo_rng(derive(seed, &[0xFA_0007])),
            done: 0,
            sum: 0.0,
            sum_sq: 0.0,
            ok: 0,
            max: 0,
            tree: Vec::new(),
            first: None,
        }
    }

    /// Whether every call has run.
    pub fn is_done(&self) -> bool {
        self.done == self.trials
    }

    /// Share of calls done, 0–1.
    pub fn progress(&self) -> f64 {
        f64::from(self.done) / f64::from(self.trials)
    }

    /// Runs calls until about `budget` bottom requests were simulated;
    /// returns whether all calls are done.
    pub fn advance(&mut self, budget: u64) -> bool {
        let mut spent = 0;
        while spent < budget && !self.is_done() {
            let r = if self.done == 0 {
                let r = simulate_call(&self.cfg, &mut self.rng, Some(&mut self.tree));
                self.first = Some((r.ok, r.bottom));
                r
            } else {
                simulate_call(&self.cfg, &mut self.rng, None)
            };
            let x = r.bottom as f64;
            self.sum += x;
            self.sum_sq += x * x;
            self.ok += u64::from(r.ok);
            self.max = self.max.max(r.bottom);
            self.done += 1;
            spent += r.bottom;
        }
        self.is_done()
    }

    /// The numbers so far (complete once done).
    pub fn result(&self) -> FanoutRun {
        let n = f64::from(self.done.max(1));
        let mean = self.sum / n;
        let var = if n > 1.0 {
            ((self.sum_sq - n * mean * mean) / (n - 1.0)).max(0.0)
        } else {
            0.0
        };
        let e = expected(&self.cfg);
        let (first_ok, first_bottom) = self.first.unwrap_or((false, 0));
        FanoutRun {
            summary: FanoutSummary {
                trials: self.done,
                amplification: mean,
                std_error: (var / n).sqrt(),
                amplification_expected: e.bottom,
                success_rate: self.ok as f64 / n,
                success_expected: e.success,
                max_bottom: self.max,
            },
            tree: self.tree.clone(),
            first_ok,
            first_bottom,
        }
    }
}

/// Runs `trials` calls from `seed`. Call 0 is traced.
pub fn run_fanout(cfg: &FanoutConfig, trials: u32, seed: u64) -> FanoutRun {
    let mut job = FanoutJob::new(cfg, trials, seed);
    while !job.advance(u64::MAX) {}
    job.result()
}
