//! Where a numeric answer comes from. A [`NumField`](super::NumField) holds
//! a [`Derivation`], not a number: the value is computed from the chapter's
//! formulas ([`super::formulas`]) or by running a demo's model, so a number
//! copied by hand from a run cannot enter the bank, and a change to a model
//! changes the answer its question expects.

use super::formulas::{
    attempts_from_retries, capped_bound, nominal_wait_ms, total_nominal_wait_ms,
    worst_case_requests,
};
use crate::amplify::load::{run_load, LoadConfig, LoadPolicy};
use crate::amplify::load_presets::Preset;
use crate::amplify::{expected, FanoutConfig, FanoutPolicy};

/// How an expected value is computed.
#[derive(Clone, Debug, PartialEq)]
pub enum Derivation {
    /// `first · 2^(attempt−1)`: the nominal wait before retry `attempt`.
    NominalWait { first_ms: f64, attempt: u32 },
    /// The nominal wait before retry `attempt` times a jitter factor (an end
    /// of a jitter's range: the SDK's `(0.75, 1]`).
    Jittered {
        first_ms: f64,
        attempt: u32,
        factor: f64,
    },
    /// The sum of the nominal waits of retries `1..=retries`.
    TotalNominalWait { first_ms: f64, retries: u32 },
    /// `min(d_max, b·2^(n−1))`.
    CappedBound { b: f64, d_max: f64, n: u32 },
    /// The product of every layer's attempts.
    AttemptProduct(&'static [u64]),
    /// Attempts allowed by a count of retries (`Retry(total=n)`).
    AttemptsFromRetries(u64),
    /// The fanout model's exact mean of bottom requests per logical call.
    Fanout {
        layers: &'static [u32],
        p: f64,
        policy: FanoutPolicy,
        budget: u32,
    },
    /// Server requests per logical call of a short run of the `#/amplify`
    /// Codex preset, with `Retry-After` of this many seconds (0: none).
    CodexLoad { retry_after: f64 },
    /// The lab's lease bound: the client's per-attempt timeout plus the
    /// longest normal processing (`slow_server`'s work and routine work), in
    /// seconds.
    LabLeaseBound,
}

impl Derivation {
    /// The expected value.
    pub fn value(&self) -> f64 {
        match *self {
            Derivation::NominalWait { first_ms, attempt } => nominal_wait_ms(first_ms, attempt),
            Derivation::Jittered {
                first_ms,
                attempt,
                factor,
            } => nominal_wait_ms(first_ms, attempt) * factor,
            Derivation::TotalNominalWait { first_ms, retries } => {
                total_nominal_wait_ms(first_ms, retries)
            }
            Derivation::CappedBound { b, d_max, n } => capped_bound(b, d_max, n),
            Derivation::AttemptProduct(layers) => worst_case_requests(layers) as f64,
            Derivation::AttemptsFromRetries(n) => attempts_from_retries(n) as f64,
            Derivation::Fanout {
                layers,
                p,
                policy,
                budget,
            } => fanout_expected(layers, p, policy, budget),
            Derivation::CodexLoad { retry_after } => codex_amplification(retry_after),
            Derivation::LabLeaseBound => {
                use crate::lab::ATTEMPT_TIMEOUT_MS;
                use crate::lab::{SLOW_MS, WORK_MAX_MS};
                (ATTEMPT_TIMEOUT_MS + SLOW_MS + WORK_MAX_MS) as f64 / 1000.0
            }
        }
    }
}

/// The exact mean bottom requests of a fanout stack.
pub fn fanout_expected(layers: &[u32], p: f64, policy: FanoutPolicy, budget: u32) -> f64 {
    expected(&FanoutConfig {
        layers: layers.to_vec(),
        p,
        policy,
        budget,
    })
    .bottom
}

/// Server requests per logical call of the Codex preset (short run).
pub fn codex_amplification(retry_after: f64) -> f64 {
    let cfg = LoadConfig {
        duration: 10.0,
        retry_after,
        ..Preset::Codex.config()
    };
    run_load(&cfg, LoadPolicy::RetryAfter, 1).amplification()
}
