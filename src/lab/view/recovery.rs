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
