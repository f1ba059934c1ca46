//! The three choices a learner makes (fault scenario, client strategy, server
//! design, by preset name or by mechanisms) and the verdict of a run. Their
//! ids are the URL values of `#/lab?scenario=…&client=…&server=…`, spelled as
//! the README documents.

use borsh::{BorshDeserialize, BorshSerialize};
use serde::Serialize;

use crate::kernel::ids::id_enum;

id_enum! {
    serde_by_name;
    /// A named fault scenario; [`Scenario::schedule`](crate::lab::FaultSchedule) turns it
    /// into the fault schedule the simulation runs.
    #[derive(Serialize)]
    #[derive(BorshSerialize, BorshDeserialize)]
    Scenario {
        /// Nothing goes wrong.
        None => "none",
        /// The first request is lost after it was sent; the client sees only a timeout.
        RequestLost => "request_lost",
        /// The first connection is refused: provably nothing was sent.
        ConnectRefused => "connect_refused",
        /// The server commits; its response is lost on the way back.
        ResponseLost => "response_lost",
        /// The first request is still being processed when the retry arrives.
        SlowServer => "slow_server",
        /// The server process dies after its first commit, before its second.
        CrashBetweenCommits => "crash_between_commits",
        /// The first request claims the key, stalls past the lease, and wakes
        /// after the taker has finished.
        LeaseExpired => "lease_expired",
        /// The first request stalls past the lease and wakes while the taker
        /// is still in progress.
        LeaseOverlap => "lease_overlap",
        /// The first handler fails after its claim; key-aware servers store the 500.
        Stored500 => "stored_500",
        /// The response is lost and the retry carries a re-rendered body.
        BodyMismatch => "body_mismatch",
        /// The server answers 503 with `Retry-After` before doing anything.
        RetryAfter503 => "retry_after_503",
        /// 503 with a `Retry-After` longer than the call's remaining deadline.
        RetryAfterLong => "retry_after_long",
        /// 429 with `Retry-After: 1` before any work.
        RateLimited429 => "rate_limited_429",
        /// 429 whose body says the quota is exhausted (`insufficient_quota`),
        /// without `Retry-After`.
        Quota429 => "quota_429",
        /// The same tool call is submitted twice at the same moment, same key.
        ConcurrentSameKey => "concurrent_same_key",
        /// The harness gives up with an unknown outcome; the model calls the tool again.
        ModelRetry => "model_retry",
        /// The response is lost; the harness restarts the next day and resends
        /// the same request with the same key after the server pruned it.
        KeyExpired => "key_expired",
        /// The report's transaction commits, then the process dies before it
        /// notifies the module's owner.
        CrashBeforeNotify => "crash_before_notify",
        /// The process dies after notifying and before `COMMIT` (only
        /// differs from `crash_between_commits` with `notify_before_commit`).
        NotifyThenCrash => "notify_then_crash",
        /// The notifier's answer to the first call is lost; the sender retries.
        NotifierTimeout => "notifier_timeout",
        /// The relay delivers, then dies before marking the row sent, and
        /// delivers again after its restart (only differs with `outbox`).
        RelayCrash => "relay_crash",
        /// As `lease_overlap`, timed so that the taker notifies first and
        /// the stale handler wakes and notifies before either commits.
        LeaseNotify => "lease_notify",
        /// Two tenants' agents file different reports at about the same
        /// time; both build keys from per-tenant counters, so the key
        /// strings collide (`eval-0001:toolu_01`).
        KeyCollision => "key_collision",
        /// As `model_retry`, and the model's re-call paraphrases the title.
        TitleRewrite => "title_rewrite",
        /// Certificate or host name verification fails on every connect.
        TlsError => "tls_error",
        /// The server does the work, then sends the response a few bytes a
        /// second for longer than the call's total deadline.
        SlowDrip => "slow_drip",
        /// The first request stalls past the lease; the taker's check fails
        /// before any work and releases the key; the next retry (its body
        /// re-rendered) claims it anew, and the stale handler wakes during
        /// that claim's work: an ABA on `status = 'in_progress'`. One
        /// report is reachable: `fenced` with `stable_key` files it at
        /// about 7.8 s, within the 12 s deadline.
        LeaseReclaimed => "lease_reclaimed",
        /// 503 whose `Retry-After` is an HTTP date a few seconds ahead.
        RetryAfterDate => "retry_after_date",
        /// Three 503s whose `Retry-After` is «-1», «１２０» and «soon»:
        /// invalid, so a harness backs off as if there were none.
        RetryAfterInvalid => "retry_after_invalid",
        /// 422 for a malformed field on every attempt: retrying cannot help.
        ClientError => "client_error",
        /// The service answers 503 without `Retry-After` for 30 s, then
        /// recovers.
        Outage => "outage",
        /// One run makes 20 tool calls, 20 different reports, during the
        /// outage: how many retries the whole run sends.
        ManyTools => "many_tools",
        /// The first connections are never established: a connect
        /// timeout, not a read timeout; nothing was sent.
        ConnectTimeout => "connect_timeout",
        /// The work is refund-like: its downstream call makes an effect and
        /// gets a receipt, then the process dies before the result is
        /// persisted (003's case 4, «下游成功、结果落库前崩溃»).
        DownstreamDoneCrash => "downstream_done_crash",
        /// As `downstream_done_crash`, but the downstream's receipt can be
        /// looked up only 20 s after the effect: a status query finds no
        /// evidence yet.
        ReceiptLate => "receipt_late",
        /// The handler's downstream call succeeded, then the handler raised
        /// (003: «宿主不能据此断言"没有发生副作用"»).
        FailAfterEffect => "fail_after_effect",
        /// The first answer is lost; the tenant's permission is revoked
        /// before the retry (003's case 6).
        PermissionRevoked => "permission_revoked",
        /// The first request is lost on its way; the one-time approval
        /// expires before the retry (003's case 5): a new execution needs
        /// an approval that still holds.
        ApprovalExpired => "approval_expired",
        /// The first request is delayed in the network past its attempt's
        /// deadline: a service that reads the deadline the request carries
        /// never starts it (003's TIMEOUT_BEFORE_EXECUTE).
        DeadlinePassed => "deadline_passed",
    }
}

