//! `notify_before_commit`: The handler notifies the module's owner inside its work, before its
//! transaction commits (what a hurried implementation does). It gives way
//! to `outbox`, which the chapter's 追问 builds on; never a step.

use super::def::{Def, Group};
use crate::kernel::entry::e;

/// This mechanism: what it changes, then its id, group and its rows of
/// the translation table.
pub const DEF: Def = Def {
    gives_way_to: &["outbox"],
    notifies_before_commit: true,
    ..Def::new("notify_before_commit", Group::Downstream, &[
        e("lab.mech.notify_before_commit", "提交前通知", "Notify before commit"),
        e("lab.mech.notify_before_commit.desc", "处理函数在事务提交之前就调用通知服务（赶工的写法；本实验在开事务前调用，事务不会等网络）。通知发出去就收不回：事务随后回滚，通知里的报告就不存在。", "The handler calls the notifier before its transaction commits (the hurried way; the lab calls it before BEGIN, so no transaction waits on the network). A sent notification cannot be recalled: if the transaction then rolls back, the report it names does not exist."),
    ])
};
