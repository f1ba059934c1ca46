//! The page's side of a hunt: what the workbench shows while the worker
//! searches (schedules tried, schedules per second, shrinking) and how it
//! ended. Plain state with the clock passed in, timed by the one job
//! protocol ([`Timing`]), so it is tested natively. A hunt is one request
//! to the lab engine whose progress replies come before its outcome
//! ([`HuntJob`]): each one also tells the job's watchdog the engine lives.

use crate::kernel::job::{JobStatus, Timing};
use crate::lab::grading::hunt::job::{HuntOutcome, HuntSpec};
use crate::lab::jobs::engine_job::{Answered, EngineJob};
use crate::lab::wire::{Answer, EngineFault, Want};

/// The workbench's hunt as a job of the page's one protocol.
pub type HuntJob = EngineJob<HuntWatch>;

/// Hunts with `spec` from `now_ms` on.
pub fn hunt_job(spec: HuntSpec, now_ms: f64) -> HuntJob {
    EngineJob::start(Want::Hunt { spec }, HuntWatch::start(spec, now_ms), now_ms)
}

/// Where a hunt is, as the page shows it.
#[derive(Clone, Debug, PartialEq)]
pub enum HuntStatus {
    /// Not started (or the design changed since).
    Idle,
    Running {
        tried: u32,
        shrinking: bool,
        shrink_steps: usize,
    },
    Done(HuntOutcome),
    Cancelled {
        tried: u32,
    },
}

/// A hunt on the page.
#[derive(Clone, Debug, PartialEq)]
pub struct HuntWatch {
    pub spec: HuntSpec,
    pub status: HuntStatus,
    timing: Option<Timing>,
}

impl HuntWatch {
    pub fn idle(spec: HuntSpec) -> Self {
        Self {
            spec,
            status: HuntStatus::Idle,
            timing: None,
        }
    }

    /// A hunt started at `now_ms`.
    pub fn start(spec: HuntSpec, now_ms: f64) -> Self {
        Self {
            spec,
            status: HuntStatus::Running {
                tried: 0,
                shrinking: false,
                shrink_steps: 0,
            },
            timing: Some(Timing::start(now_ms)),
        }
    }

    pub fn is_running(&self) -> bool {
        matches!(self.status, HuntStatus::Running { .. })
    }

    /// A progress reply arrived at `now_ms`.
    pub fn progress(&mut self, tried: u32, shrinking: bool, shrink_steps: usize, now_ms: f64) {
        if !self.is_running() {
            return;
        }
        self.status = HuntStatus::Running {
            tried,
            shrinking,
            shrink_steps,
        };
        if let Some(t) = &mut self.timing {
            t.record(now_ms, now_ms);
        }
    }

    /// The outcome arrived at `now_ms`.
    pub fn finish(&mut self, outcome: HuntOutcome, now_ms: f64) {
        if !self.is_running() {
            return;
        }
        self.progress(outcome.tried(), false, 0, now_ms);
        self.status = HuntStatus::Done(outcome);
        if let Some(t) = &mut self.timing {
            t.finish(now_ms);
        }
    }

    /// The student cancelled at `now_ms`.
    pub fn cancel(&mut self, now_ms: f64) {
        if let HuntStatus::Running { tried, .. } = self.status {
            self.status = HuntStatus::Cancelled { tried };
            if let Some(t) = &mut self.timing {
                t.cancel(now_ms);
            }
        }
    }

    /// Schedules searched so far (not counting the shrink's runs).
    pub fn tried(&self) -> u32 {
        match &self.status {
            HuntStatus::Idle => 0,
            HuntStatus::Running { tried, .. } | HuntStatus::Cancelled { tried } => *tried,
            HuntStatus::Done(o) => o.tried(),
        }
    }

    /// Schedules searched per second of wall time; `None` before a tenth
    /// of a second has passed (too short to say).
    pub fn per_second(&self) -> Option<f64> {
        let t = self.timing.as_ref()?;
        let s = t.elapsed_ms() / 1000.0;
        (s >= 0.1).then(|| f64::from(self.tried()) / s)
    }

    /// The job's status in the one protocol's terms.
    pub fn job_status(&self) -> Option<JobStatus> {
        self.timing.as_ref().map(Timing::status)
    }
}

/// The progress replies update the watch; the outcome ends it; an engine
/// that fails ends it as cancelled, with what was tried.
impl Answered for HuntWatch {
    type Value = HuntOutcome;

    fn read(a: Answer) -> Result<HuntOutcome, Answer> {
        match a {
            Answer::Hunt(o) => Ok(o),
            other => Err(other),
        }
    }

    fn interim(&mut self, a: Answer, now_ms: f64) -> Option<Answer> {
        match a {
            Answer::HuntProgress {
                tried,
                shrinking,
                shrink_steps,
            } => {
                self.progress(tried, shrinking, shrink_steps, now_ms);
                None
            }
            other => Some(other),
        }
    }

    fn take(&mut self, answer: Result<HuntOutcome, EngineFault>, now_ms: f64) {
        match answer {
            Ok(o) => self.finish(o, now_ms),
            Err(_) => self.cancel(now_ms),
        }
    }

    fn cancelled(&mut self, now_ms: f64) {
        self.cancel(now_ms);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lab::grading::hunt::KindSet;
    use crate::lab::{ClientStrategy, Preset};

    fn spec() -> HuntSpec {
        HuntSpec {
            design: Preset::Fenced.design(),
            client: ClientStrategy::StableKey,
            seed: 1,
            budget: 1_000,
            kinds: KindSet::all(),
        }
    }

    #[test]
    fn a_hunt_counts_its_rate_and_ends_once() {
        let mut w = HuntWatch::start(spec(), 1_000.0);
        assert_eq!(w.per_second(), None);
        w.progress(160, false, 0, 1_050.0);
        assert_eq!(w.per_second(), None, "too early to say");
        w.progress(800, false, 0, 1_400.0);
        assert_eq!(w.per_second(), Some(2_000.0));
        w.finish(HuntOutcome::NoneWithin { tried: 1_000 }, 1_500.0);
        assert_eq!((w.tried(), w.per_second()), (1_000, Some(2_000.0)));
        assert_eq!(w.job_status(), Some(JobStatus::Done));
        // A late reply or a cancel after the end changes nothing.
        w.progress(3, false, 0, 2_000.0);
        w.cancel(2_000.0);
        assert_eq!(
            w.status,
            HuntStatus::Done(HuntOutcome::NoneWithin { tried: 1_000 })
        );
    }

    #[test]
    fn a_cancel_keeps_what_was_tried() {
        let mut w = HuntWatch::start(spec(), 0.0);
        w.progress(48, false, 0, 200.0);
        w.cancel(300.0);
        assert_eq!(w.status, HuntStatus::Cancelled { tried: 48 });
        assert_eq!(w.job_status(), Some(JobStatus::Cancelled));
        w.finish(HuntOutcome::NoneWithin { tried: 99 }, 400.0);
        assert_eq!(w.tried(), 48);
        assert_eq!(HuntWatch::idle(spec()).tried(), 0);
    }
}
