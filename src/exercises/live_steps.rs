//! A «predict, then run» job in the shape every long computation of the
//! page has ([`Stepped`], [`Job`]), so the page's one job hook runs it: herd
//! trials in the page's slices, lab runs as messages to the lab engine.

use super::live::LiveError;
use super::live::{LiveJob, NextStep};
use crate::exercises::LabRun;
use crate::job::{Job, Stepped, Timing};

impl Stepped for LiveJob {
    /// One herd trial, or (in builds with the lab engine) one lab run. The
    /// page's bundle has no lab engine: there a pending lab run ends the job
    /// with an error rather than spinning (the page sends lab runs to the lab
    /// engine's worker instead of slicing them).
    fn step(&mut self) -> bool {
        match self.next_step() {
            NextStep::Herd => self.step_herd(),
            #[cfg(feature = "sqlite")]
            NextStep::Lab(_) => LiveJob::step(self),
            #[cfg(not(feature = "sqlite"))]
            NextStep::Lab(_) => self.record_lab(Err(LiveError(
                "a lab run needs the lab engine's worker".into(),
            ))),
            NextStep::Done => {}
        }
        !self.is_done()
    }

    /// Steps done over steps in all (1 once done, also after an error).
    fn progress(&self) -> f64 {
        if self.is_done() || self.total() == 0 {
            1.0
        } else {
            self.completed() as f64 / self.total() as f64
        }
    }
}

/// The lab engine is channel 0: one lab run at a time, its final count (or
/// why it could not run) comes back.
impl Job for LiveJob {
    type Request = LabRun;
    type Reply = Result<usize, LiveError>;

    fn timing(&self) -> &Timing {
        &self.timing
    }

    fn record_slice(&mut self, t0_ms: f64, t1_ms: f64) {
        self.timing.record(t0_ms, t1_ms);
        if self.is_done() {
            self.timing.finish(t1_ms);
        }
    }

    fn cancel(&mut self, now_ms: f64) {
        self.timing.cancel(now_ms);
        self.sent = false;
    }

    /// Herd trials only: lab runs go to the lab engine.
    fn has_page_work(&self) -> bool {
        self.timing.is_running() && self.next_step() == NextStep::Herd
    }

    fn request(&mut self, channel: usize, _fresh: bool, _now_ms: f64) -> Option<LabRun> {
        if channel != 0 || self.sent || !self.timing.is_running() {
            return None;
        }
        let NextStep::Lab(run) = self.next_step() else {
            return None;
        };
        self.sent = true;
        Some(run)
    }

    /// A failed run ends the job with its error (the card shows it); only a
    /// reply nobody asked for is refused.
    fn on_reply(
        &mut self,
        channel: usize,
        reply: Result<usize, LiveError>,
        now_ms: f64,
    ) -> Result<(), String> {
        if channel != 0 || !self.sent {
            return Err(format!("channel {channel}: a reply without a request"));
        }
        self.record_lab(reply);
        self.record_slice(now_ms, now_ms);
        Ok(())
    }

    /// The lab engine is gone: the job fails visibly.
    fn fall_back(&mut self) {
        if self.sent {
            self.record_lab(Err(LiveError("the lab engine did not answer".into())));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exercises::live::run_model;
    use crate::exercises::{bank, Kind};

    #[test]
    fn every_predict_model_steps_to_the_value_run_model_gives_with_growing_progress() {
        let mut seen = 0;
        for q in bank() {
            let Kind::Predict { model, .. } = q.kind else {
                continue;
            };
            let mut job = LiveJob::new(&model);
            let mut last = job.progress();
            let mut steps = 0;
            while Stepped::step(&mut job) {
                let p = job.progress();
                assert!(p >= last && p <= 1.0, "{}: {last} → {p}", q.id);
                last = p;
                steps += 1;
            }
            assert_eq!(job.progress(), 1.0);
            assert_eq!(steps + 1, job.total(), "{}: one unit per step", q.id);
            assert_eq!(job.result(), Some(run_model(&model)), "{}", q.id);
            seen += 1;
        }
        assert!(seen >= 3, "{seen} predict questions");
    }
}
