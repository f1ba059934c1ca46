//! `lease`: A claim older than the lease may be taken over by a retry (追问 «占了键之后
//! 进程被 kill -9 怎么办？»). It changes the claim, so it needs `claim`.

use super::def::Piece::{In, Key, Own};
use super::def::{Def, Group, Piece, Slot};
use super::hooks::{Found, Stmt, Verdict, WriteBack};
use crate::lab::model::times::LEASE_MS;
use crate::kernel::entry::e;

/// This mechanism: what it changes, then its id, group and its rows of
/// the translation table.
pub const DEF: Def = Def {
    needs: &["claim"],
    chapter_place: Some(3),
    breaks: &["lease_without_fence"],
    statements: STATEMENTS,
    found,
    claim: |c| c.lease_until = Some(c.now + LEASE_MS),
    write_back,
    ..Def::new("lease", Group::Lease, &[
        e("lab.mech.lease", "租约接管", "Lease takeover"),
        e("lab.mech.lease.desc", "占位记录带租约：超过租约还没完成，重试可以接管它（进程被 kill -9 后键不再卡住）。", "A claim carries a lease: once it has expired unfinished, a retry may take it over (a key no longer stays stuck after kill -9)."),
    ])
};

/// A claim in progress whose lease has ended is taken over; one still
/// leased tells when to retry.
fn found(row: &Found, verdict: Verdict) -> Verdict {
    match (verdict, row.lease_expires) {
        (Verdict::InProgress { .. }, Some(exp)) if exp <= row.now as i64 => Verdict::TakeOver,
        (Verdict::InProgress { .. }, Some(exp)) => Verdict::InProgress {
            retry_after_ms: Some((exp - row.now as i64).max(1) as u64),
        },
        _ => verdict,
    }
}

/// Nothing tells whose claim is in progress: a holder whose lease ended
/// may still write back (a fence, later in the order, says otherwise).
fn write_back(w: &mut WriteBack) {
    w.stale = w.lease_until.is_some_and(|until| until <= w.now);
}

/// Its statement: the takeover of a claim still in progress whose lease
/// has ended (the condition makes two takers race for one row).
const STATEMENTS: &[(Stmt, &[Piece])] = &[(
    Stmt::TakeOver,
    &[
        Own("UPDATE idempotency_keys SET "),
        In(Slot::TakeOverSet),
        Own("lease_expires_ms = ? WHERE "),
        Key,
        Own(" AND status = 'in_progress' AND lease_expires_ms <= ?"),
    ],
)];
