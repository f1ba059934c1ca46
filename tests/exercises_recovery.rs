//! The «predict, then run» questions on 003's recovery protocol: each key
//! is the lab's own count (run through the page's live path), and each
//! count is the one the hand-checked trace of its explanation gives, for
//! the reason the explanation names (read from the same run's records:
//! its downstream's effects, its decisions, what the model was told).
#![cfg(not(target_arch = "wasm32"))]

use retry_lab::exercises::grade::ModelValue;
use retry_lab::exercises::live::run_model;
use retry_lab::exercises::{find, Kind, LabRun, Model};
use retry_lab::lab::*;

const IDS: [&str; 4] = [
    "predict_fail_after_effect",
    "predict_revoked_replay",
    "predict_resend_or_query",
    "predict_receipt_late",
];

fn runs(id: &str) -> Vec<LabRun> {
    let q = find(id).unwrap_or_else(|| panic!("{id} is in the bank"));
    let Kind::Predict {
        model: Model::LabCounts(runs),
        ..
    } = q.kind
    else {
        panic!("{id} predicts lab counts")
    };
    runs
}

/// The keys as the page computes them.
fn keys(id: &str) -> Vec<f64> {
    let q = find(id).unwrap();
    let Kind::Predict { model, .. } = &q.kind else {
        unreachable!()
    };
    let Ok(ModelValue::Numbers { values }) = run_model(model) else {
        panic!("{id}: the model runs")
    };
    values
}

fn the_run(r: &LabRun) -> Run {
    let (s, h, d) = r.combo();
    run(s, h, d, r.seed)
}

fn made(r: &Run) -> usize {
    r.effect_calls().iter().filter(|e| e.made()).count()
}

fn result(r: &Run) -> Option<ToolResult> {
    r.calls()[0].result
}

#[test]
fn the_questions_are_in_the_bank_and_run_with_003s_harness() {
    for id in IDS {
        let rs = runs(id);
        assert!(rs.len() >= 2, "{id}");
        assert!(rs.iter().all(|r| r.harness.is_some()), "{id}");
        let k = keys(id);
        assert_eq!(k.len(), rs.len());
        // Each question's fields differ: no field repeats another's key.
        assert!(k.windows(2).any(|w| w[0] != w[1]), "{id}: {k:?}");
    }
}

#[test]
fn a_failure_after_the_effect_release_stripe_and_003() {
    let rs = runs(IDS[0]);
    assert_eq!(keys(IDS[0]), vec![1.0, 0.0, 1.0]);
    let [naive, fenced, rec] = [0, 1, 2].map(|i| the_run(&rs[i]));
    // Release: the work runs again, two refunds.
    assert_eq!(made(&naive), 2);
    // Stripe: the stored 500 hides the refund that happened.
    assert_eq!(made(&fenced), 1);
    assert_eq!(fenced.final_report_count(), 0);
    assert_eq!(result(&fenced), Some(ToolResult::Unknown));
    // 003: unknown, reconciled from the receipt.
    assert_eq!(made(&rec), 1);
    assert!(matches!(result(&rec), Some(ToolResult::Reconciled { .. })));
}

#[test]
fn a_revoked_permission_and_the_cached_replay() {
    let rs = runs(IDS[1]);
    assert_eq!(keys(IDS[1]), vec![1.0, 0.0]);
    let [fenced, recheck] = [0, 1].map(|i| the_run(&rs[i]));
    assert_eq!(fenced.revoked_replays().len(), 1);
    assert!(recheck.revoked_replays().is_empty());
    assert_eq!(result(&recheck), Some(ToolResult::Denied));
}

#[test]
fn a_resend_only_returns_unknown_a_query_backfills() {
    let rs = runs(IDS[2]);
    assert_eq!(keys(IDS[2]), vec![0.0, 1.0]);
    let [resend, query] = [0, 1].map(|i| the_run(&rs[i]));
    for r in [&resend, &query] {
        assert_eq!(made(r), 1, "never executed again");
    }
    assert_eq!(resend.tool_outcome(), ToolOutcome::Unknown);
    assert!(matches!(
        result(&query),
        Some(ToolResult::Reconciled { .. })
    ));
}

#[test]
fn a_late_receipt_one_report_short_and_honest() {
    let rs = runs(IDS[3]);
    assert_eq!(keys(IDS[3]), vec![1.0, 0.0]);
    let [fenced, rec] = [0, 1].map(|i| the_run(&rs[i]));
    assert_eq!(made(&fenced), 2, "the takeover refunds a second time");
    assert_eq!(made(&rec), 1);
    assert_eq!(result(&rec), Some(ToolResult::Unknown));
    assert!(rec.judgement().passes());
    assert!(!fenced.judgement().passes());
}
