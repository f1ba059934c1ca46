//! The herd page's job: what is computed, by what ([`Engine`]), how far it
//! is, and the bookkeeping of the points lent to Web Workers (their
//! deadlines, giving them back when a worker fails or falls silent, handing
//! the rest to the page). Pure, with the clock passed in: the browser only
//! starts workers and timers, moves strings and redraws.
//!
//! Every view computes point by point ([`PointBoard`]): each point (N ×
//! strategy × all trials) equals [`crate::herd::run_point`] bit for bit,
//! whether a worker or the page computed it. The run view also records trial
//! 0 of each strategy on the page (its writes for the histogram and the
//! timeline): a small sweep of one traced trial per strategy, computed first
//! so the pictures come early; the workers compute the whole points, trial 0
//! included, so a summary never depends on where its trials ran.

use super::board::{PointBoard, PointTask};
use super::budget::{point_watchdog_ms, WORKER_LOAD_MS};
use super::sim::Trace;
use super::stats::PointSummary;
use super::sweep::{Sweep, SweepSpec};
use super::wire::parse_point_reply;
use crate::kernel::job::{JobStatus, Stepped, Timing};

#[cfg(test)]
mod tests;

/// Writes per [`HerdJob::step`] (a fraction of a millisecond of work).
pub const WRITES_PER_STEP: u64 = 2048;

/// What computes the points of a job.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Engine {
    /// Time slices on the page.
    MainThread,
    /// This many Web Workers in parallel.
    Workers(usize),
}

/// A point lent to a worker.
#[derive(Clone, Copy, Debug)]
struct Lent {
    task: PointTask,
    /// When the worker is overdue.
    deadline_ms: f64,
}

/// What a worker of the pool is doing.
#[derive(Clone, Copy, Debug)]
enum Worker {
    /// Loading until it says it is ready; overdue after `deadline_ms`.
    Loading {
        deadline_ms: f64,
    },
    Idle,
    Busy(Lent),
}

impl Worker {
    fn deadline_ms(self) -> Option<f64> {
        match self {
            Worker::Loading { deadline_ms } | Worker::Busy(Lent { deadline_ms, .. }) => {
                Some(deadline_ms)
            }
            Worker::Idle => None,
        }
    }
}

/// A herd computation (run view or sweep view).
pub struct HerdJob {
    spec: SweepSpec,
    board: PointBoard,
    /// Run view: trial 0 of every strategy, traced.
    traced: Option<Sweep>,
    traces: Option<Vec<Trace>>,
    /// The point the page computes, as a sweep of its own.
    current: Option<(PointTask, Sweep)>,
    engine: Engine,
    /// Per worker, whether it loads, waits or computes a point.
    workers: Vec<Worker>,
    page_points: usize,
    timing: Timing,
}

/// One point of `spec` as a sweep of its own (same seeds, same numbers).
fn point_sweep(spec: &SweepSpec, task: PointTask) -> Sweep {
    Sweep::new(SweepSpec {
        clients: vec![task.clients],
        strategies: vec![task.strategy],
        trace_first: false,
        ..spec.clone()
    })
}

impl HerdJob {
    /// A job for `spec`, started at `now_ms`, computed on the page until
    /// [`HerdJob::use_workers`]. With `spec.trace_first` (the run view) it
    /// also records trial 0 of each strategy.
    pub fn new(spec: SweepSpec, now_ms: f64) -> Self {
        let points = SweepSpec {
            trace_first: false,
            ..spec.clone()
        };
        let traced = (spec.trace_first && spec.trials > 0).then(|| {
            Sweep::new(SweepSpec {
                trials: 1,
                ..spec.clone()
            })
        });
        let mut job = HerdJob {
            spec,
            board: PointBoard::new(points),
            traced,
            traces: None,
            current: None,
            engine: Engine::MainThread,
            workers: Vec::new(),
            page_points: 0,
            timing: Timing::start(now_ms),
        };
        job.finish_if_complete(now_ms);
        job
    }

    /// What is computed.
    pub fn spec(&self) -> &SweepSpec {
        &self.spec
    }

