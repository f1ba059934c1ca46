//! The handler's steps as a mechanism meets them: one small context per
//! step, which the handler fills with what it knows and each of a design's
//! mechanisms (in canonical order) may read and change through its hook in
//! [`Def`](super::Def). The handler then acts on what the context says, so
//! what one mechanism does lives in its own file, and the handler's control
//! flow stays in the handler. Pure data: no database, no simulation.

use crate::kernel::ids::id_enum;

id_enum! {
    /// The handler's steps a mechanism hooks into, in the order a request
    /// meets them.
    HandlerStep {
        /// The key record's read of the key (a look-up, or the claiming
        /// transaction's read) found a row.
        Lookup => "lookup",
        /// A key is claimed, or an expired claim taken over.
        Claim => "claim",
        /// The work is done: the report's transaction writes it.
        Work => "work",
        /// The key's record gets the response (or, released, goes).
        WriteBack => "write_back",
        /// The work failed.
        Failure => "failure",
        /// The module's owner is notified.
        Notify => "notify",
    }
}

/// The handler's statements that take parameters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stmt {
    /// `record_after`: look the key up before any work.
    Lookup,
    /// `claim`: read the key's record inside the claiming transaction.
    ClaimRead,
    /// `claim`: the claim itself.
    ClaimInsert,
    /// `lease`: take an expired claim over.
    TakeOver,
    /// `fence`: raise the key's fencing counter, kept in `fence_counter`
    /// apart from the key's row, so a released and re-claimed key never
    /// hands out a token it handed out before («单调递增»).
    BumpFence,
    /// `fence`: read the token the bump gave.
    ReadFence,
    /// The side effect: the report.
    InsertReport,
    /// `record_after`: record the key and its response after the report.
    RecordKey,
    /// `claim`: mark the key done with its response.
    WriteBack,
    /// A failure that releases the key deletes the claim (without
    /// `store_errors` every failure; with it, one before any work began).
    Release,
    /// `claim`: after a write-back that matched no row, read who holds the key.
    ReadAfterMiss,
    /// `outbox`: the pending notification, in the report's transaction.
    InsertOutbox,
    /// `unknown_on_failure`: a failed handler marks the key's scope unknown.
    MarkUnknown,
    /// `status_ref`: the status query reads the key's record.
    StatusRead,
    /// `status_ref`: a status query backfills the record from a receipt.
    Backfill,
    /// `status_ref`: a status query that proved nothing was done releases
    /// the uncertain record.
    Settle,
}

/// The request's key as the key record stores it: every request's, when it
/// arrives (also a request without a key: its digest is what it compares).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeyScope {
    /// The sending tenant (an index into `harness::TENANTS`).
    pub tenant: usize,
    /// The key's columns in the key's table, in their order (the key last).
    pub columns: Vec<String>,
    /// The request digest the key record stores and compares (when asked).
    pub digest: Option<String>,
    /// The key as the notifier dedupes and fences by.
    pub downstream: Option<String>,
}

/// What the handler answers a request whose key's row was found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The stored response is replayed.
    Replay,
    /// A different body under the key: 422.
    DigestMismatch,
    /// An expired claim is taken over.
    TakeOver,
    /// The key is in progress: 409, with when to retry if known (ms).
    InProgress { retry_after_ms: Option<u64> },
    /// The record's outcome is uncertain (a failed handler's scope recorded
    /// as unknown, or an expired claim whose work reached the downstream):
    /// 409 «outcome unknown», never executed again (003: «只能对账或转人工»).
    Uncertain,
}

/// The row the key record's read found.
#[derive(Clone, Debug)]
pub struct Found {
    /// The columns mechanisms read before the record's own, each with the
    /// id of the mechanism whose it is.
    pub read: Vec<(&'static str, Option<String>)>,
    /// The request's digest.
    pub digest: String,
    /// The record's status (`in_progress`, `done`), if it keeps one.
    pub status: Option<String>,
    /// When the claim's lease ends (ms), if it has one.
    pub lease_expires: Option<i64>,
    /// The read's time (ms).
    pub now: u64,
    /// The work calls a downstream whose effect no rollback undoes.
    pub effect_work: bool,
}

impl Found {
    /// The column mechanism `id` read.
    pub fn column(&self, id: &str) -> Option<&str> {
        self.read
            .iter()
            .find(|(by, _)| *by == id)
            .and_then(|(_, value)| value.as_deref())
    }
}

/// How the key's record is kept, step by step, as the design's key-record
/// mechanism states it; the default (no such mechanism) never looks at a
/// key. The handler runs the steps it names, so which mechanism keeps the
/// record is that mechanism's business, not a branch of the handler.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct KeySteps {
    /// The read of the key's row when a request arrives.
    pub read: Option<Stmt>,
    /// The read, and the claim or takeover after it, run in one transaction.
    pub read_in_transaction: bool,
    /// Where that row's own columns are (after the mechanisms' read columns).
    pub columns: RecordColumns,
    /// An unknown key is claimed (`in_progress`) by this statement before
    /// the work, and the report's transaction writes the response back.
    pub claim: Option<Stmt>,
    /// The key and its response are recorded by this statement, in a second
    /// transaction after the report's commit.
    pub record_after_commit: Option<Stmt>,
}

/// Indexes of the record's own columns in the row its read returns.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RecordColumns {
    /// The status, if the record keeps one.
    pub status: Option<usize>,
    /// When a claim's lease ends, if the read returns it.
    pub lease: Option<usize>,
    /// The stored response's status; its body is the next column.
    pub response: usize,
}

/// A claim (or a takeover) as it is made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Claim {
    /// When it is made (ms).
    pub now: u64,
    /// When its lease ends (ms), if it gets one.
    pub lease_until: Option<u64>,
    /// It raises the key's fencing counter and holds the new token.
    pub takes_token: bool,
}

/// The report's transaction.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Work {
    /// The statements that write its rows after the report, in order;
    /// each takes the report's id, the fencing token held and the time.
    pub rows: Vec<Stmt>,
}

/// What a failure of the work does to the key's record.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Failure {
    /// The key is released (a claim deleted; nothing recorded), so a retry
    /// runs again.
    #[default]
    Release,
    /// The 500 is stored under the key and replayed.
    Store,
    /// The key's scope is recorded as unknown: a retry is told the outcome
    /// is unknown and never runs again (003).
    Unknown,
}

/// The key record's write-back (and a release's `WHERE`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WriteBack {
    /// The fencing token the handler holds.
    pub held: Option<i64>,
    /// When its lease ended or ends (ms).
    pub lease_until: Option<u64>,
    /// The write-back's time (ms).
    pub now: u64,
    /// Parameters of the `WHERE`'s conditions after the key's, in order.
    pub conditions: Vec<Option<i64>>,
    /// The holder's lease has ended, and nothing stops its write.
    pub stale: bool,
    /// A write that matched no row was refused by a fencing token.
    pub fenced: bool,
}

/// One call to the notifier, as it is sent.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Notify {
    /// The dedupe key the call may carry (the report's id, or the key).
    pub offered_key: Option<String>,
    /// The fencing token it may carry, with the key it fences.
    pub offered_fence: Option<(String, i64)>,
    /// The dedupe key it carries.
    pub dedupe_key: Option<String>,
    /// The fencing token it carries.
    pub fence: Option<(String, i64)>,
}
