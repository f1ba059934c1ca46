//! Giveaways of 003's 动手实践, `create_refund_design` (section «keys»; see
//! `mod.rs`): its keys as the card words them, a transition, a retry rule
//! or a user-visible state that answers one of its cases.

use super::Giveaway;

pub const G: &[Giveaway] = &[Giveaway {
    id: "create_refund_design",
    zh: &[
        // Case 4's transition and retry: an unknown outcome is reconciled.
        "in_progress → unknown",
        "只能用 status_ref",
        "用 status_ref 查询状态",
        // Cases 5 and 7: nothing ran, nothing recorded.
        "无记录 → 无记录",
        "不记 failed",
        // Cases 5 and 6: wait for the missing authorisation.
        "缺的授权补上",
        // Case 7: the same key once Retry-After has passed.
        "等够 Retry-After",
        // What the user sees in cases 4 and 7.
        "「结果核对中」",
        "「排队中」",
    ],
    en: &[
        "in_progress → unknown",
        "reconcile with query_operation_status",
        "status query with status_ref",
        "no record → no record",
        "nothing is recorded as failed",
        "missing authorisation is back",
        "after the full Retry-After",
        "«Result being checked»",
        "«Queued»",
    ],
}];
