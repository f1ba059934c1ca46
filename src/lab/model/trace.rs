//! What one step of a run records. Everything here is structured data; the UI
//! turns it into narration in the learner's language.

use borsh::{BorshDeserialize, BorshSerialize};
use serde::{Deserialize, Serialize};

use crate::kernel::ids::id_enum;

id_enum! {
    serde_by_name;
    /// A lane of the sequence diagram.
    #[derive(Serialize)]
    #[derive(BorshSerialize, BorshDeserialize)]
    Lane {
        Harness => "harness",
        Network => "network",
        Server => "server",
        Database => "database",
        /// The notifier: a separate service with its own database.
        Notifier => "notifier",
    }
}

/// What an arrow of the sequence diagram carries.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[derive(BorshSerialize, BorshDeserialize)]
pub enum ArrowLabel {
    /// `POST /reports` of a request (its global number).
    Request { request: usize },
    /// An HTTP status code.
    Status { status: u16 },
    /// A TCP connection refused by a dead server.
    Refused,
    /// SQL statements sent to the database.
    Sql { statements: usize },
    /// The database's answer (COMMIT, ROLLBACK, rows).
    SqlResult { committed: bool },
    /// `GET /reports?…` by the business identity.
    Query,
    /// Its answer: the report found, if any.
    QueryResult { found: Option<i64> },
    /// `query_operation_status(status_ref, expected_request_sha256)`.
    StatusQuery,
    /// Its answer.
    StatusResult { answer: StatusAnswer },
    /// A call to the notifier (its number in the run).
    Notify { call: usize },
    /// The notifier's answer to a call.
    NotifyAnswer { call: usize, outcome: NoticeOutcome },
    /// The TLS handshake failed: the certificate or host name did not verify.
    TlsFailed,
    /// The first bytes of a response that trickles in.
    Dripping { status: u16 },
}

/// One arrow of the sequence diagram.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[derive(BorshSerialize, BorshDeserialize)]
pub struct Arrow {
    pub from: Lane,
    pub to: Lane,
    pub label: ArrowLabel,
    /// The message was lost on this hop (drawn dashed, ending in ✕, labelled).
    pub lost: bool,
}

