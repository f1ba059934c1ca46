//! `unknown_on_failure`: 003's rule for a failed write handler, «宿主不能据此
//! 断言"没有发生副作用"…把该幂等 scope 记为 unknown、返回恢复引用并阻止 dispatch
//! 重放». The key's record is marked `unknown`; a retry is told the outcome
//! is unknown and never runs again, until evidence (a status query)
//! settles it. It answers the same failure as `store_errors` (Stripe:
//! store the 500 and replay it), so the two exclude each other.

use super::def::Piece::{In, Key, Own};
use super::def::{Def, Group, Piece, Slot};
use super::hooks::{Failure, Found, Stmt, Verdict};
use crate::kernel::entry::e;

/// This mechanism: what it changes, then its id, group and its rows of
/// the translation table.
pub const DEF: Def = Def {
    needs: &["claim"],
    chapter_place: Some(10),
    mends: &["rerun_failure"],
    found,
    failure: |f| *f = Failure::Unknown,
    statements: STATEMENTS,
    ..Def::new("unknown_on_failure", Group::Recovery, &[
        e("lab.mech.unknown_on_failure", "失败记为未知", "Record a failure as unknown"),
        e("lab.mech.unknown_on_failure.desc", "写 handler 抛异常时，不能断言没有副作用：把这个幂等 scope 记为 unknown，同键重试只会被告知结果未知，不会再执行，直到状态查询拿到证据（003）。它和「存下错误结果」是对同一种失败的两种回答（Stripe 存下并重放 500；003 记为未知、阻止重放），二者只能选一个。", "When a write handler raises, nothing proves there was no side effect: the idempotency scope is recorded as unknown, and a retry with the key is only told the outcome is unknown, never run again, until a status query brings evidence (003). It and «store error results» are two answers to the same failure (Stripe stores and replays the 500; 003 records it as unknown and blocks replay), so only one can be chosen."),
    ])
};

/// A record marked unknown is uncertain, once a changed body (a conflict,
/// checked first) is ruled out.
fn found(row: &Found, verdict: Verdict) -> Verdict {
    match (verdict, row.status.as_deref()) {
        (Verdict::DigestMismatch, _) => verdict,
        (_, Some("unknown")) => Verdict::Uncertain,
        _ => verdict,
    }
}

/// Its statement: the failed handler marks its scope unknown.
const STATEMENTS: &[(Stmt, &[Piece])] = &[(
    Stmt::MarkUnknown,
    &[
        Own("UPDATE idempotency_keys SET status = 'unknown' WHERE "),
        Key,
        In(Slot::WriteCondition),
    ],
)];
