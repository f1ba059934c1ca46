//! Giveaways of the «wait» section's questions (see `mod.rs`).

use super::Giveaway;

pub const G: &[Giveaway] = &[
    Giveaway {
        id: "backoff_4th_retry",
        zh: &["1600 毫秒", "200 × 8"],
        en: &["1600 ms", "200 × 8"],
    },
    Giveaway {
        id: "sdk_wait_range",
        zh: &["(3000, 4000]", "SDK 的抖动只往下", "最多少 25%"],
        en: &[
            "(3000, 4000]",
            "The SDK's jitter only goes down",
            "by at most 25%",
        ],
    },
    Giveaway {
        id: "codex_total_wait",
        zh: &["6200 毫秒", "200 × 31"],
        en: &["6200 ms", "200 × 31"],
    },
    Giveaway {
        id: "capped_bounds_six",
        zh: &["0.5、1、2、4、8、8"],
        en: &["0.5, 1, 2, 4, 8, 8"],
    },
    Giveaway {
        id: "tf_backoff_without_jitter",
        zh: &[
            "同一时刻失败的客户端会在同一时刻重试",
            "算出同样的等待",
            "加了指数退避就不会惊群",
            "成批地同时回来",
        ],
        en: &[
            "retry at the same moment again",
            "compute the same wait",
            "exponential backoff prevents the thundering herd",
            "back in batches",
        ],
    },
    Giveaway {
        id: "tf_codex_jitter_herd",
        zh: &["同一个客户端别太快重试", "抖动要大得多"],
        en: &[
            "one client from retrying too fast",
            "needs far larger jitter",
        ],
    },
    Giveaway {
        id: "tf_backoff_cap",
        zh: &["最大退避时间", "几次之后就长到不可接受"],
        en: &[
            "a maximum backoff",
            "a few failures make it unacceptably long",
        ],
    },
    Giveaway {
        id: "predict_fewest_calls",
        zh: &["Full Jitter 调用最少"],
        en: &["Full Jitter makes the fewest"],
    },
    Giveaway {
        id: "harness_tls_branch",
        zh: &["不重试掩盖问题", "SSLError 是 ConnectionError 的子类"],
        en: &[
            "never a retry that hides it",
            "SSLError is a subclass of ConnectionError",
        ],
    },
    Giveaway {
        id: "harness_retry_after_deadline",
        zh: &["等不起就快速失败", "ra_fail_fast"],
        en: &["fails fast when it cannot wait", "ra_fail_fast"],
    },
];