id_enum! {
    serde_by_name;
    /// How the harness chooses the `Idempotency-Key` header.
    #[derive(Serialize)]
    #[derive(BorshSerialize, BorshDeserialize)]
    ClientStrategy {
        /// No key at all.
        Naive => "naive",
        /// A fresh UUID on every attempt (the classic mistake).
        NewKey => "new_key",
        /// `run_id:tool_use_id`, reused on every retry of one tool call.
        StableKey => "stable_key",
        /// Derived from the evaluation run, the module and the normalised
        /// title: a SHA-256 of them, never the title in the header.
        BusinessKey => "business_key",
        /// No key; retries only a connection that provably sent nothing (the
        /// chapter's conservative matrix for POST create).
        Careful => "careful",
        /// `stable_key`, and the model queries `GET /reports` by the business
        /// identity when a call ends unknown, before calling again.
        QueryFirst => "query_first",
    }
}

id_enum! {
    serde_by_name;
    /// A named server design ([`Preset::design`](crate::lab::Design)): the
    /// five servers the lab started with, in the order the chapter builds
    /// them, and the lease without a write-back condition that the chapter's
    /// fencing argument starts from. Their ids are the `server=` URL values.
    #[derive(Serialize)]
    #[derive(BorshSerialize, BorshDeserialize)]
    Preset {
        /// Inserts every POST.
        Naive => "naive",
        /// Inserts the report in one commit, records the key in a second one.
        KeySplit => "key_split",
        /// Claims the key, then inserts the report and stores the response in one transaction.
        Atomic => "atomic",
        /// `atomic` plus a lease, and a write-back `WHERE key = ?` only: a
        /// stale handler that wakes after a takeover writes a second report.
        LeasedUnguarded => "leased_unguarded",
        /// `atomic` plus a lease and a status guard on the write-back.
        Leased => "leased",
        /// `leased` plus a fencing token checked at write-back.
        Fenced => "fenced",
        /// 003's service: `fenced` without `store_errors`, plus the tenant's
        /// scope, the outbox, the downstream key, status references, a
        /// failure recorded as unknown, authorisation on replay and approval.
        Reconciled => "reconciled",
    }
}

