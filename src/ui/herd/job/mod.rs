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
use crate::kernel::job::{Job, JobStatus, Stepped, Timing};
use crate::ui::dom::now_ms;
use crate::ui::job_hook::{use_job_runner, JobRunner};

/// The current job and what the views may draw of it.
pub struct Shown {
    pub job: HerdJob,
    /// The traces for the charts, once complete.
    pub charts: Option<SharedTraces>,
}

/// The views read the job through its shown state.
impl std::ops::Deref for Shown {
    type Target = HerdJob;
    fn deref(&self) -> &HerdJob {
        &self.job
    }
}

/// The hook drives the shown job as the job itself.
impl Stepped for Shown {
    fn step(&mut self) -> bool {
        self.job.step()
    }

    fn progress(&self) -> f64 {
        HerdJob::progress(&self.job)
    }
}

impl Job for Shown {
    type Request = String;
    type Reply = String;

    fn timing(&self) -> &Timing {
        self.job.timing()
    }

    fn timing_mut(&mut self) -> &mut Timing {
        self.job.timing_mut()
    }

    fn is_complete(&self) -> bool {
        self.job.is_complete()
    }

    fn cancel(&mut self, now_ms: f64) {
        self.job.cancel(now_ms);
    }

    fn has_page_work(&self) -> bool {
        self.job.has_page_work()
    }

    fn request(&mut self, channel: usize, fresh: bool, now_ms: f64) -> Option<String> {
        self.job.lend(channel, fresh, now_ms)
    }

    fn on_reply(&mut self, channel: usize, reply: String, now_ms: f64) -> Result<(), String> {
        self.job.on_reply(channel, &reply, now_ms)
    }

    fn overdue(&self, now_ms: f64) -> Option<usize> {
        self.job.overdue(now_ms)
    }

    fn fall_back(&mut self) {
        self.job.fall_back();
    }
}

/// Traces shared with the chart components; equal only to themselves, so a
/// component re-renders when a new run replaces them, never by deep compare.
#[derive(Clone)]
pub struct SharedTraces(pub Rc<Vec<Trace>>);

impl PartialEq for SharedTraces {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}

/// Shared handle to the current job; `None` before the first start.
pub type JobCell = Rc<RefCell<Option<Shown>>>;

/// The controls of a job runner.
#[derive(Clone)]
pub struct JobHandle {
    pub job: JobCell,
    /// Slices, generation, redraws and the watchdog.
    runner: JobRunner<Shown>,
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
        let shown = Shown { job, charts: None };
        let me = self.clone();
        let after = Rc::new(move |_, _| me.after_progress());
        let generation = self.runner.begin(shown, Some(after));
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
            Some(s) => (s.job.status() != JobStatus::Running, s.job.take_traces()),
            None => return,
        };
        if over {
            self.drop_pool();
        }
        if let Some(traces) = traces {
            if let Some(s) = self.job.borrow_mut().as_mut() {
                s.charts = Some(SharedTraces(Rc::new(traces)));
            }
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
    let runner = use_job_runner::<Shown>();
    let pool = use_mut_ref(|| None::<Pool>);
    let handle = JobHandle {
        job: runner.job.clone(),
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
