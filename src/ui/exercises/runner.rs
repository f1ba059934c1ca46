//! Runs a «predict, then run» model without freezing the page: herd trials
//! of a [`LiveJob`] in the page's one [`Slicer`], lab runs one at a time in
//! the lab engine's worker, with a visible progress state and a cancel
//! button.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use yew::prelude::*;

use crate::exercises::grade::ModelValue;
use crate::exercises::live::{lab_choice, LiveError, LiveJob, NextStep};
use crate::exercises::Model;
use crate::job::Stepped;
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
            Ok((sc, cl, sv, seed)) => {
                let me = self.clone();
                crate::ui::lab::engine_count((sc, cl, sv.into()), seed, move |n| {
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
    let runner = Runner {
        state,
        slicer,
        token,
    };
    {
        let runner = runner.clone();
        use_effect_with((), move |_| move || runner.stop());
    }
    runner
}
