//! The handler's SQL as fragments, each marked with the mechanism that
//! contributed it. Each mechanism declares its statements and fragments in
//! its own module; here they are joined, and the statements that belong to
//! no mechanism (the report's, transaction control) are kept. The handler
//! runs the text joined from these fragments ([`HandlerSql`]), and [`describe`] lists the same statements by branch for
//! the page, so the SQL a student reads is the SQL that runs. Pure data: the
//! page (built without SQLite) can show it.

use borsh::{BorshDeserialize, BorshSerialize};
use serde::Serialize;

use crate::kernel::ids::id_enum;
pub use crate::lab::mechanisms::Stmt;
use crate::lab::mechanisms::{Piece, Slot};
use crate::lab::model::design::{Design, Mechanism};

/// Transaction control, as the database records it.
pub const BEGIN: &str = "BEGIN IMMEDIATE";
pub const COMMIT: &str = "COMMIT";
pub const ROLLBACK: &str = "ROLLBACK";

/// One piece of a statement's text; `by` is the mechanism that put it there
/// (`None`: the handler's own, present in every design that runs it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Part {
    pub by: Option<Mechanism>,
    pub text: &'static str,
}

impl Stmt {
    pub const ALL: [Stmt; 16] = [
        Stmt::Lookup,
        Stmt::ClaimRead,
        Stmt::ClaimInsert,
        Stmt::TakeOver,
        Stmt::BumpFence,
        Stmt::ReadFence,
        Stmt::InsertReport,
        Stmt::RecordKey,
        Stmt::WriteBack,
        Stmt::Release,
        Stmt::ReadAfterMiss,
        Stmt::InsertOutbox,
        Stmt::MarkUnknown,
        Stmt::StatusRead,
        Stmt::Backfill,
        Stmt::Settle,
    ];

    /// The statement's fragments in design `d`: the text of the mechanism
    /// whose statement it is (the report's belongs to none), marked as that
    /// mechanism's when it is in the design, with the fragments the
    /// design's mechanisms put in its slots. A statement of a mechanism
    /// outside the design keeps its text (the handler never runs it).
    pub fn parts(self, d: Design) -> Vec<Part> {
        let owner = Mechanism::find(|m| m.owns(self));
        let pieces = match owner {
            Some(m) => m.def().statement(self).unwrap_or_default(),
            None => REPORT_INSERT,
        };
        let by = owner.filter(|m| d.has(*m));
        let mut parts = Vec::new();
        let slot =
            |slot| (d.fragments(slot).into_iter()).map(|(m, text)| Part { by: Some(m), text });
        for piece in pieces {
            match *piece {
                Piece::Own(text) => parts.push(Part { by, text }),
                Piece::In(at) => parts.extend(slot(at)),
                Piece::Key => {
                    parts.extend(slot(Slot::KeyWhere));
                    parts.push(Part {
                        by,
                        text: "key = ?",
                    });
                }
            }
        }
        parts
    }
}

/// The side effect, the one statement no mechanism owns: the report.
const REPORT_INSERT: &[Piece] = &[
    Piece::Own(
        "INSERT INTO reports (run_id, module, title, details, created_ms) \
         VALUES (?, ?, ?, ?, ?)",
    ),
    Piece::In(Slot::ReportNote),
];

/// The mechanisms of a design whose statements the handler runs (`None`:
/// the design has none of that kind; the text is the same).
#[derive(Clone, Copy)]
struct Owners {
    recorded: Option<Mechanism>,
    claimed: Option<Mechanism>,
    leasing: Option<Mechanism>,
    fencing: Option<Mechanism>,
    stores_errors: Option<Mechanism>,
    digest: Option<Mechanism>,
    unknown: Option<Mechanism>,
    status_ref: Option<Mechanism>,
}

impl Owners {
    fn of(d: Design) -> Owners {
        Owners {
            recorded: d.find(|m| m.owns(Stmt::Lookup)),
            claimed: d.find(|m| m.owns(Stmt::ClaimRead)),
            leasing: d.find(|m| m.owns(Stmt::TakeOver)),
            fencing: d.find(|m| m.owns(Stmt::BumpFence)),
            stores_errors: d.find(|m| m.stores_errors),
            digest: d.find(|m| m.compares_digest),
            unknown: d.find(|m| m.owns(Stmt::MarkUnknown)),
            status_ref: d.find(|m| m.owns(Stmt::StatusRead)),
        }
    }
}

