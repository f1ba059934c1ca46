//! Load runs one after another, a bounded number of events per call: the
//! load view's lanes and the sweep's points both run this way, so that the
//! page can slice the work, draw what has finished and cancel in between.

use super::sim::{LoadOutcome, LoadSim};

/// A queue of load runs, one per item (a lane, a sweep point), and the run
/// under way.
pub struct RunQueue<T> {
    items: Vec<T>,
    finished: usize,
    current: Option<LoadSim>,
}

impl<T> RunQueue<T> {
    /// One run per item, in order; none started yet.
    pub fn new(items: Vec<T>) -> Self {
        RunQueue {
            items,
            finished: 0,
            current: None,
        }
    }

    /// Runs in all.
    pub fn total(&self) -> usize {
        self.items.len()
    }

    /// Whether every run has finished.
    pub fn done(&self) -> bool {
        self.finished == self.items.len()
    }

    /// Share of runs finished, 0–1 (all when there are none).
    pub fn progress(&self) -> f64 {
        if self.items.is_empty() {
            1.0
        } else {
            self.finished as f64 / self.items.len() as f64
        }
    }

    /// Runs at most about `budget` events: each item's run is started by
    /// `start`, and handed to `finish` with its outcome once it is done.
    /// Returns whether all are done.
    pub fn advance(
        &mut self,
        budget: u32,
        start: impl Fn(&T) -> LoadSim,
        mut finish: impl FnMut(&T, LoadOutcome),
    ) -> bool {
        let mut left = budget;
        while left > 0 && !self.done() {
            let item = &self.items[self.finished];
            let sim = self.current.get_or_insert_with(|| start(item));
            left -= sim.step(left).min(left);
            if sim.done() {
                finish(item, self.current.take().expect("a run under way").finish());
                self.finished += 1;
            }
        }
        self.done()
    }
}
