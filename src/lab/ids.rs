//! The three choices a learner makes (fault scenario, client strategy, server
//! implementation) and the verdict of a run. Their ids are the URL values of
//! `#/lab?scenario=…&client=…&server=…`, spelled as the README documents.

use serde::Serialize;

use crate::ids::id_enum;

id_enum! {
    /// A named fault scenario; [`Scenario::schedule`](crate::lab::FaultSchedule) turns it
    /// into the fault schedule the simulation runs.
    #[derive(Serialize)]
    Scenario {
        /// Nothing goes wrong.
        None => "none",
        /// The first request never reaches the server.
        RequestLost => "request_lost",
        /// The server commits; its response is lost on the way back.
        ResponseLost => "response_lost",
        /// The first request is still being processed when the retry arrives.
        SlowServer => "slow_server",
        /// The server process dies after its first commit, before its second.
        CrashBetweenCommits => "crash_between_commits",
        /// The first request claims the key, stalls past the lease, wakes up and writes back.
        LeaseExpired => "lease_expired",
        /// The response is lost and the retry carries a re-rendered body.
        BodyMismatch => "body_mismatch",
        /// The server answers 503 with `Retry-After` before doing anything.
        RetryAfter503 => "retry_after_503",
        /// The harness gives up with an unknown outcome; the model calls the tool again.
        ModelRetry => "model_retry",
    }
}

id_enum! {
    /// How the harness chooses the `Idempotency-Key` header.
    #[derive(Serialize)]
    ClientStrategy {
        /// No key at all.
        Naive => "naive",
        /// A fresh UUID on every attempt (the classic mistake).
        NewKey => "new_key",
        /// `run_id:tool_use_id`, reused on every retry of one tool call.
        StableKey => "stable_key",
        /// Derived from the evaluation run, the module and the normalised title.
        BusinessKey => "business_key",
    }
}

id_enum! {
    /// How the bug tracker handles `POST /reports`.
    #[derive(Serialize)]
    ServerImpl {
        /// Inserts every POST.
        Naive => "naive",
        /// Inserts the report in one commit, records the key in a second one.
        KeySplit => "key_split",
        /// Claims the key, then inserts the report and stores the response in one transaction.
        Atomic => "atomic",
        /// `atomic` plus a lease: an expired claim may be taken over.
        Leased => "leased",
        /// `leased` plus a fencing token checked at write-back.
        Fenced => "fenced",
    }
}

/// What the final number of reports means.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Verdict {
    /// More than one report: 重复副作用.
    Duplicate,
    /// Exactly one report: 恰好一次.
    ExactlyOnce,
    /// No report at all: 没有报告（结果未知）.
    NoReport,
}

impl Verdict {
    /// The verdict for a final report count.
    pub fn from_count(count: usize) -> Self {
        match count {
            0 => Verdict::NoReport,
            1 => Verdict::ExactlyOnce,
            _ => Verdict::Duplicate,
        }
    }

    /// A stable id (CSS class suffix, translation key suffix).
    pub fn id(self) -> &'static str {
        match self {
            Verdict::Duplicate => "duplicate",
            Verdict::ExactlyOnce => "exactly_once",
            Verdict::NoReport => "no_report",
        }
    }
}