/// The relay: the oldest row not yet sent, with its report's title.
pub const RELAY_PENDING: &str = "SELECT o.id, o.report_id, o.fence, r.title \
     FROM outbox o JOIN reports r ON r.id = o.report_id \
     WHERE o.sent_ms IS NULL ORDER BY o.id LIMIT 1";
/// The relay, once the notifier answered: the row is sent.
pub const RELAY_MARK_SENT: &str = "UPDATE outbox SET sent_ms = ? WHERE id = ?";

/// The notifier's own SQL, on its own database (`downstream_fence`: the
/// highest token per key; `downstream_key`: a dedupe key seen before).
pub const NOTIFIER_HIGHEST: &str = "SELECT highest FROM fences WHERE scope = ?";
pub const NOTIFIER_RAISE: &str = "INSERT INTO fences (scope, highest) VALUES (?, ?) \
     ON CONFLICT (scope) DO UPDATE SET highest = excluded.highest";
pub const NOTIFIER_SEEN: &str = "SELECT id FROM notifications WHERE dedupe_key = ?";
pub const NOTIFIER_INSERT: &str = "INSERT INTO notifications \
     (report_id, title, dedupe_key, fence, received_ms) VALUES (?, ?, ?, ?, ?)";

/// The text of parts, joined.
pub fn text_of(parts: &[Part]) -> String {
    parts.iter().map(|p| p.text).collect()
}

/// The texts the handler of one design runs, joined once per run.
#[derive(Clone, Debug)]
pub struct HandlerSql {
    texts: Vec<String>,
}

impl HandlerSql {
    pub fn new(d: Design) -> Self {
        Self {
            texts: Stmt::ALL.iter().map(|s| text_of(&s.parts(d))).collect(),
        }
    }

    pub fn get(&self, s: Stmt) -> &str {
        &self.texts[s as usize]
    }
}

id_enum! {
    serde_by_name;
    /// The handler's two phases: when the request arrives, and when its work is done.
    #[derive(Serialize)]
    #[derive(BorshSerialize, BorshDeserialize)]
    HandlerPhase {
        Arrive => "arrive",
        Finish => "finish",
        /// `status_ref`: `query_operation_status`, apart from any request.
        Query => "query",
    }
}

id_enum! {
    serde_by_name;
    /// When a statement runs (a translation key suffix: `lab.branch.<id>`).
    #[derive(Serialize)]
    #[derive(BorshSerialize, BorshDeserialize)]
    Branch {
        /// Every keyed request, first.
        Always => "always",
        /// No row for the key.
        KeyUnknown => "key_unknown",
        /// A row with a different request digest (→ 422).
        OtherBody => "other_body",
        /// A row that is done (→ its response replayed).
        Done => "done",
        /// A claim in progress whose lease has expired (→ taken over).
        LeaseExpired => "lease_expired",
        /// A claim in progress (→ 409).
        InProgress => "in_progress",
        /// A request without a key: the report alone.
        NoKey => "no_key",
        /// The work succeeded.
        Success => "success",
        /// The work failed (→ 500).
        Failure => "failure",
        /// A check before the work failed, so nothing was done (→ 503):
        /// the claim is released in every design.
        Aborted => "aborted",
        /// The process dies in the transaction (SQLite's journal undoes it).
        Crash => "crash",
        /// A statement was refused (a UNIQUE constraint; → 500).
        Error => "error",
        /// The write-back matched one row.
        Written => "written",
        /// The write-back matched no row (→ the stored response, or 409).
        Missed => "missed",
        /// The status query reads the key's record.
        Status => "status",
        /// The downstream's receipt matches: the record is backfilled.
        Receipt => "receipt",
        /// The failed handler left no effect: the record is released.
        Settled => "settled",
    }
}

