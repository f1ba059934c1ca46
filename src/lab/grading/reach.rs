//! Whether a report can be filed at all: for each named scenario, whether
//! some server and harness that follow the chapter file a report within the
//! harness's total deadline ([`crate::lab::model::times::CALL_DEADLINE_MS`]), why, and which source
//! the answer follows. The judgement asks for exactly one report where one
//! is possible, and for none where none is: a run that «passes» by filing
//! nothing where one report was within reach has only given up.
//!
//! The table ([`Scenario::reach`]) is the one the README shows; for any
//! other schedule (the hunt's) the same answer is derived from its fault
//! primitives ([`reachable`]), and a test checks that both agree on every
//! named scenario.

use crate::kernel::ids::id_enum;
use crate::lab::faults::{AttemptFault, Delivery, FaultSchedule, RequestReach, ServerReach};
use crate::lab::model::ids::Scenario;
use crate::lab::model::times::{CALL_DEADLINE_MS, MAX_ATTEMPTS};

id_enum! {
    /// The source a row of the reachability table follows.
    Source {
        /// The chapter, `000_*.txt`.
        Chapter => "000",
        /// The timeout/retry decision tree, `001_*.txt`.
        Tree => "001",
        /// Idempotency, recovery and receipts, `003_*.txt`.
        Recovery => "003",
        /// Stripe's documented behaviour, as `000_*.txt` quotes it («包括 500»).
        Stripe => "stripe",
    }
}

id_enum! {
    /// Why a report can or cannot be filed (`lab.reach.<id>` in the README).
    ReachWhy {
        /// Some attempt reaches a server that does the work.
        Reaches => "reaches",
        /// A lost request or a refused connection sent nothing; a retry with
        /// the same key reaches the server.
        RetrySends => "retry_sends",
        /// A short `Retry-After` (503 or a rate-limit 429) fits in the deadline.
        ShortRetryAfter => "short_retry_after",
        /// The first attempt did the work; what follows only decides how
        /// many reports there are.
        FirstAttemptWorks => "first_attempt_works",
        /// A crash rolls the report back; the process restarts within the
        /// deadline and a retry (a lease takeover, if the claim is stuck)
        /// files it.
        RetryAfterRestart => "retry_after_restart",
        /// A TLS, certificate or host name failure is never retried (001's
        /// first branch), and nothing was sent.
        TlsNeverRetried => "tls_never_retried",
        /// A quota 429 ends the call (000: «额度类 429 直接终止»).
        QuotaEnds => "quota_ends",
        /// The server's `Retry-After` is past the call's total deadline.
        RetryAfterPastDeadline => "retry_after_past_deadline",
        /// The handler failed; the key's stored 500 is replayed, never
        /// re-executed (Stripe stores and replays the 500; 003 records the
        /// outcome as unknown: a failed handler proves nothing about side
        /// effects, so a retry must not re-run it either).
        FailureReplayed => "failure_replayed",
        /// No attempt within the harness's attempts reaches a working server.
        NoAttemptWorks => "no_attempt_works",
        /// An invalid `Retry-After` counts as absent (001): the harness
        /// backs off and a retry within the deadline reaches the server.
        InvalidRetryAfter => "invalid_retry_after",
        /// A malformed field is refused with 422 on every attempt: a 4xx
        /// other than 408, 409 and 429 is never worth a retry.
        ClientErrorEnds => "client_error_ends",
        /// The outage lasts past the call's total deadline: every attempt
        /// within it gets 503.
        OutagePastDeadline => "outage_past_deadline",
    }
}

/// A row of the table: whether a report can be filed, why, and the source.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reach {
    pub possible: bool,
    pub why: ReachWhy,
    pub source: Source,
}

const fn row(possible: bool, why: ReachWhy, source: Source) -> Reach {
    Reach {
        possible,
        why,
        source,
    }
}

