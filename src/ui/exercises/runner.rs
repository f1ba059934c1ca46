//! Runs a «predict, then run» model without freezing the page: a
//! [`LiveJob`] in the page's one job hook, its herd trials in slices, its
//! lab runs one at a time as requests to the lab engine's worker, with a
//! visible progress state and a cancel button. A design's suite is a job of
//! the same hook, one request whose answer is every row.

use std::cell::Cell;
use std::rc::Rc;

use yew::prelude::*;

use crate::exercises::build::Challenge;
use crate::exercises::grade::ModelValue;
use crate::exercises::live::{LiveError, LiveJob};
use crate::exercises::Model;
use crate::lab::grading::suite::SuiteRow;
use crate::lab::jobs::engine_job::{whole_suite, EngineJob, RowsOut};
use crate::lab::wire::Want;
use crate::lab::Design;
use crate::ui::dom::now_ms;
use crate::ui::job_hook::After;
use crate::ui::lab::{use_engine_runner, EngineRunner};

/// What the run button area shows.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum RunState {
    Idle,
    Running { done: usize, total: usize },
    Cancelled,
}

/// A handle to start and cancel a model run.
#[derive(Clone)]
pub struct Runner {
    state: UseStateHandle<RunState>,
    /// Runs one model at a time (a restart replaces the run in flight).
    jobs: EngineRunner<LiveJob>,
    /// A design's suite, in the lab engine.
    suite: EngineRunner<EngineJob<RowsOut>>,
}

type Done = Callback<Result<ModelValue, LiveError>>;

impl Runner {
    pub fn state(&self) -> RunState {
        *self.state
    }

    /// Starts `model`; `on_done` receives the model's value.
    pub fn start(&self, model: &Model, on_done: Done) {
        self.stop();
        let job = LiveJob::start(model, now_ms());
        let total = job.total();
        if let Some(result) = job.result() {
            return on_done.emit(result);
        }
        self.state.set(RunState::Running { done: 0, total });
        self.jobs.start(job, Some(self.after(on_done)));
    }

    /// What follows every slice and lab answer: the progress on redraws,
    /// the value once the job is done (once).
    fn after(&self, on_done: Done) -> After {
        let (state, job) = (self.state.clone(), self.jobs.runner.job.clone());
        let emitted = Cell::new(false);
        Rc::new(move |_, redraw| {
            let (result, done, total) = match job.borrow().as_ref() {
                Some(j) => (j.result(), j.completed(), j.total()),
                None => return,
            };
            match result {
                Some(result) if !emitted.replace(true) => {
                    state.set(RunState::Idle);
                    on_done.emit(result);
                }
                None if redraw => state.set(RunState::Running { done, total }),
                _ => {}
            }
        })
    }

    /// Stops the current run.
    pub fn cancel(&self) {
        self.stop();
        self.state.set(RunState::Cancelled);
    }

    fn stop(&self) {
        self.jobs.stop();
        self.suite.stop();
    }

    /// Runs `design` on the challenge's suite in the lab engine's worker;
    /// `on_done` receives the rows in suite order.
    pub fn start_suite(
        &self,
        c: &Challenge,
        design: Design,
        on_done: Callback<Result<Vec<SuiteRow>, LiveError>>,
    ) {
        self.stop();
        let total = c.suite.len();
        self.state.set(RunState::Running { done: 0, total });
        let want = Want::Suite {
            design,
            harness: c.client.into(),
            seed: c.seed,
            scenarios: c.suite.to_vec(),
        };
        let (state, job) = (self.state.clone(), self.suite.runner.job.clone());
        let after: After = Rc::new(move |_, _| {
            let rows = match job.borrow_mut().as_mut() {
                Some(j) => j.out.0.take(),
                None => return,
            };
            let Some(rows) = rows else { return };
            state.set(RunState::Idle);
            on_done.emit(match rows {
                Ok(rows) => whole_suite(rows, total).map_err(LiveError),
                Err(e) => Err(LiveError(e.to_string())),
            });
        });
        self.suite.start(
            EngineJob::start(want, RowsOut::default(), now_ms()),
            Some(after),
        );
    }
}

/// The runner hook; a run in flight stops when the component unmounts.
#[hook]
pub fn use_runner() -> Runner {
    let state = use_state(|| RunState::Idle);
    let jobs = use_engine_runner();
    let suite = use_engine_runner();
    Runner { state, jobs, suite }
}
