//! `record_after`: Records the key after the report, in a second transaction: the
//! chapter's anti-pattern («先插数据，再记键»). It gives way to `claim`: the
//! two are exclusive, and the chapter builds on `claim`.

use super::def::Piece::{In, Key, Own};
use super::def::{Def, Group, Piece, Slot, Telling};
use super::hooks::{KeySteps, Stmt};
use crate::kernel::entry::e;

/// This mechanism: what it changes, then its id, group and its rows of
/// the translation table.
pub const DEF: Def = Def {
    gives_way_to: &["claim"],
    breaks: &["insert_before_key", "replay_changed_body"],
    key_steps,
    statements: STATEMENTS,
    narration: &[(Telling::Replay, "lab.d.replay_split")],
    ..Def::new("record_after", Group::KeyRecord, &[
        e("lab.mech.record_after", "先插数据，再记键", "Insert, then record the key"),
        e("lab.mech.record_after.desc", "先在一个事务里插报告，再在第二个事务里记下键和响应。本章的反例：两步之间崩溃会留下没登记的数据，重试又插一份。", "Commits the report, then records the key and its response in a second transaction. The chapter's counterexample: a crash between the two leaves unrecorded data, and the retry inserts another."),
    ])
};

/// The key is looked up before the work (its response first in the row),
/// outside any transaction, and recorded with its response only after the
/// report has committed: the gap the chapter warns of.
fn key_steps(s: &mut KeySteps) {
    s.read = Some(Stmt::Lookup);
    s.record_after_commit = Some(Stmt::RecordKey);
}

/// Its statements: the look-up before the work, and the record after it.
const STATEMENTS: &[(Stmt, &[Piece])] = &[
    (
        Stmt::Lookup,
        &[
            Own("SELECT "),
            In(Slot::ReadColumns),
            Own("response_status, response_body FROM idempotency_keys WHERE "),
            Key,
        ],
    ),
    (
        Stmt::RecordKey,
        &[
            Own("INSERT INTO idempotency_keys ("),
            In(Slot::KeyColumns),
            Own(
                "key, request_digest, status, response_status, response_body, created_ms) \
                 VALUES (",
            ),
            In(Slot::KeyValues),
            Own("?, ?, 'done', ?, ?, ?)"),
        ],
    ),
];