impl Scenario {
    /// This scenario's row of the reachability table. The contested ones
    /// say which source they follow: `stored_500` Stripe (the 500 is stored
    /// and replayed; 003 agrees that it must not be re-run); `slow_drip`,
    /// `key_expired`, `title_rewrite` the chapter (the first attempt did the
    /// work, whatever the client later sees); `notify_then_crash` 003 (the
    /// crash rolls the report back, a retry after the restart files it).
    pub fn reach(self) -> Reach {
        use ReachWhy as W;
        use Scenario as S;
        use Source::*;
        match self {
            S::RequestLost | S::ConnectRefused | S::ConnectTimeout => {
                row(true, W::RetrySends, Tree)
            }
            S::RetryAfter503 | S::RateLimited429 | S::RetryAfterDate => {
                row(true, W::ShortRetryAfter, Tree)
            }
            S::RetryAfterInvalid => row(true, W::InvalidRetryAfter, Tree),
            S::ClientError => row(false, W::ClientErrorEnds, Tree),
            S::Outage | S::ManyTools => row(false, W::OutagePastDeadline, Tree),
            S::ResponseLost
            | S::BodyMismatch
            | S::ModelRetry
            | S::KeyExpired
            | S::TitleRewrite
            | S::SlowDrip
            | S::CrashBeforeNotify => row(true, W::FirstAttemptWorks, Chapter),
            S::CrashBetweenCommits | S::NotifyThenCrash => {
                row(true, W::RetryAfterRestart, Recovery)
            }
            // The downstream's effect is made in the first attempt; 003's
            // recovery backfills the report from its receipt.
            S::DownstreamDoneCrash
            | S::ReceiptLate
            | S::FailAfterEffect
            | S::PermissionRevoked
            | S::ApprovalExpired => row(true, W::FirstAttemptWorks, Recovery),
            S::DeadlinePassed => row(true, W::RetrySends, Tree),
            S::TlsError => row(false, W::TlsNeverRetried, Tree),
            S::Quota429 => row(false, W::QuotaEnds, Chapter),
            S::RetryAfterLong => row(false, W::RetryAfterPastDeadline, Tree),
            S::Stored500 => row(false, W::FailureReplayed, Stripe),
            S::None
            | S::SlowServer
            | S::LeaseReclaimed
            | S::LeaseExpired
            | S::LeaseOverlap
            | S::ConcurrentSameKey
            | S::NotifierTimeout
            | S::RelayCrash
            | S::LeaseNotify
            | S::KeyCollision => row(true, W::Reaches, Chapter),
        }
    }
}

/// What one attempt's faults mean for reaching a working server.
enum Step {
    /// The attempt reaches the server's work.
    Works,
    /// Nothing happened; a retry may still reach it.
    Retry,
    /// The call ends here without a report, whatever follows.
    Ends,
    /// The process dies inside the handler: a claim may be left behind.
    Crashes,
    /// The primitives alone do not say.
    Open,
}

/// The step of one attempt, from its primitives: a request that sends
/// nothing decides it; else the server's fault does. An answer before any
/// work decides it only where the client read it: after a late request or
/// a lost answer the client timed out and sent again before (or without)
/// reading it, and the primitives alone do not say what that retry met.
fn attempt_step(f: AttemptFault) -> Step {
    let read = (f.request, f.response) == (Delivery::Deliver, Delivery::Deliver);
    match (f.request.reach(), f.server.reach()) {
        (Some(RequestReach::Ends), _) => Step::Ends,
        (Some(RequestReach::Retried), _) => Step::Retry,
        (None, ServerReach::Answers { .. }) if !read => Step::Open,
        (None, ServerReach::Answers { retried: true }) => Step::Retry,
        (None, ServerReach::Answers { retried: false }) => Step::Ends,
        (None, ServerReach::Retried) => Step::Retry,
        (None, ServerReach::Crashes) => Step::Crashes,
        (None, ServerReach::Works) => Step::Works,
    }
}

