//! Giveaways of the «keys» section's questions (see `mod.rs`).

use super::Giveaway;

pub const G: &[Giveaway] = &[
    Giveaway {
        id: "predict_lost_response",
        zh: &[
            "每次重试换一个新键",
            "换新键也是 2 份",
            "一样是 2 份",
            "换新 UUID，重试就认不出来",
            "重放第一次的结果：1 份",
        ],
        en: &[
            "a fresh key per retry",
            "new key per retry",
            "2 as well",
            "fresh UUID per attempt makes retries unrecognisable",
            "replay the first result: 1 report",
        ],
    },
    Giveaway {
        id: "tf_idempotency_key_status",
        zh: &["不是 RFC", "draft-07 已经过期", "已于 2026-04-18 过期"],
        en: &["not an RFC", "draft-07, has expired", "it is not an RFC"],
    },
    Giveaway {
        id: "which_key_codex_reset",
        zh: &[
            "确认时生成一次",
            "「Try again」复用同一个键",
            "「Try again」按钮复用",
            "Identifies one logical reset attempt",
        ],
        en: &[
            "generated once when the user confirms",
            "made at confirmation, reused",
            "reused by «Try again»",
            "Identifies one logical reset attempt",
        ],
    },
    Giveaway {
        id: "same_key_in_progress",
        zh: &[
            "回 409",
            "返回 409",
            "得到 409",
            "SHOULD 返回 409",
            "稍后用同一个键再试",
        ],
        en: &[
            "Answer 409",
            "Return 409",
            "gets 409",
            "SHOULD get 409",
            "retries later with the same key",
            "tries again later with the same key",
            "try again later with the same key",
        ],
    },
    Giveaway {
        id: "predict_key_split_crash",
        zh: &[
            "还没来得及记键就崩溃了",
            "两步之间崩溃会留下没登记",
            "在两次提交之间崩溃，重试又插一份",
            "0 份，结果未知",
            "租约过期后重试接管并完成",
        ],
        en: &[
            "crashed before recording the key",
            "a crash between the two steps leaves",
            "crashes between its commits and the retry inserts again",
            "0 reports, outcome unknown",
            "once it expires the retry takes over and completes",
        ],
    },
    Giveaway {
        id: "predict_lease_write_back",
        zh: &[
            "两种场景都是 2 份",
            "只有 WHERE key=? 时两种",
            "状态条件影响 0 行",
        ],
        en: &[
            "both scenarios end with 2 reports",
            "WHERE key=? only, both",
            "the status guard matches 0 rows",
        ],
    },
    Giveaway {
        id: "lab_overlap_writer",
        zh: &[
            "第一个请求的处理者写的",
            "醒来的旧处理者",
            "租约已过期的处理者",
            "旧处理者的 201",
            "留下的却是不该再写的那一份",
            "状态条件分不出占位是谁的",
            "状态条件分不出这是谁的占位",
        ],
        en: &[
            "written by the first request's handler",
            "stale handler that woke up",
            "a handler whose lease had expired",
            "the stale handler's 201",
            "the one that should not have been written",
            "the status guard cannot tell whose claim it is",
        ],
    },
    Giveaway {
        id: "predict_stored_500",
        zh: &[
            "原子占键：0 份",
            "重放存下的 500",
            "重放的 500",
            "包括 500",
            "连 500 也",
            "成功或错误",
            "朴素：1 份",
        ],
        en: &[
            "Atomic claim: 0",
            "replays the stored 500",
            "the replayed 500",
            "including 500",
            "even a 500",
            "success or error",
            "Naive: 1",
        ],
    },
    Giveaway {
        id: "lab_stored_error_next",
        zh: &[
            "告诉模型结果未知",
            "模型听到结果未知",
            "听到的就是「结果未知」",
        ],
        en: &[
            "tell the model the outcome is unknown",
            "the model hears that the outcome is unknown",
            "is told «outcome unknown»",
        ],
    },
    Giveaway {
        id: "tf_key_retention_next_day",
        zh: &[
            "清理后再用同一个键会被当成新请求",
            "清理后再用同一个键会当成新请求",
            "去重只在保留期内有效",
        ],
        en: &[
            "after pruning the same key counts as a new request",
            "deduplication holds only within the retention",
        ],
    },
    Giveaway {
        id: "tf_key_store_memory",
        zh: &["内存只适合教学", "内存里的记录就没了"],
        en: &["memory is for teaching only", "loses the in-memory records"],
    },
    Giveaway {
        id: "tf_log_fields",
        zh: &[
            "不要记录密钥、认证头",
            "足以证明一次重试没有产生第二个副作用",
        ],
        en: &[
            "never log secrets, auth headers",
            "enough to prove a retry caused no second side effect",
        ],
    },
    Giveaway {
        id: "tf_monitor_success_rate",
        zh: &["重复副作用不会降低成功率", "两份报告都「成功」了"],
        en: &[
            "duplicate side effects do not lower the success rate",
            "both reports «succeeded»",
        ],
    },
    Giveaway {
        id: "build_body_mismatch",
        zh: &["(claim, digest)", "原子占键 + 比较请求摘要（"],
        en: &[
            "(claim, digest)",
            "Atomic claim plus the request digest (claim",
        ],
    },
    Giveaway {
        id: "build_stored_500",
        zh: &["claim, digest, store_errors", "再加「比较请求摘要」"],
        en: &["claim, digest, store_errors", "Add the request digest"],
    },
    Giveaway {
        id: "build_key_collision",
        zh: &[
            "claim, digest, tenant_scope",
            "原子占键 + 比较请求摘要 + 按租户划分键",
        ],
        en: &[
            "claim, digest, tenant_scope",
            "Atomic claim, the request digest and tenant-scoped keys",
        ],
    },
    Giveaway {
        id: "predict_key_collision",
        zh: &[
            "1 次泄漏",
            "B 拿到了 A 存下的响应",
            "B 拿到 A 存下的",
            "按租户划分后 2 份",
            "库里只有 A 的那一份",
        ],
        en: &[
            "1 leak",
            "gets A's stored response",
            "B gets A's stored",
            "2 with tenant-scoped keys",
            "the database holds only A's",
        ],
    },
];
