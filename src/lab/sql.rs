//! The handler's SQL as fragments, each marked with the mechanism that
//! contributed it. The handler runs the text joined from these fragments
//! ([`HandlerSql`]), and [`describe`] lists the same statements by branch for
//! the page, so the SQL a student reads is the SQL that runs. Pure data: the
//! page (built without SQLite) can show it.

use borsh::{BorshDeserialize, BorshSerialize};
use serde::{Deserialize, Serialize};

use super::design::{Design, Mechanism};
use crate::kernel::ids::id_enum;

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
}

impl Stmt {
    pub const ALL: [Stmt; 12] = [
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
    ];

    /// The statement's fragments in design `d`.
    pub fn parts(self, d: Design) -> Vec<Part> {
        use Mechanism::*;
        let own = |by, text| Some(Part { by, text });
        let frag = |m: Mechanism, text| d.has(m).then_some(Part { by: Some(m), text });
        // `… WHERE key = ?`, or `… WHERE tenant = ? AND key = ?` with `tenant_scope`.
        let by_key = |by: Option<Mechanism>, head: &'static str| {
            vec![
                own(by, head),
                frag(TenantScope, "tenant = ? AND "),
                own(by, "key = ?"),
            ]
        };
        let conditions = |by: Mechanism, base: &'static str| {
            let mut parts = by_key(Some(by), base);
            parts.extend([
                frag(Guard, " AND status = 'in_progress'"),
                frag(Fence, " AND fence = ?"),
            ]);
            parts
        };
        let insert_key = |by: Option<Mechanism>, columns: &'static str, values: &'static str| {
            vec![
                own(by, "INSERT INTO idempotency_keys ("),
                frag(TenantScope, "tenant, "),
                own(by, columns),
                frag(TenantScope, "?, "),
                own(by, values),
            ]
        };
        let parts = match self {
            Stmt::Lookup => [
                vec![
                    own(Some(RecordAfter), "SELECT "),
                    frag(Digest, "request_digest, "),
                ],
                by_key(
                    Some(RecordAfter),
                    "response_status, response_body FROM idempotency_keys WHERE ",
                ),
            ]
            .concat(),
            Stmt::ClaimRead => [
                vec![
                    own(Some(Claim), "SELECT "),
                    frag(Digest, "request_digest, "),
                ],
                by_key(
                    Some(Claim),
                    "status, fence, lease_expires_ms, response_status, response_body \
                     FROM idempotency_keys WHERE ",
                ),
            ]
            .concat(),
            Stmt::ClaimInsert => insert_key(
                Some(Claim),
                "key, request_digest, status, fence, lease_expires_ms, created_ms) VALUES (",
                "?, ?, 'in_progress', ?, ?, ?)",
            ),
            Stmt::TakeOver => [
                vec![
                    own(Some(Lease), "UPDATE idempotency_keys SET "),
                    frag(Fence, "fence = ?, "),
                ],
                by_key(Some(Lease), "lease_expires_ms = ? WHERE "),
                vec![own(
                    Some(Lease),
                    " AND status = 'in_progress' AND lease_expires_ms <= ?",
                )],
            ]
            .concat(),
            Stmt::BumpFence => vec![
                own(Some(Fence), "INSERT INTO fence_counter ("),
                frag(TenantScope, "tenant, "),
                own(Some(Fence), "key, last) VALUES ("),
                frag(TenantScope, "?, "),
                own(Some(Fence), "?, 1) ON CONFLICT ("),
                frag(TenantScope, "tenant, "),
                own(Some(Fence), "key) DO UPDATE SET last = last + 1"),
            ],
            Stmt::ReadFence => by_key(Some(Fence), "SELECT last FROM fence_counter WHERE "),
            Stmt::InsertReport => vec![own(
                None,
                "INSERT INTO reports (run_id, module, title, details, created_ms) \
                 VALUES (?, ?, ?, ?, ?)",
            )],
            Stmt::RecordKey => insert_key(
                Some(RecordAfter),
                "key, request_digest, status, response_status, response_body, created_ms) \
                 VALUES (",
                "?, ?, 'done', ?, ?, ?)",
            ),
            Stmt::WriteBack => conditions(
                Claim,
                "UPDATE idempotency_keys SET status = 'done', response_status = ?, \
                 response_body = ? WHERE ",
            ),
            // The claim goes: the next request claims the key anew (with
            // `fence`, under a higher token, since the counter lives in
            // `fence_counter`, not in the deleted row).
            Stmt::Release => conditions(Claim, "DELETE FROM idempotency_keys WHERE "),
            Stmt::ReadAfterMiss => by_key(
                Some(Claim),
                "SELECT status, response_status, response_body, fence \
                 FROM idempotency_keys WHERE ",
            ),
            Stmt::InsertOutbox => vec![own(Some(Outbox), OUTBOX_INSERT)],
        };
        parts.into_iter().flatten().collect()
    }
}

/// `outbox`: the row written with the report (report id, fencing token, time).
pub const OUTBOX_INSERT: &str =
    "INSERT INTO outbox (report_id, fence, created_ms) VALUES (?, ?, ?)";
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
    /// The handler's two phases: when the request arrives, and when its work is done.
    #[derive(Serialize, Deserialize)]
    #[derive(BorshSerialize, BorshDeserialize)]
    HandlerPhase {
        Arrive => "arrive",
        Finish => "finish",
    }
}

id_enum! {
    /// When a statement runs (a translation key suffix: `lab.branch.<id>`).
    #[derive(Serialize, Deserialize)]
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
    let mut out = Vec::new();
    if d.has(Mechanism::RecordAfter) {
        out.extend(record_after_statements(d));
    } else if d.has(Mechanism::Claim) {
        out.extend(claim_arrive_statements(d));
        out.extend(claim_finish_statements(d));
    }
    let branch = if d.keyed() {
        Branch::NoKey
    } else {
        Branch::Success
    };
    out.extend(report_alone(d, branch));
    out
}

