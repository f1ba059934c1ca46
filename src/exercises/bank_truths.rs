//! §1 超时的三种真相: what a timeout tells the client, and whether to retry
//! at all (RFC 9110's rule, and the conservative matrix and 练习 2–4 of the
//! reading «超时、重试、退避与幂等性»).

use super::compose::{choice, In};
use super::demos::lab_run;
use super::sections::{Reading, Source};
use super::Question;
use crate::lab::{ClientStrategy as C, Preset as V, Scenario as S};

const READING: Source = Source::Reading(Reading::Timeouts);

/// 001 练习 3: can a bare timeout tell «未收到、已收到未执行、已执行但响应丢失» apart?
pub const THREE_OUTCOMES: &[&str] = &[
    "timeout_cannot_tell",
    "timeout_connect_vs_read",
    "timeout_elapsed",
    "timeout_resend_probe",
];
/// 001 练习 2, «读取天气».
pub const WEATHER: &[&str] = &[
    "retry_bounded",
    "get_report_failed",
    "get_retry_immediately",
    "get_bigger_timeout",
];
/// 001 练习 2, «创建付款».
pub const PAYMENT: &[&str] = &[
    "key_or_query",
    "post_retry_backoff",
    "post_report_failed",
    "post_retry_new_key",
];
/// 001 练习 2, «删除临时文件».
pub const DELETE: &[&str] = &[
    "delete_retry_404_ok",
    "delete_retry_404_error",
    "delete_no_retry",
    "delete_retry_immediately",
];
/// 001 练习 2, «提交 LLM batch».
pub const BATCH: &[&str] = &[
    "batch_query_then_submit",
    "batch_resubmit_backoff",
    "batch_wait_longer",
    "batch_resubmit_new_id",
];
/// A PUT answered 503 without `Retry-After`, semantics undocumented.
pub const PUT_503: &[&str] = &[
    "check_semantics",
    "put_retry_rfc",
    "put_no_retry",
    "put_retry_after_or_now",
];
/// A `Retry-After` longer than the deadline left.
pub const RETRY_AFTER_LONG: &[&str] = &[
    "retry_after_fail_fast",
    "retry_after_truncate",
    "retry_after_own_backoff",
    "retry_after_wait_full",
];
/// A 422 on an unchanged request.
pub const UNCHANGED_422: &[&str] = &[
    "fix_request",
    "4xx_retry_backoff",
    "4xx_retry_new_key",
    "4xx_retry_after",
];
/// 001 练习 4: a test that POST is not retried automatically.
pub const POST_TEST: &[&str] = &[
    "post_test_allowed_methods",
    "post_test_total_zero",
    "post_test_forcelist",
    "post_test_retry_after",
];

/// The section's questions, in page order.
pub(super) fn questions(here: In) -> Vec<Question> {
    let naive = lab_run(S::ResponseLost, C::Naive, V::Naive);
    vec![
        here.at(
            "timeout_three_outcomes",
            READING,
            choice(THREE_OUTCOMES, "timeout_cannot_tell"),
            lab_run(S::ResponseLost, C::Careful, V::Naive),
        ),
        here.statement(
            "tf_read_timeout_server_side",
            Source::Chapter,
            false,
            lab_run(S::SlowServer, C::Naive, V::Naive),
        ),
        here.statement(
            "tf_rfc9110_post_retry",
            Source::Chapter,
            true,
            naive.clone(),
        ),
        here.at(
            "decide_get_read_timeout",
            READING,
            choice(WEATHER, "retry_bounded"),
            None,
        ),
        here.at(
            "decide_post_read_timeout",
            READING,
            choice(PAYMENT, "key_or_query"),
            naive,
        ),
        here.at(
            "decide_delete_temp_file",
            READING,
            choice(DELETE, "delete_retry_404_ok"),
            None,
        ),
        here.at(
            "decide_llm_batch",
            READING,
            choice(BATCH, "batch_query_then_submit"),
            None,
        ),
        here.at(
            "decide_put_5xx",
            READING,
            choice(PUT_503, "check_semantics"),
            None,
        ),
        here.at(
            "decide_retry_after_long",
            READING,
            choice(RETRY_AFTER_LONG, "retry_after_fail_fast"),
            lab_run(S::RetryAfterLong, C::StableKey, V::Fenced),
        ),
        here.at(
            "decide_other_4xx",
            READING,
            choice(UNCHANGED_422, "fix_request"),
            None,
        ),
        here.statement("tf_tls_error_retry", READING, true, None),
        here.statement("tf_requests_timeout_tuple", READING, true, None),
        here.statement(
            "tf_connect_refused_post",
            READING,
            true,
            lab_run(S::ConnectRefused, C::Careful, V::Naive),
        ),
        here.at(
            "urllib3_post_test",
            READING,
            choice(POST_TEST, "post_test_allowed_methods"),
            None,
        ),
    ]
}
