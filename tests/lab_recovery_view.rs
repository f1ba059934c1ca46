//! The run view's reading of 003's recovery protocol
//! (`lab::view::recovery`): the state a step names, the downstream's
//! calls shown up to a step, and the `status_ref` the model is told.
#![cfg(not(target_arch = "wasm32"))]

use retry_lab::i18n::{render, Lang};
use retry_lab::kernel::text::{Arg, Sentence};
use retry_lab::lab::view::recovery::*;
use retry_lab::lab::view::words::tool_text;
use retry_lab::lab::{run, HarnessPreset, Preset, Run, Scenario, ToolResult};

fn reconciled(sc: Scenario) -> Run {
    let harness = HarnessPreset::Reconciling.harness();
    run(sc, harness, Preset::Reconciled.design(), 1)
}

fn states(r: &Run) -> Vec<RecoveryState> {
    r.steps().iter().filter_map(step_state).collect()
}

/// 003's path for a crash after the downstream's effect: the record is
/// unknown, the status query proves it from the receipt; one effect,
/// shown from the step that made it on.
#[test]
fn a_crash_after_the_effect_is_unknown_then_reconciled() {
    let r = reconciled(Scenario::DownstreamDoneCrash);
    let s = states(&r);
    assert_eq!(s.last(), Some(&RecoveryState::Reconciled), "{s:?}");
    assert!(s.contains(&RecoveryState::OutcomeUnknown), "{s:?}");
    let all = r.steps().len();
    assert_eq!(effects_upto(&r, all).len(), r.effect_calls().len());
    assert_eq!(effects_upto(&r, all).iter().filter(|e| e.made()).count(), 1);
    assert!(effects_upto(&r, 0).is_empty());
    // Each call shows from its own step on, never before it.
    let first = (1..=all)
        .find(|&n| !effects_upto(&r, n).is_empty())
        .unwrap();
    let at = &r.steps()[first - 1];
    assert_eq!(at.time_ms, r.effect_calls()[0].at_ms);
    let query = r.steps().iter().find_map(step_status_ref).unwrap();
    assert_eq!(status_refs(&r), [query]);
    // The model reads the report id the query proved, filled in.
    let result = r.calls()[0].result.unwrap();
    assert!(matches!(result, ToolResult::Reconciled { report_id: 1 }));
    let told = tool_text(&r, result, r.final_request());
    let text = render(Lang::Zh, &told);
    assert!(text.contains("#1") && !text.contains('{'), "{text}");
}

/// A request past its deadline is 003's TIMEOUT_BEFORE_EXECUTE, and no
/// step of a run without the protocol names a state.
#[test]
fn a_passed_deadline_is_timeout_before_execute() {
    let r = reconciled(Scenario::DeadlinePassed);
    assert!(states(&r).contains(&RecoveryState::TimeoutBeforeExecute));
    let plain = run(
        Scenario::ResponseLost,
        HarnessPreset::StableKey.harness(),
        Preset::Fenced.design(),
        1,
    );
    assert!(states(&plain).is_empty());
    assert!(status_refs(&plain).is_empty());
}

/// «结果未知» names the status reference its call got, so the model can
/// query with it.
#[test]
fn the_unknown_tool_text_names_the_status_ref() {
    let r = reconciled(Scenario::ReceiptLate);
    let call = &r.calls()[0];
    // The receipt is not there by the last query: the model hears
    // «结果未知», and with it the status_ref to query later.
    assert_eq!(call.result, Some(ToolResult::Unknown));
    let sr = call.status_ref.clone().expect("a status_ref");
    let last = r.requests().iter().rev().find(|q| q.call == 0).unwrap().id;
    let line = status_ref_line(&r, last).expect("a line");
    assert_eq!(
        line,
        Sentence::new("lab.tool.status_ref").arg("ref", Arg::raw(&sr))
    );
    let text = tool_text(&r, ToolResult::Unknown, Some(last));
    assert_eq!(
        text,
        Sentence::sentences([Sentence::new("lab.tool.unknown"), line])
    );
    let plain = run(
        Scenario::ResponseLost,
        HarnessPreset::StableKey.harness(),
        Preset::Fenced.design(),
        1,
    );
    assert!((0..plain.requests().len()).all(|q| status_ref_line(&plain, q).is_none()));
}