    /// Finished points, in sweep order.
    pub fn summaries(&self) -> &[PointSummary] {
        self.board.summaries()
    }

    /// Number of points in the job.
    pub fn total_points(&self) -> usize {
        self.board.total()
    }

    /// Writes simulated in the finished points (every write is a call).
    pub fn writes(&self) -> u64 {
        self.summaries()
            .iter()
            .map(|p| (p.mean_calls * f64::from(p.trials)).round() as u64)
            .sum()
    }

    pub fn engine(&self) -> Engine {
        self.engine
    }

    pub fn status(&self) -> JobStatus {
        self.timing.status()
    }

    pub fn timing(&self) -> &Timing {
        &self.timing
    }

    /// Points the page computed itself (not a worker).
    pub fn page_points(&self) -> usize {
        self.page_points
    }

    /// The traces of trial 0 (run view), once, as soon as they are complete.
    pub fn take_traces(&mut self) -> Option<Vec<Trace>> {
        self.traces.take()
    }

    /// Whether every point (and trace) is done.
    pub fn is_complete(&self) -> bool {
        self.board.is_done() && self.traced.as_ref().is_none_or(Sweep::is_done)
    }

    /// Whether the page has work to do now: the traces, its current point,
    /// or the points when no worker computes them.
    pub fn has_page_work(&self) -> bool {
        self.timing.is_running()
            && (self.traced.as_ref().is_some_and(|t| !t.is_done())
                || self.current.is_some()
                || (self.engine == Engine::MainThread && !self.board.is_done()))
    }

    /// Stops the job at `now_ms`, keeping what it computed.
    pub fn cancel(&mut self, now_ms: f64) {
        self.timing.cancel(now_ms);
        self.workers.iter_mut().for_each(|w| *w = Worker::Idle);
    }

    fn finish_if_complete(&mut self, now_ms: f64) {
        if self.is_complete() {
            self.timing.finish(now_ms);
        }
    }

    /// Advances the traces, or the page's current point (taking the next
    /// point when it is finished).
    fn advance(&mut self) {
        if let Some(traced) = self.traced.as_mut().filter(|t| !t.is_done()) {
            traced.advance(WRITES_PER_STEP);
            if traced.is_done() {
                self.traces = Some(traced.take_traces());
            }
            return;
        }
        let (task, sweep) = match self.current.as_mut() {
            Some(c) => c,
            // A point the page started is finished even when workers have
            // taken over since.
            None if self.engine != Engine::MainThread => return,
            None => match self.board.take() {
                Some(t) => self.current.insert((t, point_sweep(self.board.spec(), t))),
                None => return,
            },
        };
        sweep.advance(WRITES_PER_STEP);
        if sweep.is_done() {
            let task = *task;
            if let Some(s) = sweep.summaries().first().cloned() {
                // Cannot fail: the point sweep computed exactly `task`.
                let _ = self.board.complete(task, s);
                self.page_points += 1;
            }
            self.current = None;
        }
    }
}

impl Stepped for HerdJob {
    fn step(&mut self) -> bool {
        if self.has_page_work() {
            self.advance();
        }
        self.has_page_work()
    }

    fn progress(&self) -> f64 {
        HerdJob::progress(self)
    }
}

impl HerdJob {
    /// Points weighted by their cost, trials by N; the page's current point
    /// counts by its progress. The traces are one trial per strategy.
    pub fn progress(&self) -> f64 {
        if self.is_complete() {
            return 1.0;
        }
        let current = self.current.as_ref().map_or(0.0, |(t, s)| {
            super::board::point_cost(t.clients, t.strategy) * s.progress()
        });
        let total = self.board.total_cost();
        let points = if total > 0.0 {
            ((self.board.done_cost() + current) / total).min(1.0)
        } else {
            1.0
        };
        let trials = f64::from(self.spec.trials.max(1));
        match &self.traced {
            Some(t) => (t.progress() + trials * points) / (1.0 + trials),
            None => points,
        }
    }

