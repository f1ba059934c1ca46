//! 003's recovery protocol in the step view: the refund-like downstream's
//! calls up to the step (its own records: no rollback of the service takes
//! an effect back), the status reference the service gave, and the badge
//! naming the state of 003's table the step is in.

use yew::prelude::*;

use super::tables::{opt, step_table, time_cell, time_head, StepTable};
use crate::i18n::{render, t, Lang};
use crate::lab::view::recovery::{effects_upto, step_state, step_status_ref, RecoveryState};
use crate::lab::{EffectCall, EffectOutcome};
use crate::lab::{Run, Step};

/// The first characters of a digest the table shows (the cell's title
/// has all 64).
const DIGEST_SHOWN: usize = 12;

fn outcome_cell(l: Lang, o: &EffectOutcome) -> Html {
    let id = match o {
        EffectOutcome::Made { .. } => "made",
        EffectOutcome::Repeated { .. } => "repeated",
        EffectOutcome::Conflict => "conflict",
    };
    html! { <td data-testid="effect-outcome" data-outcome={id}>{ t(l, &format!("lab.effect.{id}")) }</td> }
}

fn effect_cells(l: Lang, e: &EffectCall) -> Html {
    let digest: String = e.digest.chars().take(DIGEST_SHOWN).collect();
    let approved = if e.approved {
        "lab.effect.approved"
    } else {
        "lab.effect.unapproved"
    };
    html! {
        <>
            <td class="num" data-testid="effect-request">{ e.request + 1 }</td>
            <td><code data-testid="effect-receipt">{ e.receipt().unwrap_or("—") }</code></td>
            <td><code data-testid="effect-key">{ opt(&e.key) }</code></td>
            <td><code title={e.digest.clone()} data-testid="effect-digest">{ digest }</code></td>
            { time_cell(l, Some(e.at_ms as i64), "effect-at") }
            { outcome_cell(l, &e.outcome) }
            <td data-testid="effect-approved" data-approved={e.approved.to_string()}>{ t(l, approved) }</td>
        </>
    }
}

/// The downstream's calls made by the first `upto` steps (new ones, made
/// at the step shown, marked), above them how many effects they made.
fn effects_table(l: Lang, run: &Run, upto: usize) -> Html {
    let rows: Vec<EffectCall> = effects_upto(run, upto).into_iter().cloned().collect();
    let before = effects_upto(run, upto.saturating_sub(1));
    let made = rows.iter().filter(|e| e.made()).count();
    let head = html! {
        <>
            <th class="num">{ "request" }</th><th>{ "receipt" }</th><th>{ "key" }</th>
            <th>{ "digest" }</th>{ time_head(l, "at_ms") }<th>{ "outcome" }</th><th>{ "approved" }</th>
        </>
    };
    let table = StepTable::new("table-effects", "lab.tables.effects", 7, true, head);
    let new = |r: &EffectCall| !before.contains(&r);
    html! {
        <div class="effects" data-testid="effects">
            <p>{ t(l, "lab.effects.count") }{ t(l, "lab.pick.colon") }<strong data-testid="effects-count">{ made }</strong></p>
            { step_table(l, table, &rows, new, |r| effect_cells(l, r)) }
        </div>
    }
}

/// The status references the service gave the run's calls, once an
/// answer up to step `upto` has named an unknown outcome (the answers that
/// carry one): what the model is told to query with.
fn status_refs_given(l: Lang, run: &Run, upto: usize) -> Html {
    let steps = &run.steps()[..upto.min(run.steps().len())];
    let refs = match shown_refs(steps) {
        true => crate::lab::view::recovery::status_refs(run),
        false => Vec::new(),
    };
    if refs.is_empty() {
        return Html::default();
    }
    html! {
        <p class="status-ref" data-testid="status-ref">
            { t(l, "lab.status_ref.label") }{ t(l, "lab.pick.colon") }
            { for refs.iter().map(|r| html! { <code data-testid="status-ref-value">{ *r }</code> }) }
        </p>
    }
}

/// Whether the service's answers up to these steps have named an unknown
/// outcome (the only answers that carry a status reference).
fn shown_refs(steps: &[Step]) -> bool {
    steps
        .iter()
        .any(|s| step_state(s) == Some(RecoveryState::OutcomeUnknown))
}

/// The downstream's table and the status references, for a run whose
/// work calls the downstream or whose service issues status references.
pub fn recovery_tables(l: Lang, run: &Run, upto: usize) -> Html {
    if run.effect_calls().is_empty() && !run.design.issues_status_ref() {
        return Html::default();
    }
    html! {
        <>
            { effects_table(l, run, upto) }
            { status_refs_given(l, run, upto) }
        </>
    }
}

/// The badge of 003's state at the step, and the status reference a
/// status query asked about; nothing for a step outside the protocol.
pub fn state_badge(l: Lang, step: Option<&Step>) -> Html {
    let Some(step) = step else {
        return Html::default();
    };
    let Some(state) = step_state(step) else {
        return Html::default();
    };
    html! {
        <p class={classes!("state-badge", format!("state-{}", state.id()))} data-testid="step-state" data-state={state.id()}>
            <span class="muted">{ t(l, "lab.state.label") }{ t(l, "lab.pick.colon") }</span>
            { render(l, &state.text()) }
            if let Some(r) = step_status_ref(step) {
                { " " }<code data-testid="step-status-ref">{ r }</code>
            }
        </p>
    }
}
