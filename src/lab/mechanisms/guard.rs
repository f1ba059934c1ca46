//! `guard`: The write-back has `AND status = 'in_progress'`; 0 rows roll back. It
//! changes the claim's write-back, so it needs `claim`.

use super::def::{Def, Group, Slot};
use crate::kernel::entry::{e, Entry};

pub struct Guard;

const TEXTS: &[Entry] = &[
    e("lab.mech.guard", "写回带状态条件", "Status condition on the write-back"),
    e("lab.mech.guard.desc", "写回用 WHERE key=? AND status='in_progress'，影响 0 行就整个事务回滚、报告一起撤销。", "The write-back has WHERE key=? AND status='in_progress'; when it matches 0 rows the whole transaction rolls back, report included."),
];

impl Def for Guard {
    fn id(&self) -> &'static str {
        "guard"
    }

    fn group(&self) -> Group {
        Group::WriteBack
    }

    fn texts(&self) -> &'static [Entry] {
        TEXTS
    }

    fn needs(&self) -> &'static [&'static str] {
        &["claim"]
    }

    fn chapter_place(&self) -> Option<u8> {
        Some(4)
    }

    fn guards_write_back(&self) -> bool {
        true
    }

    fn sql(&self, slot: Slot) -> Option<&'static str> {
        match slot {
            Slot::WriteCondition => Some(" AND status = 'in_progress'"),
            _ => None,
        }
    }
}
