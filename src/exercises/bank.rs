//! The question bank, built from the chapter material (seeds 000–003): the
//! ✎练习 of 000, 练习与自测 of 001, 自测 of 002/003 and every ❌ common
//! mistake. Numeric answers come from [`super::formulas`]; «predict, then run»
//! answers come from running the models ([`super::live`]), never from here.

use super::demos::{
    amp, herd_codex, herd_jitter, lab_demo, lab_mismatch, lab_naive, lab_new_key, lab_stable,
};
use super::formulas::{
    attempts_from_retries, capped_bounds, jitter_range, layered_requests, nominal_wait_ms,
    total_nominal_wait_ms, worst_case_requests,
};
use super::options::{AWS_STRATEGIES, CONFLICT, DECIDE, KEY_CODEX, KEY_SOURCE};
use super::{
    Formula, HerdPreset, Kind, LabRun, Model, NumField, PredictField, PredictInput, Question, Unit,
};
use crate::amplify::demos::Demo;
use crate::lab::{ClientStrategy, Preset, Scenario};
use crate::links::Link;

/// No demo shows what the question is about.
const NO_DEMO: Option<Link> = None;

fn num(label: &'static str, answer: f64, tol: f64, unit: Unit) -> NumField {
    NumField {
        label,
        answer,
        tol,
        unit,
    }
}

fn q(id: &'static str, kind: Kind, demo: Option<Link>, formula: Option<Formula>) -> Question {
    Question {
        id,
        kind,
        demo,
        formula,
    }
}

fn numeric(
    id: &'static str,
    fields: Vec<NumField>,
    demo: Option<Link>,
    f: Option<Formula>,
) -> Question {
    q(id, Kind::Numeric(fields), demo, f)
}

fn choice(
    id: &'static str,
    options: &'static [&'static str],
    correct: &'static str,
    demo: Option<Link>,
) -> Question {
    q(id, Kind::Choice { options, correct }, demo, None)
}

fn tf(id: &'static str, truth: bool, demo: Option<Link>) -> Question {
    q(id, Kind::TrueFalse(truth), demo, None)
}

fn lab(scenario: &'static str, client: &'static str, server: &'static str) -> LabRun {
    LabRun {
        scenario,
        client,
        server,
        seed: 1,
    }
}

/// A «predict the report counts» question over lab runs, one field per run.
/// No demo link of its own: after answering, the result links every run.
pub(super) fn predict_lab(id: &'static str, runs: Vec<(&'static str, LabRun)>) -> Question {
    let fields = runs
        .iter()
        .map(|(label, _)| PredictField {
            label,
            unit: Unit::Reports,
        })
        .collect();
    let model = Model::LabReports(runs.into_iter().map(|(_, r)| r).collect());
    q(
        id,
        Kind::Predict {
            input: PredictInput::Numbers(fields),
            model,
        },
        NO_DEMO,
        None,
    )
}

/// Every question, in the order the page shows them.
pub fn bank() -> Vec<Question> {
    let mut all = chapter_bank();
    all.extend(super::bank_amplify::questions());
    all.extend(super::bank_lab::questions());
    all
}

