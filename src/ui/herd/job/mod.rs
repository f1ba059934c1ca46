//! Runs a [`Sweep`] in time slices, so the page stays responsive: each slice
//! advances the sweep for at most [`SLICE_MS`] (measured with
//! `performance.now()`), then yields to the browser. The page is redrawn at
//! most every [`REDRAW_MS`] while computing, so drawing costs little of the
//! time, and once more at the end.
//!
//! Yielding uses `scheduler.postTask` where the browser has it: unlike nested
//! `setTimeout(0)`, it is not clamped to 4 ms, which would waste a sixth of
//! the time. Elsewhere it falls back to a gloo `Timeout`.
//!
//! A sweep (no traces) is computed point by point ([`PointBoard`]): in
//! parallel Web Workers ([`Pool`]) when the browser can start them, else (or
//! as soon as a worker fails or does not load within
//! [`workers::READY_TIMEOUT_MS`])
//! point by point in time slices on the main thread, from where the workers
//! left off. Both give the same numbers: a point's trial seeds depend on the
//! point alone.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use gloo::timers::callback::Timeout;
use yew::prelude::*;

mod workers;

use super::pool::Pool;
use crate::herd::board::{PointBoard, PointTask};
use crate::herd::{PointSummary, Sweep, SweepSpec, Trace};
use crate::ui::dom::{now_ms, post_task};

/// Work per slice; leaves room for the browser inside the 50 ms task limit.
pub const SLICE_MS: f64 = 25.0;

/// Least time between two redraws while computing.
pub const REDRAW_MS: f64 = 200.0;

/// Writes between two clock reads (a fraction of a millisecond of work).
const WRITES_PER_CHECK: u64 = 2048;

/// What computes a job.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Engine {
    /// Time slices on the main thread.
    MainThread,
    /// This many Web Workers in parallel.
    Workers(usize),
}

/// Where a job is.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum JobStatus {
    Running,
    Done,
    Cancelled,
}

/// A sweep and its timing.
pub struct Job {
    /// The run view's sweep (with traces); for a point-by-point sweep, the
    /// point the main thread is computing.
    pub sweep: Sweep,
    /// A sweep computed point by point (the sweep view).
    pub board: Option<PointBoard>,
    /// The point in `sweep`, when the main thread computes for `board`.
    current: Option<PointTask>,
    pub engine: Engine,
    pub status: JobStatus,
    pub started_ms: f64,
    /// Wall time from start to the end (or until now while running).
    pub elapsed_ms: f64,
    /// Time spent inside slices (pure computation).
    pub busy_ms: f64,
    /// Number of slices so far.
    pub slices: u32,
    /// The traces for the charts, moved out of the sweep after the end.
    pub charts: Option<SharedTraces>,
    /// Which trace charts may be drawn: 1 = histograms, 2 = + timelines.
    /// Each stage is its own task after the job is done, so no task has to
    /// draw everything at once.
    pub chart_stage: u8,
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

/// One point of a sweep as a sweep of its own (same seeds, same numbers).
fn point_sweep(spec: &SweepSpec, task: PointTask) -> Sweep {
    Sweep::new(SweepSpec {
        clients: vec![task.clients],
        strategies: vec![task.strategy],
        trace_first: false,
        ..spec.clone()
    })
}

impl Job {
    fn new(spec: SweepSpec, by_points: bool) -> Job {
        let (sweep, board) = if by_points {
            let empty = SweepSpec {
                clients: Vec::new(),
                ..spec.clone()
            };
            (Sweep::new(empty), Some(PointBoard::new(spec)))
        } else {
            (Sweep::new(spec), None)
        };
        Job {
            sweep,
            board,
            current: None,
            engine: Engine::MainThread,
            status: JobStatus::Running,
            started_ms: now_ms(),
            elapsed_ms: 0.0,
            busy_ms: 0.0,
            slices: 0,
            charts: None,
            chart_stage: 0,
        }
    }

    /// What is computed.
    pub fn spec(&self) -> &SweepSpec {
        match &self.board {
            Some(b) => b.spec(),
            None => self.sweep.spec(),
        }
    }

    /// Finished points, in sweep order.
    pub fn summaries(&self) -> &[PointSummary] {
        match &self.board {
            Some(b) => b.summaries(),
            None => self.sweep.summaries(),
        }
    }

    /// Fraction done, 0..=1.
    pub fn progress(&self) -> f64 {
        match &self.board {
            Some(b) => b.progress(),
            None => self.sweep.progress(),
        }
    }

    /// Writes simulated in the finished points (every write is a call).
    pub fn writes(&self) -> u64 {
        match &self.board {
            Some(b) => b
                .summaries()
                .iter()
                .map(|p| (p.mean_calls * f64::from(p.trials)).round() as u64)
                .sum(),
            None => self.sweep.writes(),
        }
    }

    fn is_done(&self) -> bool {
        match &self.board {
            Some(b) => b.is_done(),
            None => self.sweep.is_done(),
        }
    }

    /// Advances the main-thread work a little: the sweep, or for a board the
    /// current point (taking the next one when it is finished).
    fn advance(&mut self) {
        let Some(board) = self.board.as_mut() else {
            self.sweep.advance(WRITES_PER_CHECK);
            return;
        };
        let task = match self.current {
            Some(t) => t,
            None => match board.take() {
                Some(t) => {
                    self.sweep = point_sweep(board.spec(), t);
                    self.current = Some(t);
                    t
                }
                None => return,
            },
        };
        self.sweep.advance(WRITES_PER_CHECK);
        if self.sweep.is_done() {
            self.current = None;
            if let Some(s) = self.sweep.summaries().first() {
                // Cannot fail: the point sweep computed exactly `task`.
                let _ = board.complete(task, s.clone());
            }
        }
    }

