//! Adapter between the exercises and the two models (`crate::herd`,
//! `crate::lab`). «Predict, then run» answers are computed here by running
//! the models; nothing is looked up from a table of expected answers.
//!
//! A [`LiveJob`] runs one unit of work per [`LiveJob::step`] (one lab run, or
//! one herd strategy via `run_point`), so the browser can spread the work over
//! timer ticks and never block the page for long.

use super::grade::ModelValue;
use super::{HerdPreset, LabRun, Model};
use crate::herd::{run_point, SimConfig, Strategy};
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
            error: None,
        }
    }

    /// How many steps the whole run takes.
    pub fn total(&self) -> usize {
        match &self.model {
            Model::LabReports(runs) => runs.len(),
            Model::HerdFewestCalls(h) => h.strategies.len(),
        }
    }

    /// How many steps have run.
    pub fn completed(&self) -> usize {
        self.next
    }

    /// Whether every step has run (or one failed).
    pub fn is_done(&self) -> bool {
        self.error.is_some() || self.next >= self.total()
    }

    /// Runs the next step; does nothing once done.
    pub fn step(&mut self) {
        if self.is_done() {
            return;
        }
        let i = self.next;
        let outcome = match &self.model {
            Model::LabReports(runs) => lab_reports(&runs[i]).map(|n| self.values.push(n as f64)),
            Model::HerdFewestCalls(h) => herd_calls(h, h.strategies[i])
                .map(|c| self.calls.push((h.strategies[i].to_string(), c))),
        };
        match outcome {
            Ok(()) => self.next += 1,
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

/// Mean calls of one herd strategy at the preset (default network/backoff).
pub fn herd_calls(h: &HerdPreset, id: &str) -> Result<f64, LiveError> {
    let strategy = Strategy::AWS
        .iter()
        .copied()
        .find(|s| s.id() == id)
        .ok_or_else(|| LiveError(format!("strategy {id}")))?;
    let cfg = SimConfig {
        clients: h.clients as _,
        ..SimConfig::default()
    };
    Ok(run_point(&cfg, strategy, h.trials as _, h.seed).mean_calls)
}
