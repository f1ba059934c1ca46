//! `approval`: a one-time approval bound to the request's digest, checked
//! in 003's order: auth → idempotency (conflict, local record, uncertain) →
//! approval for a new execution → execute → persist. A replay of a
//! succeeded same-key, same-digest call does not ask again; an uncertain
//! record is never executed again to get past an expired approval; a
//! changed body under the key is a conflict (422), not a new approval.

use super::def::{Def, Group};
use crate::kernel::entry::e;

/// This mechanism: what it changes, then its id, group and its rows of
/// the translation table.
pub const DEF: Def = Def {
    chapter_place: Some(12),
    checks_approval: true,
    ..Def::new("approval", Group::Recovery, &[
        e("lab.mech.approval", "一次性审批", "One-time approval"),
        e("lab.mech.approval.desc", "新的执行要有绑定请求摘要的一次性审批，按 003 的顺序检查：鉴权 → 幂等（冲突、本地记录、未知）→ 新执行的审批 → 执行 → 落库。已成功的同键同摘要重试直接重放，不再要审批；未知的记录不能当成首次执行重新越过审批；同键改了金额是冲突（422），不是一次新审批。", "A new execution needs a one-time approval bound to the request digest, checked in 003's order: auth → idempotency (conflict, local record, uncertain) → approval for a new execution → execute → persist. A succeeded same-key, same-digest retry is replayed without asking again; an uncertain record is never treated as a first execution to get past the approval; a changed amount under the same key is a conflict (422), not a new approval."),
    ])
};