/// One HTTP request as the harness sent it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[derive(BorshSerialize, BorshDeserialize)]
pub struct RequestInfo {
    /// Global number of this HTTP request in the run (0-based).
    pub id: usize,
    /// Which tool call (0-based) and which attempt of it (1-based).
    pub call: usize,
    pub attempt: u32,
    pub method: String,
    pub path: String,
    /// The `Idempotency-Key` header, if any.
    pub key: Option<String>,
    /// SHA-256 of the canonical body (hex, 64 characters).
    pub digest: String,
    /// The JSON body as sent.
    pub body: String,
    /// Which tenant's agent sent it (0: the first; the service knows it
    /// from the agent's credentials, not from the body).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub tenant: usize,
    /// The deadline the request carries (ms on the run's clock), when the
    /// harness sends one (`unknown_reconcile`): a service that honours it
    /// never starts the work past it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deadline_ms: Option<u64>,
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

/// One HTTP response.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[derive(BorshSerialize, BorshDeserialize)]
pub struct ResponseInfo {
    /// The request it answers.
    pub request: usize,
    pub status: u16,
    pub body: String,
    /// `Retry-After` in seconds.
    pub retry_after_s: Option<u64>,
    /// `Retry-After` as the server wrote it, when it is not plain seconds
    /// (an HTTP date, or an invalid value the harness must refuse).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub retry_after_raw: Option<String>,
    /// `Idempotent-Replayed: true`: a stored response, not a new execution.
    pub replayed: bool,
}

/// The result of one SQL statement.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[derive(BorshSerialize, BorshDeserialize)]
pub enum SqlOutcome {
    /// BEGIN.
    Begun,
    /// A write; rows affected.
    Rows(usize),
    /// A read; the returned row's columns as text, or `None` for no row.
    Row(Option<Vec<String>>),
    Committed,
    /// Rolled back; `crash` when the process died with the transaction open.
    RolledBack {
        crash: bool,
    },
    /// SQLite refused the statement (e.g. a UNIQUE constraint).
    Error(String),
}

/// One SQL statement the server ran, with its parameters and result.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[derive(BorshSerialize, BorshDeserialize)]
pub struct SqlExec {
    pub sql: String,
    pub params: Vec<String>,
    pub outcome: SqlOutcome,
}

impl SqlExec {
    /// The statement with its parameters written in, for display.
    pub fn display(&self) -> String {
        let mut out = String::new();
        let mut params = self.params.iter();
        for c in self.sql.chars() {
            match (c, c == '?') {
                (_, true) => match params.next() {
                    Some(p) => out.push_str(p),
                    None => out.push('?'),
                },
                (c, false) => out.push(c),
            }
        }
        out
    }
}

/// What the server decided for a request at one step.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[derive(BorshSerialize, BorshDeserialize)]
pub enum Decision {
    /// `naive` server: no key check, goes straight to work.
    NoCheck,
    /// A key-aware server got a request without a key: processed normally.
    NoKey,
    /// `key_split`: the key is unknown, so it goes to work.
    KeyUnknown,
    /// The key was claimed (`in_progress`); `fence` when fenced.
    Claimed { fence: Option<i64> },
    /// An expired claim was taken over.
    TookOver { fence: Option<i64> },
    /// Same key, same digest, completed: the stored response is replayed.
    Replay,
    /// Same key still in progress: 409.
    InProgress,
    /// Same key, different digest: 422.
    DigestMismatch,
    /// 503 before doing anything.
    Unavailable,
    /// 429 before doing anything; `quota` when its body says the quota is
    /// exhausted (not read from a missing `Retry-After`).
    RateLimited { quota: bool },
    /// The report was inserted and (for key-aware servers) the key marked done.
    Created { report_id: i64 },
    /// `lease` without `fence`: the write-back succeeded although this
    /// handler's lease had ended; nothing tells whose claim is in progress.
    StaleCreated { report_id: i64, lease_until_ms: u64 },
    /// `key_split`'s second commit: the key and its response are recorded.
    KeyRecorded { report_id: i64 },
    /// The work failed; 500 (with `store_errors`, stored as the key's response).
    Failed,
    /// The work failed; 500, and the claim was released (no `store_errors`:
    /// deleted), so a retry with the same key runs again.
    Released,
    /// A statement failed (e.g. UNIQUE); the transaction was rolled back; 500.
    SqlError,
    /// Fenced write-back matched no row (`held` ≠ `current` fence):
    /// everything rolled back, and the taker's stored response is replayed
    /// (or 409 if it is not done yet).
    Fenced {
        replayed: bool,
        held: i64,
        current: i64,
    },
    /// `guard`: the status-guarded write-back matched no row (the key is no
    /// longer in progress): everything rolled back; the stored response is
    /// replayed (or 409).
    Guarded { replayed: bool },
    /// The write-back matched no row because the key's record is gone
    /// (another handler's failure deleted it): everything rolled back; 409.
    ClaimGone,
    /// The process died inside this handler.
    Crashed,
    /// A check before any work failed, so nothing was done: 503, and the
    /// claim (if the design claims) was deleted in every design, so a retry
    /// with the same key claims it anew (`released`: a claim was deleted).
    Aborted { released: bool },
    /// The request failed the service's validation (a field outside its
    /// allowed values): 422 before any work, nothing stored under the key.
    Malformed,
    /// `status_ref`: the request arrived past the deadline it carries, so
    /// the work never started (003's TIMEOUT_BEFORE_EXECUTE): 504.
    NotStarted,
    /// 403 before any new work: the principal's permission is revoked, or
    /// (`approval`) the approval does not cover the request.
    Forbidden { approval: bool },
    /// The key's record is uncertain (003's OUTCOME_UNKNOWN): 409 «outcome
    /// unknown», with the `status_ref` when the design issues one; never
    /// executed again.
    Uncertain,
    /// `unknown_on_failure`: the work failed, and the key's scope is
    /// recorded as unknown (500 with the `status_ref`).
    MarkedUnknown,
}

/// What `query_operation_status` answered (003's recovery states).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[derive(BorshSerialize, BorshDeserialize)]
pub enum StatusAnswer {
    /// «已对账成功»: the record is done, or backfilled from a receipt that
    /// matches (`receipt`).
    Succeeded {
        report_id: i64,
        receipt: Option<String>,
    },
    /// No evidence yet (the receipt is not available, or a holder may
    /// still be working): OUTCOME_UNKNOWN.
    Unknown,
    /// Proven never started (no record: nothing was done under the key):
    /// TIMEOUT_BEFORE_EXECUTE; a retry is safe.
    NotStarted,
    /// Converged to failure: the failed handler's work is proven to have
    /// left no effect (the record is released).
    Failed,
    /// «对账冲突»: another digest under the key or at the downstream.
    Conflict,
    /// The downstream cannot be asked about the operation (its call
    /// carried no key): no evidence can come.
    NoEvidence,
    /// The principal may no longer read the operation.
    Denied,
}

impl StatusAnswer {
    /// Translation key of its name.
    pub fn key(&self) -> &'static str {
        match self {
            StatusAnswer::Succeeded { .. } => "lab.status.succeeded",
            StatusAnswer::Unknown => "lab.status.unknown",
            StatusAnswer::NotStarted => "lab.status.not_started",
            StatusAnswer::Failed => "lab.status.failed",
            StatusAnswer::Conflict => "lab.status.conflict",
            StatusAnswer::NoEvidence => "lab.status.no_evidence",
            StatusAnswer::Denied => "lab.status.denied",
        }
    }
}

