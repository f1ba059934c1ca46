//! Runs a «predict, then run» model without freezing the page: herd trials
//! of a [`LiveJob`] for at most [`SLICE_MS`] per timer tick, lab runs one at
//! a time in the lab engine's worker, with a visible progress state and a
//! cancel button.

use std::cell::Cell;
use std::rc::Rc;

use gloo::timers::callback::Timeout;
use yew::prelude::*;

use crate::exercises::grade::ModelValue;
use crate::exercises::live::{lab_choice, LiveError, LiveJob, NextStep};
use crate::exercises::Model;

/// Work per tick: a step takes a few milliseconds, far inside the 50 ms
/// task limit even with the slice's last step.
const SLICE_MS: f64 = 15.0;

/// What the run button area shows.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum RunState {
    Idle,
    Running { done: usize, total: usize },
    Cancelled,
}

/// A handle to start and cancel a chunked model run.
#[derive(Clone)]
pub struct Runner {
    state: UseStateHandle<RunState>,
    /// Incremented to stop the current run (cancel, unmount, restart): a tick
    /// whose token is stale does nothing.
    token: Rc<Cell<u64>>,
}

impl Runner {
    pub fn state(&self) -> RunState {
        *self.state
    }

    /// Starts `model`; `on_done` receives the model's value.
    pub fn start(&self, model: &Model, on_done: Callback<Result<ModelValue, LiveError>>) {
        let job = LiveJob::new(model);
        let token = self.token.get() + 1;
        self.token.set(token);
        self.state.set(RunState::Running {
            done: 0,
            total: job.total(),
        });
        tick(job, self.token.clone(), token, self.state.clone(), on_done);
    }

    /// Stops the current run.
    pub fn cancel(&self) {
        self.token.set(self.token.get() + 1);
        self.state.set(RunState::Cancelled);
    }
}

/// Schedules the next step of `job`: herd trials in slices on a zero-delay
/// timer, a lab run in the lab engine's worker.
fn tick(
    job: LiveJob,
    current: Rc<Cell<u64>>,
    token: u64,
    state: UseStateHandle<RunState>,
    on_done: Callback<Result<ModelValue, LiveError>>,
) {
    let after = move |job: LiveJob| {
        if current.get() != token {
            return;
        }
        match job.result() {
            Some(result) => {
                state.set(RunState::Idle);
                on_done.emit(result);
            }
            None => {
                state.set(RunState::Running {
                    done: job.completed(),
                    total: job.total(),
                });
                tick(job, current, token, state, on_done);
            }
        }
    };
    let mut job = job;
    if let NextStep::Lab(r) = job.next_step() {
        match lab_choice(&r) {
            Ok((sc, cl, sv, seed)) => crate::ui::lab::engine_count((sc, cl, sv), seed, move |n| {
                job.record_lab(n.map_err(LiveError));
                after(job);
            }),
            Err(e) => {
                Timeout::new(0, move || {
                    job.record_lab(Err(e));
                    after(job);
                })
                .forget();
            }
        }
        return;
    }
    Timeout::new(0, move || {
        let t0 = crate::ui::dom::now_ms();
        job.step_herd();
        while job.next_step() == NextStep::Herd && crate::ui::dom::now_ms() - t0 < SLICE_MS {
            job.step_herd();
        }
        after(job);
    })
    .forget();
}

/// The runner hook; a run in flight stops when the component unmounts.
#[hook]
pub fn use_runner() -> Runner {
    let state = use_state(|| RunState::Idle);
    let token = use_memo((), |_| Rc::new(Cell::new(0u64)));
    let token: Rc<Cell<u64>> = (*token).clone();
    {
        let token = token.clone();
        use_effect_with((), move |_| move || token.set(token.get() + 1));
    }
    Runner { state, token }
}
