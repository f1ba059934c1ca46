//! One run of either model by the ids a question names: a lab run's
//! scenario, client and server; a herd strategy's trial, its mean calls.
//! An id the model does not know is a [`LiveError`], not a panic: the bank
//! is data, checked by tests, and the page says what could not run.

use crate::exercises::{HerdPreset, LabRun};
use crate::herd::{
    run_point, simulate, trial_seed, PointSummary, SimConfig, Strategy, TrialResult,
};
use crate::lab::matrix_job::Combo;
use crate::lab::{ClientStrategy, Scenario};

/// Why a model could not run (an id the model does not know).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LiveError(pub String);

/// The lab run a question names, parsed from its ids.
pub fn lab_choice(r: &LabRun) -> Result<Combo, LiveError> {
    let scenario = Scenario::from_id(r.scenario)
        .ok_or_else(|| LiveError(format!("scenario {}", r.scenario)))?;
    let client = ClientStrategy::from_id(r.client)
        .ok_or_else(|| LiveError(format!("client {}", r.client)))?;
    let design = r
        .design()
        .ok_or_else(|| LiveError(format!("server {} + {}", r.server, r.added.join(","))))?;
    Ok((scenario, client, design))
}

/// What one lab run counts ([`LabRun::measure`]).
#[cfg(feature = "sqlite")]
pub fn lab_count(r: &LabRun) -> Result<usize, LiveError> {
    let (scenario, client, design) = lab_choice(r)?;
    Ok(crate::lab::cell(scenario, client, design, r.seed).count(r.measure))
}

fn herd_strategy(id: &str) -> Result<Strategy, LiveError> {
    Strategy::AWS
        .iter()
        .copied()
        .find(|s| s.id() == id)
        .ok_or_else(|| LiveError(format!("strategy {id}")))
}

fn herd_config(h: &HerdPreset) -> SimConfig {
    SimConfig::with_clients(h.clients as _)
}

/// Trial `trial` of one herd strategy at the preset, with the seed
/// [`run_point`] gives it.
pub(super) fn herd_trial(h: &HerdPreset, id: &str, trial: u32) -> Result<TrialResult, LiveError> {
    let strategy = herd_strategy(id)?;
    let seed = trial_seed(h.seed, h.clients as _, strategy, trial);
    Ok(simulate(&herd_config(h), strategy, seed))
}

/// The mean calls of finished trials, summarised as [`run_point`] does.
pub(super) fn herd_mean_calls(h: &HerdPreset, id: &str, trials: &[TrialResult]) -> f64 {
    herd_strategy(id)
        .map(|s| PointSummary::from_results(h.clients as _, s, trials).mean_calls)
        .unwrap_or(f64::NAN)
}

/// Mean calls of one herd strategy at the preset (default network/backoff).
pub fn herd_calls(h: &HerdPreset, id: &str) -> Result<f64, LiveError> {
    let strategy = herd_strategy(id)?;
    Ok(run_point(&herd_config(h), strategy, h.trials as _, h.seed).mean_calls)
}
