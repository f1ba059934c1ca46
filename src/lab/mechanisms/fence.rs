//! `fence`: A takeover increments a fencing token; the write-back has `AND fence = ?`
//! («再用 fencing token 兜底»). The token is handed out by a takeover, so it
//! needs `lease`.

use super::def::Piece::{In, Key, Own};
use super::def::{Def, Group, Piece, Slot};
use super::hooks::{Stmt, WriteBack};
use crate::kernel::entry::e;

/// This mechanism: what it changes, then its id, group and its rows of
/// the translation table.
pub const DEF: Def = Def {
    needs: &["lease"],
    chapter_place: Some(5),
    mends: &["lease_without_fence"],
    statements: STATEMENTS,
    claim: |c| c.takes_token = true,
    write_back,
    sql: &[(Slot::WriteCondition, " AND fence = ?"), (Slot::TakeOverSet, "fence = ?, ")],
    ..Def::new("fence", Group::WriteBack, &[
        e("lab.mech.fence", "fencing token", "Fencing token"),
        e("lab.mech.fence.desc", "每次占键和接管，fence_counter 表里这个键的计数加 1，新值就是这次的 fencing token；写回带 AND fence=自己的 token：慢请求醒来时 token 已经过期，更新 0 行，连同报告一起回滚。计数放在占位记录之外，占位被删、键被重新占下时也不会从 1 重来（本章：「单调递增」）。", "Every claim and every takeover raises the key's counter in the fence_counter table by 1, and the new value is that holder's fencing token; the write-back has AND fence = its own token: a slow request that wakes holds an outdated token, updates 0 rows and rolls back, report included. The counter lives outside the claim's row, so a deleted and re-claimed key does not start again at 1 (the chapter: «单调递增», monotonically increasing)."),
    ])
};

/// The write-back's `AND fence = ?` takes the token held: a stale holder's
/// write matches no row, so nothing stale is written, and a miss is the
/// token's refusal.
fn write_back(w: &mut WriteBack) {
    w.conditions.push(w.held);
    w.stale = false;
    w.fenced = true;
}

/// Its statements: the counter's bump (an upsert, so the first claim of a
/// key starts it at 1) and the read of the token it gave.
const STATEMENTS: &[(Stmt, &[Piece])] = &[
    (
        Stmt::BumpFence,
        &[
            Own("INSERT INTO fence_counter ("),
            In(Slot::KeyColumns),
            Own("key, last) VALUES ("),
            In(Slot::KeyValues),
            Own("?, 1) ON CONFLICT ("),
            In(Slot::KeyColumns),
            Own("key) DO UPDATE SET last = last + 1"),
        ],
    ),
    (
        Stmt::ReadFence,
        &[
            Own("SELECT last FROM fence_counter WHERE "),
            Key,
        ],
    ),
];
