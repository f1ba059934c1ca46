//! Giveaways of the «agent» section's questions (see `mod.rs`).

use super::Giveaway;

pub const G: &[Giveaway] = &[
    Giveaway {
        id: "which_key_model_recall",
        zh: &[
            "由业务内容推导的键（同一次评测",
            "业务键在模型层的重新调用里保持不变",
        ],
        en: &[
            "a key derived from the business content (same evaluation run",
            "survives the model-level re-call",
            "same business key",
        ],
    },
    Giveaway {
        id: "predict_careful_query_first",
        zh: &[
            "先查再调（query_first）：1 份",
            "业务键（business_key）：2 份",
            "保守重试（careful）：1 份",
        ],
        en: &["Query first: 1", "Business key: 2", "Careful: 1"],
    },
    Giveaway {
        id: "timeout_state_recovery",
        zh: &[
            "TIMEOUT_BEFORE_EXECUTE：检查剩余总 deadline 后受控重试",
            "OUTCOME_UNKNOWN：用 status_ref 显式查询状态",
            "OUTCOME_UNKNOWN 时下游可能已经提交，再发一次",
        ],
        en: &[
            "TIMEOUT_BEFORE_EXECUTE: a controlled retry",
            "OUTCOME_UNKNOWN: an explicit status query",
        ],
    },
    Giveaway {
        id: "tf_digest_call_id",
        zh: &["不能包含临时 call ID", "摘要回答的是「业务意图是否相同」"],
        en: &[
            "must exclude temporary call IDs",
            "is the business intent the same",
        ],
    },
    Giveaway {
        id: "tf_mcp_idempotent_hint",
        zh: &["annotations 当成不可信", "不能据此决定自动重试"],
        en: &[
            "treat annotations from untrusted servers as untrusted",
            "no exactly-once guarantee",
        ],
    },
    Giveaway {
        id: "tf_sampling_retry_tools",
        zh: &[
            "不会因为采样重试再执行一遍",
            "已经跑完的工具调用和输出都在历史里",
        ],
        en: &[
            "a sampling retry does not run them again",
            "finished tool calls and their outputs already are",
        ],
    },
    Giveaway {
        id: "predict_title_rewrite",
        zh: &[
            "三种客户端在任何服务端上都是 2 份",
            "改写了就认不出",
            "标题改写后也变了",
        ],
        en: &[
            "all three clients leave 2 reports",
            "rewrites the title it no longer matches",
            "which the rewrite changed",
        ],
    },
    Giveaway {
        id: "harness_no_dup_no_waste",
        zh: &["用业务内容推导的键（key_business）", "重试多少次都不会成功"],
        en: &[
            "derived from the business content (key_business)",
            "never succeed however often",
        ],
    },
];
