//! What a server mechanism of the lab is, as one struct ([`Def`]): its id and
//! texts, its workbench group, what it needs and gives way to, its place in
//! the chapter, the chapter's rules it breaks or mends, its SQL statements
//! and fragments, its narration keys, the facts other layers read (read as
//! fields) and its hooks into the handler's steps (`hooks.rs`), the key
//! record's steps among them. Each mechanism is one file declaring it; the registry
//! (`mod.rs`) lists them. Other mechanisms and rules are named here by id,
//! so a mechanism's file depends on this one only.

use serde::Serialize;

use super::hooks::{
    Claim, Failure, Found, KeyScope, KeySteps, Notify, Stmt, Verdict, Work, WriteBack,
};
use crate::kernel::entry::Entry;
use crate::kernel::ids::id_enum;

id_enum! {
    serde_by_name;
    /// How the workbench groups the mechanisms (key record · body · errors ·
    /// lease · write-back).
    #[derive(Serialize)]
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
        /// 003's recovery protocol: status queries, unknown outcomes,
        /// authorisation on replay, approval.
        Recovery => "recovery",
    }
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

/// A point in a run's narration whose sentence depends on the design's
/// mechanisms: each mechanism that changes what happens there names the
/// sentence's key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Telling {
    /// A stored response replayed (its body not found changed).
    Replay,
    /// A report written by a holder whose lease had ended.
    StaleCreated,
    /// A failure of a request with a key.
    KeyedFailure,
}

/// One piece of a statement's text as its mechanism declares it: its own
/// text, or the slot where the design's mechanisms put their fragments.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Piece {
    /// The owning mechanism's own text.
    Own(&'static str),
    /// The design's fragments in this slot, in canonical order.
    In(Slot),
    /// `key = ?` after the design's fragments in the key's slot
    /// ([`Slot::KeyWhere`]): how each statement finds the key's row.
    Key,
}

/// One server mechanism, as data: each module declares one `const DEF`
/// that states what it changes and takes the rest from [`Def::new`] (its
/// id, group and texts, changing nothing else), so a mechanism's file holds its facts and
/// its behaviour only, and code elsewhere reads them as fields.
pub struct Def {
    /// Its URL id (`lab.mech.<id>` names it).
    pub id: &'static str,
    /// The workbench's group.
    pub group: Group,
    /// Its rows of the translation table: `lab.mech.<id>` and `.desc`.
    pub texts: &'static [Entry],
    /// At least one of these (ids, each earlier in the registry) must be in
    /// the design.
    pub needs: &'static [&'static str],
    /// Dropped when any of these (ids) is in the design.
    pub gives_way_to: &'static [&'static str],
    /// Its place in the order a fix may add mechanisms (the chapter's own
    /// order first); `None`: never a step.
    pub chapter_place: Option<u8>,
    /// Ids of the chapter's rules a design with it breaks, unless another
    /// of its mechanisms mends them.
    pub breaks: &'static [&'static str],
    /// Ids of the rules it mends.
    pub mends: &'static [&'static str],
    /// Its fragments, each in a statement's slot (at most one a slot).
    pub sql: &'static [(Slot, &'static str)],
    /// Its hooks into the handler's steps, in the order a request meets
    /// them (each a no-op unless the mechanism changes that step): how the
    /// key's record is kept (its read, claim and recording), the key's
    /// scope, the verdict on a found row, a claim, the report's
    /// transaction, a failure, the write-back and a notification.
    pub key_steps: fn(&mut KeySteps),
    pub scope_key: fn(&mut KeyScope),
    pub found: fn(&Found, Verdict) -> Verdict,
    pub claim: fn(&mut Claim),
    pub work: fn(&mut Work),
    pub failure: fn(&mut Failure),
    pub write_back: fn(&mut WriteBack),
    pub notify: fn(&mut Notify),
    /// Its narration keys: at each point it changes, the key of the
    /// sentence a run of a design with it says there (a later mechanism's,
    /// in canonical order, says it instead: `digest` after the key
    /// records').
    pub narration: &'static [(Telling, &'static str)],
    /// The handler's statements that are its own, each with its text (the
    /// listing marks that text as its; `lab::model::sql` joins it with the
    /// design's fragments).
    pub statements: &'static [(Stmt, &'static [Piece])],
    /// A different body under a known key gets 422.
    pub compares_digest: bool,
    /// A failure's 500 is stored under the key and replayed.
    pub stores_errors: bool,
    /// The handler calls the notifier inside its work, before its
    /// transaction commits (the hurried handler), not after the commit:
    /// the simulation places the call by it.
    pub notifies_before_commit: bool,
    /// The key record is keyed by (tenant, key).
    pub scopes_tenant: bool,
    /// Uncertain outcomes are answered with an opaque `status_ref`, which
    /// `query_operation_status` resolves; requests arriving past the
    /// deadline they carry are refused unstarted.
    pub issues_status_ref: bool,
    /// A replay re-checks the principal's authorisation first.
    pub rechecks_auth: bool,
    /// A new execution needs a valid one-time approval of its digest.
    pub checks_approval: bool,
}

impl Def {
    /// A mechanism with its id, group and texts (the facts every one has)
    /// that changes nothing else: a module's `DEF` states what it changes
    /// and takes the rest from here (`..Def::new(…)`).
    pub const fn new(id: &'static str, group: Group, texts: &'static [Entry]) -> Def {
        Def {
            id,
            group,
            texts,
            needs: &[],
            gives_way_to: &[],
            chapter_place: None,
            breaks: &[],
            mends: &[],
            sql: &[],
            key_steps: |_| {},
            scope_key: |_| {},
            found: |_, verdict| verdict,
            claim: |_| {},
            work: |_| {},
            failure: |_| {},
            write_back: |_| {},
            notify: |_| {},
            narration: &[],
            statements: &[],
            compares_digest: false,
            stores_errors: false,
            notifies_before_commit: false,
            scopes_tenant: false,
            issues_status_ref: false,
            rechecks_auth: false,
            checks_approval: false,
        }
    }

    /// Its narration key at `point`, if it changes what is said there.
    pub fn says(&self, point: Telling) -> Option<&'static str> {
        self.narration
            .iter()
            .find(|(at, _)| *at == point)
            .map(|(_, key)| *key)
    }

    /// Whether the handler's statement `s` is its own.
    pub fn owns(&self, s: Stmt) -> bool {
        self.statement(s).is_some()
    }

    /// The text of its own statement `s`.
    pub fn statement(&self, s: Stmt) -> Option<&'static [Piece]> {
        self.statements
            .iter()
            .find(|(own, _)| *own == s)
            .map(|(_, pieces)| *pieces)
    }

    /// Its fragment in a statement's slot.
    pub fn fragment(&self, slot: Slot) -> Option<&'static str> {
        self.sql
            .iter()
            .find(|(s, _)| *s == slot)
            .map(|(_, text)| *text)
    }
}
