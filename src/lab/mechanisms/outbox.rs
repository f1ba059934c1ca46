//! `outbox`: An outbox row in the report's transaction; a relay delivers pending rows
//! to the notifier and marks them sent («先在本地事务里写一条"待发送"记录，再由
//! 单独的发送流程按记录投递»).

use super::def::Piece::Own;
use super::def::{Def, Group};
use super::hooks::Stmt;
use crate::kernel::entry::e;

/// This mechanism: what it changes, then its id, group and its rows of
/// the translation table.
pub const DEF: Def = Def {
    chapter_place: Some(6),
    statements: &[(Stmt::InsertOutbox, &[Own(OUTBOX_INSERT)])],
    work: |w| w.rows.push(Stmt::InsertOutbox),
    ..Def::new("outbox", Group::Downstream, &[
        e("lab.mech.outbox", "outbox 模式", "Outbox"),
        e("lab.mech.outbox.desc", "在报告的同一个事务里写一条「待发送」记录，由单独的发送流程按记录投递给通知服务，收到答复后标记已发送。事务回滚，这条记录也一起回滚。", "A pending row is written in the report's transaction; a separate relay delivers pending rows to the notifier and marks each sent once answered. If the transaction rolls back, so does the row."),
    ])
};

/// Its row, written with the report (report id, fencing token, time).
const OUTBOX_INSERT: &str = "INSERT INTO outbox (report_id, fence, created_ms) VALUES (?, ?, ?)";
