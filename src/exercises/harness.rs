//! «搭一个 harness»: the student submits a harness design (a `harness=`
//! value: a preset, then the tokens that differ) and it is graded by
//! running it, behind the challenge's server, on the challenge's
//! scenarios, each run read through the one judgement
//! ([`crate::lab::grading::judgement::judge`]). A challenge asks one of the
//! chapter's three questions of the whole suite ([`Check`]): how many
//! retries the run may make, which failures are never retried, how long a
//! call may wait, whether a retry adds a report or is wasted. Nothing here
//! knows which harnesses pass: the rows come from the runs.

pub use crate::lab::grading::harness_row::HarnessRow;
use crate::lab::grading::rules::{design_breaks, Rule};
use crate::lab::{Design, Harness, HarnessProblem, Preset, Scenario};

/// What a challenge asks of every row, besides that it breaks no rule of
/// the chapter (by design or in the run).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Check {
    /// The row passes the one judgement, and the whole run retries at most
    /// this many times (002: «整个 Run 最多 8 次 retry»).
    RunRetriesAtMost(usize),
    /// The row passes, and a row whose scenario fails TLS verification
    /// sends one request per call (001's first branch: never retried).
    NoTlsRetry,
    /// The row passes, and every call was answered within the harness's
    /// own total deadline, which it must have (001: «这个工具调用总共最多
    /// 45 秒»; «若合法等待值超过当前 deadline … 应快速失败或交给队列延期»).
    WithinDeadline,
    /// The row passes, with no report more than one per call and no wasted
    /// attempt (a retry that could never succeed).
    NoDuplicateNoWaste,
}

/// A harness challenge: the server it runs behind, the scenarios (by id:
/// a scenario the lab does not have yet is left out, see [`Self::suite`])
/// and what each row must show.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HarnessChallenge {
    pub server: Preset,
    pub scenarios: &'static [&'static str],
    pub check: Check,
    pub seed: u64,
}

/// The verdict on a graded harness.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HarnessVerdict {
    /// The rows that miss the challenge, in suite order.
    pub failing: Vec<HarnessRow>,
    /// The chapter's rules the harness breaks behind the challenge's
    /// server: it never passes with one.
    pub breaks: Vec<Rule>,
}

impl HarnessVerdict {
    pub fn passes(&self) -> bool {
        self.failing.is_empty() && self.breaks.is_empty()
    }
}

impl HarnessChallenge {
    /// The scenarios the lab has, in the card's order.
    pub fn suite(&self) -> Vec<Scenario> {
        self.scenarios
            .iter()
            .filter_map(|id| Scenario::from_id(id))
            .collect()
    }

    pub fn design(&self) -> Design {
        self.server.design()
    }

    /// Whether `row` meets the challenge, for harness `h`.
    pub fn row_holds(&self, h: Harness, row: &HarnessRow) -> bool {
        let ok = row.pass && !row.rule_broken;
        ok && match self.check {
            Check::RunRetriesAtMost(n) => row.retries() <= n,
            Check::NoTlsRetry => !row.tls_retried,
            Check::WithinDeadline => h
                .deadline_ms
                .is_some_and(|d| row.answered_ms <= u64::from(d)),
            Check::NoDuplicateNoWaste => !row.duplicate && row.wasted == 0,
        }
    }

    /// Grades `h` on its `rows` (`None` if they are not this suite's).
    pub fn verdict(&self, h: Harness, rows: &[HarnessRow]) -> Option<HarnessVerdict> {
        let suite = self.suite();
        let fits =
            rows.len() == suite.len() && rows.iter().zip(&suite).all(|(r, s)| r.scenario == *s);
        fits.then(|| HarnessVerdict {
            failing: rows
                .iter()
                .filter(|r| !self.row_holds(h, r))
                .copied()
                .collect(),
            breaks: design_breaks(h, self.design()),
        })
    }

    /// The run view of one row of `h`, at its end.
    pub fn row_link(&self, h: Harness, row: &HarnessRow) -> crate::pages::links::Link {
        let end = crate::lab::StepParam::End;
        crate::pages::links::Link::lab_at(row.scenario, h, self.design(), self.seed, end)
    }

    /// Runs `h` on the suite here (native tests, the CLI; the page asks
    /// the lab engine's worker).
    #[cfg(feature = "sqlite")]
    pub fn run(&self, h: Harness) -> Vec<HarnessRow> {
        self.suite()
            .into_iter()
            .map(|s| crate::lab::grading::harness_row::harness_row(s, h, self.design(), self.seed))
            .collect()
    }
}

/// Reads a student's `harness=` value: the harness, or why it cannot be
/// graded (tokens that name nothing, numbers out of bounds, a choice that
/// needs a deadline).
pub fn read(text: &str) -> Result<Harness, Vec<HarnessProblem>> {
    match Harness::parse(text) {
        (h, problems) if problems.is_empty() && !text.trim().is_empty() => Ok(h),
        (_, problems) => Err(problems),
    }
}
