//! Bounds and defaults of every URL parameter of `#/amplify`; the CLI reads
//! the same ones. Defaults that depend on the preset come from
//! [`super::load_presets::Preset::config`].

use crate::kernel::params::{Bound, PAGE_SEED};

/// Attempts of one layer (each entry of `layers`).
pub const ATTEMPTS: Bound<i64> = Bound {
    name: "layers",
    min: 1,
    max: 10,
    default: 3,
};
/// Default `layers` of the fanout view: harness 4 × SDK 3.
pub const FANOUT_LAYERS: [u32; 2] = [4, 3];
/// `p`: failure probability of one bottom request (fanout) or of one
/// request during the incident (load).
pub const P: Bound<f64> = Bound {
    name: "p",
    min: 0.0,
    max: 1.0,
    default: 0.5,
};
/// `trials`: logical calls of the fanout view (also limited by
/// [`FANOUT_WORK`]).
pub const TRIALS: Bound<i64> = Bound {
    name: "trials",
    min: 1,
    max: 100_000,
    default: 1000,
};
/// `budget`: bottom requests per logical call, policy `budget`.
pub const BUDGET: Bound<i64> = Bound {
    name: "budget",
    min: 1,
    max: 1_000_000,
    default: 5,
};
/// `seed`: any integer JavaScript represents exactly.
pub const SEED: Bound<i64> = PAGE_SEED;
/// The fanout view's default seed: its traced call (call 0 of `4,3` at
/// p = 0.5) needs retries at both layers (5 bottom requests: the SDK fails
/// 3 times, the harness retries, the SDK fails once more, then succeeds),
/// where seed 1's first call succeeds at once («1 / 1»).
pub const FANOUT_SEED: i64 = 21;
/// `step`: how many attempts of the traced call are shown (−1 = all).
pub const STEP: Bound<i64> = Bound {
    name: "step",
    min: -1,
    max: 4000,
    default: -1,
};
/// `rate`: logical calls per second.
pub const RATE: Bound<f64> = Bound {
    name: "rate",
    min: 0.1,
    max: 5000.0,
    default: 80.0,
};
/// `capacity`: server requests per second.
pub const CAPACITY: Bound<f64> = Bound {
    name: "capacity",
    min: 1.0,
    max: 100_000.0,
    default: 100.0,
};
/// `timeout` (s) per attempt.
pub const TIMEOUT: Bound<f64> = Bound {
    name: "timeout",
    min: 0.01,
    max: 60.0,
    default: 1.0,
};
/// `duration` (s) of arrivals (also limited by [`LOAD_CALLS`]).
pub const DURATION: Bound<f64> = Bound {
    name: "duration",
    min: 1.0,
    max: 600.0,
    default: 120.0,
};
/// Incident window (s): requests fail with probability `p`.
pub const INCIDENT_START: Bound<f64> = Bound {
    name: "incident_start",
    min: 0.0,
    max: 600.0,
    default: 0.0,
};
pub const INCIDENT_END: Bound<f64> = Bound {
    name: "incident_end",
    min: 0.0,
    max: 600.0,
    default: 0.0,
};
/// Trigger window (s): capacity drops to `trigger_capacity` × capacity.
pub const TRIGGER_START: Bound<f64> = Bound {
    name: "trigger_start",
    min: 0.0,
    max: 600.0,
    default: 20.0,
};
pub const TRIGGER_END: Bound<f64> = Bound {
    name: "trigger_end",
    min: 0.0,
    max: 600.0,
    default: 30.0,
};
pub const TRIGGER_CAPACITY: Bound<f64> = Bound {
    name: "trigger_capacity",
    min: 0.0,
    max: 1.0,
    default: 0.3,
};
/// Backoff base and cap (s), full jitter.
pub const BASE: Bound<f64> = Bound {
    name: "base",
    min: 0.0,
    max: 60.0,
    default: 0.05,
};
pub const CAP: Bound<f64> = Bound {
    name: "cap",
    min: 0.0,
    max: 600.0,
    default: 1.0,
};
/// `deadline` (s) of a logical call, policy `deadline`.
pub const DEADLINE: Bound<f64> = Bound {
    name: "deadline",
    min: 0.01,
    max: 600.0,
    default: 3.0,
};
/// `retry_after` (s) on the server's 503s; 0 = no header.
pub const RETRY_AFTER: Bound<f64> = Bound {
    name: "retry_after",
    min: 0.0,
    max: 600.0,
    default: 0.0,
};
/// `shed` (s of queued work) above which the server answers 503; 0 = never.
pub const SHED: Bound<f64> = Bound {
    name: "shed",
    min: 0.0,
    max: 600.0,
    default: 0.0,
};
/// `budget_ratio`: retries per request the retry budget allows.
pub const BUDGET_RATIO: Bound<f64> = Bound {
    name: "budget_ratio",
    min: 0.0,
    max: 1.0,
    default: 0.1,
};
/// `refill`: tokens per second each layer's bucket regains on its own
/// (policy `token_bucket_fixed_rate`): the fixed rate of retries once the
/// bucket is empty.
pub const REFILL: Bound<f64> = Bound {
    name: "refill",
    min: 0.0,
    max: 1000.0,
    default: 1.0,
};
/// `recover_pct`: goodput share of the pre-trigger level that counts as
/// recovered.
pub const RECOVER_PCT: Bound<f64> = Bound {
    name: "recover_pct",
    min: 1.0,
    max: 100.0,
    default: 80.0,
};
/// `calls`: logical calls per point of the sweep.
pub const CALLS: Bound<i64> = Bound {
    name: "calls",
    min: 100,
    max: 200_000,
    default: 100_000,
};
/// `steps`: values of `p` in the sweep, from 0 to 1.
pub const STEPS: Bound<i64> = Bound {
    name: "steps",
    min: 2,
    max: 41,
    default: 21,
};

/// Bottom requests the fanout view may simulate (trials × worst case).
pub const FANOUT_WORK: f64 = 2e7;
/// Logical calls one load lane may have (rate × duration).
pub const LOAD_CALLS: f64 = 200_000.0;