/// Why the harness stopped retrying a tool call.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[derive(BorshSerialize, BorshDeserialize)]
pub enum GiveUp {
    /// All attempts used.
    AttemptsExhausted,
    /// The next backoff would pass the tool call's deadline.
    DeadlineExhausted,
    /// `Retry-After` exceeds the remaining deadline: fail fast, don't truncate.
    RetryAfterTooLong {
        retry_after_s: u64,
        remaining_ms: u64,
    },
    /// A status that must not be retried (422, a 429 without `Retry-After`).
    NotRetryable,
    /// A replayed stored error: retrying the same key only replays it again.
    StoredError,
    /// `careful`: only a connection that provably sent nothing is retried.
    Careful,
    /// `careful`: TLS, certificate or host name verification failed; never
    /// retried (check the CA, the host name and the proxy).
    TlsVerification,
    /// The tool call's total deadline fired while a response was still
    /// trickling in (the read timeout, idle time between bytes, never did).
    DeadlineFired,
    /// The run's shared retry budget is spent (002: «整个 Run 最多 8 次 retry»).
    BudgetExhausted,
    /// `Retry-After` exceeds the remaining deadline: the call went to the
    /// deferral queue, which resends it, same key, once the wait is over.
    Deferred { retry_after_s: u64 },
    /// `unknown_reconcile`: the status queries found no evidence yet.
    StillUnknown,
}

/// How one HTTP attempt ended for the harness.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[derive(BorshSerialize, BorshDeserialize)]
pub enum AttemptOutcome {
    /// An HTTP status arrived.
    Status { status: u16, replayed: bool },
    /// No answer within the per-attempt timeout.
    Timeout,
    /// The connection was refused (server process down).
    Refused,
    /// The TLS handshake failed verification (Requests raises `SSLError`,
    /// a subclass of `ConnectionError`).
    TlsFailed,
    /// The tool call's total deadline ended the attempt mid-response.
    DeadlineFired,
    /// The connection was never established within the connect timeout:
    /// like a refusal, provably nothing was sent.
    ConnectTimeout,
}

/// What the harness hands the model as the tool result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[derive(BorshSerialize, BorshDeserialize)]
pub enum ToolResult {
    /// The report exists (`replayed` when the server replayed a stored answer).
    Created { report_id: i64, replayed: bool },
    /// `query_first`: the model's query found the report.
    Found { report_id: i64 },
    /// «结果未知，报告可能已经创建，先查一下».
    Unknown,
    /// Every attempt provably did nothing (refused or 503 before any work).
    NotCreated,
    /// 422: the key was already used with a different body.
    Rejected,
    /// `unknown_reconcile`: the status query proved the report (a receipt
    /// checked, the record backfilled).
    Reconciled { report_id: i64 },
    /// «需要人工核对»: the status query found a conflict, or no evidence can
    /// come.
    HumanReview,
    /// 403: the principal's permission was revoked; nothing is shown.
    Denied,
    /// 403: the approval expired before anything ran; ask again.
    ApprovalExpired,
}

impl ToolResult {
    /// Whether the model should see this as an error (`is_error`).
    pub fn is_error(self) -> bool {
        !matches!(
            self,
            ToolResult::Created { .. } | ToolResult::Found { .. } | ToolResult::Reconciled { .. }
        )
    }

    /// What this result tells the model.
    pub fn outcome(self) -> crate::lab::ToolOutcome {
        use crate::lab::ToolOutcome as O;
        match self {
            ToolResult::Created { .. }
            | ToolResult::Found { .. }
            | ToolResult::Reconciled { .. } => O::Created,
            ToolResult::Unknown => O::Unknown,
            ToolResult::NotCreated | ToolResult::ApprovalExpired => O::NotCreated,
            ToolResult::Rejected => O::Rejected,
            ToolResult::HumanReview => O::HumanReview,
            ToolResult::Denied => O::Denied,
        }
    }

