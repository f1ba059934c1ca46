//! Texts of the `lab` area.

use super::{e, Entry};

pub(super) const ENTRIES: &[Entry] = &[
    e(
        "lab.tool.created",
        "已提交，报告编号 #{id}",
        "Submitted: report #{id}",
    ),
    e(
        "lab.tool.unknown",
        "结果未知，报告可能已经创建，先查一下",
        "Outcome unknown: the report may already exist; check first",
    ),
    e(
        "lab.tool.not_created",
        "提交失败：服务端确认没有执行，可以稍后再试",
        "Not submitted: the server did nothing; you can try again later",
    ),
    e(
        "lab.tool.rejected",
        "被拒绝（422）：同一个幂等键配了不同的请求体，没有重试",
        "Rejected (422): the idempotency key was reused with a different body; not retried",
    ),
];
