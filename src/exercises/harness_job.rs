//! A harness challenge's suite as a job of the lab engine (the page's
//! worker runs the engine; each run is read into its row here, through
//! the one judgement, which is pure).

use super::harness::{HarnessChallenge, HarnessRow};
use crate::lab::jobs::engine_job::{Answered, RunAnswer};
use crate::lab::wire::{Answer, EngineFault, Want};
use crate::lab::{Design, Harness, Scenario};

/// A harness suite as a job of the lab engine: one run per scenario, each
/// asked once the last is in, each read into its row here (the page's
/// worker runs the engine; the judgement is pure).
#[derive(Clone, Debug)]
pub struct HarnessRowsOut {
    pub scenarios: Vec<Scenario>,
    pub harness: Harness,
    pub design: Design,
    pub seed: u64,
    /// The rows so far, in suite order, or why the suite stopped.
    pub rows: Result<Vec<HarnessRow>, String>,
}

impl HarnessRowsOut {
    /// The job's output before any answer, and the first request.
    pub fn start(c: &HarnessChallenge, h: Harness) -> (Want, HarnessRowsOut) {
        let out = HarnessRowsOut {
            scenarios: c.suite(),
            harness: h,
            design: c.design(),
            seed: c.seed,
            rows: Ok(Vec::new()),
        };
        (out.want(0).expect("a suite has a scenario"), out)
    }

    /// The run of the `i`-th scenario, if there is one.
    fn want(&self, i: usize) -> Option<Want> {
        let sc = *self.scenarios.get(i)?;
        Some(run_want(sc, self.harness, self.design, self.seed))
    }

    /// Every row is in.
    pub fn done(&self) -> bool {
        self.rows
            .as_ref()
            .map_or(true, |r| r.len() == self.scenarios.len())
    }
}

impl Answered for HarnessRowsOut {
    type Value = RunAnswer;

    fn read(a: Answer) -> Result<RunAnswer, Answer> {
        <RunAnswer as crate::lab::jobs::engine_job::Whole>::read(a)
    }

    fn take(&mut self, answer: Result<RunAnswer, EngineFault>, _now_ms: f64) {
        let Ok(rows) = &mut self.rows else { return };
        match answer {
            Ok((run, _)) => {
                let sc = self.scenarios[rows.len()];
                rows.push(HarnessRow::of(sc, &run, &run.judgement()));
            }
            Err(e) => self.rows = Err(format!("{e:?}")),
        }
    }

    fn follow_up(&self) -> Option<Want> {
        self.want(self.rows.as_ref().ok()?.len())
    }

    fn share_done(&self) -> f64 {
        let n = self.rows.as_ref().map_or(0, Vec::len);
        n as f64 / self.scenarios.len().max(1) as f64
    }
}

/// The engine's request for one run of `sc` with harness `h`.
fn run_want(sc: Scenario, h: Harness, design: Design, seed: u64) -> Want {
    Want::RunSchedule {
        schedule: sc.schedule(),
        harness: h,
        design,
        seed,
    }
}