/// One statement of the handler, where it runs, with its fragments.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Statement {
    pub phase: HandlerPhase,
    pub branch: Branch,
    pub parts: Vec<Part>,
}

impl Statement {
    /// The SQL as it runs.
    pub fn text(&self) -> String {
        text_of(&self.parts)
    }
}

/// The handler's SQL for design `d`, statement by statement per branch,
/// each fragment marked with the mechanism that contributed it.
pub fn describe(d: Design) -> Vec<Statement> {
    let mut l = Listing {
        d,
        o: Owners::of(d),
        out: Vec::new(),
    };
    if d.records_after() {
        l.record_after();
    } else if d.claims() {
        l.claim_arrive().claim_finish().status_query();
    }
    l.report_alone(if d.keyed() {
        Branch::NoKey
    } else {
        Branch::Success
    });
    l.out
}

/// `parts` with the fragments of `from` attributed to `to` (a statement
/// that runs in a branch `to` adds).
fn owned_by(parts: Vec<Part>, from: Option<Mechanism>, to: Option<Mechanism>) -> Vec<Part> {
    parts
        .into_iter()
        .map(|p| match p.by {
            Some(_) if p.by == from => Part { by: to, ..p },
            _ => p,
        })
        .collect()
}

/// A design's listing as it is written, statement by statement in the
/// order the page shows them.
struct Listing {
    d: Design,
    o: Owners,
    out: Vec<Statement>,
}

impl Listing {
    /// A statement of `parts`, in `phase`'s `branch`.
    fn add(&mut self, phase: HandlerPhase, branch: Branch, parts: Vec<Part>) -> &mut Self {
        self.out.push(Statement {
            phase,
            branch,
            parts,
        });
        self
    }

    /// The handler's statement `s`, with the design's fragments.
    fn run(&mut self, phase: HandlerPhase, branch: Branch, s: Stmt) -> &mut Self {
        let parts = s.parts(self.d);
        self.add(phase, branch, parts)
    }

    /// Transaction control, owned by `by`.
    fn control(
        &mut self,
        phase: HandlerPhase,
        branch: Branch,
        by: Option<Mechanism>,
        text: &'static str,
    ) -> &mut Self {
        self.add(phase, branch, vec![Part { by, text }])
    }

    /// The report in its own transaction (no key handling, or no key),
    /// with the rows its transaction writes besides.
    fn report_alone(&mut self, branch: Branch) -> &mut Self {
        use HandlerPhase::Finish;
        self.control(Finish, branch, None, BEGIN)
            .run(Finish, branch, Stmt::InsertReport)
            .work_rows(branch)
            .control(Finish, branch, None, COMMIT)
            // The process dies before that COMMIT (SQLite's journal undoes it).
            .control(Finish, Branch::Crash, None, ROLLBACK)
    }

    /// The rows the report's transaction writes besides (the outbox's).
    fn work_rows(&mut self, branch: Branch) -> &mut Self {
        for s in self.d.work().rows {
            self.run(HandlerPhase::Finish, branch, s);
        }
        self
    }

    fn record_after(&mut self) -> &mut Self {
        use Branch::*;
        use HandlerPhase::*;
        let ra = self.o.recorded;
        self.run(Arrive, Always, Stmt::Lookup).report_alone(Success);
        self.control(Finish, Success, ra, BEGIN)
            .run(Finish, Success, Stmt::RecordKey)
            .control(Finish, Success, ra, COMMIT)
            .control(Finish, Crash, ra, ROLLBACK)
            .control(Finish, Error, ra, ROLLBACK);
        if let Some(se) = self.o.stores_errors {
            let record = owned_by(Stmt::RecordKey.parts(self.d), ra, Some(se));
            self.control(Finish, Failure, Some(se), BEGIN)
                .add(Finish, Failure, record)
                .control(Finish, Failure, Some(se), COMMIT);
        }
        self
    }

