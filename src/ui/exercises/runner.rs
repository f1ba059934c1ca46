//! Runs a «predict, then run» model without freezing the page: steps of a
//! [`LiveJob`] (one lab run or one herd trial each) in the page's one
//! [`Slicer`], with a visible progress state and a cancel button.

use std::cell::RefCell;
use std::rc::Rc;

use yew::prelude::*;

use crate::exercises::grade::ModelValue;
use crate::exercises::live::{LiveError, LiveJob};
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

/// A handle to start and cancel a chunked model run.
#[derive(Clone)]
pub struct Runner {
    state: UseStateHandle<RunState>,
    /// Runs one model at a time (a restart replaces the run in flight).
    slicer: Slicer,
}

impl Runner {
    pub fn state(&self) -> RunState {
        *self.state
    }

    /// Starts `model`; `on_done` receives the model's value.
    pub fn start(&self, model: &Model, on_done: Callback<Result<ModelValue, LiveError>>) {
        let job = Rc::new(RefCell::new(LiveJob::new(model)));
        self.state.set(RunState::Running {
            done: 0,
            total: job.borrow().total(),
        });
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

    /// Stops the current run.
    pub fn cancel(&self) {
        self.slicer.cancel();
        self.state.set(RunState::Cancelled);
    }
}

/// The runner hook; a run in flight stops when the component unmounts.
#[hook]
pub fn use_runner() -> Runner {
    let state = use_state(|| RunState::Idle);
    let slicer = (*use_memo((), |_| Slicer::default())).clone();
    {
        let slicer = slicer.clone();
        use_effect_with((), move |_| move || slicer.cancel());
    }
    Runner { state, slicer }
}
