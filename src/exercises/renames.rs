//! The ids of earlier versions of the bank, mapped onto today's questions,
//! so that stored progress and `#/exercises?q=<old id>` links keep working
//! after a question was renamed to a neutral id or merged into another one.
//!
//! A stored record moves to its new id only when its response still fits
//! the new question (a renamed true/false statement, a merged numeric
//! question with the same fields); it is then re-graded against today's
//! key. A record that fits nowhere (a true/false answer to a statement that
//! became a choice question) stays under its old id, untouched: kept in
//! storage, not counted, never dropped.

use std::collections::BTreeMap;

use super::grade::{grade, Record};
use super::Question;

/// Old id → today's id, for a question that still asks the same thing.
pub const RENAMED: &[(&str, &str)] = &[
    // Neutral ids (the old ones named the verdict).
    ("tf_timeout_means_failed", "tf_read_timeout_write"),
    ("tf_post_not_auto_retry", "tf_rfc9110_post_retry"),
    (
        "tf_requests_timeout_not_deadline",
        "tf_requests_timeout_tuple",
    ),
    ("tf_connect_refused_safe", "tf_connect_refused_post"),
    ("tf_backoff_prevents_herd", "tf_backoff_without_jitter"),
    ("tf_jitter_codex_small", "tf_codex_jitter_herd"),
    ("tf_cap_needed", "tf_backoff_cap"),
    ("tf_attempts_enough", "tf_retry_count_and_deadline"),
    ("tf_layers_multiply", "tf_layers_product"),
    ("tf_key_is_http_standard", "tf_idempotency_key_status"),
    ("tf_insert_then_record_key", "tf_insert_then_key"),
    ("tf_key_retention_forever", "tf_key_retention_next_day"),
    ("tf_memory_dict_store", "tf_key_store_memory"),
    ("tf_skip_digest_compare", "tf_digest_compare"),
    ("tf_cache_hit_rechecks_auth", "tf_cache_hit_auth"),
    ("tf_log_key_hash", "tf_log_fields"),
    ("tf_success_rate_only", "tf_monitor_success_rate"),
    ("tf_digest_includes_call_id", "tf_digest_call_id"),
    ("tf_mcp_hint_not_guarantee", "tf_mcp_idempotent_hint"),
    ("tf_429_quota_backoff", "tf_429_quota"),
    ("tf_429_retry_after_nothing_done", "tf_429_retry_after"),
];

/// Old id → the question that replaced it: a merged, rewritten or
/// regraded question that asks something else, so a stored answer to the
/// old one does not count for it (see [`super::revisions`]).
pub const REPLACED: &[(&str, &str)] = &[
    // Duplicates merged into one question.
    ("amp_12", "harness_times_sdk"),
    ("amp_243", "five_layers"),
    ("codex_two_layers", "amp_codex"),
    ("decide_get_429", "decide_retry_after_long"),
    ("tf_retry_after_truncate", "decide_retry_after_long"),
    ("tf_retry_4xx", "decide_other_4xx"),
    ("tf_timeout_outcome_unknown", "timeout_three_outcomes"),
    ("tf_new_uuid_per_retry", "predict_lost_response"),
    ("tf_request_id_vs_key", "which_key_codex_reset"),
    // Rewritten with other options (see the questions' explanations).
    ("amp_metastable", "amp_metastable_stuck"),
    ("amp_where", "retry_budget_owner"),
    // Regraded: a test now takes an assertion on the wrong server and the
    // regression assertion (the chapter's order); a stored two-pick answer
    // does not fit, so it stays under the old id, kept and not counted.
    ("test_red_then_green", "test_naive_then_fenced"),
    // Regraded: the lease question now names its write-back condition and
    // asks four counts (WHERE key=? only, and with the status guard); a
    // stored two-count answer does not fit and stays, not counted.
    ("predict_lease_no_fence", "predict_lease_write_back"),
    // Choices of counts became «predict, then run».
    ("tls_careful_vs_naive", "predict_tls_attempts"),
    ("outbox_after_crash", "predict_outbox_after_crash"),
    ("title_rewrite_which_key", "predict_title_rewrite"),
    // 003's 动手实践: a seven-row matching question (one action per case)
    // became three picks per case (transition, retry, what the user sees);
    // a stored one-pick-per-row answer does not fit and stays, not counted.
    ("create_refund_cases", "create_refund_design"),
];

/// Today's id for `id` (itself when it was never renamed).
pub fn current_id(id: &str) -> &str {
    RENAMED
        .iter()
        .chain(REPLACED)
        .find(|(old, _)| *old == id)
        .map_or(id, |(_, new)| new)
}

/// Moves the records stored under old ids to today's ids (see the module
/// doc); a record already stored under today's id wins. `bank` is read only
/// when some record has an old id.
pub fn upgrade(
    records: BTreeMap<String, Record>,
    bank: impl FnOnce() -> Vec<Question>,
) -> BTreeMap<String, Record> {
    if !records.keys().any(|id| current_id(id) != id) {
        return records;
    }
    let bank = bank();
    let (old, mut out): (BTreeMap<_, _>, BTreeMap<_, _>) = records
        .into_iter()
        .partition(|(id, _)| current_id(id) != id);
    for (id, r) in old {
        let new = current_id(&id);
        let regraded = bank
            .iter()
            .find(|q| q.id == new)
            .and_then(|q| grade(q, &r.response, r.model.as_ref()).ok())
            .map(|g| Record {
                correct: g.correct,
                ..r.clone()
            });
        match regraded {
            Some(r) if !out.contains_key(new) => {
                out.insert(new.to_string(), r);
            }
            _ => {
                out.insert(id, r);
            }
        }
    }
    out
}
