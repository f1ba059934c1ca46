//! Runs the page's [`HerdJob`] (the pure core holds its state): the page's
//! share of the work in the one [`Slicer`], the points in parallel Web
//! Workers ([`workers`]) when the browser can start them, and after the
//! traces are complete (run view), the chart stages, each its own task so
//! no task has to draw everything at once.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use gloo::timers::callback::{Interval, Timeout};
use yew::prelude::*;

mod workers;

use super::pool::Pool;
use crate::herd::job::HerdJob;
use crate::herd::{SweepSpec, Trace};
use crate::job::{JobStatus, Stepped};
use crate::ui::dom::{now_ms, post_task};
use crate::ui::slicer::{SliceEnd, Slicer};

/// The current job and what the views may draw of it.
pub struct Shown {
    pub job: HerdJob,
    /// The traces for the charts, once complete.
    pub charts: Option<SharedTraces>,
    /// Which trace charts may be drawn: 1 = histograms, 2 = + timelines.
    pub chart_stage: u8,
}

/// The views read the job through its shown state.
impl std::ops::Deref for Shown {
    type Target = HerdJob;
    fn deref(&self) -> &HerdJob {
        &self.job
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
    /// Bumped by every start/cancel/stop; a worker event or timer of an
    /// older generation does nothing.
    generation: Rc<Cell<u64>>,
    slicer: Slicer,
    /// The chart stage tasks, when `scheduler.postTask` is missing.
    chart_timer: Rc<RefCell<Option<Timeout>>>,
    /// The workers of the current job, if it uses them.
    pool: Rc<RefCell<Option<Pool>>>,
    /// Falls back to the main thread when the workers do not load in time.
    ready_timer: Rc<RefCell<Option<Timeout>>>,
    /// Gives the points back when a worker does not answer in time.
    watchdog: Rc<RefCell<Option<Interval>>>,
    ticks: Rc<Cell<u64>>,
    update: Callback<()>,
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
        self.bump();
        let job = HerdJob::new(spec, now_ms());
        let done = job.status() != JobStatus::Running;
        *self.job.borrow_mut() = Some(Shown {
            job,
            charts: None,
            chart_stage: 0,
        });
        if !done {
            self.start_workers();
            self.run_page_work();
        }
        self.redraw();
    }

    /// Stops the current job, keeping what it computed.
    pub fn cancel(&self) {
        self.bump();
        if let Some(s) = self.job.borrow_mut().as_mut() {
            s.job.cancel(now_ms());
        }
        self.redraw();
    }

    /// Stops without a redraw (component going away).
    fn stop(&self) {
        self.bump();
        self.job.borrow_mut().take();
    }

    fn bump(&self) {
        self.generation.set(self.generation.get() + 1);
        self.slicer.cancel();
        self.chart_timer.borrow_mut().take();
        self.drop_pool();
    }

    /// Runs the page's share of the job (if any) in slices.
    fn run_page_work(&self) {
        let has_work = self
            .job
            .borrow()
            .as_ref()
            .is_some_and(|s| s.job.has_page_work());
        if !has_work {
            return;
        }
        let cell = self.job.clone();
        let step = move || cell.borrow_mut().as_mut().is_some_and(|s| s.job.step());
        let me = self.clone();
        let generation = self.generation.get();
        self.slicer
            .run(step, move |end: SliceEnd| me.after_slice(generation, end));
    }

    fn after_slice(&self, generation: u64, end: SliceEnd) {
        if let Some(s) = self.job.borrow_mut().as_mut() {
            s.job.record_slice(end.t0_ms, end.t1_ms);
        }
        // Cheap: the charts start as soon as the traces are complete, even
        // while the page still computes points.
        self.after_progress(generation);
        if end.redraw {
            self.redraw();
        }
    }

    /// After the page's work or a worker's reply: drops the workers once the
    /// job is over and starts the chart stages once the traces are complete.
    fn after_progress(&self, generation: u64) {
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
            self.schedule_charts(generation);
        }
    }

    /// Tasks that let the run view draw the heavy charts, one stage per task.
    fn schedule_charts(&self, generation: u64) {
        let me = self.clone();
        let timer = post_task(move || {
            if me.generation.get() != generation {
                return;
            }
            let more = match me.job.borrow_mut().as_mut() {
                Some(s) if s.charts.is_some() && s.chart_stage < 2 => {
                    s.chart_stage += 1;
                    s.chart_stage < 2
                }
                _ => false,
            };
            me.redraw();
            if more {
                me.schedule_charts(generation);
            }
        });
        *self.chart_timer.borrow_mut() = timer;
    }

    /// Counts redraws, so child views see new props after every redraw.
    pub fn tick(&self) -> u64 {
        self.ticks.get()
    }

    fn redraw(&self) {
        self.slicer.redraw_due(now_ms(), true);
        self.ticks.set(self.ticks.get() + 1);
        self.update.emit(());
    }

    /// Redraws if the throttle allows (or `force`).
    fn redraw_if_due(&self, force: bool) {
        if self.slicer.redraw_due(now_ms(), force) {
            self.ticks.set(self.ticks.get() + 1);
            self.update.emit(());
        }
    }
}

/// A job runner owned by a component; it stops when the component unmounts.
#[hook]
pub fn use_job() -> JobHandle {
    let job = use_mut_ref(|| None::<Shown>);
    let chart_timer = use_mut_ref(|| None::<Timeout>);
    let pool = use_mut_ref(|| None::<Pool>);
    let ready_timer = use_mut_ref(|| None::<Timeout>);
    let watchdog = use_mut_ref(|| None::<Interval>);
    let generation = (*use_state(|| Rc::new(Cell::new(0u64)))).clone();
    let slicer = (*use_state(Slicer::default)).clone();
    let ticks = (*use_state(|| Rc::new(Cell::new(0u64)))).clone();
    let force = use_force_update();
    let update = Callback::from(move |_| force.force_update());
    let handle = JobHandle {
        job,
        generation,
        slicer,
        chart_timer,
        pool,
        ready_timer,
        watchdog,
        ticks,
        update,
    };
    {
        let h = handle.clone();
        use_effect_with((), move |_| move || h.stop());
    }
    handle
}
