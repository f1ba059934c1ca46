//! Runs the page's [`HerdJob`] (the pure core holds its state) in the
//! page's one job hook: the page's share of the work in its slices, the
//! points in parallel Web Workers ([`workers`]) when the browser can start
//! them; the traces for the run view's charts once they are complete (the
//! view draws them in stages, a frame apart: `use_revealed`).

use std::cell::RefCell;
use std::rc::Rc;

use yew::prelude::*;

mod workers;

use super::pool::Pool;
use crate::herd::job::HerdJob;
use crate::herd::{SweepSpec, Trace};
use crate::kernel::job::JobStatus;
use crate::ui::dom::now_ms;
use crate::ui::job_hook::{use_job_runner, JobRunner};
use crate::ui::same::Same;

/// Traces shared with the chart components; equal only to themselves, so a
/// component re-renders when a new run replaces them, never by deep compare.
pub type SharedTraces = Same<Vec<Trace>>;

/// Shared handle to the current job; `None` before the first start.
pub type JobCell = Rc<RefCell<Option<HerdJob>>>;

/// The controls of a job runner.
#[derive(Clone)]
pub struct JobHandle {
    pub job: JobCell,
    /// The current job's traces for the run view's charts, once complete.
    pub charts: Rc<RefCell<Option<SharedTraces>>>,
    /// Slices, generation, redraws and the watchdog.
    runner: JobRunner<HerdJob>,
    /// The workers of the current job, if it uses them.
    pool: Rc<RefCell<Option<Pool>>>,
}

impl PartialEq for JobHandle {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.job, &other.job)
    }
}

impl JobHandle {
    /// Starts (or restarts) computing `spec`: the points in Web Workers, or
    /// on the page if they cannot start; the run view's traces on the page.
    pub fn start(&self, spec: SweepSpec) {
        let job = HerdJob::new(spec, now_ms());
        let done = job.status() != JobStatus::Running;
        self.charts.borrow_mut().take();
        let me = self.clone();
        let after = Rc::new(move |_, _| me.after_progress());
        let generation = self.runner.begin(job, Some(after));
        if !done {
            self.start_workers(generation);
            self.runner.run_slices();
        }
        self.runner.redraw();
    }

    /// Stops the current job, keeping what it computed.
    pub fn cancel(&self) {
        self.runner.cancel();
    }

    /// After the page's work or a worker's reply: drops the workers once the
    /// job is over and hands the run view its traces once they are complete.
    fn after_progress(&self) {
        let (over, traces) = match self.job.borrow_mut().as_mut() {
            Some(job) => (job.status() != JobStatus::Running, job.take_traces()),
            None => return,
        };
        if over {
            self.drop_pool();
        }
        if let Some(traces) = traces {
            *self.charts.borrow_mut() = Some(Same(Rc::new(traces)));
            self.runner.redraw();
        }
    }

    /// Counts redraws, so child views see new props after every redraw.
    pub fn tick(&self) -> u64 {
        self.runner.tick()
    }
}

/// A job runner owned by a component; it stops when the component unmounts.
#[hook]
pub fn use_job() -> JobHandle {
    let runner = use_job_runner::<HerdJob>();
    let pool = use_mut_ref(|| None::<Pool>);
    let handle = JobHandle {
        job: runner.job.clone(),
        charts: use_mut_ref(|| None),
        runner,
        pool,
    };
    // The job's workers end with its generation (the closure holds the
    // cell, not the handle, which holds the closure).
    let (stops, pool) = (handle.runner.clone(), handle.pool.clone());
    use_memo((), move |_| {
        stops.on_stop(move || workers::close_pool(&pool))
    });
    handle
}
