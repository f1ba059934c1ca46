//! One row of a graded harness («搭一个 harness»): what a run of the
//! student's harness showed, read from the run and its one judgement. The
//! engine reads it where the run is made, so a page grading a harness gets
//! these few numbers back, never the whole run (the exercises' page then
//! carries neither a run's reader nor the judgement).

use borsh::{BorshDeserialize, BorshSerialize};
use serde::{Deserialize, Serialize};

use crate::kernel::json::json_struct;
use crate::lab::grading::judgement::{FailureClass, Judgement};
use crate::lab::{Run, Scenario};

/// One row of a graded harness: what its run showed, read from the run and
/// its judgement.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[derive(BorshSerialize, BorshDeserialize)]
pub struct HarnessRow {
    pub scenario: Scenario,
    /// The one judgement's verdict.
    pub pass: bool,
    pub reports: usize,
    /// HTTP requests, and the tool calls they served: the run's retries are
    /// the difference.
    pub attempts: usize,
    pub calls: usize,
    /// Attempts that could never succeed ([`Judgement::wasted`]).
    pub wasted: usize,
    /// The longest a call waited for its answer.
    pub answered_ms: u64,
    /// A request went out again after a failed TLS verification.
    pub tls_retried: bool,
    /// The run broke a rule of the chapter itself.
    pub rule_broken: bool,
    /// It filed more than one report for a tenant's request.
    pub duplicate: bool,
}

json_struct!(HarnessRow {
    scenario,
    pass,
    reports,
    attempts,
    calls,
    wasted,
    answered_ms,
    tls_retried,
    rule_broken,
    duplicate,
});

impl HarnessRow {
    /// The row of `scenario`'s `run`, judged by `j` (its one judgement).
    pub fn of(scenario: Scenario, run: &Run, j: &Judgement) -> HarnessRow {
        let tls = |r: &Run| crate::lab::grading::judgement::tls_retry_step(r).is_some();
        HarnessRow {
            scenario,
            pass: j.passes(),
            reports: j.reports(),
            attempts: j.attempts,
            calls: run.calls().len(),
            wasted: j.wasted,
            answered_ms: run
                .calls()
                .iter()
                .filter_map(|c| c.answered_ms)
                .max()
                .unwrap_or(0),
            tls_retried: tls(run),
            rule_broken: !j.run_rules.is_empty(),
            duplicate: j.classes.contains(&FailureClass::Duplicate),
        }
    }

    /// Requests beyond each call's first.
    pub fn retries(&self) -> usize {
        self.attempts.saturating_sub(self.calls)
    }
}

/// The row of `scenario` run with harness `h` behind `design`.
#[cfg(feature = "sqlite")]
pub fn harness_row(
    scenario: Scenario,
    h: crate::lab::Harness,
    design: crate::lab::Design,
    seed: u64,
) -> HarnessRow {
    let r = crate::lab::run(scenario, h, design, seed);
    HarnessRow::of(scenario, &r, &r.judgement())
}
