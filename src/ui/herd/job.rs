//! Runs a [`Sweep`] in time slices from timer callbacks, so the page stays
//! responsive: each slice advances the sweep for at most [`SLICE_MS`] (measured
//! with `performance.now()`), then yields to the browser and redraws.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use gloo::timers::callback::Timeout;
use yew::prelude::*;

use crate::herd::{Sweep, SweepSpec};
use crate::ui::dom::now_ms;

/// Work per slice; leaves room for the redraw inside the 50 ms task limit.
pub const SLICE_MS: f64 = 20.0;

/// Writes between two clock reads (a few hundred microseconds of work).
const WRITES_PER_CHECK: u64 = 2048;

/// Where a job is.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum JobStatus {
    Running,
    Done,
    Cancelled,
}

/// A sweep and its timing.
pub struct Job {
    pub sweep: Sweep,
    pub status: JobStatus,
    pub started_ms: f64,
    /// Wall time from start to the end (or until now while running).
    pub elapsed_ms: f64,
    /// Time spent inside slices (pure computation).
    pub busy_ms: f64,
    /// Number of slices so far.
    pub slices: u32,
}

impl Job {
    /// Runs one slice; returns whether more work remains.
    fn slice(&mut self) -> bool {
        if self.status != JobStatus::Running {
            return false;
        }
        let t0 = now_ms();
        loop {
            self.sweep.advance(WRITES_PER_CHECK);
            if self.sweep.is_done() || now_ms() - t0 >= SLICE_MS {
                break;
            }
        }
        let t1 = now_ms();
        self.busy_ms += t1 - t0;
        self.slices += 1;
        self.elapsed_ms = t1 - self.started_ms;
        if self.sweep.is_done() {
            self.status = JobStatus::Done;
            return false;
        }
        true
    }
}

/// Shared handle to the current job; `None` before the first start.
pub type JobCell = Rc<RefCell<Option<Job>>>;

/// The controls of a job runner.
#[derive(Clone)]
pub struct JobHandle {
    pub job: JobCell,
    timer: Rc<RefCell<Option<Timeout>>>,
    ticks: Rc<Cell<u64>>,
    update: Callback<()>,
}

impl PartialEq for JobHandle {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.job, &other.job)
    }
}

impl JobHandle {
    /// Starts (or restarts) computing `spec`.
    pub fn start(&self, spec: SweepSpec) {
        self.timer.borrow_mut().take();
        let now = now_ms();
        *self.job.borrow_mut() = Some(Job {
            sweep: Sweep::new(spec),
            status: JobStatus::Running,
            started_ms: now,
            elapsed_ms: 0.0,
            busy_ms: 0.0,
            slices: 0,
        });
        self.redraw();
        self.schedule();
    }

    /// Stops the current job, keeping what it computed.
    pub fn cancel(&self) {
        self.timer.borrow_mut().take();
        if let Some(job) = self.job.borrow_mut().as_mut() {
            if job.status == JobStatus::Running {
                job.status = JobStatus::Cancelled;
                job.elapsed_ms = now_ms() - job.started_ms;
            }
        }
        self.redraw();
    }

    /// Stops without a redraw (component going away).
    fn stop(&self) {
        self.timer.borrow_mut().take();
        self.job.borrow_mut().take();
    }

    fn schedule(&self) {
        let me = self.clone();
        let t = Timeout::new(0, move || {
            let more = match me.job.borrow_mut().as_mut() {
                Some(job) => job.slice(),
                None => false,
            };
            me.redraw();
            if more {
                me.schedule();
            }
        });
        *self.timer.borrow_mut() = Some(t);
    }

    /// Counts redraws, so child views see new props after every slice.
    pub fn tick(&self) -> u64 {
        self.ticks.get()
    }

    fn redraw(&self) {
        self.ticks.set(self.ticks.get() + 1);
        self.update.emit(());
    }
}

/// A job runner owned by a component; it stops when the component unmounts.
#[hook]
pub fn use_job() -> JobHandle {
    let job = use_mut_ref(|| None::<Job>);
    let timer = use_mut_ref(|| None::<Timeout>);
    let ticks = (*use_state(|| Rc::new(Cell::new(0u64)))).clone();
    let force = use_force_update();
    let update = Callback::from(move |_| force.force_update());
    let handle = JobHandle {
        job,
        timer,
        ticks,
        update,
    };
    {
        let h = handle.clone();
        use_effect_with((), move |_| move || h.stop());
    }
    handle
}
