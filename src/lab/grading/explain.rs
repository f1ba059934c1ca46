//! What a finished run means, in one sentence's worth of structure: whether
//! it ended well, the cause of a bad ending. Pure: the UI only translates.
//! (Whether a good ending was luck, and the nearest combination that fixes
//! a bad one, come from the simulation: `Run::cell().lucky`, `lab::nearest_fix`.)

use borsh::{BorshDeserialize, BorshSerialize};
use serde::{Deserialize, Serialize};

use crate::lab::grading::rules::Rule;
use crate::lab::model::ids::{Ending, Scenario};
use crate::lab::model::result::{Cell, Run, WriteOutcome};
use crate::lab::model::trace::AttemptOutcome;

/// A run ends well exactly when its judgement passes (the cell carries it;
/// [`crate::lab::grading::judgement::Judgement::passes`]).
pub fn is_good(c: Cell) -> bool {
    c.pass
}

/// Why a run ended as it did (a translation key suffix: `lab.why.<id>`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[derive(BorshSerialize, BorshDeserialize)]
pub enum Cause {
    Good,
    NoKey,
    NewKey,
    ServerIgnoresKey,
    SplitCrash,
    SplitRace,
    ModelRecall,
    KeyPruned,
    StuckClaim,
    CarefulTimeout,
    ChangedBody,
    ReplayedOldResponse,
    StillInProgress,
    StaleWriteBack,
    Unknown,
    /// Another tenant's stored response answered this tenant's request.
    Leak,
    /// Another tenant's record refused this tenant's request with 422.
    TenantRefused,
    /// The model rewrote the title when it called again: no key ties the calls.
    TitleRewritten,
    /// The total deadline ended a call whose response was still trickling in.
    TotalDeadline,
    /// The client gave up (or was never let through) where a retry with
    /// the same key would have filed the report.
    GaveUp,
    /// The notifications went wrong although the reports are right.
    Notification,
    /// A TLS failure was retried (`001_*.txt`'s first branch).
    TlsRetried,
    /// A failed handler was run again instead of its 500 replayed.
    RerunFailure,
    /// A 4xx other than 408, 409 and 429, or a quota 429, was retried.
    HopelessRetried,
    /// A retry went out before a readable `Retry-After` was over.
    EarlyRetry,
}

impl Cause {
    /// Translation key of the sentence.
    pub fn key(self) -> String {
        let id = match self {
            Cause::Good => "good",
            Cause::NoKey => "no_key",
            Cause::NewKey => "new_key",
            Cause::ServerIgnoresKey => "server_ignores_key",
            Cause::SplitCrash => "split_crash",
            Cause::SplitRace => "split_race",
            Cause::ModelRecall => "model_recall",
            Cause::KeyPruned => "key_pruned",
            Cause::StuckClaim => "stuck_claim",
            Cause::CarefulTimeout => "careful_timeout",
            Cause::ChangedBody => "changed_body",
            Cause::ReplayedOldResponse => "replayed_old_response",
            Cause::StillInProgress => "still_in_progress",
            Cause::StaleWriteBack => "stale_write_back",
            Cause::Unknown => "unknown",
            Cause::Leak => "leak",
            Cause::TenantRefused => "tenant_refused",
            Cause::TitleRewritten => "title_rewritten",
            Cause::TotalDeadline => "total_deadline",
            Cause::GaveUp => "gave_up",
            Cause::Notification => "notification",
            Cause::TlsRetried => "tls_retried",
            Cause::RerunFailure => "rerun_failure",
            Cause::HopelessRetried => "hopeless_retried",
            Cause::EarlyRetry => "early_retry",
        };
        format!("lab.why.{id}")
    }
}

fn duplicate_cause(scenario: Scenario, run: &Run) -> Cause {
    use crate::lab::harness::KeyChoice as K;
    let split = run.design.records_after();
    let stale = run
        .survivors()
        .any(|w| matches!(w.outcome, WriteOutcome::Committed { stale: true, .. }));
    match (run.harness.key, scenario) {
        (_, Scenario::KeyExpired) => Cause::KeyPruned,
        (K::None, _) => Cause::NoKey,
        (K::PerAttempt, _) => Cause::NewKey,
        _ if !run.design.keyed() => Cause::ServerIgnoresKey,
        _ if crate::lab::faults::title_rewrite::rewritten(run) => Cause::TitleRewritten,
        (_, Scenario::CrashBetweenCommits) if split => Cause::SplitCrash,
        _ if split && (run.calls().len() == 1 || scenario != Scenario::ModelRetry) => {
            Cause::SplitRace
        }
        _ if stale => Cause::StaleWriteBack,
        _ => Cause::ModelRecall,
    }
}

fn unknown_cause(run: &Run) -> Cause {
    let last = run.final_outcome();
    let careful = !run.harness.retries(crate::lab::harness::Class::ReadTimeout);
    match (careful, last) {
        (_, Some(AttemptOutcome::DeadlineFired)) => Cause::TotalDeadline,
        (true, _) => Cause::CarefulTimeout,
        (_, Some(AttemptOutcome::Status { status: 422, .. })) => Cause::ChangedBody,
        (_, Some(AttemptOutcome::Status { status: 409, .. })) if run.final_report_count() == 0 => {
            Cause::StuckClaim
        }
        (_, Some(AttemptOutcome::Status { status: 409, .. })) => Cause::StillInProgress,
        _ => Cause::Unknown,
    }
}

