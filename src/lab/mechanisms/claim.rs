//! `claim`: Claims the key (`in_progress`) before any work; the report and the key's
//! write-back commit in one transaction; 409 while in progress («把"记下键"和
//! "执行副作用"放进同一个事务»). The chapter's first step.

use super::def::Piece::{In, Key, Own};
use super::def::{Def, Group, Piece, Slot, Telling};
use super::hooks::{Found, KeySteps, RecordColumns, Stmt, Verdict};
use crate::kernel::entry::e;

/// This mechanism: what it changes, then its id, group and its rows of
/// the translation table.
pub const DEF: Def = Def {
    chapter_place: Some(0),
    breaks: &["replay_changed_body"],
    key_steps,
    found,
    statements: STATEMENTS,
    narration: &[(Telling::Replay, "lab.d.replay_no_digest")],
    ..Def::new("claim", Group::KeyRecord, &[
        e("lab.mech.claim", "占键", "Claim the key"),
        e("lab.mech.claim.desc", "执行前先在事务里占键（in_progress）；报告和键的写回在同一个事务里提交；同键还在处理中就返回 409。", "Claims the key (in_progress) in a transaction before any work; the report and the key's write-back commit in one transaction; a request whose key is still in progress gets 409."),
    ])
};

/// The claiming transaction reads the key's row (status, fence, lease,
/// response) and claims an unknown key; the report's transaction then
/// writes the response back to the claim.
fn key_steps(s: &mut KeySteps) {
    s.read = Some(Stmt::ClaimRead);
    s.read_in_transaction = true;
    s.columns = RecordColumns {
        status: Some(0),
        lease: Some(2),
        response: 3,
    };
    s.claim = Some(Stmt::ClaimInsert);
}

/// A row that is not done is a claim in progress: 409, not a replay.
fn found(row: &Found, verdict: Verdict) -> Verdict {
    match (verdict, row.status.as_deref()) {
        (Verdict::Replay, status) if status != Some("done") => Verdict::InProgress {
            retry_after_ms: None,
        },
        _ => verdict,
    }
}

/// Its statements: the claiming transaction's read and claim, the
/// write-back, the release and the read after a write-back that missed.
const STATEMENTS: &[(Stmt, &[Piece])] = &[
    (
        Stmt::ClaimRead,
        &[
            Own("SELECT "),
            In(Slot::ReadColumns),
            Own(
                "status, fence, lease_expires_ms, response_status, response_body \
                 FROM idempotency_keys WHERE ",
            ),
            Key,
        ],
    ),
    (
        Stmt::ClaimInsert,
        &[
            Own("INSERT INTO idempotency_keys ("),
            In(Slot::KeyColumns),
            Own("key, request_digest, status, fence, lease_expires_ms, created_ms) VALUES ("),
            In(Slot::KeyValues),
            Own("?, ?, 'in_progress', ?, ?, ?)"),
        ],
    ),
    (
        Stmt::WriteBack,
        &[
            Own(
                "UPDATE idempotency_keys SET status = 'done', response_status = ?, \
                 response_body = ? WHERE ",
            ),
            Key,
            In(Slot::WriteCondition),
        ],
    ),
    // The claim goes: the next request claims the key anew (with a fence,
    // under a higher token, since the counter lives in `fence_counter`,
    // not in the deleted row).
    (
        Stmt::Release,
        &[
            Own("DELETE FROM idempotency_keys WHERE "),
            Key,
            In(Slot::WriteCondition),
        ],
    ),
    (
        Stmt::ReadAfterMiss,
        &[
            Own(
                "SELECT status, response_status, response_body, fence \
                 FROM idempotency_keys WHERE ",
            ),
            Key,
        ],
    ),
];
