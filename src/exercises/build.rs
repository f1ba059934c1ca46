//! «搭一个服务端»: the student submits a server design (a set of the lab's
//! mechanisms) and it is graded by running it. The challenge names a
//! client and a suite of fault scenarios; the design passes when every row
//! passes by the run's one judgement ([`crate::lab::grading::judgement`], the
//! workbench's rows), breaks no rule of the chapter with the challenge's
//! client ([`design_breaks`], the rules the judgement holds), uses at most
//! `max` mechanisms when the challenge sets a limit, and keeps the
//! mechanisms the challenge requires (the lease of a service that must
//! survive `kill -9`). The rows come from running the design (in the lab
//! engine's worker in the page, [`run_suite`] natively): nothing here knows
//! which designs pass.

use serde::{Deserialize, Serialize};

use crate::lab::grading::rules::{design_breaks, Rule};
#[cfg(feature = "sqlite")]
use crate::lab::grading::suite;
use crate::lab::grading::suite::SuiteRow;
use crate::lab::{ClientStrategy, Design, DesignProblem, Mechanism, Scenario, StepParam};
use crate::pages::links::Link;

/// A build challenge: what the design must pass.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Challenge {
    pub client: ClientStrategy,
    /// The scenarios, in the order the card lists them.
    pub suite: &'static [Scenario],
    /// At most this many mechanisms, if set.
    pub max: Option<usize>,
    /// Mechanisms the design must keep (none for most challenges).
    pub requires: Design,
    pub seed: u64,
}

/// Why a design cannot be graded at all: the core's rules drop some of its
/// mechanisms ([`Design::resolve`]); the student sees which and why.
pub fn problems(design: Design) -> Vec<DesignProblem> {
    design.resolve().1
}

/// The verdict on a graded design.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Verdict {
    /// The rows that failed, in suite order.
    pub failing: Vec<SuiteRow>,
    /// The design's mechanism count, when it is over the challenge's limit.
    pub over_limit: Option<usize>,
    /// Required mechanisms the design left out.
    pub missing: Vec<Mechanism>,
    /// The chapter's rules the design breaks with the challenge's client:
    /// a design that breaks one never passes, whatever its rows show.
    #[serde(default)]
    pub breaks: Vec<Rule>,
}

impl Verdict {
    pub fn passes(&self) -> bool {
        self.failing.is_empty()
            && self.over_limit.is_none()
            && self.missing.is_empty()
            && self.breaks.is_empty()
    }
}

impl Challenge {
    /// Whether `rows` are this suite's rows, in order.
    pub fn fits(&self, rows: &[SuiteRow]) -> bool {
        rows.len() == self.suite.len() && rows.iter().zip(self.suite).all(|(r, s)| r.scenario == *s)
    }

    /// Grades `design` on its `rows` (`None` if they are not this suite's).
    pub fn verdict(&self, design: Design, rows: &[SuiteRow]) -> Option<Verdict> {
        if !self.fits(rows) {
            return None;
        }
        let over = self.max.filter(|k| design.len() > *k).map(|_| design.len());
        Some(Verdict {
            failing: rows.iter().filter(|r| !r.pass).copied().collect(),
            over_limit: over,
            missing: self
                .requires
                .mechanisms()
                .into_iter()
                .filter(|m| !design.has(*m))
                .collect(),
            breaks: design_breaks(self.client, design),
        })
    }

    /// The run view of one row at the step where it broke (its end if the
    /// row carries no break step).
    pub fn row_link(&self, design: Design, row: &SuiteRow) -> Link {
        let step = row
            .break_step
            .map_or(StepParam::End, |s| StepParam::Raw(s.to_string()));
        Link::lab_at(row.scenario, self.client, design, self.seed, step)
    }

    /// Runs `design` on the suite here (native tests, the CLI).
    #[cfg(feature = "sqlite")]
    pub fn run(&self, design: Design) -> Vec<SuiteRow> {
        run_suite(self, design)
    }
}

/// The suite's rows for `design`: the workbench's own grading.
#[cfg(feature = "sqlite")]
pub fn run_suite(c: &Challenge, design: Design) -> Vec<SuiteRow> {
    suite::suite(design, c.client, c.seed, c.suite)
}

#[cfg(all(test, feature = "sqlite"))]
mod tests {
    use super::*;
    use Mechanism::*;

    fn challenge(max: Option<usize>, requires: Design) -> Challenge {
        Challenge {
            client: ClientStrategy::StableKey,
            suite: &[Scenario::ResponseLost, Scenario::BodyMismatch],
            max,
            requires,
            seed: 1,
        }
    }

    #[test]
    fn rows_from_another_suite_are_not_graded() {
        let c = challenge(None, Design::NONE);
        let rows = c.run(Design::NONE);
        assert!(c.verdict(Design::NONE, &rows[..1]).is_none());
        let mut swapped = rows.clone();
        swapped.reverse();
        assert!(c.verdict(Design::NONE, &swapped).is_none());
    }

    #[test]
    fn the_limit_and_the_required_mechanisms_count_with_the_rows() {
        let good = Design::of(&[Claim, Digest]);
        let c = challenge(Some(2), Design::NONE);
        assert!(c.verdict(good, &c.run(good)).unwrap().passes());
        let three = good.with(StoreErrors);
        let v = c.verdict(three, &c.run(three)).unwrap();
        assert!(v.failing.is_empty(), "{v:?}");
        assert_eq!(v.over_limit, Some(3));
        assert!(!v.passes());
        let c = challenge(None, Design::of(&[Claim, Lease]));
        let v = c.verdict(good, &c.run(good)).unwrap();
        assert_eq!(v.missing, vec![Lease]);
        assert!(!v.passes());
    }

    #[test]
    fn a_failing_row_links_the_run_view_at_its_break_step() {
        let c = challenge(None, Design::NONE);
        let claim = Design::of(&[Claim]);
        let rows = c.run(claim);
        let v = c.verdict(claim, &rows).unwrap();
        assert_eq!(v.failing.len(), 1);
        let row = v.failing[0];
        assert_eq!(row.scenario, Scenario::BodyMismatch);
        let step = row.break_step.expect("a failing row has a break step");
        let href = c.row_link(claim, &row).href();
        assert!(
            href.contains("scenario=body_mismatch")
                && href.contains("harness=stable_key")
                && href.contains("design=claim")
                && href.contains(&format!("step={step}")),
            "{href}"
        );
    }
}
