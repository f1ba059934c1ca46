//! `status_ref`: 003's recovery protocol on the service's side. An
//! uncertain outcome is answered with an opaque `status_ref`, and
//! `query_operation_status(status_ref, expected_request_sha256)` resolves
//! it: it re-checks the tenant's authorisation, the digest binding and the
//! downstream's receipt, and answers succeeded (backfilling the record),
//! unknown, never started, or conflict. An expired claim whose work
//! reached the downstream is no longer taken over: it is uncertain, not a
//! first execution. A request that arrives past the deadline it carries is
//! refused unstarted (TIMEOUT_BEFORE_EXECUTE).

use super::def::Piece::{Key, Own};
use super::def::{Def, Group, Piece};
use super::hooks::{Found, Stmt, Verdict};
use crate::kernel::entry::e;

/// This mechanism: what it changes, then its id, group and its rows of
/// the translation table.
pub const DEF: Def = Def {
    needs: &["claim"],
    chapter_place: Some(9),
    found,
    statements: STATEMENTS,
    issues_status_ref: true,
    ..Def::new("status_ref", Group::Recovery, &[
        e("lab.mech.status_ref", "状态引用与对账（status_ref）", "Status reference and reconciliation (status_ref)"),
        e("lab.mech.status_ref.desc", "结果未知时返回不透明的 status_ref，并提供 query_operation_status(status_ref, expected_request_sha256)：重新检查租户授权、请求摘要绑定和下游 receipt，答复已对账成功（回填本地记录）、仍未知、从未开始或对账冲突（转人工）。租约过期、而工作已经触达下游的占位不再被接管重做。请求带着截止时间，过了截止时间才到的请求不开工。", "Answers an unknown outcome with an opaque status_ref and offers query_operation_status(status_ref, expected_request_sha256): it re-checks the tenant's authorisation, the digest binding and the downstream's receipt, and answers succeeded (backfilling the local record), still unknown, never started, or conflict (human review). An expired claim whose work reached the downstream is no longer taken over and re-run. Requests carry their deadline; one that arrives past it is not started."),
    ])
};

/// An expired claim whose work calls the downstream may have made its
/// effect: uncertain, not a claim to take over.
fn found(row: &Found, verdict: Verdict) -> Verdict {
    match verdict {
        Verdict::TakeOver if row.effect_work => Verdict::Uncertain,
        _ => verdict,
    }
}

/// Its statements: the query's read of the record, the backfill from a
/// receipt, and the release of a record proven untouched.
const STATEMENTS: &[(Stmt, &[Piece])] = &[
    (
        Stmt::StatusRead,
        &[
            Own(
                "SELECT status, request_digest, response_status, response_body, \
                 lease_expires_ms FROM idempotency_keys WHERE ",
            ),
            Key,
        ],
    ),
    (
        Stmt::Backfill,
        &[
            Own(
                "UPDATE idempotency_keys SET status = 'done', response_status = ?, \
                 response_body = ? WHERE ",
            ),
            Key,
            Own(" AND status <> 'done'"),
        ],
    ),
    (
        Stmt::Settle,
        &[
            Own("DELETE FROM idempotency_keys WHERE "),
            Key,
            Own(" AND status <> 'done'"),
        ],
    ),
];
