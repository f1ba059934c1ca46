//! Runs a «predict, then run» model without freezing the page: herd trials
//! of a [`LiveJob`] in the page's one [`Slicer`], lab runs one at a time in
//! the lab engine's worker, with a visible progress state and a cancel
//! button.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use yew::prelude::*;

use crate::exercises::build::Challenge;
use crate::exercises::grade::ModelValue;
use crate::exercises::live::{lab_choice, LiveError, LiveJob, NextStep};
use crate::exercises::Model;
use crate::job::Stepped;
use crate::lab::suite::SuiteRow;
use crate::lab::Design;
use crate::ui::slicer::{SliceEnd, Slicer};

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
    /// Runs one herd model at a time (a restart replaces the run in flight).
    slicer: Slicer,
    /// Bumped to stop a lab model's chain of worker requests: an answer whose
    /// token is stale is dropped.
    token: Rc<Cell<u64>>,
    /// The lab engine's request of a design's suite in flight, if any.
    suite: Rc<Cell<Option<u64>>>,
}

type Done = Callback<Result<ModelValue, LiveError>>;

impl Runner {
    pub fn state(&self) -> RunState {
        *self.state
    }

    /// Starts `model`; `on_done` receives the model's value.
    pub fn start(&self, model: &Model, on_done: Done) {
        self.stop();
        let job = LiveJob::new(model);
        self.state.set(RunState::Running {
            done: 0,
            total: job.total(),
        });
        match job.next_step() {
            NextStep::Lab(_) => self.lab_chain(job, self.token.get(), on_done),
            _ => self.herd_slices(job, on_done),
        }
    }

    /// Stops the current run.
    pub fn cancel(&self) {
        self.stop();
        self.state.set(RunState::Cancelled);
    }

    fn stop(&self) {
        self.slicer.cancel();
        self.token.set(self.token.get() + 1);
        if let Some(id) = self.suite.take() {
            crate::ui::lab::engine_cancel(id);
        }
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
        let (me, token) = (self.clone(), self.token.get());
        let id = crate::ui::lab::engine_suite(
            design,
            c.client,
            c.seed,
            c.suite.to_vec(),
            move |reply| {
                if me.token.get() != token {
                    return;
                }
                me.finish();
                on_done.emit(match reply {
                    Ok(rows) if rows.len() == total => Ok(rows),
                    Ok(rows) => Err(LiveError(format!(
                        "{} rows for a suite of {total}",
                        rows.len()
                    ))),
                    Err(e) => Err(LiveError(e.to_string())),
                });
            },
        );
        self.suite.set(Some(id));
    }

    /// A suite ended (all rows in, or an error): nothing left to cancel.
    fn finish(&self) {
        self.suite.set(None);
        self.state.set(RunState::Idle);
    }

    /// Herd trials, computed on the page in slices.
    fn herd_slices(&self, job: LiveJob, on_done: Done) {
        let job = Rc::new(RefCell::new(job));
        let step = {
            let job = job.clone();
            move || Stepped::step(&mut *job.borrow_mut())
        };
        let state = self.state.clone();
        let on_slice = move |end: SliceEnd| {
            let job = job.borrow();
            match job.result() {
                Some(result) if end.finished => {
                    state.set(RunState::Idle);
                    on_done.emit(result);
                }
                _ if end.redraw => state.set(RunState::Running {
                    done: job.completed(),
                    total: job.total(),
                }),
                _ => {}
            }
        };
        self.slicer.run(step, on_slice);
    }

    /// Lab runs, one request to the lab engine's worker after another.
    fn lab_chain(&self, mut job: LiveJob, token: u64, on_done: Done) {
        if self.token.get() != token {
            return;
        }
        if let Some(result) = job.result() {
            self.state.set(RunState::Idle);
            on_done.emit(result);
            return;
        }
        self.state.set(RunState::Running {
            done: job.completed(),
            total: job.total(),
        });
        let NextStep::Lab(r) = job.next_step() else {
            return;
        };
        match lab_choice(&r) {
            Ok(combo) => {
                let me = self.clone();
                crate::ui::lab::engine_count(combo, r.seed, r.measure, move |n| {
                    job.record_lab(n.map_err(|e| LiveError(e.to_string())));
                    me.lab_chain(job, token, on_done);
                });
            }
            Err(e) => {
                job.record_lab(Err(e));
                self.lab_chain(job, token, on_done);
            }
        }
    }
}

/// The runner hook; a run in flight stops when the component unmounts.
#[hook]
pub fn use_runner() -> Runner {
    let state = use_state(|| RunState::Idle);
    let slicer = (*use_memo((), |_| Slicer::default())).clone();
    let token = (*use_memo((), |_| Rc::new(Cell::new(0u64)))).clone();
    let suite = (*use_memo((), |_| Rc::new(Cell::new(None)))).clone();
    let runner = Runner {
        state,
        slicer,
        token,
        suite,
    };
    {
        let runner = runner.clone();
        use_effect_with((), move |_| move || runner.stop());
    }
    runner
}