id_enum! {
    serde_by_name;
    /// What the final number of reports means.
    #[derive(Serialize)]
    #[derive(BorshSerialize, BorshDeserialize)]
    Verdict {
        /// More than one report: 重复副作用.
        Duplicate => "duplicate",
        /// Exactly one report in the database: 只有一份 (a count, not a
        /// distributed exactly-once guarantee).
        One => "one",
        /// No report at all (what the model knows is the [`Ending`]'s part).
        NoReport => "no_report",
    }
}

impl Verdict {
    /// The verdict for a final report count.
    pub fn from_count(count: usize) -> Self {
        match count {
            0 => Verdict::NoReport,
            1 => Verdict::One,
            _ => Verdict::Duplicate,
        }
    }
}

id_enum! {
    serde_by_name;
    /// How a run ended, in the one vocabulary the verdict line, the card,
    /// the matrix cells and the legend share: the final count, refined by
    /// what the model was told, and a fault of its own for a changed body
    /// that got the old body's stored response. Derived by [`Ending::of`].
    #[derive(Serialize)]
    #[derive(BorshSerialize, BorshDeserialize)]
    Ending {
        /// More than one report: a duplicate side effect.
        Duplicate => "duplicate",
        /// A retry with a changed body got the stored response of the old
        /// body replayed (the chapter: same key, different body SHOULD get
        /// 422), so the model believes its new body was filed.
        ChangedBody => "changed_body",
        /// One report, and the model was told it was created.
        OneKnown => "one_known",
        /// One report, but the model only knows the outcome is unknown.
        OneUnknown => "one_unknown",
        /// No report, and the model was told nothing was created (or the
        /// request was refused).
        NoneKnown => "none_known",
        /// No report, but the model only knows the outcome is unknown.
        NoneUnknown => "none_unknown",
        /// The model was told something false (created with no report, or
        /// not created with one). The lab's truth property says no run ends
        /// so; the variant keeps the classification total and honest.
        Misinformed => "misinformed",
        /// A tenant was answered with another tenant's stored response (a
        /// global key scope): its report was never created, and its model
        /// was told «created» with the other tenant's report id.
        Leak => "leak",
        /// A tenant got 422 for a request it never made twice: another
        /// tenant's record holds the same key string with another digest.
        TenantRefused => "tenant_refused",
        /// No report where one could have been filed (a claim stuck in
        /// `in_progress`, a client that gave up): the model may know it,
        /// but the work was not done.
        NothingFiled => "nothing_filed",
        /// The reports are right, the notifications are not: one lost,
        /// one sent twice, or one about a report that does not exist.
        Notification => "notification",
        /// The run broke a rule of the chapter itself (a TLS failure
        /// retried, a failed handler re-run).
        RuleBroken => "rule_broken",
    }
}

