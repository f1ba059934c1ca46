//! Adapter between the exercises and the two models (`crate::herd`,
//! `crate::lab`). «Predict, then run» answers are computed here by running
//! the models; nothing is looked up from a table of expected answers.
//!
//! A [`LiveJob`] runs one unit of work per [`LiveJob::step`] (one lab run, or
//! one herd trial), so the browser can spread the work over
//! timer ticks and never block the page for long.

use super::grade::ModelValue;
use super::{HerdPreset, LabRun, Model};
use crate::herd::{
    run_point, simulate, trial_seed, PointSummary, SimConfig, Strategy, TrialResult,
};
use crate::lab::{run, ClientStrategy, Scenario, ServerImpl};

/// Why a model could not run (an id the model does not know).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LiveError(pub String);

/// A model run split into steps.
#[derive(Clone, Debug)]
pub struct LiveJob {
    model: Model,
    next: usize,
    values: Vec<f64>,
    calls: Vec<(String, f64)>,
    /// The finished trials of the herd strategy being run: a herd step is
    /// one trial, not a whole point (a point of 30 trials took over 50 ms).
    trials: Vec<TrialResult>,
    error: Option<LiveError>,
}

impl LiveJob {
    /// A job that has not run yet.
    pub fn new(model: &Model) -> Self {
        Self {
            model: model.clone(),
            next: 0,
            values: Vec::new(),
            calls: Vec::new(),
            trials: Vec::new(),
            error: None,
        }
    }

    /// How many steps the whole run takes.
    pub fn total(&self) -> usize {
        match &self.model {
            Model::LabReports(runs) => runs.len(),
            Model::HerdFewestCalls(h) => h.strategies.len() * h.trials as usize,
        }
    }

    /// How many steps have run.
    pub fn completed(&self) -> usize {
        match &self.model {
            Model::LabReports(_) => self.next,
            Model::HerdFewestCalls(h) => self.next * h.trials as usize + self.trials.len(),
        }
    }

    /// Whether every step has run (or one failed).
    pub fn is_done(&self) -> bool {
        self.error.is_some() || self.completed() >= self.total()
    }

    /// Runs the next step; does nothing once done.
    pub fn step(&mut self) {
        if self.is_done() {
            return;
        }
        let i = self.next;
        let outcome = match &self.model {
            Model::LabReports(runs) => lab_reports(&runs[i]).map(|n| {
                self.values.push(n as f64);
                true
            }),
            Model::HerdFewestCalls(h) => {
                let id = h.strategies[i];
                herd_trial(h, id, self.trials.len() as u32).map(|r| {
                    self.trials.push(r);
                    let whole = self.trials.len() >= h.trials as usize;
                    if whole {
                        self.calls
                            .push((id.to_string(), herd_mean_calls(h, id, &self.trials)));
                        self.trials.clear();
                    }
                    whole
                })
            }
        };
        match outcome {
            Ok(true) => self.next += 1,
            Ok(false) => {}
            Err(e) => self.error = Some(e),
        }
    }

    /// The model's value once done.
    pub fn result(&self) -> Option<Result<ModelValue, LiveError>> {
        if let Some(e) = &self.error {
            return Some(Err(e.clone()));
        }
        if !self.is_done() {
            return None;
        }
        Some(Ok(match &self.model {
            Model::LabReports(_) => ModelValue::Numbers {
                values: self.values.clone(),
            },
            Model::HerdFewestCalls(_) => {
                let winner = self
                    .calls
                    .iter()
                    .min_by(|a, b| a.1.total_cmp(&b.1))
                    .map(|(id, _)| id.clone())
                    .unwrap_or_default();
                ModelValue::Fewest {
                    winner,
                    calls: self.calls.clone(),
                }
            }
        }))
    }
}

/// Runs a model to the end in one go (native tests, CLI).
pub fn run_model(model: &Model) -> Result<ModelValue, LiveError> {
    let mut job = LiveJob::new(model);
    while !job.is_done() {
        job.step();
    }
    job.result()
        .unwrap_or_else(|| Err(LiveError("empty model".into())))
}

/// The final report count of one lab run.
pub fn lab_reports(r: &LabRun) -> Result<usize, LiveError> {
    let scenario = Scenario::from_id(r.scenario)
        .ok_or_else(|| LiveError(format!("scenario {}", r.scenario)))?;
    let client = ClientStrategy::from_id(r.client)
        .ok_or_else(|| LiveError(format!("client {}", r.client)))?;
    let server =
        ServerImpl::from_id(r.server).ok_or_else(|| LiveError(format!("server {}", r.server)))?;
    Ok(run(scenario, client, server, r.seed).final_report_count())
}

fn herd_strategy(id: &str) -> Result<Strategy, LiveError> {
    Strategy::AWS
        .iter()
        .copied()
        .find(|s| s.id() == id)
        .ok_or_else(|| LiveError(format!("strategy {id}")))
}

fn herd_config(h: &HerdPreset) -> SimConfig {
    SimConfig {
        clients: h.clients as _,
        ..SimConfig::default()
    }
}

/// Trial `trial` of one herd strategy at the preset, with the seed
/// [`run_point`] gives it.
fn herd_trial(h: &HerdPreset, id: &str, trial: u32) -> Result<TrialResult, LiveError> {
    let strategy = herd_strategy(id)?;
    let seed = trial_seed(h.seed, h.clients as _, strategy, trial);
    Ok(simulate(&herd_config(h), strategy, seed))
}

/// The mean calls of finished trials, summarised as [`run_point`] does.
fn herd_mean_calls(h: &HerdPreset, id: &str, trials: &[TrialResult]) -> f64 {
    herd_strategy(id)
        .map(|s| PointSummary::from_results(h.clients as _, s, trials).mean_calls)
        .unwrap_or(f64::NAN)
}

/// Mean calls of one herd strategy at the preset (default network/backoff).
pub fn herd_calls(h: &HerdPreset, id: &str) -> Result<f64, LiveError> {
    let strategy = herd_strategy(id)?;
    Ok(run_point(&herd_config(h), strategy, h.trials as _, h.seed).mean_calls)
}
