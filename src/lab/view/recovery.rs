//! 003's recovery protocol as the step view shows it: which of 003's states
//! a step is in (its badge), the downstream's calls made up to a step (its
//! table), and the status reference the model was given. Data and
//! sentences only: the UI draws them.

use crate::kernel::text::{Arg, Sentence};
use crate::lab::model::downstream::EffectCall;
use crate::lab::model::result::Run;
use crate::lab::model::trace::{Decision, StatusAnswer, Step, StepKind};

/// The states of 003's table a step can name. A timeout proven to have
/// started nothing is harmless; an unknown outcome is queried, and the
/// query ends in a reconciled success or a conflict for a person.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RecoveryState {
    /// TIMEOUT_BEFORE_EXECUTE: the deadline passed before any work.
    TimeoutBeforeExecute,
    /// OUTCOME_UNKNOWN: the work may have made its effect.
    OutcomeUnknown,
    /// 已对账成功: the status query proved the effect (a receipt checked).
    Reconciled,
    /// 对账冲突: the status query found another digest or no evidence.
    Conflict,
}

impl RecoveryState {
    pub const ALL: [RecoveryState; 4] = [
        RecoveryState::TimeoutBeforeExecute,
        RecoveryState::OutcomeUnknown,
        RecoveryState::Reconciled,
        RecoveryState::Conflict,
    ];

    /// Its id in the page (`data-state`) and in its text keys.
    pub fn id(self) -> &'static str {
        match self {
            RecoveryState::TimeoutBeforeExecute => "timeout_before_execute",
            RecoveryState::OutcomeUnknown => "outcome_unknown",
            RecoveryState::Reconciled => "reconciled",
            RecoveryState::Conflict => "conflict",
        }
    }

    /// The badge's words: 003's name of the state and what it means.
    pub fn text(self) -> Sentence {
        Sentence::new(format!("lab.state.{}", self.id()))
    }
}

/// The state of 003's table a step names, from the server's decision or
/// the status query's answer; `None` for a step outside the protocol (a
/// query answered «failed» or «denied» ends the call on other grounds).
pub fn step_state(step: &Step) -> Option<RecoveryState> {
    use RecoveryState as S;
    match &step.kind {
        StepKind::Server { decision, .. } => match decision {
            Decision::NotStarted => Some(S::TimeoutBeforeExecute),
            Decision::Uncertain | Decision::MarkedUnknown => Some(S::OutcomeUnknown),
            _ => None,
        },
        StepKind::StatusQuery { answer, .. } => match answer {
            StatusAnswer::Succeeded { .. } => Some(S::Reconciled),
            StatusAnswer::Unknown => Some(S::OutcomeUnknown),
            StatusAnswer::NotStarted => Some(S::TimeoutBeforeExecute),
            StatusAnswer::Conflict | StatusAnswer::NoEvidence => Some(S::Conflict),
            StatusAnswer::Failed | StatusAnswer::Denied => None,
        },
        _ => None,
    }
}

/// The status reference a status-query step asked about.
pub fn step_status_ref(step: &Step) -> Option<&str> {
    match &step.kind {
        StepKind::StatusQuery { status_ref, .. } => Some(status_ref),
        _ => None,
    }
}

/// The downstream's calls made by the first `upto` steps (the step view at
/// step `upto`), in order: a call belongs to the server step of its
/// request at its time, as the narration tells it.
pub fn effects_upto(run: &Run, upto: usize) -> Vec<&EffectCall> {
    let steps = &run.steps()[..upto.min(run.steps().len())];
    let made_at = |e: &EffectCall| {
        steps.iter().any(|s| {
            s.time_ms == e.at_ms
                && matches!(s.kind, StepKind::Server { request, .. } if request == e.request)
        })
    };
    run.effect_calls().iter().filter(|e| made_at(e)).collect()
}

/// The status references the service gave the run's calls, one per call
/// that got one.
pub fn status_refs(run: &Run) -> Vec<&str> {
    (run.calls().iter())
        .filter_map(|c| c.status_ref.as_deref())
        .collect()
}

/// The line the model reads after «结果未知» when its call has a status
/// reference: what to query with.
pub fn status_ref_line(run: &Run, request: usize) -> Option<Sentence> {
    let call = run.requests().get(request)?.call;
    let status_ref = run.calls().get(call)?.status_ref.as_deref()?;
    Some(Sentence::new("lab.tool.status_ref").arg("ref", Arg::raw(status_ref)))
}

#[cfg(all(test, feature = "sqlite"))]
mod tests {
    use super::*;
    use crate::lab::{run, HarnessPreset, Preset, Scenario};

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
        assert!(matches!(
            result,
            crate::lab::ToolResult::Reconciled { report_id: 1 }
        ));
        let told = crate::lab::view::words::tool_text(&r, result, r.final_request());
        let text = crate::i18n::render(crate::i18n::Lang::Zh, &told);
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
        assert_eq!(call.result, Some(crate::lab::ToolResult::Unknown));
        let sr = call.status_ref.clone().expect("a status_ref");
        let last = r.requests().iter().rev().find(|q| q.call == 0).unwrap().id;
        let line = status_ref_line(&r, last).expect("a line");
        assert_eq!(
            line,
            Sentence::new("lab.tool.status_ref").arg("ref", Arg::raw(&sr))
        );
        let text =
            crate::lab::view::words::tool_text(&r, crate::lab::ToolResult::Unknown, Some(last));
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
}
