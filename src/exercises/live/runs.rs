//! One run of either model as a question names it: a lab run's count; a
//! herd strategy's trial, its mean calls. A question names its runs by the
//! models' own values, so every run it names exists; what can still fail is
//! the lab engine answering ([`LiveError`]).

use crate::exercises::HerdPreset;
#[cfg(feature = "sqlite")]
use crate::exercises::LabRun;
use crate::herd::{
    run_point, simulate, trial_seed, PointSummary, SimConfig, Strategy, TrialResult,
};

/// Why a model's run gave no value (the lab engine failed or is missing);
/// the card says so.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LiveError(pub String);

/// What one lab run counts ([`LabRun::measure`]).
#[cfg(feature = "sqlite")]
pub fn lab_count(r: &LabRun) -> usize {
    let (scenario, client, design) = r.combo();
    crate::lab::cell(scenario, client, design, r.seed).count(r.measure)
}

fn herd_config(h: &HerdPreset) -> SimConfig {
    SimConfig::with_clients(h.clients as _)
}

/// Trial `trial` of one herd strategy at the preset, with the seed
/// [`run_point`] gives it.
pub(super) fn herd_trial(h: &HerdPreset, strategy: Strategy, trial: u32) -> TrialResult {
    let seed = trial_seed(h.seed, h.clients as _, strategy, trial);
    simulate(&herd_config(h), strategy, seed)
}

/// The mean calls of finished trials, summarised as [`run_point`] does.
pub(super) fn herd_mean_calls(h: &HerdPreset, strategy: Strategy, trials: &[TrialResult]) -> f64 {
    PointSummary::from_results(h.clients as _, strategy, trials).mean_calls
}

/// Mean calls of one herd strategy at the preset (default network/backoff).
pub fn herd_calls(h: &HerdPreset, strategy: Strategy) -> f64 {
    run_point(&herd_config(h), strategy, h.trials as _, h.seed).mean_calls
}