    /// From now on, `workers` Web Workers compute the points; the page keeps
    /// computing the traces. They load from `now_ms` on, and one that is
    /// not ready within [`WORKER_LOAD_MS`] is overdue.
    pub fn use_workers(&mut self, workers: usize, now_ms: f64) {
        self.engine = Engine::Workers(workers);
        let deadline_ms = now_ms + WORKER_LOAD_MS;
        self.workers = vec![Worker::Loading { deadline_ms }; workers];
    }

    /// The next point for worker `worker` (nothing if it is busy, still
    /// loading, or none is left), as request JSON, lent until `now_ms` plus
    /// its watchdog time. A `fresh` worker has just said it is ready; it
    /// gets the lightest point: its code runs in V8's baseline tier until a
    /// call returns, so a heavy first point would run unoptimised throughout.
    pub fn lend(&mut self, worker: usize, fresh: bool, now_ms: f64) -> Option<String> {
        let slot = self.workers.get_mut(worker)?;
        match slot {
            Worker::Busy(_) => return None,
            Worker::Loading { .. } if !fresh => return None,
            _ => *slot = Worker::Idle,
        }
        if !self.timing.is_running() {
            return None;
        }
        let task = if fresh {
            self.board.take_lightest()
        } else {
            self.board.take()
        }?;
        let deadline_ms = now_ms + point_watchdog_ms(task.clients, self.spec.trials);
        self.workers[worker] = Worker::Busy(Lent { task, deadline_ms });
        Some(self.board.request(task).to_json())
    }

    /// Worker `worker`'s reply JSON at `now_ms`. A failed or unreadable
    /// reply gives its point back (the caller then falls back); a reply
    /// nobody asked for is refused and changes nothing.
    pub fn on_reply(&mut self, worker: usize, reply_json: &str, now_ms: f64) -> Result<(), String> {
        let lent = match self.workers.get(worker) {
            Some(Worker::Busy(lent)) => Some(*lent),
            _ => None,
        };
        if lent.is_some() {
            self.workers[worker] = Worker::Idle;
        }
        let reply = parse_point_reply(reply_json);
        let Some(Lent { task, .. }) = lent else {
            return Err(reply
                .err()
                .unwrap_or_else(|| "a reply without a request".into()));
        };
        let result = reply.and_then(|s| self.board.complete(task, s));
        if result.is_err() {
            self.board.give_back(task);
        }
        self.finish_if_complete(now_ms);
        result
    }

    /// The first worker that is overdue at `now_ms`: not ready in time, or
    /// its point not answered in time.
    pub fn overdue(&self, now_ms: f64) -> Option<usize> {
        self.workers
            .iter()
            .position(|w| w.deadline_ms().is_some_and(|d| now_ms > d))
    }

    /// The workers are gone: their points go back to the board and the page
    /// computes the rest.
    pub fn fall_back(&mut self) {
        for worker in self.workers.drain(..) {
            if let Worker::Busy(lent) = worker {
                self.board.give_back(lent.task);
            }
        }
        self.engine = Engine::MainThread;
    }
}

/// The herd job in the page's one job protocol: the messages are point
/// requests and replies (JSON) to the workers of a pool, one channel each.
impl crate::kernel::job::Job for HerdJob {
    type Request = String;
    type Reply = String;

    fn timing(&self) -> &Timing {
        &self.timing
    }

    fn timing_mut(&mut self) -> &mut Timing {
        &mut self.timing
    }

    fn is_complete(&self) -> bool {
        HerdJob::is_complete(self)
    }

    fn cancel(&mut self, now_ms: f64) {
        HerdJob::cancel(self, now_ms);
    }

    fn has_page_work(&self) -> bool {
        HerdJob::has_page_work(self)
    }

    fn request(&mut self, channel: usize, fresh: bool, now_ms: f64) -> Option<String> {
        self.lend(channel, fresh, now_ms)
    }

    fn on_reply(&mut self, channel: usize, reply: String, now_ms: f64) -> Result<(), String> {
        HerdJob::on_reply(self, channel, &reply, now_ms)
    }

    fn overdue(&self, now_ms: f64) -> Option<usize> {
        HerdJob::overdue(self, now_ms)
    }

    fn fall_back(&mut self) {
        HerdJob::fall_back(self);
    }
}
