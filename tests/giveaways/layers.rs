//! Giveaways of the «layers» section's questions (see `mod.rs`).

use super::Giveaway;

pub const G: &[Giveaway] = &[
    Giveaway {
        id: "three_layers",
        zh: &["3 × 3 × 3", "= 27", "27 次"],
        en: &["3 × 3 × 3", "= 27", "27 requests"],
    },
    Giveaway {
        id: "amp_codex",
        zh: &[
            "HTTP 层只在 503 带 Retry-After 时才重试",
            "剩下采样层",
            "不带时只有 3 次",
        ],
        en: &[
            "the HTTP layer retries a 503 only when it carries Retry-After",
            "leaving the sampling layer's",
            "3 requests per logical call without",
        ],
    },
    Giveaway {
        id: "urllib3_total3",
        zh: &["total 数的是重试", "3 + 1 = 4", "重试 3 次 = 4 次尝试"],
        en: &[
            "total counts retries",
            "3 + 1 = 4",
            "3 retries = 4 attempts",
        ],
    },
    Giveaway {
        id: "tf_retry_count_and_deadline",
        zh: &["无限期占住 worker", "重试次数根本用不上"],
        en: &[
            "holds a worker forever",
            "the retry count never comes into play",
        ],
    },
    Giveaway {
        id: "tf_harness_sdk_limit",
        zh: &["再乘上模型层的重新调用", "又是一轮 harness × SDK"],
        en: &[
            "times the model's re-calls",
            "another round of harness × SDK",
        ],
    },
    Giveaway {
        id: "amp_top_only",
        zh: &["放大就是那一处的尝试次数", "4 个请求"],
        en: &["the amplification is that place's attempts", "4 requests"],
    },
    Giveaway {
        id: "amp_budget",
        zh: &["min(B, 4 × 3)", "5 个请求"],
        en: &["min(B, 4 × 3)", "5 requests"],
    },
    Giveaway {
        id: "amp_mean",
        zh: &["4.99"],
        en: &["4.99"],
    },
    Giveaway {
        id: "backoff_jitter_budget",
        zh: &["给「失败后的额外尝试」设总上限", "不要所有实例同一时刻回来"],
        en: &[
            "caps «extra attempts after a failure»",
            "not every instance comes back at the same moment",
        ],
    },
    Giveaway {
        id: "retry_budget_owner",
        zh: &[
            "只有 Runtime 拥有总 retry budget",
            "Runtime 持有唯一一份预算",
        ],
        en: &[
            "only the Runtime owns the total retry budget",
            "it holds one single budget; no layer keeps a separate one",
        ],
    },
    Giveaway {
        id: "amp_token_bucket_p1",
        zh: &["约 1，最多 1.1", "平均下来接近 1"],
        en: &["About 1: at most 1.1", "the mean is close to 1"],
    },
    Giveaway {
        id: "amp_metastable_stuck",
        zh: &["只让顶层重试、最多试 3 次", "只在一处重试并不够"],
        en: &[
            "Retry at the top layer only (up to 3 attempts)",
            "Retrying in one place is not enough",
        ],
    },
    Giveaway {
        id: "harness_run_budget",
        zh: &["共享的重试预算", "budget_8"],
        en: &["one shared retry budget", "budget_8"],
    },
];
