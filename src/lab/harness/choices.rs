//! The harness's choices, one enum per group of the chapter's decision
//! table: how the key is made, which failures are retried, how long to
//! wait, what `Retry-After` does and what the model hears when the outcome
//! is unknown. Each value's id is its token in `harness=` and `--harness`;
//! its names and the chapter passage it comes from are the texts
//! `lab.harness.<id>` and `lab.harness.<id>.src`.

use borsh::{BorshDeserialize, BorshSerialize};
use serde::Serialize;

use crate::kernel::ids::id_enum;

id_enum! {
    serde_by_name;
    /// How the harness chooses the `Idempotency-Key` header.
    #[derive(Serialize, BorshSerialize, BorshDeserialize, PartialOrd, Ord)]
    KeyChoice {
        /// No key at all.
        None => "key_none",
        /// A fresh UUID on every attempt (the classic mistake).
        PerAttempt => "key_per_attempt",
        /// `run_id:tool_use_id`: one key per tool call.
        PerToolUse => "key_per_tool_use",
        /// A digest of the normalised run, module and title: survives a
        /// model re-call, and never carries the title itself.
        Business => "key_business",
    }
}

id_enum! {
    serde_by_name;
    /// A class of failure the harness may retry (001's decision tree and
    /// 000's ❌ list). Its id, after `retry_`, is the token that adds it.
    #[derive(Serialize, BorshSerialize, BorshDeserialize, PartialOrd, Ord)]
    Class {
        /// The connection was refused or never established: nothing was sent.
        Refused => "refused",
        /// No answer within the read timeout: the outcome is unknown.
        ReadTimeout => "read_timeout",
        /// 500, 502, 503, 504.
        Server5xx => "5xx",
        /// 409: the same key is still in progress, or a conflict.
        Conflict409 => "409",
        /// 429 with a `Retry-After` the harness could read.
        Limited429 => "429",
        /// 429 whose body says the quota is exhausted.
        Quota429 => "quota",
        /// TLS, certificate or host name verification failed.
        Tls => "tls",
        /// Any other 4xx (422 for a malformed field, 400, 401, 403, 404).
        Other4xx => "4xx",
    }
}

impl Class {
    /// Its bit in a [`super::RetrySet`].
    pub const fn bit(self) -> u16 {
        1 << self as u16
    }

    /// A retry of this class can never succeed: the same request meets the
    /// same certificate, the same malformed field, the same exhausted quota.
    pub fn hopeless(self) -> bool {
        matches!(self, Class::Tls | Class::Other4xx | Class::Quota429)
    }

    /// The request may have reached the server and run (001: the outcome
    /// is unknown), so a retry without a key may add a second report.
    pub fn maybe_ran(self) -> bool {
        matches!(
            self,
            Class::ReadTimeout | Class::Server5xx | Class::Conflict409
        )
    }
}

id_enum! {
    serde_by_name;
    /// The backoff formula between two attempts (the herd's formulas, from
    /// `kernel::backoff`).
    #[derive(Serialize, BorshSerialize, BorshDeserialize, PartialOrd, Ord)]
    WaitChoice {
        /// Retry at once.
        None => "wait_none",
        /// `min(cap, base·2ⁿ⁻¹)`, no jitter: every client retries in step.
        Exponential => "wait_exponential",
        /// Full Jitter: uniform in `[0, min(cap, base·2ⁿ⁻¹))`.
        Full => "wait_full",
        /// Equal Jitter: half the bound plus a uniform half.
        Equal => "wait_equal",
        /// Decorrelated Jitter: `min(cap, uniform(base, 3·previous))`.
        Decorrelated => "wait_decorrelated",
        /// Codex's sampling layer: `base·2ⁿ⁻¹ × uniform[0.9, 1.1)`.
        Codex => "wait_codex",
    }
}

id_enum! {
    serde_by_name;
    /// What the harness does with a readable `Retry-After`.
    #[derive(Serialize, BorshSerialize, BorshDeserialize, PartialOrd, Ord)]
    RetryAfterChoice {
        /// Waits its own backoff whatever the server said.
        Ignore => "ra_ignore",
        /// Waits exactly what the server said (delta-seconds or HTTP date),
        /// even past the deadline, which then ends the call.
        Honour => "ra_honour",
        /// Waits what the server said if the call's deadline allows it, and
        /// otherwise fails fast at once (001: «应快速失败»).
        FailFast => "ra_fail_fast",
        /// As `ra_fail_fast`, but hands the call to a durable deferral queue
        /// that resends it, same key, once the wait is over (001: «或交给队列延期»).
        Defer => "ra_defer",
    }
}

impl RetryAfterChoice {
    /// The choice keeps the call's deadline in view.
    pub fn within_deadline(self) -> bool {
        matches!(self, RetryAfterChoice::FailFast | RetryAfterChoice::Defer)
    }
}

id_enum! {
    serde_by_name;
    /// What the model is told when the harness gives up and a request may
    /// have run.
    #[derive(Serialize, BorshSerialize, BorshDeserialize, PartialOrd, Ord)]
    UnknownChoice {
        /// «提交失败»: a lie when the report was in fact created.
        SayFailed => "unknown_failed",
        /// «结果未知，报告可能已创建，先查一下».
        SayUnknown => "unknown_unknown",
        /// The harness's model queries by the business identity before any
        /// new call (`GET /reports`), then hears «结果未知，先查一下».
        Query => "unknown_query",
        /// 003's recovery protocol: the harness sends its deadline with
        /// each request, and on an answer that names the outcome unknown
        /// (with a `status_ref`) it calls `query_operation_status` instead
        /// of resending the write; the model hears what the query proves.
        Reconcile => "unknown_reconcile",
    }
}