    fn claim_arrive(&mut self) -> &mut Self {
        use Branch::*;
        use HandlerPhase::Arrive;
        let c = self.o.claimed;
        self.control(Arrive, Always, c, BEGIN)
            .run(Arrive, Always, Stmt::ClaimRead)
            .fence_bump(KeyUnknown)
            .run(Arrive, KeyUnknown, Stmt::ClaimInsert)
            .control(Arrive, KeyUnknown, c, COMMIT);
        if let Some(digest) = self.o.digest {
            self.control(Arrive, OtherBody, Some(digest), COMMIT);
        }
        self.control(Arrive, Done, c, COMMIT);
        if let Some(lease) = self.o.leasing {
            self.fence_bump(LeaseExpired)
                .run(Arrive, LeaseExpired, Stmt::TakeOver)
                .control(Arrive, LeaseExpired, Some(lease), COMMIT);
        }
        self.control(Arrive, InProgress, c, COMMIT)
    }

    /// A fence: every claim and every takeover raises the key's counter in
    /// `fence_counter` and reads the new token («每次占键 token 加 1»).
    fn fence_bump(&mut self, branch: Branch) -> &mut Self {
        if self.o.fencing.is_some() {
            self.run(HandlerPhase::Arrive, branch, Stmt::BumpFence).run(
                HandlerPhase::Arrive,
                branch,
                Stmt::ReadFence,
            );
        }
        self
    }

    fn claim_finish(&mut self) -> &mut Self {
        use Branch::*;
        use HandlerPhase::Finish;
        let c = self.o.claimed;
        let failure = match (self.o.stores_errors, self.o.unknown) {
            (Some(se), _) => owned_by(Stmt::WriteBack.parts(self.d), c, Some(se)),
            (None, Some(_)) => Stmt::MarkUnknown.parts(self.d),
            (None, None) => Stmt::Release.parts(self.d),
        };
        self.control(Finish, Always, c, BEGIN)
            .run(Finish, Success, Stmt::InsertReport)
            .work_rows(Success)
            .run(Finish, Success, Stmt::WriteBack)
            .control(Finish, Crash, c, ROLLBACK)
            .add(Finish, Failure, failure)
            .run(Finish, Aborted, Stmt::Release)
            .control(Finish, Written, c, COMMIT)
            .control(Finish, Missed, c, ROLLBACK)
            .run(Finish, Missed, Stmt::ReadAfterMiss)
    }

