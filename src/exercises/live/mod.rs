//! Adapter between the exercises and the two models (`crate::herd`,
//! `crate::lab`). «Predict, then run» answers are computed here by running
//! the models; nothing is looked up from a table of expected answers.
//!
//! A [`LiveJob`] runs one unit of work per step (one lab run, or one herd
//! trial), so the browser can spread the work over timer ticks and never
//! block the page for long. The browser sends lab runs to the lab engine's
//! worker ([`LiveJob::next_step`], [`LiveJob::record_lab`]) and computes herd
//! trials itself ([`LiveJob::step_herd`]); it is a job of the shape every
//! long computation of the page has ([`Stepped`], [`AsksOne`]), so the page's
//! one job hook runs it.
//!
//! One run of either model, as a question names it, is [`runs`].

mod runs;

use super::grade::ModelValue;
use super::{LabRun, Model};
use crate::herd::TrialResult;
use crate::kernel::job::{asks, Asking, AsksOne, Awaited, Stepped};
use crate::lab::jobs::engine_job::{unexpected, EngineReply, LabEngine, NO_ANSWER};
use crate::lab::wire::{Answer, Want};
#[cfg(feature = "sqlite")]
pub use runs::lab_count;
pub use runs::{herd_calls, LiveError};
use runs::{herd_mean_calls, herd_trial};

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
    /// Its timing, and the pending lab run's count once sent to the lab
    /// engine.
    asking: Asking,
}

impl LiveJob {
    /// A job that has not run yet (its clock starts at 0).
    pub fn new(model: &Model) -> Self {
        Self::start(model, 0.0)
    }

    /// A job that has not run yet, started at `now_ms`.
    pub fn start(model: &Model, now_ms: f64) -> Self {
        let runs = model.lab_runs();
        Self {
            model: model.clone(),
            next: 0,
            values: Vec::new(),
            calls: Vec::new(),
            trials: Vec::new(),
            error: None,
            runs,
            asking: Asking::start(now_ms),
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
        self.asking.awaited = Awaited::default();
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
        let strategy = h.strategies[self.next];
        self.trials
            .push(herd_trial(h, strategy, self.trials.len() as u32));
        if self.trials.len() >= h.trials as usize {
            let mean = herd_mean_calls(h, strategy, &self.trials);
            self.calls.push((strategy.id().to_string(), mean));
            self.trials.clear();
            self.next += 1;
        }
    }

    /// Runs the next step here, lab runs included; does nothing once done.
    #[cfg(feature = "sqlite")]
    pub fn step(&mut self) {
        match self.next_step() {
            NextStep::Lab(r) => self.record_lab(Ok(lab_count(&r))),
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

impl Stepped for LiveJob {
    /// One herd trial, or (in builds with the lab engine) one lab run. The
    /// page's bundle has no lab engine: there a pending lab run ends the job
    /// with an error rather than spinning (the page sends lab runs to the lab
    /// engine's worker instead of slicing them).
    fn step(&mut self) -> bool {
        match self.next_step() {
            NextStep::Herd => self.step_herd(),
            #[cfg(feature = "sqlite")]
            NextStep::Lab(_) => LiveJob::step(self),
            #[cfg(not(feature = "sqlite"))]
            NextStep::Lab(_) => self.record_lab(Err(LiveError(
                "a lab run needs the lab engine's worker".into(),
            ))),
            NextStep::Done => {}
        }
        !self.is_done()
    }

    /// Steps done over steps in all (1 once done, also after an error).
    fn progress(&self) -> f64 {
        if self.is_done() || self.total() == 0 {
            1.0
        } else {
            self.completed() as f64 / self.total() as f64
        }
    }
}

/// The lab engine is channel 0: one lab run at a time, its count (or why it
/// could not run) comes back; the engine's watchdog rule times it.
impl AsksOne for LiveJob {
    asks!(LabEngine);

    fn finished(&self) -> bool {
        self.is_done()
    }

    /// Herd trials only: lab runs go to the lab engine.
    fn page_work(&self) -> bool {
        self.asking.timing.is_running() && self.next_step() == NextStep::Herd
    }

    /// The pending lab run's count.
    fn next_request(&mut self) -> Option<Want> {
        let NextStep::Lab(run) = self.next_step() else {
            return None;
        };
        Some(Want::Count {
            combo: run.combo(),
            seed: run.seed,
            measure: run.measure,
        })
    }

    /// A failed run ends the job with its error (the card shows it).
    fn answer(&mut self, reply: EngineReply, _now_ms: f64) -> bool {
        let count = match reply {
            Ok(Answer::Count(n)) => Ok(n),
            Ok(other) => Err(LiveError(unexpected(other).to_string())),
            Err(why) => Err(LiveError(why.to_string())),
        };
        self.record_lab(count);
        true
    }

    /// The lab engine is gone: the job fails visibly.
    fn unanswered(&mut self, _since_ms: f64) {
        self.record_lab(Err(LiveError(NO_ANSWER.into())));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exercises::{bank, Kind};

    #[test]
    fn every_predict_model_steps_to_the_value_run_model_gives_with_growing_progress() {
        let mut seen = 0;
        for q in bank() {
            let Kind::Predict { model, .. } = q.kind else {
                continue;
            };
            let mut job = LiveJob::new(&model);
            let mut last = job.progress();
            let mut steps = 0;
            while Stepped::step(&mut job) {
                let p = job.progress();
                assert!(p >= last && p <= 1.0, "{}: {last} → {p}", q.id);
                last = p;
                steps += 1;
            }
            assert_eq!(job.progress(), 1.0);
            assert_eq!(steps + 1, job.total(), "{}: one unit per step", q.id);
            assert_eq!(job.result(), Some(run_model(&model)), "{}", q.id);
            seen += 1;
        }
        assert!(seen >= 3, "{seen} predict questions");
    }
}
