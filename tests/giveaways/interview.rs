//! Giveaways of the «interview» section's questions (see `mod.rs`).

use super::Giveaway;

pub const G: &[Giveaway] = &[
    Giveaway {
        id: "test_naive_then_fenced",
        zh: &[
            "在 naive 上断言「有 2 份报告」",
            "回归测试断言「库里恰好 1 份」",
            "naive 一列多于 1 份",
        ],
        en: &[
            "On naive assert «2 reports»",
            "The regression test asserts «exactly 1 report",
            "where naive has more than 1 report",
        ],
    },
    Giveaway {
        id: "lab_lease_rule",
        zh: &["4.56 秒", "2 + 2.56"],
        en: &["4.56 s", "2 + 2.56"],
    },
    Giveaway {
        id: "tf_429_quota",
        zh: &["额度类 429 直接终止"],
        en: &["a quota 429 ends the call"],
    },
    Giveaway {
        id: "tf_429_retry_after",
        zh: &["带 Retry-After 才重试", "Retry-After 在时限之内就完整遵守"],
        en: &[
            "retried only with Retry-After",
            "honour a valid Retry-After in full",
        ],
    },
    Giveaway {
        id: "tf_side_effect_outside_db",
        zh: &["第三方的调用不受你的数据库事务控制", "事务回滚撤不回"],
        en: &[
            "outside your database transaction",
            "a rollback cannot take back",
        ],
    },
    Giveaway {
        id: "build_downstream",
        zh: &["store_errors），加上 outbox 模式和投递去重"],
        en: &["store_errors), plus the outbox and delivery dedupe"],
    },
    Giveaway {
        id: "build_lost_and_crash",
        zh: &["原子占键（claim）、请求摘要（digest）、租约（lease）和 fencing token（fence）"],
        en: &["the request digest (digest), the lease (lease) and the fencing token (fence)"],
    },
    Giveaway {
        id: "predict_outbox_after_crash",
        zh: &["0 次和 1 次", "这份报告的通知就丢了"],
        en: &["None, then once", "this report's notification is lost"],
    },
    Giveaway {
        id: "predict_relay_crash",
        zh: &["2 次和 1 次", "只能再投一次", "2 次通知", "收到 2 次"],
        en: &[
            "Twice, then once",
            "can only deliver it again",
            "2 notifications",
            "notifies twice",
        ],
    },
    Giveaway {
        id: "predict_lease_downstream",
        zh: &["2 次、1 次、1 次", "通知在回滚之前已经发出"],
        en: &["Twice, once, once", "left before the rollback"],
    },
    Giveaway {
        id: "hunt_where_is_counterexample",
        zh: &["停顿 3.5 秒"],
        en: &["stalls 3.5 s"],
    },
    Giveaway {
        id: "hunt_predict_shrunk_count",
        zh: &[
            "又写了一份",
            "醒来后照样写回",
            "没有任何条件拦住它",
            "什么也拦不住醒来的慢请求",
        ],
        en: &[
            "writes a second one",
            "wakes and writes back anyway",
            "nothing stops it",
            "nothing stops the stale request",
        ],
    },
    Giveaway {
        id: "hunt_none_found_proof",
        zh: &["随机搜索只能说明", "勾回来，第一批序列里就有反例"],
        en: &[
            "A random search shows only",
            "Tick next-day restarts again and a counterexample comes",
        ],
    },
];