/// The questions built from the chapter's own exercises.
fn chapter_bank() -> Vec<Question> {
    let bounds = capped_bounds(0.5, 8.0, 6);
    let bound_labels = [
        "ex.field.d1",
        "ex.field.d2",
        "ex.field.d3",
        "ex.field.d4",
        "ex.field.d5",
        "ex.field.d6",
    ];
    let (jit_lo, jit_hi) = jitter_range(nominal_wait_ms(200.0, 4), 0.9, 1.1);
    let herd = HerdPreset {
        clients: 100,
        trials: 30,
        seed: 1,
        strategies: AWS_STRATEGIES,
    };
    vec![
        // How long to wait.
        numeric(
            "backoff_4th_retry",
            vec![num(
                "ex.field.wait",
                nominal_wait_ms(200.0, 4),
                1.0,
                Unit::Ms,
            )],
            NO_DEMO,
            Some(Formula::NominalBackoff),
        ),
        numeric(
            "jitter_range_4th",
            vec![
                num("ex.field.low", jit_lo, 1.0, Unit::Ms),
                num("ex.field.high", jit_hi, 1.0, Unit::Ms),
            ],
            herd_codex(),
            Some(Formula::NominalBackoff),
        ),
        numeric(
            "codex_total_wait",
            vec![num(
                "ex.field.total_wait",
                total_nominal_wait_ms(200.0, 5),
                1.0,
                Unit::Ms,
            )],
            NO_DEMO,
            Some(Formula::NominalBackoff),
        ),
        numeric(
            "capped_bounds_six",
            bounds
                .iter()
                .zip(bound_labels)
                .map(|(&b, l)| num(l, b, 0.001, Unit::Seconds))
                .collect(),
            NO_DEMO,
            Some(Formula::CappedBound),
        ),
        tf("tf_backoff_prevents_herd", false, herd_jitter()),
        tf("tf_jitter_codex_small", true, herd_codex()),
        tf("tf_cap_needed", true, NO_DEMO),
        predict_fewest(herd),
        // How many times.
        numeric(
            "harness_times_sdk",
            vec![num(
                "ex.field.requests",
                worst_case_requests(&[4, 3]) as f64,
                0.0,
                Unit::Requests,
            )],
            amp(Demo::Layers12),
            Some(Formula::LayerProduct),
        ),
        numeric(
            "codex_two_layers",
            vec![num(
                "ex.field.requests",
                layered_requests(3, 2) as f64,
                0.0,
                Unit::Requests,
            )],
            amp(Demo::Codex),
            Some(Formula::LayerProduct),
        ),
        numeric(
            "three_layers",
            vec![num(
                "ex.field.requests",
                layered_requests(3, 3) as f64,
                0.0,
                Unit::Requests,
            )],
            amp(Demo::Layers27),
            Some(Formula::LayerProduct),
        ),
        numeric(
            "five_layers",
            vec![num(
                "ex.field.load",
                layered_requests(3, 5) as f64,
                0.0,
                Unit::Times,
            )],
            amp(Demo::Layers243),
            Some(Formula::LayerProduct),
        ),
        numeric(
            "urllib3_total3",
            vec![num(
                "ex.field.attempts",
                attempts_from_retries(3) as f64,
                0.0,
                Unit::Attempts,
            )],
            NO_DEMO,
            None,
        ),
        tf("tf_attempts_enough", false, NO_DEMO),
        tf("tf_layers_multiply", true, amp(Demo::Layers12)),
        // Whether to retry at all.
        choice("decide_get_read_timeout", DECIDE, "retry_bounded", NO_DEMO),
        choice(
            "decide_post_read_timeout",
            DECIDE,
            "key_or_query",
            lab_new_key(),
        ),
        choice("decide_put_5xx", DECIDE, "check_semantics", NO_DEMO),
        choice("decide_get_429", DECIDE, "honour_retry_after", NO_DEMO),
        choice("decide_other_4xx", DECIDE, "fix_request", NO_DEMO),
        tf("tf_retry_4xx", false, NO_DEMO),
        tf("tf_post_not_auto_retry", true, lab_naive()),
        tf("tf_timeout_means_failed", false, lab_naive()),
        tf("tf_timeout_outcome_unknown", true, lab_naive()),
        tf("tf_requests_timeout_not_deadline", true, NO_DEMO),
        predict_lab(
            "predict_lost_response",
            vec![
                (
                    "ex.field.naive_naive",
                    lab("response_lost", "naive", "naive"),
                ),
                (
                    "ex.field.new_key_atomic",
                    lab("response_lost", "new_key", "atomic"),
                ),
                (
                    "ex.field.stable_key_atomic",
                    lab("response_lost", "stable_key", "atomic"),
                ),
            ],
        ),
        // Idempotency keys.
        tf("tf_new_uuid_per_retry", false, lab_new_key()),
        tf("tf_key_is_http_standard", false, NO_DEMO),
        tf("tf_request_id_vs_key", true, NO_DEMO),
        choice("same_key_diff_body", CONFLICT, "reject_422", lab_mismatch()),
        choice(
            "same_key_in_progress",
            CONFLICT,
            "reject_409",
            lab_demo(
                Scenario::SlowServer,
                ClientStrategy::StableKey,
                Preset::Atomic,
            ),
        ),
        choice(
            "same_key_done_error",
            CONFLICT,
            "replay_stored",
            lab_stable(),
        ),
        choice(
            "which_key_codex_reset",
            KEY_CODEX,
            "logical_op_uuid",
            lab_stable(),
        ),
        choice(
            "which_key_model_recall",
            KEY_SOURCE,
            "business_key",
            lab_demo(
                Scenario::ModelRetry,
                ClientStrategy::BusinessKey,
                Preset::Fenced,
            ),
        ),
        tf(
            "tf_insert_then_record_key",
            false,
            lab_demo(
                Scenario::CrashBetweenCommits,
                ClientStrategy::StableKey,
                Preset::KeySplit,
            ),
        ),
        predict_lab(
            "predict_key_split_crash",
            vec![
                (
                    "ex.field.key_split",
                    lab("crash_between_commits", "stable_key", "key_split"),
                ),
                (
                    "ex.field.atomic",
                    lab("crash_between_commits", "stable_key", "atomic"),
                ),
                (
                    "ex.field.leased",
                    lab("crash_between_commits", "stable_key", "leased"),
                ),
            ],
        ),
        predict_lab(
            "predict_lease_no_fence",
            vec![
                (
                    "ex.field.lease_expired",
                    lab("lease_expired", "stable_key", "leased"),
                ),
                (
                    "ex.field.lease_overlap",
                    lab("lease_overlap", "stable_key", "leased"),
                ),
            ],
        ),
        predict_lab(
            "predict_model_recall",
            vec![
                (
                    "ex.field.tool_use_key",
                    lab("model_retry", "stable_key", "fenced"),
                ),
                (
                    "ex.field.business_key",
                    lab("model_retry", "business_key", "fenced"),
                ),
                (
                    "ex.field.query_first",
                    lab("model_retry", "query_first", "fenced"),
                ),
            ],
        ),
        // Running it in production (003's common mistakes).
        tf("tf_memory_dict_store", false, NO_DEMO),
        tf("tf_skip_digest_compare", false, lab_mismatch()),
        tf("tf_digest_includes_call_id", false, NO_DEMO),
        tf("tf_success_rate_only", false, lab_new_key()),
        tf("tf_cache_hit_rechecks_auth", true, NO_DEMO),
        tf("tf_log_key_hash", true, NO_DEMO),
        tf("tf_mcp_hint_not_guarantee", true, NO_DEMO),
    ]
}

fn predict_fewest(herd: HerdPreset) -> Question {
    let demo = Some(herd.link());
    q(
        "predict_fewest_calls",
        Kind::Predict {
            input: PredictInput::Choice(herd.strategies),
            model: Model::HerdFewestCalls(herd),
        },
        demo,
        None,
    )
}

/// The question with this id.
pub fn find(id: &str) -> Option<Question> {
    bank().into_iter().find(|q| q.id == id)
}