    /// Translation key of the text the model reads.
    pub fn key(self) -> &'static str {
        match self {
            ToolResult::Created { .. } => "lab.tool.created",
            ToolResult::Found { .. } => "lab.tool.found",
            ToolResult::Unknown => "lab.tool.unknown",
            ToolResult::NotCreated => "lab.tool.not_created",
            ToolResult::Rejected => "lab.tool.rejected",
            ToolResult::Reconciled { .. } => "lab.tool.reconciled",
            ToolResult::HumanReview => "lab.tool.human_review",
            ToolResult::Denied => "lab.tool.denied",
            ToolResult::ApprovalExpired => "lab.tool.approval_expired",
        }
    }
}

/// The exact text the chapter asks the tool to return for an unknown outcome.
pub const UNKNOWN_OUTCOME_ZH: &str = "结果未知，报告可能已经创建，先查一下";

/// What the harness does next after an attempt ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[derive(BorshSerialize, BorshDeserialize)]
pub enum Next {
    /// Retry after a backoff with jitter.
    Backoff { wait_ms: u64 },
    /// Retry after the server's `Retry-After`.
    RetryAfter { wait_ms: u64 },
    /// The SDK inside the harness retries after its own wait (`retry_after`:
    /// the server's value it honoured).
    SdkRetry { wait_ms: u64, retry_after: bool },
    /// `unknown_reconcile`: query the operation's status after a wait,
    /// never resending the write.
    Reconcile { wait_ms: u64 },
    /// `unknown_reconcile`: the query proved the work never started
    /// (TIMEOUT_BEFORE_EXECUTE): resend, within the total deadline.
    Resend,
    /// Stop and hand the model a result.
    Finish {
        result: ToolResult,
        give_up: Option<GiveUp>,
    },
}

/// What happened at one step.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[derive(BorshSerialize, BorshDeserialize)]
pub enum StepKind {
    /// The model calls `submit_bug_report` (call 0 is the first).
    ToolCall { call: usize, tool_use_id: String },
    /// The harness sends a request.
    Send { request: RequestInfo },
    /// The network lost a request.
    RequestLost { request: usize },
    /// The server process is down: connection refused.
    Refused { request: usize },
    /// The server handled (part of) a request.
    Server {
        request: usize,
        decision: Decision,
        /// Set when the handler continues later (work, stall).
        works_until_ms: Option<u64>,
        response: Option<ResponseInfo>,
    },
    /// The network lost a response.
    ResponseLost { request: usize, status: u16 },
    /// A response (or refusal) reached the harness.
    Received {
        request: usize,
        outcome: AttemptOutcome,
        next: Next,
    },
    /// A response reached the harness after it had stopped waiting for it.
    Late { request: usize, status: u16 },
    /// The per-attempt timeout fired.
    Timeout { request: usize, next: Next },
    /// The server process is back (the database survived).
    Restart,
    /// The model queries `GET /reports` by the business identity.
    Query { call: usize, found: Option<i64> },
    /// `unknown_reconcile`: the harness calls
    /// `query_operation_status(status_ref, expected_request_sha256)`.
    StatusQuery {
        call: usize,
        status_ref: String,
        answer: StatusAnswer,
        next: Next,
    },
    /// The harness process died with a request in flight.
    HarnessDown,
    /// The harness is back and resends its unfinished call from its queue.
    HarnessBack,
    /// The server's cleanup job pruned keys older than the retention.
    Cleanup { pruned: usize },
    /// The run hit the event cap and was cut short.
    Truncated,
    /// A call to the notifier: sent, lost, handled, answered or timed out.
    Note { event: NoteEvent },
    /// The outbox relay looked for a pending row and found none.
    RelayIdle,
    /// The relay died (before marking its row sent).
    RelayDown,
    /// The relay is back and polls the outbox.
    RelayBack,
    /// A response's first bytes reached the harness; the rest trickles in
    /// every `every_ms`, complete at `complete_ms`. The read timeout
    /// (`read_timeout_ms` of idle time) restarts at every byte.
    Dripping {
        request: usize,
        status: u16,
        every_ms: u64,
        complete_ms: u64,
        read_timeout_ms: u64,
        deadline_ms: u64,
    },
    /// The tool call's total deadline fired with a response still arriving.
    Deadline { request: usize, next: Next },
}

