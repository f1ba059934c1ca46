//! The worker effects of a job: starts the pool, sends the requests the job
//! lends out, hands it the replies, and lets the page take over (the job's
//! [`HerdJob::fall_back`]) when a worker fails, or the job's one watchdog
//! finds a worker that did not load or answer in time.
//!
//! [`HerdJob::fall_back`]: crate::herd::job::HerdJob::fall_back

use std::cell::RefCell;

use super::JobHandle;
use crate::ui::dom::now_ms;
use crate::ui::herd::pool::{pool_size, Pool, PoolEvent};

impl JobHandle {
    /// Starts the worker pool for the current job (of `generation`); false
    /// if it cannot.
    pub(super) fn start_workers(&self, generation: u64) -> bool {
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
            job.use_workers(pool.len(), now_ms());
        }
        *self.pool.borrow_mut() = Some(pool);
        // A worker that does not load, or never answers, must not leave
        // the job running forever: the page computes the rest.
        let me = self.clone();
        self.runner
            .watch(move |i| me.fall_back(&format!("worker {i} did not load or answer in time")));
        true
    }

    /// A message from worker `i` of the pool of `generation`.
    fn on_pool_event(&self, generation: u64, i: usize, event: PoolEvent) {
        if !self.runner.is_current(generation) {
            return;
        }
        let t0 = now_ms();
        let fresh = match event {
            PoolEvent::Ready => true,
            PoolEvent::Reply(json) => {
                if let Err(e) = self.runner.reply(generation, i, json, t0) {
                    return self.fall_back(&format!("worker {i}: {e}"));
                }
                false
            }
            PoolEvent::Failed(e) => return self.fall_back(&format!("worker {i}: {e}")),
        };
        if let Some(request) = self.runner.request(i, fresh) {
            let sent = match self.pool.borrow().as_ref() {
                Some(p) => p.send(i, &request),
                None => return,
            };
            if let Err(e) = sent {
                return self.fall_back(&format!("worker {i}: {e}"));
            }
        }
        self.runner.replied(generation, t0, false);
    }

    /// Stops the workers; the page computes the rest.
    fn fall_back(&self, why: &str) {
        gloo::console::warn!(format!(
            "herd: {why}; computing the rest on the main thread"
        ));
        self.drop_pool();
        self.runner.fall_back();
    }

    /// Terminates the workers.
    pub(super) fn drop_pool(&self) {
        close_pool(&self.pool);
    }
}

/// Terminates the workers.
pub(super) fn close_pool(pool: &RefCell<Option<Pool>>) {
    if let Some(pool) = pool.borrow_mut().take() {
        pool.close();
    }
}
