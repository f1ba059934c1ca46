//! A harness challenge's suite as a job of the lab engine: one request per
//! scenario, each answered with its graded row (the engine runs it and
//! reads it through the one judgement), so the progress moves row by row.

use super::harness::{HarnessChallenge, HarnessRow};
use crate::lab::jobs::engine_job::Answered;
use crate::lab::wire::{Answer, EngineFault, Want};
use crate::lab::{Design, Harness, Scenario};

/// A harness suite as a job of the lab engine: one row per scenario, each
/// asked once the last is in.
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

    /// The request for the `i`-th scenario's row, if there is one.
    fn want(&self, i: usize) -> Option<Want> {
        Some(Want::HarnessRow {
            scenario: *self.scenarios.get(i)?,
            harness: self.harness,
            design: self.design,
            seed: self.seed,
        })
    }

    /// Every row is in.
    pub fn done(&self) -> bool {
        self.rows
            .as_ref()
            .map_or(true, |r| r.len() == self.scenarios.len())
    }
}

impl Answered for HarnessRowsOut {
    type Value = HarnessRow;

    fn read(a: Answer) -> Result<HarnessRow, Answer> {
        match a {
            Answer::HarnessRow(row) => Ok(row),
            other => Err(other),
        }
    }

    /// A row of another scenario than the one asked next (a stale reply)
    /// stops the suite rather than grade the wrong row.
    fn take(&mut self, answer: Result<HarnessRow, EngineFault>, _now_ms: f64) {
        let Ok(rows) = &mut self.rows else { return };
        let expected = self.scenarios.get(rows.len()).copied();
        match answer {
            Ok(row) if Some(row.scenario) == expected => rows.push(row),
            Ok(row) => self.rows = Err(format!("a row of {} out of turn", row.scenario.id())),
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
