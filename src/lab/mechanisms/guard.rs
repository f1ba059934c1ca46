//! `guard`: The write-back has `AND status = 'in_progress'`; 0 rows roll back. It
//! changes the claim's write-back, so it needs `claim`.

use super::def::{Def, Group, Slot, Telling};
use crate::kernel::entry::e;

/// This mechanism: what it changes, then its id, group and its rows of
/// the translation table.
pub const DEF: Def = Def {
    needs: &["claim"],
    chapter_place: Some(4),
    narration: &[(Telling::StaleCreated, "lab.d.stale_created")],
    sql: &[(Slot::WriteCondition, " AND status = 'in_progress'")],
    ..Def::new("guard", Group::WriteBack, &[
        e("lab.mech.guard", "写回带状态条件", "Status condition on the write-back"),
        e("lab.mech.guard.desc", "写回用 WHERE key=? AND status='in_progress'，影响 0 行就整个事务回滚、报告一起撤销。", "The write-back has WHERE key=? AND status='in_progress'; when it matches 0 rows the whole transaction rolls back, report included."),
    ])
};
