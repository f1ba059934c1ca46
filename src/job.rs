//! What every long computation of the page shares, whatever it computes: a
//! status, its timing (with the clock passed in as `performance.now()`
//! milliseconds, so it is tested natively) and one way to advance it a
//! little and to ask how far it is ([`Stepped`]). The browser's one slicer
//! (`ui::slicer`) drives any [`Stepped`] in time slices.

/// Where a job is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JobStatus {
    Running,
    Done,
    Cancelled,
}

/// A job that advances in small steps.
pub trait Stepped {
    /// Does a small, bounded piece of work (well under a millisecond, so a
    /// slicer can check the clock often); returns whether work remains that
    /// this caller can do.
    fn step(&mut self) -> bool;

    /// Share done, 0..=1; never decreases while the job runs.
    fn progress(&self) -> f64;
}

/// Status and timing of a job.
#[derive(Clone, Debug, PartialEq)]
pub struct Timing {
    status: JobStatus,
    started_ms: f64,
    elapsed_ms: f64,
    busy_ms: f64,
    slices: u32,
}

impl Timing {
    /// A job started at `now_ms`.
    pub fn start(now_ms: f64) -> Self {
        Timing {
            status: JobStatus::Running,
            started_ms: now_ms,
            elapsed_ms: 0.0,
            busy_ms: 0.0,
            slices: 0,
        }
    }

    pub fn status(&self) -> JobStatus {
        self.status
    }

    pub fn is_running(&self) -> bool {
        self.status == JobStatus::Running
    }

    /// Wall time from the start to the end (or to the last slice while
    /// running).
    pub fn elapsed_ms(&self) -> f64 {
        self.elapsed_ms
    }

    /// Time spent computing on the page (inside slices and reply handlers).
    pub fn busy_ms(&self) -> f64 {
        self.busy_ms
    }

    /// Number of slices (and reply handlers) so far.
    pub fn slices(&self) -> u32 {
        self.slices
    }

    /// Counts a piece of page work from `t0_ms` to `t1_ms`.
    pub fn record(&mut self, t0_ms: f64, t1_ms: f64) {
        if self.is_running() {
            self.busy_ms += (t1_ms - t0_ms).max(0.0);
            self.slices += 1;
            self.elapsed_ms = (t1_ms - self.started_ms).max(0.0);
        }
    }

    /// Marks the job done at `now_ms` (if it still runs).
    pub fn finish(&mut self, now_ms: f64) {
        self.end(JobStatus::Done, now_ms);
    }

    /// Marks the job cancelled at `now_ms` (if it still runs).
    pub fn cancel(&mut self, now_ms: f64) {
        self.end(JobStatus::Cancelled, now_ms);
    }

    fn end(&mut self, status: JobStatus, now_ms: f64) {
        if self.is_running() {
            self.status = status;
            self.elapsed_ms = (now_ms - self.started_ms).max(0.0);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timing_counts_slices_and_ends_once() {
        let mut t = Timing::start(100.0);
        t.record(100.0, 110.0);
        t.record(120.0, 125.0);
        assert_eq!((t.busy_ms(), t.slices(), t.elapsed_ms()), (15.0, 2, 25.0));
        t.cancel(130.0);
        assert_eq!((t.status(), t.elapsed_ms()), (JobStatus::Cancelled, 30.0));
        // Nothing changes a job that has ended.
        t.finish(200.0);
        t.record(200.0, 210.0);
        assert_eq!(
            (t.status(), t.elapsed_ms(), t.slices()),
            (JobStatus::Cancelled, 30.0, 2)
        );
    }
}
