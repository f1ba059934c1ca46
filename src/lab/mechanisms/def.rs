//! What a server mechanism of the lab is, as one trait ([`Def`]): its id and
//! texts, its workbench group, what it needs and gives way to, its place in
//! the chapter, the chapter's rules it breaks or mends, its SQL fragments,
//! what it changes in the handler (asked as properties) and the handler's
//! steps it hears. Each mechanism is one file implementing it; the registry
//! (`mod.rs`) lists them. Other mechanisms and rules are named here by id,
//! so a mechanism's file depends on this one only.

use serde::{Deserialize, Serialize};

use crate::kernel::entry::Entry;
use crate::kernel::ids::id_enum;

id_enum! {
    /// How the workbench groups the mechanisms (key record · body · errors ·
    /// lease · write-back).
    #[derive(Serialize, Deserialize)]
    #[derive(borsh::BorshSerialize, borsh::BorshDeserialize)]
    Group {
        KeyRecord => "key_record",
        Body => "body",
        Errors => "errors",
        Lease => "lease",
        WriteBack => "write_back",
        /// Past the database: the notifier and how the service reaches it.
        Downstream => "downstream",
        Tenant => "tenant",
    }
}

/// How a design keeps the key's record (at most one way per design).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KeyRecord {
    /// Looked up before the work, recorded after the report, in a second
    /// transaction («先插数据，再记键»).
    RecordedAfter,
    /// Claimed (`in_progress`) before the work; the report and the key's
    /// write-back commit in one transaction.
    Claimed,
}

/// Where the call to the notifier sits, when not right after the commit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NotifyAt {
    /// Inside the work, before the transaction commits (the hurried handler).
    BeforeCommit,
    /// An outbox row in the report's transaction, delivered by a relay.
    Outbox,
}

/// A place in the handler's statements where mechanisms put fragments, in
/// canonical order of the design's mechanisms.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Slot {
    /// Columns read before the key record's own (`SELECT … `).
    ReadColumns,
    /// Columns of the key before `key` in an `INSERT` (`… (`).
    KeyColumns,
    /// Their values (`VALUES (`).
    KeyValues,
    /// Conditions before `key = ?` in a `WHERE`.
    KeyWhere,
    /// Conditions after the key's in the write-back's and release's `WHERE`.
    WriteCondition,
    /// Columns a takeover sets before the lease.
    TakeOverSet,
    /// Text after the report's `INSERT` (a comment: it changes nothing).
    ReportNote,
}

id_enum! {
    /// The handler's steps a mechanism hears of, in the order a request
    /// meets them.
    HandlerStep {
        /// `record_after`'s look-up of the key.
        Lookup => "lookup",
        /// The claiming transaction's read of the key.
        Claim => "claim",
        /// The work is done: the report's transaction begins.
        Work => "work",
        /// The key's record gets the response.
        WriteBack => "write_back",
        /// The work failed.
        Failure => "failure",
        /// The module's owner is notified.
        Notify => "notify",
    }
}

/// One server mechanism. Every property has the default of a mechanism
/// that does not change it, so a mechanism states only what it is.
pub trait Def: Sync {
    /// Its URL id (`lab.mech.<id>` names it).
    fn id(&self) -> &'static str;
    /// The workbench's group.
    fn group(&self) -> Group;
    /// Its rows of the translation table: `lab.mech.<id>` and `.desc`.
    fn texts(&self) -> &'static [Entry];
    /// At least one of these (ids, each earlier in the registry) must be in
    /// the design.
    fn needs(&self) -> &'static [&'static str] {
        &[]
    }
    /// Dropped when any of these (ids) is in the design.
    fn gives_way_to(&self) -> &'static [&'static str] {
        &[]
    }
    /// Its place in the order a fix may add mechanisms (the chapter's own
    /// order first); `None`: never a step.
    fn chapter_place(&self) -> Option<u8> {
        None
    }
    /// Ids of the chapter's rules a design with it breaks, unless another
    /// of its mechanisms mends them.
    fn breaks(&self) -> &'static [&'static str] {
        &[]
    }
    /// Ids of the rules it mends.
    fn mends(&self) -> &'static [&'static str] {
        &[]
    }
    /// Its fragment in a statement's slot.
    fn sql(&self, _slot: Slot) -> Option<&'static str> {
        None
    }
    /// Told of each step of the handler of a design it is in.
    fn hear(&self, _step: HandlerStep) {}
    /// How it keeps the key's record, if it keeps one.
    fn key_record(&self) -> Option<KeyRecord> {
        None
    }
    /// A different body under a known key gets 422.
    fn compares_digest(&self) -> bool {
        false
    }
    /// A failure's 500 is stored under the key and replayed.
    fn stores_errors(&self) -> bool {
        false
    }
    /// A claim older than its lease may be taken over.
    fn leases(&self) -> bool {
        false
    }
    /// The write-back refuses a claim that is no longer in progress.
    fn guards_write_back(&self) -> bool {
        false
    }
    /// Each claim and takeover gets a fencing token the write-back checks.
    fn fences(&self) -> bool {
        false
    }
    /// Where the notifier is called, if not after the commit.
    fn notify_at(&self) -> Option<NotifyAt> {
        None
    }
    /// The notification carries a dedupe key the notifier checks.
    fn dedupes_downstream(&self) -> bool {
        false
    }
    /// The notification carries the fencing token the notifier checks.
    fn fences_downstream(&self) -> bool {
        false
    }
    /// The key record is keyed by (tenant, key).
    fn scopes_tenant(&self) -> bool {
        false
    }
}
