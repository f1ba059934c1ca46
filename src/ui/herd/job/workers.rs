//! The worker engine of a job: starts the pool, hands out points (a fresh
//! worker's first point is the lightest, later ones heaviest first), stores
//! the replies, and hands the rest over to the main thread when a worker
//! fails.

use gloo::timers::callback::{Interval, Timeout};

use super::{Engine, JobHandle, JobStatus, REDRAW_MS};
use crate::herd::params::point_watchdog_ms;
use crate::herd::wire::parse_point_reply;
use crate::ui::dom::{now_ms, post_task};
use crate::ui::herd::pool::{pool_size, Pool, PoolEvent};

/// How long the workers may take to load before the main thread takes over.
pub const READY_TIMEOUT_MS: u32 = 3000;

/// How often the watchdog looks for a point a worker has not answered in
/// time ([`point_watchdog_ms`]).
const WATCHDOG_EVERY_MS: u32 = 500;

impl JobHandle {
    /// Starts the worker pool for the current job; false if it cannot.
    pub(super) fn start_workers(&self) -> bool {
        let generation = self.generation.get();
        let me = self.clone();
        let on_event = move |i: usize, event: PoolEvent| me.on_pool_event(generation, i, event);
        let pool = match Pool::spawn(pool_size(), on_event) {
            Ok(p) => p,
            Err(e) => {
                gloo::console::warn!(format!(
                    "herd: no Web Workers ({e}); computing on the main thread"
                ));
                return false;
            }
        };
        if let Some(job) = self.job.borrow_mut().as_mut() {
            job.engine = Engine::Workers(pool.len());
        }
        *self.pool.borrow_mut() = Some(pool);
        let me = self.clone();
        *self.ready_timer.borrow_mut() = Some(Timeout::new(READY_TIMEOUT_MS, move || {
            let late = me.pool.borrow().as_ref().is_some_and(|p| !p.all_ready());
            if me.generation.get() == generation && late {
                me.fall_back("the workers did not load in time");
            }
        }));
        // A worker that never answers must not leave the sweep running
        // forever: its point goes back to the main thread.
        let me = self.clone();
        *self.watchdog.borrow_mut() = Some(Interval::new(WATCHDOG_EVERY_MS, move || {
            if me.generation.get() != generation {
                return;
            }
            let late = me.pool.borrow().as_ref().and_then(|p| p.overdue(now_ms()));
            if let Some(i) = late {
                me.fall_back(&format!("worker {i} did not answer in time"));
            }
        }));
        true
    }

    /// A message from worker `i` of the pool of `generation`.
    fn on_pool_event(&self, generation: u64, i: usize, event: PoolEvent) {
        if self.generation.get() != generation {
            return;
        }
        let t0 = now_ms();
        let reply = match event {
            PoolEvent::Ready => {
                if let Some(p) = self.pool.borrow_mut().as_mut() {
                    p.set_ready(i);
                }
                None
            }
            PoolEvent::Reply(json) => Some(json),
            PoolEvent::Failed(e) => return self.fall_back(&format!("worker {i}: {e}")),
        };
        let mut failure = None;
        let mut finished = false;
        {
            let mut pool_ref = self.pool.borrow_mut();
            let mut job_ref = self.job.borrow_mut();
            let (Some(pool), Some(job)) = (pool_ref.as_mut(), job_ref.as_mut()) else {
                return;
            };
            let Some(board) = job.board.as_mut() else {
                return;
            };
            if let Some(json) = &reply {
                let reply = parse_point_reply(json);
                let result = match pool.take_task(i) {
                    // A failed point goes back to the board, so the main
                    // thread computes it (losing it left the sweep running).
                    Some(task) => reply
                        .and_then(|s| board.complete(task, s))
                        .inspect_err(|_| {
                            board.give_back(task);
                        }),
                    // E.g. the worker could not load the bundle.
                    None => Err(reply
                        .err()
                        .unwrap_or_else(|| "a reply without a request".into())),
                };
                if let Err(e) = result {
                    failure = Some(format!("worker {i}: {e}"));
                }
            }
            if failure.is_none() {
                // A fresh worker first gets a light point: its code runs in
                // V8's baseline tier until a call returns, so a heavy first
                // point would run unoptimised throughout.
                let next = if reply.is_none() {
                    board.take_lightest()
                } else {
                    board.take()
                };
                if let Some(task) = next {
                    let request = board.request(task).to_json();
                    let trials = board.spec().trials;
                    let deadline = now_ms() + point_watchdog_ms(task.clients, trials);
                    if let Err(e) = pool.send(i, task, &request, deadline) {
                        board.give_back(task);
                        failure = Some(format!("worker {i}: {e}"));
                    }
                }
            }
            let t1 = now_ms();
            job.busy_ms += t1 - t0;
            job.slices += 1;
            if board.is_done() {
                job.elapsed_ms = t1 - job.started_ms;
                job.status = JobStatus::Done;
                finished = true;
            }
        }
        if let Some(e) = failure {
            return self.fall_back(&e);
        }
        if finished {
            self.drop_pool();
            self.redraw();
            self.schedule_charts(generation);
        } else if now_ms() - self.last_redraw.get() >= REDRAW_MS {
            self.redraw();
        }
    }

    /// Stops the workers and computes the rest on the main thread.
    fn fall_back(&self, why: &str) {
        gloo::console::warn!(format!(
            "herd: {why}; computing the rest on the main thread"
        ));
        let lost = self
            .pool
            .borrow_mut()
            .as_mut()
            .map(Pool::terminate)
            .unwrap_or_default();
        self.drop_pool();
        if let Some(job) = self.job.borrow_mut().as_mut() {
            if let Some(board) = job.board.as_mut() {
                for task in lost {
                    board.give_back(task);
                }
            }
            job.engine = Engine::MainThread;
        }
        self.redraw();
        self.schedule();
    }

    /// Terminates the workers; their closures are freed in a later task, as
    /// this may run inside one of them.
    pub(super) fn drop_pool(&self) {
        self.ready_timer.borrow_mut().take();
        if let Some(watchdog) = self.watchdog.borrow_mut().take() {
            let closure = watchdog.cancel();
            let _ = post_task(move || drop(closure)).map(Timeout::forget);
        }
        if let Some(mut pool) = self.pool.borrow_mut().take() {
            pool.terminate();
            let _ = post_task(move || drop(pool)).map(Timeout::forget);
        }
    }
}