    /// Runs one slice; returns whether more work remains.
    fn slice(&mut self) -> bool {
        if self.status != JobStatus::Running {
            return false;
        }
        let t0 = now_ms();
        loop {
            self.advance();
            if self.is_done() || now_ms() - t0 >= SLICE_MS {
                break;
            }
        }
        let t1 = now_ms();
        self.busy_ms += t1 - t0;
        self.slices += 1;
        self.elapsed_ms = t1 - self.started_ms;
        if self.is_done() {
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
    /// Bumped by every start/cancel/stop; a scheduled slice of an older
    /// generation does nothing.
    generation: Rc<Cell<u64>>,
    /// The fallback timer, when `scheduler.postTask` is missing.
    timer: Rc<RefCell<Option<Timeout>>>,
    /// The workers of the current job, if it uses them.
    pool: Rc<RefCell<Option<Pool>>>,
    /// Falls back to the main thread when the workers do not load in time.
    ready_timer: Rc<RefCell<Option<Timeout>>>,
    /// Gives a point back when its worker does not answer in time.
    watchdog: Rc<RefCell<Option<gloo::timers::callback::Interval>>>,
    last_redraw: Rc<Cell<f64>>,
    ticks: Rc<Cell<u64>>,
    update: Callback<()>,
}

impl PartialEq for JobHandle {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.job, &other.job)
    }
}

impl JobHandle {
    /// Starts (or restarts) computing `spec`: with traces (the run view) in
    /// main-thread slices; without (the sweep view) point by point in Web
    /// Workers, or in main-thread slices if they cannot start.
    pub fn start(&self, spec: SweepSpec) {
        self.bump();
        let by_points = !spec.trace_first;
        let job = Job::new(spec, by_points);
        let empty = job.is_done();
        *self.job.borrow_mut() = Some(job);
        if by_points && !empty && self.start_workers() {
            self.redraw();
            return;
        }
        self.redraw();
        self.schedule();
    }

    /// Stops the current job, keeping what it computed.
    pub fn cancel(&self) {
        self.bump();
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
        self.bump();
        self.job.borrow_mut().take();
    }

    fn bump(&self) {
        self.generation.set(self.generation.get() + 1);
        self.timer.borrow_mut().take();
        self.drop_pool();
    }

    fn schedule(&self) {
        let me = self.clone();
        let generation = self.generation.get();
        let timer = post_task(move || {
            if me.generation.get() != generation {
                return;
            }
            let more = match me.job.borrow_mut().as_mut() {
                Some(job) => job.slice(),
                None => false,
            };
            if !more || now_ms() - me.last_redraw.get() >= REDRAW_MS {
                me.redraw();
            }
            if more {
                me.schedule();
            } else {
                me.schedule_charts(generation);
            }
        });
        *self.timer.borrow_mut() = timer;
    }

    /// Tasks after the end that let the views draw the heavy charts, one
    /// stage per task.
    fn schedule_charts(&self, generation: u64) {
        let me = self.clone();
        let timer = post_task(move || {
            if me.generation.get() != generation {
                return;
            }
            let more = match me.job.borrow_mut().as_mut() {
                Some(job) if job.status == JobStatus::Done && job.chart_stage < 2 => {
                    if job.charts.is_none() {
                        let traces = job.sweep.take_traces();
                        job.charts = Some(SharedTraces(Rc::new(traces)));
                    }
                    job.chart_stage += 1;
                    job.chart_stage < 2
                }
                _ => false,
            };
            me.redraw();
            if more {
                me.schedule_charts(generation);
            }
        });
        *self.timer.borrow_mut() = timer;
    }

    /// Counts redraws, so child views see new props after every redraw.
    pub fn tick(&self) -> u64 {
        self.ticks.get()
    }

    fn redraw(&self) {
        self.last_redraw.set(now_ms());
        self.ticks.set(self.ticks.get() + 1);
        self.update.emit(());
    }
}

/// A job runner owned by a component; it stops when the component unmounts.
#[hook]
pub fn use_job() -> JobHandle {
    let job = use_mut_ref(|| None::<Job>);
    let timer = use_mut_ref(|| None::<Timeout>);
    let pool = use_mut_ref(|| None::<Pool>);
    let ready_timer = use_mut_ref(|| None::<Timeout>);
    let watchdog = use_mut_ref(|| None::<gloo::timers::callback::Interval>);
    let generation = (*use_state(|| Rc::new(Cell::new(0u64)))).clone();
    let last_redraw = (*use_state(|| Rc::new(Cell::new(0.0f64)))).clone();
    let ticks = (*use_state(|| Rc::new(Cell::new(0u64)))).clone();
    let force = use_force_update();
    let update = Callback::from(move |_| force.force_update());
    let handle = JobHandle {
        job,
        generation,
        timer,
        pool,
        ready_timer,
        watchdog,
        last_redraw,
        ticks,
        update,
    };
    {
        let h = handle.clone();
        use_effect_with((), move |_| move || h.stop());
    }
    handle
}
