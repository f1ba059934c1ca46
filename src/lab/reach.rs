//! Whether a report can be filed at all: for each named scenario, whether
//! some server and harness that follow the chapter file a report within the
//! harness's total deadline ([`CALL_DEADLINE_MS`]), why, and which source
//! the answer follows. The judgement asks for exactly one report where one
//! is possible, and for none where none is: a run that «passes» by filing
//! nothing where one report was within reach has only given up.
//!
//! The table ([`Scenario::reach`]) is the one the README shows; for any
//! other schedule (the hunt's) the same answer is derived from its fault
//! primitives ([`reachable`]), and a test checks that both agree on every
//! named scenario.

use super::faults::{Delivery, FaultSchedule, ServerFault};
use super::ids::Scenario;
use super::times::{CALL_DEADLINE_MS, MAX_ATTEMPTS};
use crate::ids::id_enum;

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
            S::RequestLost | S::ConnectRefused => row(true, W::RetrySends, Tree),
            S::RetryAfter503 | S::RateLimited429 => row(true, W::ShortRetryAfter, Tree),
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
            S::TlsError => row(false, W::TlsNeverRetried, Tree),
            S::Quota429 => row(false, W::QuotaEnds, Chapter),
            S::RetryAfterLong => row(false, W::RetryAfterPastDeadline, Tree),
            S::Stored500 => row(false, W::FailureReplayed, Stripe),
            S::None
            | S::SlowServer
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
}

fn attempt_step(request: Delivery, server: ServerFault) -> Step {
    match (request, server) {
        (Delivery::TlsFailure, _) => Step::Ends,
        (Delivery::Lose | Delivery::Refuse, _) => Step::Retry,
        (
            _,
            ServerFault::RateLimited {
                retry_after_s: None,
            },
        )
        | (_, ServerFault::Fail) => Step::Ends,
        (
            _,
            ServerFault::RateLimited {
                retry_after_s: Some(s),
            },
        )
        | (_, ServerFault::Unavailable { retry_after_s: s }) => {
            if s * 1_000 >= CALL_DEADLINE_MS {
                Step::Ends
            } else {
                Step::Retry
            }
        }
        _ => Step::Works,
    }
}

/// Whether a chapter-following server and harness can file a report under
/// `schedule`, derived from its fault primitives: the first attempt, among
/// the harness's attempts of each tool call the schedule allows (attempts
/// are numbered across calls), that reaches a working server (a crash
/// included: the process restarts within the deadline and the claim is
/// taken over). A TLS failure, a quota 429, a failed handler's stored 500
/// or a `Retry-After` past the deadline ends its call; the model may call
/// again if the schedule says so.
pub fn reachable(schedule: &FaultSchedule) -> bool {
    let mut calls_left = 1 + schedule.model_recalls as usize;
    let (mut n, mut of_call) = (0, 0);
    while calls_left > 0 {
        let f = schedule.attempt(n);
        let step = attempt_step(f.request, f.server);
        if matches!(step, Step::Works) {
            return true;
        }
        n += 1;
        of_call += 1;
        if matches!(step, Step::Ends) || of_call == MAX_ATTEMPTS {
            calls_left -= 1;
            of_call = 0;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_and_the_derivation_agree_on_every_named_scenario() {
        for sc in Scenario::ALL {
            assert_eq!(reachable(&sc.schedule()), sc.reach().possible, "{sc:?}");
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
