//! Questions on the lab's newer scenarios and clients: the lease rule, the
//! stored 500, `careful` vs `query_first`, 429 with and without
//! `Retry-After`, key retention. Kept apart from `bank.rs`; the bank appends
//! them. Every demo link opens a run that shows the thing asked about.

use super::{Kind, LabRun, NumField, Question, Unit};
use crate::lab::ATTEMPT_TIMEOUT_MS;
use crate::lab::{ClientStrategy, Preset, Scenario};
use crate::lab::{SLOW_MS, WORK_MAX_MS};
use crate::links::Link;

/// Options of «who writes the report that stays» (lease overlap).
pub const OVERLAP_WRITER: &[&str] = &["stale_handler", "taker", "both_write", "neither_writes"];

/// Options of «what next after a replayed stored error».
pub const STORED_ERROR_NEXT: &[&str] = &[
    "retry_same_key",
    "retry_new_key",
    "stop_not_created",
    "stop_unknown",
];

fn run(scenario: &'static str, client: &'static str, server: &'static str) -> LabRun {
    LabRun {
        scenario,
        client,
        server,
        seed: 1,
    }
}

fn q(id: &'static str, kind: Kind, demo: Option<Link>) -> Question {
    Question {
        id,
        kind,
        demo,
        formula: None,
    }
}

fn tf(id: &'static str, truth: bool, demo: LabRun) -> Question {
    q(id, Kind::TrueFalse(truth), demo.link())
}

/// A «predict, then run» question on lab runs, with a demo link that opens
/// the run at its start (the answer is not on screen yet).
fn predict(id: &'static str, runs: Vec<(&'static str, LabRun)>, demo: Link) -> Question {
    Question {
        demo: Some(demo),
        ..super::bank::predict_lab(id, runs)
    }
}

/// The lab questions, in page order.
pub fn questions() -> Vec<Question> {
    // The lease rule's bound, from the lab's own parameters.
    let bound_s = (ATTEMPT_TIMEOUT_MS + SLOW_MS + WORK_MAX_MS) as f64 / 1000.0;
    vec![
        q(
            "lab_lease_rule",
            Kind::Numeric(vec![NumField {
                label: "ex.field.lease_min",
                answer: bound_s,
                tol: 0.01,
                unit: Unit::Seconds,
            }]),
            run("slow_server", "stable_key", "leased").link(),
        ),
        q(
            "lab_overlap_writer",
            Kind::Choice {
                options: OVERLAP_WRITER,
                correct: "stale_handler",
            },
            run("lease_overlap", "stable_key", "leased").link(),
        ),
        predict(
            "predict_stored_500",
            vec![
                (
                    "ex.field.server_atomic",
                    run("stored_500", "stable_key", "atomic"),
                ),
                (
                    "ex.field.server_naive",
                    run("stored_500", "stable_key", "naive"),
                ),
            ],
            // The scenario at its start: the answer is not on screen yet.
            Link::lab_start(
                Scenario::Stored500,
                ClientStrategy::StableKey,
                Preset::Atomic,
                1,
            ),
        ),
        q(
            "lab_stored_error_next",
            Kind::Choice {
                options: STORED_ERROR_NEXT,
                correct: "stop_not_created",
            },
            run("stored_500", "stable_key", "fenced").link(),
        ),
        predict(
            "predict_careful_query_first",
            vec![
                ("ex.field.careful", run("model_retry", "careful", "naive")),
                (
                    "ex.field.query_first",
                    run("model_retry", "query_first", "naive"),
                ),
                (
                    "ex.field.business_key",
                    run("model_retry", "business_key", "naive"),
                ),
            ],
            Link::lab_start(
                Scenario::ModelRetry,
                ClientStrategy::QueryFirst,
                Preset::Naive,
                1,
            ),
        ),
        tf(
            "tf_429_quota_backoff",
            false,
            run("quota_429", "stable_key", "fenced"),
        ),
        tf(
            "tf_429_retry_after_nothing_done",
            true,
            run("rate_limited_429", "stable_key", "fenced"),
        ),
        tf(
            "tf_retry_after_truncate",
            false,
            run("retry_after_long", "stable_key", "fenced"),
        ),
        tf(
            "tf_connect_refused_safe",
            true,
            run("connect_refused", "careful", "naive"),
        ),
        tf(
            "tf_key_retention_forever",
            false,
            run("key_expired", "stable_key", "fenced"),
        ),
    ]
}
