//! Giveaways of the «predict, then run» questions on 003's recovery
//! protocol, in the keys section (see `mod.rs`).

use super::Giveaway;

pub const G: &[Giveaway] = &[
    Giveaway {
        id: "predict_fail_after_effect",
        zh: &[
            "naive 1 份，fenced 0 份",
            "这个 500 掩盖了已经发生的退款",
            "存下 500 并重放",
        ],
        en: &[
            "naive 1, fenced 0",
            "the 500 hides the refund that happened",
            "stores the 500 and replays it",
        ],
    },
    Giveaway {
        id: "predict_revoked_replay",
        zh: &["fenced 1 次", "加上 recheck_auth 后 0 次", "重试拿到 403"],
        en: &["1 with fenced", "0 with recheck_auth", "the retry gets 403"],
    },
    Giveaway {
        id: "predict_resend_or_query",
        zh: &["chapter 0 份，reconciling 1 份", "一遍遍重发写请求"],
        en: &[
            "chapter 0, reconciling 1",
            "resends the write again and again",
        ],
    },
    Giveaway {
        id: "predict_receipt_late",
        zh: &["fenced 1 份，reconciled 0 份", "下游第二次退款"],
        en: &[
            "fenced 1, reconciled 0",
            "the downstream refunds a second time",
        ],
    },
];
