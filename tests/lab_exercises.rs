//! The lab questions agree with the lab: «predict, then run» answers come
//! from the runs, and every linked preset shows what its explanation cites.

use retry_lab::exercises::grade::ModelValue;
use retry_lab::exercises::live::run_model;
use retry_lab::exercises::{find, Kind, Question};
use retry_lab::lab::*;
use retry_lab::pages::route::Location;

fn q(id: &str) -> Question {
    find(id).unwrap_or_else(|| panic!("no question {id}"))
}

fn predicted(id: &str) -> Vec<f64> {
    let Kind::Predict { model, .. } = q(id).kind else {
        panic!("{id} is not predict-then-run")
    };
    match run_model(&model).expect("model runs") {
        ModelValue::Numbers { values } => values,
        v => panic!("{id}: {v:?}"),
    }
}

/// The run a question's demo link opens.
fn demo_run(id: &str) -> Run {
    let loc = Location::parse(&q(id).demo.map(|l| l.href()).unwrap_or_default());
    let (p, notices) = LabParams::from_query(&loc.query);
    assert!(notices.is_empty(), "{id}: {notices:?}");
    run(p.scenario, p.harness, p.design, p.seed)
}

#[test]
fn predict_answers_come_from_the_runs() {
    assert_eq!(predicted("predict_stored_500"), vec![0.0, 1.0]);
    assert_eq!(
        predicted("predict_careful_query_first"),
        vec![1.0, 1.0, 2.0]
    );
}

#[test]
fn careful_re_call_is_lost_as_the_prompt_states() {
    // model_retry × careful × naive: two tool calls, each a single attempt
    // that times out; the second is the run's 2nd request, lost by the
    // schedule (the first response and the next 3 requests are lost).
    let r = run(
        Scenario::ModelRetry,
        ClientStrategy::Careful,
        Preset::Naive,
        1,
    );
    assert_eq!(r.calls().len(), 2);
    assert!(r.calls().iter().all(|c| c.attempts == 1));
    let s = Scenario::ModelRetry.schedule();
    assert_eq!(s.attempt(0).response, Delivery::Lose);
    for n in 1..=3 {
        assert_eq!(s.attempt(n).request, Delivery::Lose, "request {n}");
    }
    assert_eq!(s.attempt(4), AttemptFault::default());
    assert_eq!(s.model_recalls, 1);
    assert_eq!(MAX_ATTEMPTS, 4);
}

#[test]
fn the_lease_rule_answer_is_the_labs_own_bound() {
    let Kind::Numeric(fields) = q("lab_lease_rule").kind else {
        panic!("numeric")
    };
    let bound = fields[0].answer() * 1000.0;
    assert!((bound - 4_560.0).abs() < 1e-9);
    assert!(LEASE_MS as f64 > bound);
    // The linked run is the longest normal processing: never taken over.
    let r = demo_run("lab_lease_rule");
    assert!(!r.steps().iter().any(|s| matches!(
        s.kind,
        StepKind::Server {
            decision: Decision::TookOver { .. },
            ..
        }
    )));
}

#[test]
fn each_demo_shows_what_the_explanation_cites() {
    // The stale handler writes on leased.
    let r = demo_run("lab_overlap_writer");
    assert!(r.steps().iter().any(|s| matches!(
        s.kind,
        StepKind::Server {
            request: 0,
            decision: Decision::StaleCreated { .. },
            ..
        }
    )));
    // A replayed stored 500 ends the call as «unknown» (003): the key of
    // lab_stored_error_next, which links no demo (it would show
    // predict_stored_500's count).
    assert!(q("lab_stored_error_next").demo.is_none());
    let r = run(
        Scenario::Stored500,
        ClientStrategy::StableKey,
        Preset::Fenced.design(),
        1,
    );
    assert_eq!(r.final_call().unwrap().give_up, Some(GiveUp::StoredError));
    assert_eq!(r.tool_outcome(), ToolOutcome::Unknown);
    // Quota 429: one request, not created.
    let r = demo_run("tf_429_quota");
    assert_eq!(
        (r.requests().len(), r.tool_outcome()),
        (1, ToolOutcome::NotCreated)
    );
    // Rate-limit 429: waits the full Retry-After, then 1 report.
    let r = demo_run("tf_429_retry_after");
    assert_eq!(r.final_report_count(), 1);
    assert!(r.steps().iter().any(|s| matches!(
        s.kind,
        StepKind::Received {
            next: Next::RetryAfter { wait_ms: 1_000 },
            ..
        }
    )));
    // Retry-After past the deadline: fail fast, one request.
    let r = demo_run("decide_retry_after_long");
    assert_eq!(r.requests().len(), 1);
    assert!(matches!(
        r.final_call().unwrap().give_up,
        Some(GiveUp::RetryAfterTooLong { .. })
    ));
    // Connection refused: even careful retries; 1 report.
    let r = demo_run("tf_connect_refused_post");
    assert_eq!((r.requests().len(), r.final_report_count()), (2, 1));
    // Key retention: pruned key, second report.
    let r = demo_run("tf_key_retention_next_day");
    assert_eq!(r.final_report_count(), 2);
    assert!(r
        .steps()
        .iter()
        .any(|s| matches!(s.kind, StepKind::Cleanup { pruned: 1 })));
    // A retry of a running request is answered 409 (the changed body's
    // 422 is create_refund_design's case 3, tests/exercises_demos.rs).
    let r = demo_run("same_key_in_progress");
    assert!(r.steps().iter().any(|s| matches!(
        s.kind,
        StepKind::Server {
            decision: Decision::InProgress,
            ..
        }
    )));
}

#[test]
fn at_least_eight_lab_questions_on_the_new_scenarios() {
    let ids = [
        "lab_lease_rule",
        "lab_overlap_writer",
        "predict_stored_500",
        "lab_stored_error_next",
        "predict_careful_query_first",
        "tf_429_quota",
        "tf_429_retry_after",
        "decide_retry_after_long",
        "tf_connect_refused_post",
        "tf_key_retention_next_day",
        "test_naive_then_fenced",
    ];
    for id in ids {
        q(id);
    }
    assert!(ids.len() >= 8);
}