/// Whether a chapter-following server and harness can file a report under
/// `schedule`, derived from its fault primitives; `None` where the
/// primitives alone do not say (the judgement then asks only for at most
/// one report and the truth). Attempts are numbered across tool calls; the
/// first that reaches a working server makes it possible. A TLS failure, a
/// quota 429, a failed handler's stored 500 or a `Retry-After` past the
/// deadline ends its call: impossible, unless the model calls again (then
/// open). A crash in a call's first attempt is mended when the rest of the
/// call's attempts are fault-free (the 409's `Retry-After` waits out the
/// lease, and the next attempt takes the claim over, within the deadline);
/// any other crash leaves it open, and so does another attempt that may
/// undo the work ([`undone_elsewhere`]). This is the first tenant's request; a
/// second tenant's ([`reachable_for`]) is sure only without faults.
pub fn reachable(schedule: &FaultSchedule) -> Option<bool> {
    if let Some(sure) = standing(schedule) {
        return sure;
    }
    let calls = 1 + schedule.model_recalls as usize;
    let per_call = MAX_ATTEMPTS as usize;
    let mut n = 0;
    // An attempt whose work another attempt may undo leaves the answer
    // open, unless a later attempt that nothing undoes works.
    let mut undone = false;
    let open_or = |sure: Option<bool>, undone: bool| if undone { None } else { sure };
    for _ in 0..calls {
        for k in 0..per_call {
            match attempt_step(schedule.attempt(n + k)) {
                Step::Works if undone_elsewhere(schedule, n + k) => undone = true,
                Step::Works => return Some(true),
                Step::Retry => {}
                // Whether a model re-call after a failure that ends a call
                // files depends on the key it carries (a business key gets
                // the stored 500 again): the primitives do not say.
                Step::Ends if calls > 1 => return None,
                Step::Ends => return open_or(Some(false), undone),
                Step::Open => return None,
                Step::Crashes => {
                    let clean = (n + k + 1..n + per_call)
                        .all(|i| schedule.attempt(i) == AttemptFault::default());
                    return open_or((k == 0 && clean).then_some(true), undone);
                }
            }
            if k + 1 == per_call {
                n += per_call;
            }
        }
    }
    open_or(Some(false), undone)
}

/// What the schedule-wide server faults decide alone, whatever the
/// attempts: a malformed field is refused on every attempt of every call;
/// an outage past the call's deadline answers every attempt of a single
/// call with 503 (a model re-call may come after it: open). `None`: they
/// do not decide.
fn standing(schedule: &FaultSchedule) -> Option<Option<bool>> {
    if schedule.malformed {
        return Some(Some(false));
    }
    let until = schedule.outage_ms?;
    let past = until >= CALL_DEADLINE_MS && schedule.model_recalls == 0;
    Some(past.then_some(false))
}

/// Whether another attempt may undo attempt `at`'s work: a crash elsewhere
/// kills every handler in the process, and while `at` is late or stalled
/// past the client's timeout, a retry whose handler fails
/// may win the key first and store its failure.
fn undone_elsewhere(schedule: &FaultSchedule, at: usize) -> bool {
    let this = schedule.attempt(at);
    let slow = this.request.outlasts_timeout() || this.server.outlasts_timeout();
    let others = schedule.attempts.iter().enumerate();
    others
        .filter(|(i, _)| *i != at)
        .any(|(_, a)| a.server.undoes_others(slow))
}

/// [`reachable`] for `tenant`'s request. Attempts are numbered in the
/// order they are sent, across tenants and a double submit's two calls, so
/// with a second tenant or a double submit no request's attempts are known
/// from the schedule alone: its reach is sure only where the schedule has
/// no attempt faults at all.
pub fn reachable_for(schedule: &FaultSchedule, tenant: usize) -> Option<bool> {
    if tenant == 0 && schedule.second_tenant.is_none() && !schedule.double_submit {
        reachable(schedule)
    } else {
        let clean = schedule
            .attempts
            .iter()
            .all(|a| *a == AttemptFault::default());
        clean.then_some(true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_and_the_derivation_agree_on_every_named_scenario() {
        for sc in Scenario::ALL {
            let s = sc.schedule();
            assert_eq!(reachable_for(&s, 0), Some(sc.reach().possible), "{sc:?}");
        }
    }

    #[test]
    fn the_issues_examples() {
        for sc in [
            Scenario::RequestLost,
            Scenario::ResponseLost,
            Scenario::RateLimited429,
        ] {
            assert!(sc.reach().possible, "{sc:?}");
        }
        for sc in [
            Scenario::Quota429,
            Scenario::TlsError,
            Scenario::RetryAfterLong,
        ] {
            assert!(!sc.reach().possible, "{sc:?}");
        }
    }
}