impl Ending {
    /// The ending of a run with `reports` reports whose model was told
    /// `tool`, and whether a changed body got a replayed old response. A
    /// duplicate outranks everything (the count is the chapter's first
    /// assertion); a replayed old response outranks what the model knows.
    pub fn of(reports: usize, tool: ToolOutcome, changed_body: bool) -> Ending {
        use ToolOutcome as T;
        match (reports, tool) {
            (n, _) if n > 1 => Ending::Duplicate,
            _ if changed_body => Ending::ChangedBody,
            (1, T::Created) => Ending::OneKnown,
            (1, T::Unknown | T::HumanReview | T::Denied) => Ending::OneUnknown,
            (0, T::NotCreated | T::Rejected) => Ending::NoneKnown,
            (0, T::Unknown | T::HumanReview | T::Denied) => Ending::NoneUnknown,
            _ => Ending::Misinformed,
        }
    }

    /// A good ending, the ending of a run that passes the judgement
    /// ([`crate::lab::grading::judgement::Judgement::passes`]): the expected count
    /// (one where one was possible, none where none was), and the model
    /// told the truth («结果未知» is honest).
    pub fn is_good(self) -> bool {
        matches!(
            self,
            Ending::OneKnown | Ending::OneUnknown | Ending::NoneKnown | Ending::NoneUnknown
        )
    }

    /// Whether the model was told for certain (created, or not created).
    pub fn model_knows(self) -> bool {
        matches!(self, Ending::OneKnown | Ending::NoneKnown)
    }

    /// The endings a legend explains, in its order (every one a lab run can
    /// reach; `Misinformed` never happens, see its doc).
    pub const LEGEND: [Ending; 11] = [
        Ending::Duplicate,
        Ending::NothingFiled,
        Ending::Notification,
        Ending::RuleBroken,
        Ending::ChangedBody,
        Ending::OneKnown,
        Ending::OneUnknown,
        Ending::NoneKnown,
        Ending::NoneUnknown,
        Ending::Leak,
        Ending::TenantRefused,
    ];

    /// How bad an ending is, for the worst of several tenants' endings
    /// (0 is the worst).
    pub fn rank(self) -> usize {
        use Ending::*;
        [
            Duplicate,
            Leak,
            TenantRefused,
            ChangedBody,
            Misinformed,
            RuleBroken,
            NothingFiled,
            Notification,
            OneUnknown,
            NoneUnknown,
            NoneKnown,
            OneKnown,
        ]
        .iter()
        .position(|e| *e == self)
        .unwrap_or(0)
    }
}

id_enum! {
    serde_by_name;
    /// What the model finally knows about the report, from every tool result it
    /// got (and, for `query_first`, from its own query).
    #[derive(Serialize)]
    #[derive(BorshSerialize, BorshDeserialize)]
    ToolOutcome {
        /// The model was told the report exists.
        Created => "created",
        /// The model was told the outcome is unknown (a report may exist).
        Unknown => "unknown",
        /// The model was told the server did nothing.
        NotCreated => "not_created",
        /// The model was told the request was refused as invalid.
        Rejected => "rejected",
        /// The model was told «需要人工核对»: the status query found a
        /// conflict, or no evidence can come.
        HumanReview => "human_review",
        /// The model was told its permission was revoked: nothing shown.
        Denied => "denied",
    }
}

impl ToolOutcome {
    /// Its letter in the golden fixtures and the CLI's compact columns.
    pub fn letter(self) -> char {
        match self {
            ToolOutcome::Created => 'c',
            ToolOutcome::Unknown => 'u',
            ToolOutcome::NotCreated => 'n',
            ToolOutcome::Rejected => 'r',
            ToolOutcome::HumanReview => 'h',
            ToolOutcome::Denied => 'd',
        }
    }

    /// Whether this outcome is the truth about a run that ended with
    /// `reports` reports: «created» only if one exists, «not created» and
    /// «rejected» only if none does; «unknown» is always honest.
    pub fn is_truthful(self, reports: usize) -> bool {
        match self {
            ToolOutcome::Created => reports > 0,
            ToolOutcome::Unknown | ToolOutcome::HumanReview | ToolOutcome::Denied => true,
            ToolOutcome::NotCreated | ToolOutcome::Rejected => reports == 0,
        }
    }
}
