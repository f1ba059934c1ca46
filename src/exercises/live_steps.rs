//! A «predict, then run» job in the shape every long computation of the
//! page has ([`Stepped`]), so the page's one slicer runs it.

#[cfg(not(feature = "sqlite"))]
use super::live::LiveError;
use super::live::{LiveJob, NextStep};
use crate::job::Stepped;

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
