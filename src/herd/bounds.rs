//! Bounds and defaults of every URL parameter of `#/herd`, and the limits
//! on the work one page may ask for. The one source for the page, the
//! simulation's defaults ([`super::sim::SimConfig`]) and the `herd` CLI.

use crate::kernel::params::{Bound, PAGE_SEED};

/// `clients`: N for the run view.
pub const CLIENTS: Bound<i64> = Bound {
    name: "clients",
    min: 1,
    max: 1000,
    default: 100,
};
/// `trials`: trials per point (further limited by [`MAX_WRITES`]).
pub const TRIALS: Bound<i64> = Bound {
    name: "trials",
    min: 1,
    max: 1000,
    default: 100,
};
/// `seed`: any integer JavaScript represents exactly.
pub const SEED: Bound<i64> = PAGE_SEED;
/// The bounds of the two parameters whose limits the page and the `herd`
/// CLI set differently; every other parameter has one bound for both.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Limits {
    /// `trials`: trials per point.
    pub trials: Bound<i64>,
    /// `seed`: the master seed (unsigned, so the CLI's reaches `u64::MAX`).
    pub seed: Bound<u64>,
}

/// The page's limits: [`TRIALS`] and [`SEED`].
pub const PAGE: Limits = Limits {
    trials: TRIALS,
    seed: Bound {
        name: SEED.name,
        min: SEED.min as u64,
        max: SEED.max as u64,
        default: SEED.default as u64,
    },
};

/// The `herd` CLI's own ceilings, above the page's [`TRIALS`] and
/// [`SEED`]: on the command line no browser budget applies and no seed has
/// to survive a JavaScript number (README, «Command-line companion»).
pub const CLI: Limits = Limits {
    trials: Bound {
        max: 1_000_000,
        ..PAGE.trials
    },
    seed: Bound {
        max: u64::MAX,
        ..PAGE.seed
    },
};

/// `base` (ms).
pub const BASE: Bound<f64> = Bound {
    name: "base",
    min: 0.0,
    max: 10_000.0,
    default: 5.0,
};
/// `cap` (ms).
pub const CAP: Bound<f64> = Bound {
    name: "cap",
    min: 0.0,
    max: 600_000.0,
    default: 2000.0,
};
/// `net_mean` (ms): mean one-way network delay.
pub const NET_MEAN: Bound<f64> = Bound {
    name: "net_mean",
    min: 0.0,
    max: 1000.0,
    default: 10.0,
};
/// `net_sd` (ms): its standard deviation.
pub const NET_SD: Bound<f64> = Bound {
    name: "net_sd",
    min: 0.0,
    max: 1000.0,
    default: 2.0,
};
/// `n_from`: first N of the sweep.
pub const N_FROM: Bound<i64> = Bound {
    name: "n_from",
    min: 1,
    max: 1000,
    default: 10,
};
/// `n_to`: last N of the sweep (inclusive when on the step grid).
pub const N_TO: Bound<i64> = Bound {
    name: "n_to",
    min: 1,
    max: 1000,
    default: 190,
};
/// `n_step`: step of N in the sweep.
pub const N_STEP: Bound<i64> = Bound {
    name: "n_step",
    min: 1,
    max: 1000,
    default: 10,
};

/// Most points a sweep may have; a smaller step is raised to respect it.
pub const MAX_SWEEP_POINTS: usize = 100;

/// Hard cap on the simulated writes one page may make, in the worst case.
/// A trial of N clients makes at most N·(N+1)/2 writes
/// ([`super::sim::max_writes_per_trial`]); that bound is reached when the
/// clients move in lockstep (`net_sd=0`, `base=0`), so the budget is checked
/// against it, not against a typical run. 10⁸ keeps the blog's full sweep with
/// all seven strategies at 100 trials (8.7·10⁷ writes at most).
pub const MAX_WRITES: f64 = 1e8;
