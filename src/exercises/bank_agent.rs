//! §5 Agent 特有的坑：重试有两层: the harness layer and the model layer,
//! business keys, «结果未知，先查一下», Codex's sampling retries and MCP's
//! idempotentHint; with 003's 自测 3 (TIMEOUT_BEFORE_EXECUTE against
//! OUTCOME_UNKNOWN) and its call-ID rule.

use super::compose::{choice, predict_reports, In};
use super::demos::lab_run;
use super::sections::{Reading, Source};
use super::Question;
use crate::lab::{ClientStrategy as C, Preset as V, Scenario as S};

/// Which identifier survives the model's re-call.
pub const KEY_SOURCE: &[&str] = &[
    "http_request_id",
    "fresh_uuid_per_attempt",
    "business_key",
    "operation_id",
    "tool_use_key",
];
/// 003 自测 3: the default action of each timeout state.
pub const TIMEOUT_STATES: &[&str] = &[
    "state_query_then_retry",
    "state_retry_then_query",
    "state_both_retry",
    "state_both_human",
];

/// The section's questions, in page order.
pub(super) fn questions(here: In) -> Vec<Question> {
    vec![
        here.at(
            "which_key_model_recall",
            Source::Chapter,
            choice(KEY_SOURCE, "business_key"),
            lab_run(S::ModelRetry, C::BusinessKey, V::Fenced),
        ),
        here.at(
            "predict_careful_query_first",
            Source::Chapter,
            predict_reports(&[
                ("ex.field.careful", S::ModelRetry, C::Careful, V::Naive),
                (
                    "ex.field.query_first",
                    S::ModelRetry,
                    C::QueryFirst,
                    V::Naive,
                ),
                (
                    "ex.field.business_key",
                    S::ModelRetry,
                    C::BusinessKey,
                    V::Naive,
                ),
            ]),
            None,
        ),
        here.at(
            "timeout_state_recovery",
            Source::Reading(Reading::Observability),
            choice(TIMEOUT_STATES, "state_retry_then_query"),
            None,
        ),
        here.statement(
            "tf_digest_call_id",
            Source::Reading(Reading::Observability),
            false,
            None,
        ),
        here.statement("tf_mcp_idempotent_hint", Source::Chapter, true, None),
        here.statement("tf_sampling_retry_tools", Source::Chapter, true, None),
    ]
}