/// Who calls the notifier.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[derive(BorshSerialize, BorshDeserialize)]
pub enum NoteSender {
    /// The handler of `request`: right after its transaction committed, or
    /// (`notify_before_commit`) before its transaction.
    Handler { request: usize, before_commit: bool },
    /// The outbox relay, delivering outbox row `outbox_id`.
    Relay { outbox_id: i64 },
}

/// What the notifier did with a call.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[derive(BorshSerialize, BorshDeserialize)]
pub enum NoticeOutcome {
    /// It recorded (and sent) notification `id`.
    Recorded { id: i64 },
    /// `downstream_key`: it had already recorded this dedupe key; ignored.
    Ignored { id: i64 },
    /// `downstream_fence`: the token is lower than the highest it accepted
    /// for this key; refused.
    Refused { token: i64, highest: i64 },
}

/// One call from the service to the notifier.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[derive(BorshSerialize, BorshDeserialize)]
pub struct NoteCall {
    /// Its number in the run (the fault schedule's index).
    pub id: usize,
    pub sender: NoteSender,
    /// Which call of this notification it is (1 = the first).
    pub attempt: u32,
    /// The report it names (`None` before the report exists).
    pub report_id: Option<i64>,
    /// `downstream_key`: the dedupe key passed along.
    pub dedupe_key: Option<String>,
    /// `downstream_fence`: the fencing token, and the key it is scoped to.
    pub fence: Option<(String, i64)>,
    /// The report's title, as the notification tells the module's owner.
    pub title: String,
    /// The network loses the call, or the notifier's answer.
    pub call_lost: bool,
    pub answer_lost: bool,
}

/// What happened to a notifier call at a step.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[derive(BorshSerialize, BorshDeserialize)]
pub enum NoteEvent {
    /// The service sent the call (`before_commit`, or the relay's).
    Sent { call: usize },
    /// The notifier handled it.
    Handled { call: usize, outcome: NoticeOutcome },
    /// The answer reached the relay, which marks its row sent.
    Answered { call: usize, outcome: NoticeOutcome },
    /// The sender waited in vain; `retry` is the next call, if any.
    TimedOut { call: usize, retry: Option<usize> },
}

/// A row of the notifier's `notifications` table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[derive(BorshSerialize, BorshDeserialize)]
pub struct NotificationRow {
    pub id: i64,
    pub report_id: Option<i64>,
    pub title: String,
    pub dedupe_key: Option<String>,
    pub fence: Option<i64>,
    pub received_ms: i64,
}

/// A row of the service's `outbox` table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[derive(BorshSerialize, BorshDeserialize)]
pub struct OutboxRow {
    pub id: i64,
    pub report_id: i64,
    pub fence: Option<i64>,
    pub created_ms: i64,
    pub sent_ms: Option<i64>,
}

/// A row of `reports` as it stands after a step.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[derive(BorshSerialize, BorshDeserialize)]
pub struct ReportRow {
    pub id: i64,
    pub run_id: String,
    pub module: String,
    pub title: String,
    pub created_ms: i64,
}

/// A row of `idempotency_keys` as it stands after a step.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[derive(BorshSerialize, BorshDeserialize)]
pub struct KeyRow {
    pub key: String,
    pub request_digest: String,
    pub status: String,
    pub fence: Option<i64>,
    pub lease_expires_ms: Option<i64>,
    pub response_status: Option<i64>,
    pub response_body: Option<String>,
    pub created_ms: i64,
    /// `tenant_scope`: the tenant the key belongs to.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tenant: Option<String>,
}

/// One step of a run: one simulation event and everything it changed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[derive(BorshSerialize, BorshDeserialize)]
pub struct Step {
    /// Simulated time in milliseconds.
    pub time_ms: u64,
    pub kind: StepKind,
    /// The SQL the server ran at this step, in order.
    pub sql: Vec<SqlExec>,
    /// Arrows of the sequence diagram drawn at this step.
    pub arrows: Vec<Arrow>,
    /// Both tables after this step.
    pub reports: Vec<ReportRow>,
    pub keys: Vec<KeyRow>,
    /// The SQL the notifier ran at this step, on its own database.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notifier_sql: Vec<SqlExec>,
    /// The service's `outbox` (`outbox` only) and the notifier's
    /// `notifications` after this step.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub outbox: Vec<OutboxRow>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notifications: Vec<NotificationRow>,
}

impl Step {
    /// Reports in the database after this step.
    pub fn report_count(&self) -> usize {
        self.reports.len()
    }
}