/// The named scenario whose reading of causes fits a schedule of its own
/// (a counterexample): a next-day restart reads as `key_expired`, a crash
/// as `crash_between_commits`, model re-calls as `model_retry`, anything
/// else as a retry after an unknown outcome (`response_lost`).
pub fn reading_scenario(s: &crate::lab::FaultSchedule) -> Scenario {
    use crate::lab::ServerFault;
    if s.restart_next_day {
        Scenario::KeyExpired
    } else if s.attempts.iter().any(|a| a.server == ServerFault::Crash) {
        Scenario::CrashBetweenCommits
    } else if s.model_recalls > 0 {
        Scenario::ModelRetry
    } else {
        Scenario::ResponseLost
    }
}

/// Why nothing was filed where a report was possible: a stuck claim or a
/// deadline (read as before), else a client that gave up.
fn nothing_cause(run: &Run) -> Cause {
    match unknown_cause(run) {
        c @ (Cause::StuckClaim | Cause::TotalDeadline) => c,
        _ => Cause::GaveUp,
    }
}

/// The cause of a run that broke a rule itself: the first of its rules
/// that has a cause of its own (a TLS failure, a hopeless or an early
/// retry), else a failure re-run.
fn rule_cause(rules: &[Rule]) -> Cause {
    let of = |r: &Rule| match r {
        Rule::RetryTls => Some(Cause::TlsRetried),
        Rule::RetryHopeless => Some(Cause::HopelessRetried),
        Rule::ShortenRetryAfter => Some(Cause::EarlyRetry),
        _ => None,
    };
    [Rule::RetryTls, Rule::RetryHopeless, Rule::ShortenRetryAfter]
        .iter()
        .filter(|r| rules.contains(r))
        .find_map(of)
        .unwrap_or(Cause::RerunFailure)
}

/// The cause of the run's ending, read from its judgement: `Good` exactly
/// when it passes.
pub fn cause(scenario: Scenario, run: &Run) -> Cause {
    let judgement = run.judgement();
    if judgement.passes() {
        return Cause::Good;
    }
    match judgement.ending {
        Ending::Duplicate => duplicate_cause(scenario, run),
        Ending::ChangedBody => Cause::ReplayedOldResponse,
        Ending::Leak => Cause::Leak,
        Ending::TenantRefused => Cause::TenantRefused,
        Ending::NothingFiled => nothing_cause(run),
        Ending::Notification => Cause::Notification,
        Ending::RuleBroken => rule_cause(&judgement.run_rules),
        _ => unknown_cause(run),
    }
}

#[cfg(all(test, feature = "sqlite"))]
mod tests {
    use super::*;
    use crate::lab::ClientStrategy;
    use crate::lab::{run, Preset};

    #[test]
    fn a_counterexample_reads_as_the_scenario_it_resembles() {
        use crate::lab::grading::hunt::decode;
        let read = |code: &str| reading_scenario(&decode(code).unwrap());
        assert_eq!(read("1.a.pl.n"), Scenario::KeyExpired);
        assert_eq!(read("1.a.c.m1"), Scenario::CrashBetweenCommits);
        assert_eq!(read("1.a.s3500.m1"), Scenario::ModelRetry);
        assert_eq!(read("1.a.s5300"), Scenario::ResponseLost);
        let s = decode("1.a.pl.n").unwrap();
        let r = crate::lab::run_schedule(&s, ClientStrategy::StableKey, Preset::Fenced, 1);
        assert_eq!(cause(reading_scenario(&s), &r), Cause::KeyPruned);
        let s = decode("1.a.s3500.m1").unwrap();
        let r = crate::lab::run_schedule(&s, ClientStrategy::StableKey, Preset::Atomic, 1);
        assert_eq!(cause(reading_scenario(&s), &r), Cause::ModelRecall);
    }

    #[test]
    fn causes_and_luck() {
        let r = run(
            Scenario::CrashBetweenCommits,
            ClientStrategy::StableKey,
            Preset::KeySplit,
            1,
        );
        assert_eq!(cause(Scenario::CrashBetweenCommits, &r), Cause::SplitCrash);
        let r = run(
            Scenario::CrashBetweenCommits,
            ClientStrategy::StableKey,
            Preset::Atomic,
            1,
        );
        assert_eq!(cause(Scenario::CrashBetweenCommits, &r), Cause::StuckClaim);
        let r = run(
            Scenario::CrashBetweenCommits,
            ClientStrategy::NewKey,
            Preset::Atomic,
            1,
        );
        assert!(r.cell().lucky, "a new key survived the crash by luck");
        let r = run(
            Scenario::ResponseLost,
            ClientStrategy::StableKey,
            Preset::Fenced,
            1,
        );
        assert!(!r.cell().lucky);
        assert_eq!(cause(Scenario::ResponseLost, &r), Cause::Good);
    }
}
