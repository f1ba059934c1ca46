//! Adapter between the exercises and the two models (`crate::herd`,
//! `crate::lab`). «Predict, then run» answers are computed here by running
//! the models; nothing is looked up from a table of expected answers.
//!
//! A [`LiveJob`] runs one unit of work per step (one lab run, or one herd
//! trial), so the browser can spread the work over timer ticks and never
//! block the page for long. The browser sends lab runs to the lab engine's
//! worker ([`LiveJob::next_step`], [`LiveJob::record_lab`]) and computes herd
//! trials itself ([`LiveJob::step_herd`]).

use super::grade::ModelValue;
use super::{HerdPreset, LabRun, Model};
use crate::herd::{
    run_point, simulate, trial_seed, PointSummary, SimConfig, Strategy, TrialResult,
};
use crate::job::Timing;
use crate::lab::matrix_job::Combo;
use crate::lab::{ClientStrategy, Scenario};

/// What the next step of a [`LiveJob`] needs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NextStep {
    /// A lab run: the browser asks the lab engine's worker for its final
    /// count and hands it to [`LiveJob::record_lab`].
    Lab(LabRun),
    /// A herd trial, computed here by [`LiveJob::step_herd`].
    Herd,
    Done,
}

/// Why a model could not run (an id the model does not know).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LiveError(pub String);

/// A model run split into steps.
#[derive(Clone, Debug)]
pub struct LiveJob {
    model: Model,
    /// The model's lab runs (empty for a herd model).
    runs: Vec<LabRun>,
    next: usize,
    values: Vec<f64>,
    calls: Vec<(String, f64)>,
    /// The finished trials of the herd strategy being run: a herd step is
    /// one trial, not a whole point (a point of 30 trials took over 50 ms).
    trials: Vec<TrialResult>,
    error: Option<LiveError>,
    /// Whether the pending lab run has been sent and awaits its count.
    pub(super) sent: bool,
    pub(super) timing: Timing,
}

impl LiveJob {
    /// A job that has not run yet (its clock starts at 0).
    pub fn new(model: &Model) -> Self {
        Self::start(model, 0.0)
    }

    /// A job that has not run yet, started at `now_ms`.
    pub fn start(model: &Model, now_ms: f64) -> Self {
        Self {
            model: model.clone(),
            runs: model.lab_runs(),
            next: 0,
            values: Vec::new(),
            calls: Vec::new(),
            trials: Vec::new(),
            error: None,
            sent: false,
            timing: Timing::start(now_ms),
        }
    }

    /// How many steps the whole run takes.
    pub fn total(&self) -> usize {
        match &self.model {
            Model::HerdFewestCalls(h) => h.strategies.len() * h.trials as usize,
            _ => self.runs.len(),
        }
    }

    /// How many steps have run.
    pub fn completed(&self) -> usize {
        match &self.model {
            Model::HerdFewestCalls(h) => self.next * h.trials as usize + self.trials.len(),
            _ => self.next,
        }
    }

    /// Whether every step has run (or one failed).
    pub fn is_done(&self) -> bool {
        self.error.is_some() || self.completed() >= self.total()
    }

    /// What the next step needs (nothing once done).
    pub fn next_step(&self) -> NextStep {
        if self.is_done() {
            return NextStep::Done;
        }
        match &self.model {
            Model::HerdFewestCalls(_) => NextStep::Herd,
            _ => NextStep::Lab(self.runs[self.next].clone()),
        }
    }

    /// Records the final report count of the pending lab run (or why it
    /// could not run); ignored unless a lab run is pending.
    pub fn record_lab(&mut self, count: Result<usize, LiveError>) {
        if !matches!(self.next_step(), NextStep::Lab(_)) {
            return;
        }
        self.sent = false;
        match count {
            Ok(n) => {
                self.values.push(n as f64);
                self.next += 1;
            }
            Err(e) => self.error = Some(e),
        }
    }

    /// Runs the pending herd trial; does nothing unless one is pending. Apart
    /// from lab runs, so the page's bundle never links the lab engine.
    pub fn step_herd(&mut self) {
        let Model::HerdFewestCalls(h) = &self.model else {
            return;
        };
        if self.is_done() {
            return;
        }
        let id = h.strategies[self.next];
        match herd_trial(h, id, self.trials.len() as u32) {
            Ok(r) => {
                self.trials.push(r);
                if self.trials.len() >= h.trials as usize {
                    let mean = herd_mean_calls(h, id, &self.trials);
                    self.calls.push((id.to_string(), mean));
                    self.trials.clear();
                    self.next += 1;
                }
            }
            Err(e) => self.error = Some(e),
        }
    }

    /// Runs the next step here, lab runs included; does nothing once done.
    #[cfg(feature = "sqlite")]
    pub fn step(&mut self) {
        match self.next_step() {
            NextStep::Lab(r) => self.record_lab(lab_count(&r)),
            NextStep::Herd => self.step_herd(),
            NextStep::Done => {}
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
            Model::LabCounts(_) | Model::RedGreen(_) => ModelValue::Numbers {
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
#[cfg(feature = "sqlite")]
pub fn run_model(model: &Model) -> Result<ModelValue, LiveError> {
    let mut job = LiveJob::new(model);
    while !job.is_done() {
        job.step();
    }
    job.result()
        .unwrap_or_else(|| Err(LiveError("empty model".into())))
}

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
