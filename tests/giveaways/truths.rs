//! Giveaways of the «truths» section's questions (see `mod.rs`).

use super::Giveaway;

pub const G: &[Giveaway] = &[
    Giveaway {
        id: "timeout_three_outcomes",
        zh: &[
            "三种情况看起来是同一个读取超时",
            "三种情况在客户端看来完全一样",
        ],
        en: &[
            "All three look like the same read timeout",
            "In all three the client sees the same thing",
        ],
    },
    Giveaway {
        id: "tf_read_timeout_server_side",
        zh: &["服务端并不知道客户端已经放弃", "照样做完"],
        en: &[
            "the server does not know the client gave up",
            "is finished anyway",
        ],
    },
    Giveaway {
        id: "tf_rfc9110_post_retry",
        zh: &["RFC 9110 §9.2.2", "SHOULD NOT 自动重试非幂等方法"],
        en: &[
            "RFC 9110 §9.2.2",
            "SHOULD NOT automatically retry a request with a non-idempotent method",
        ],
    },
    Giveaway {
        id: "decide_get_read_timeout",
        zh: &[
            "带抖动的指数退避，有限次重试",
            "GET/HEAD 的读取超时是「可有限重试」",
        ],
        en: &[
            "Retry a bounded number of times with jittered exponential backoff",
            "«retry a bounded number of times» for a GET/HEAD read timeout",
        ],
    },
    Giveaway {
        id: "decide_post_read_timeout",
        zh: &["同一个幂等键重试，或按业务标识查询"],
        en: &["retry with the same idempotency key, or query by its business identifier"],
    },
    Giveaway {
        id: "decide_delete_temp_file",
        zh: &["404 按成功处理", "404 说明已经删掉"],
        en: &[
            "treat a 404 on the retry as success",
            "a 404 on the retry means it is gone",
        ],
    },
    Giveaway {
        id: "decide_llm_batch",
        zh: &["先按 job_id 查有没有这个 batch", "先查再提"],
        en: &[
            "First query by job_id whether it was created",
            "Look it up, then submit",
        ],
    },
    Giveaway {
        id: "decide_put_5xx",
        zh: &["先核对它的幂等语义和并发控制", "先核对语义和并发控制"],
        en: &[
            "First check this PUT's idempotency",
            "Check the semantics and the concurrency control",
        ],
    },
    Giveaway {
        id: "decide_retry_after_long",
        zh: &["快速失败，或交给队列延期"],
        en: &["Fail fast, or defer to a queue"],
    },
    Giveaway {
        id: "decide_other_4xx",
        zh: &["不重试，修正请求", "修正请求里出错的字段"],
        en: &[
            "Do not retry; fix the request",
            "correct that field, then send a new call",
        ],
    },
    Giveaway {
        id: "tf_tls_error_retry",
        zh: &["SSLError 是 ConnectionError 的子类"],
        en: &["SSLError is a subclass of ConnectionError"],
    },
    Giveaway {
        id: "tf_requests_timeout_tuple",
        zh: &["两次收到数据之间的空闲", "不是总时长"],
        en: &["idle time between received bytes", "not the total"],
    },
    Giveaway {
        id: "tf_connect_refused_post",
        zh: &["重试就是第一次", "唯一可以考虑自动重试的一格"],
        en: &[
            "the retry is the first attempt",
            "the only cell of the conservative matrix where a creating POST may be retried",
        ],
    },
    Giveaway {
        id: "urllib3_post_test",
        zh: &[
            "POST 到达 1 次、GET 到达 3 次",
            "决定 POST 不被自动重试的是 allowed_methods",
        ],
        en: &[
            "a POST arrives once and a GET 3 times",
            "What keeps POST from being retried is allowed_methods",
        ],
    },
    Giveaway {
        id: "predict_tls_attempts",
        zh: &["careful 1 次，stable_key 4 次", "白白多出的 3 次尝试"],
        en: &["careful 1, stable_key 4", "3 wasted attempts"],
    },
];