fn stmt(phase: HandlerPhase, branch: Branch, parts: Vec<Part>) -> Statement {
    Statement {
        phase,
        branch,
        parts,
    }
}

fn control(by: Option<Mechanism>, text: &'static str) -> Vec<Part> {
    vec![Part { by, text }]
}

/// `parts` with the fragments of `from` attributed to `to` (a statement
/// that runs in a branch `to` adds).
fn owned_by(parts: Vec<Part>, from: Mechanism, to: Mechanism) -> Vec<Part> {
    parts
        .into_iter()
        .map(|p| match p.by {
            Some(m) if m == from => Part { by: Some(to), ..p },
            _ => p,
        })
        .collect()
}

/// The report in its own transaction (no key handling, or no key), with
/// `outbox`'s row.
fn report_alone(d: Design, branch: Branch) -> Vec<Statement> {
    let f = |parts| stmt(HandlerPhase::Finish, branch, parts);
    let mut out = vec![
        f(control(None, BEGIN)),
        f(Stmt::InsertReport.parts(Design::NONE)),
    ];
    out.extend(outbox_row(d, branch));
    out.push(f(control(None, COMMIT)));
    // The process dies before that COMMIT (SQLite's journal undoes it).
    out.push(stmt(
        HandlerPhase::Finish,
        Branch::Crash,
        control(None, ROLLBACK),
    ));
    out
}

/// `outbox`: its row, in the report's transaction.
fn outbox_row(d: Design, branch: Branch) -> Option<Statement> {
    d.has(Mechanism::Outbox)
        .then(|| stmt(HandlerPhase::Finish, branch, Stmt::InsertOutbox.parts(d)))
}

fn record_after_statements(d: Design) -> Vec<Statement> {
    use Branch::*;
    use HandlerPhase::*;
    let ra = Some(Mechanism::RecordAfter);
    let mut out = vec![stmt(Arrive, Always, Stmt::Lookup.parts(d))];
    out.extend(report_alone(d, Success));
    out.extend([
        stmt(Finish, Success, control(ra, BEGIN)),
        stmt(Finish, Success, Stmt::RecordKey.parts(d)),
        stmt(Finish, Success, control(ra, COMMIT)),
        stmt(Finish, Crash, control(ra, ROLLBACK)),
        stmt(Finish, Error, control(ra, ROLLBACK)),
    ]);
    if d.has(Mechanism::StoreErrors) {
        let se = Mechanism::StoreErrors;
        out.extend([
            stmt(Finish, Failure, control(Some(se), BEGIN)),
            stmt(
                Finish,
                Failure,
                owned_by(Stmt::RecordKey.parts(d), Mechanism::RecordAfter, se),
            ),
            stmt(Finish, Failure, control(Some(se), COMMIT)),
        ]);
    }
    out
}

fn claim_arrive_statements(d: Design) -> Vec<Statement> {
    use Branch::*;
    use HandlerPhase::Arrive;
    use Mechanism::*;
    let c = Some(Claim);
    let mut out = vec![
        stmt(Arrive, Always, control(c, BEGIN)),
        stmt(Arrive, Always, Stmt::ClaimRead.parts(d)),
    ];
    out.extend(fence_bump(d, KeyUnknown));
    out.extend([
        stmt(Arrive, KeyUnknown, Stmt::ClaimInsert.parts(d)),
        stmt(Arrive, KeyUnknown, control(c, COMMIT)),
    ]);
    if d.has(Digest) {
        out.push(stmt(Arrive, OtherBody, control(Some(Digest), COMMIT)));
    }
    out.push(stmt(Arrive, Done, control(c, COMMIT)));
    if d.has(Lease) {
        out.extend(fence_bump(d, LeaseExpired));
        out.push(stmt(Arrive, LeaseExpired, Stmt::TakeOver.parts(d)));
        out.push(stmt(Arrive, LeaseExpired, control(Some(Lease), COMMIT)));
    }
    out.push(stmt(Arrive, InProgress, control(c, COMMIT)));
    out
}

/// `fence`: every claim and every takeover raises the key's counter in
/// `fence_counter` and reads the new token («每次占键 token 加 1»).
fn fence_bump(d: Design, branch: Branch) -> Vec<Statement> {
    if !d.has(Mechanism::Fence) {
        return Vec::new();
    }
    let f = |s: Stmt| stmt(HandlerPhase::Arrive, branch, s.parts(d));
    vec![f(Stmt::BumpFence), f(Stmt::ReadFence)]
}

fn claim_finish_statements(d: Design) -> Vec<Statement> {
    use Branch::*;
    use HandlerPhase::Finish;
    use Mechanism::*;
    let c = Some(Claim);
    let failure = if d.has(StoreErrors) {
        owned_by(Stmt::WriteBack.parts(d), Claim, StoreErrors)
    } else {
        Stmt::Release.parts(d)
    };
    let mut out = vec![
        stmt(Finish, Always, control(c, BEGIN)),
        stmt(Finish, Success, Stmt::InsertReport.parts(d)),
    ];
    out.extend(outbox_row(d, Success));
    out.extend([
        stmt(Finish, Success, Stmt::WriteBack.parts(d)),
        stmt(Finish, Crash, control(c, ROLLBACK)),
        stmt(Finish, Failure, failure),
        stmt(Finish, Aborted, Stmt::Release.parts(d)),
        stmt(Finish, Written, control(c, COMMIT)),
        stmt(Finish, Missed, control(c, ROLLBACK)),
        stmt(Finish, Missed, Stmt::ReadAfterMiss.parts(d)),
    ]);
    out
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
