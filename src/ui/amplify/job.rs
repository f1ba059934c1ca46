//! Runs the view's [`Work`] in time slices: each slice advances it for at
//! most [`SLICE_MS`], then yields with the same helper as the herd
//! (`scheduler.postTask`, else `setTimeout`). Redraws at most every
//! [`REDRAW_MS`] while computing, and once at the end. Cancel stops it
//! between two slices.

use std::cell::RefCell;
use std::rc::Rc;

use yew::prelude::*;

use crate::amplify::work::Work;
use crate::amplify::AmplifyParams;
use crate::ui::dom::{now_ms, post_task};

/// Work per slice: well inside the 50 ms task limit even when the CPU is
/// shared (a busy machine stretches a slice's wall time several-fold).
pub const SLICE_MS: f64 = 8.0;
/// Least time between two redraws while computing.
pub const REDRAW_MS: f64 = 250.0;

/// Where the job is.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Status {
    Running,
    Done,
    Cancelled,
}

/// The job and its timing.
pub struct JobState {
    pub work: Work,
    pub status: Status,
    pub started_ms: f64,
    pub elapsed_ms: f64,
    generation: u32,
    last_draw: f64,
}

/// A handle the page and its views share.
#[derive(Clone)]
pub struct JobHandle {
    pub state: Rc<RefCell<Option<JobState>>>,
    redraw: UseForceUpdateHandle,
    generation: Rc<RefCell<u32>>,
}

impl PartialEq for JobHandle {
    fn eq(&self, o: &Self) -> bool {
        Rc::ptr_eq(&self.state, &o.state)
    }
}

impl JobHandle {
    /// Starts (or restarts) the job for `p`.
    pub fn start(&self, p: &AmplifyParams) {
        let gen = {
            let mut g = self.generation.borrow_mut();
            *g += 1;
            *g
        };
        let now = now_ms();
        *self.state.borrow_mut() = Some(JobState {
            work: Work::new(p),
            status: Status::Running,
            started_ms: now,
            elapsed_ms: 0.0,
            generation: gen,
            last_draw: now,
        });
        self.redraw.force_update();
        self.schedule(gen);
    }

    /// Stops the running job; what is done so far stays on the page.
    pub fn cancel(&self) {
        if let Some(s) = self.state.borrow_mut().as_mut() {
            if s.status == Status::Running {
                s.status = Status::Cancelled;
            }
        }
        *self.generation.borrow_mut() += 1;
        self.redraw.force_update();
    }

    fn schedule(&self, gen: u32) {
        let me = self.clone();
        // The timer (fallback only) must live until it fires: leak-free
        // because it is dropped after running.
        if let Some(t) = post_task(move || me.slice(gen)) {
            t.forget();
        }
    }

    fn slice(&self, gen: u32) {
        if *self.generation.borrow() != gen {
            return;
        }
        let (done, draw) = {
            let mut guard = self.state.borrow_mut();
            let Some(s) = guard.as_mut() else { return };
            if s.generation != gen || s.status != Status::Running {
                return;
            }
            let t0 = now_ms();
            let mut done = false;
            while !done && now_ms() - t0 < SLICE_MS {
                done = s.work.advance();
            }
            let now = now_ms();
            s.elapsed_ms = now - s.started_ms;
            if done {
                s.status = Status::Done;
            }
            let draw = done || now - s.last_draw >= REDRAW_MS;
            if draw {
                s.last_draw = now;
            }
            (done, draw)
        };
        if draw {
            self.redraw.force_update();
        }
        if !done {
            self.schedule(gen);
        }
    }
}

/// The page's job handle.
#[hook]
pub fn use_job() -> JobHandle {
    let redraw = use_force_update();
    let state = use_mut_ref(|| None::<JobState>);
    let generation = use_mut_ref(|| 0u32);
    JobHandle {
        state,
        redraw,
        generation,
    }
}