    /// `status_ref`'s `query_operation_status`: the read, then a backfill
    /// from a matching receipt (the report and its rows, the record done)
    /// or the release of a record proven untouched.
    fn status_query(&mut self) -> &mut Self {
        use Branch::*;
        use HandlerPhase::Query;
        let Some(sr) = self.o.status_ref else {
            return self;
        };
        self.run(Query, Status, Stmt::StatusRead);
        // A receipt is looked up by the key the downstream got.
        if self
            .d
            .notify(Some(String::new()), None)
            .dedupe_key
            .is_some()
        {
            let report = owned_by(Stmt::InsertReport.parts(self.d), None, Some(sr));
            self.control(Query, Receipt, Some(sr), BEGIN)
                .add(Query, Receipt, report);
            for s in self.d.work().rows {
                self.run(Query, Receipt, s);
            }
            self.run(Query, Receipt, Stmt::Backfill)
                .control(Query, Receipt, Some(sr), COMMIT);
        }
        // Only a failed handler's scope, recorded as unknown, settles.
        if self.o.unknown.is_some() {
            self.control(Query, Settled, Some(sr), BEGIN)
                .run(Query, Settled, Stmt::Settle)
                .control(Query, Settled, Some(sr), COMMIT);
        }
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lab::Preset;

    #[test]
    fn the_presets_run_the_sql_they_always_ran() {
        let f = Preset::Fenced.design();
        let sql = HandlerSql::new(f);
        assert_eq!(
            sql.get(Stmt::WriteBack),
            "UPDATE idempotency_keys SET status = 'done', response_status = ?, response_body = ? \
             WHERE key = ? AND status = 'in_progress' AND fence = ?"
        );
        assert_eq!(
            sql.get(Stmt::TakeOver),
            "UPDATE idempotency_keys SET fence = ?, lease_expires_ms = ? WHERE key = ? \
             AND status = 'in_progress' AND lease_expires_ms <= ?"
        );
        assert_eq!(
            sql.get(Stmt::BumpFence),
            "INSERT INTO fence_counter (key, last) VALUES (?, 1) \
             ON CONFLICT (key) DO UPDATE SET last = last + 1"
        );
        let atomic = HandlerSql::new(Preset::Atomic.design());
        assert_eq!(
            atomic.get(Stmt::WriteBack),
            "UPDATE idempotency_keys SET status = 'done', response_status = ?, response_body = ? \
             WHERE key = ?"
        );
        assert_eq!(
            HandlerSql::new(Preset::KeySplit.design()).get(Stmt::Lookup),
            "SELECT response_status, response_body FROM idempotency_keys WHERE key = ?"
        );
    }

    #[test]
    fn each_mechanism_marks_what_it_adds() {
        let by = |d: Design, m: Mechanism| -> Vec<String> {
            describe(d)
                .iter()
                .flat_map(|s| s.parts.iter())
                .filter(|p| p.by == Some(m))
                .map(|p| p.text.to_string())
                .collect()
        };
        let leased = Preset::Leased.design();
        // The WHERE of the write-back, after a success and after a failure,
        // and of the release after a failure before any work.
        let guard = " AND status = 'in_progress'";
        assert_eq!(by(leased, Mechanism::Guard), [guard, guard, guard]);
        assert_eq!(by(leased, Mechanism::Fence), Vec::<String>::new());
        let fenced = Preset::Fenced.design();
        // The counter's bump and read (on a claim and on a takeover), the
        // takeover's token, and the write-backs' and the release's condition.
        let bump = [
            "INSERT INTO fence_counter (",
            "key, last) VALUES (",
            "?, 1) ON CONFLICT (",
            "key) DO UPDATE SET last = last + 1",
            "SELECT last FROM fence_counter WHERE ",
            "key = ?",
        ];
        let expected: Vec<&str> = [&bump[..], &bump[..], &["fence = ?, "]]
            .concat()
            .into_iter()
            .chain([" AND fence = ?"; 3])
            .collect();
        assert_eq!(by(fenced, Mechanism::Fence), expected);
        let no_store = fenced.without(Mechanism::StoreErrors);
        let release = describe(no_store)
            .into_iter()
            .find(|s| s.branch == Branch::Failure)
            .unwrap();
        // The claim's row goes; its token stays in `fence_counter`.
        assert_eq!(
            release.text(),
            "DELETE FROM idempotency_keys WHERE key = ? \
             AND status = 'in_progress' AND fence = ?"
        );
        let atomic_released = Preset::Atomic.design().without(Mechanism::StoreErrors);
        let release = describe(atomic_released)
            .into_iter()
            .find(|s| s.branch == Branch::Failure)
            .unwrap();
        assert_eq!(release.text(), "DELETE FROM idempotency_keys WHERE key = ?");
        assert!(describe(Design::NONE)
            .iter()
            .all(|s| s.parts.iter().all(|p| p.by.is_none())));
    }

    #[test]
    fn tenant_scope_puts_the_tenant_before_every_key() {
        let scoped = Preset::Atomic.design().with(Mechanism::TenantScope);
        let sql = HandlerSql::new(scoped);
        assert_eq!(
            sql.get(Stmt::ClaimInsert),
            "INSERT INTO idempotency_keys (tenant, key, request_digest, status, fence, \
             lease_expires_ms, created_ms) VALUES (?, ?, ?, 'in_progress', ?, ?, ?)"
        );
        for s in Stmt::ALL.into_iter().filter(|s| *s != Stmt::InsertReport) {
            let text = sql.get(s);
            if text.contains("key = ?") {
                assert!(text.contains("tenant = ? AND key = ?"), "{text}");
            }
        }
        let split = HandlerSql::new(Design::of(&[
            Mechanism::RecordAfter,
            Mechanism::TenantScope,
        ]));
        assert_eq!(
            split.get(Stmt::RecordKey),
            "INSERT INTO idempotency_keys (tenant, key, request_digest, status, \
             response_status, response_body, created_ms) VALUES (?, ?, ?, 'done', ?, ?, ?)"
        );
    }
}
