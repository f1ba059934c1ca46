//! The answer controls of a question card: number fields, a radio group,
//! one select per part of each case of a cases question, and a test's
//! fault and assertion. Each control writes into its card's state on every event, so
//! nothing typed is lost when the page redraws.

use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

use super::marks;
use super::view;
use crate::exercises::form::FieldSpec;
use crate::exercises::{order, CasePart, CaseRow, Cases, Question};
use crate::i18n::{t, tf, Lang};
use crate::ui::exercises::view::choice_text;

/// The value of the input or select an event came from.
fn input_value(e: &Event) -> String {
    if let Some(s) = e.target_dyn_into::<HtmlSelectElement>() {
        return s.value();
    }
    e.target_unchecked_into::<HtmlInputElement>().value()
}

/// What every control needs from its card.
pub(super) struct Ctx<'a> {
    pub l: Lang,
    pub q: &'a Question,
    pub running: bool,
    /// Per-field or per-row verdicts of the stored answer (empty if none).
    pub marks: &'a [bool],
}

/// One labelled number input per field, with its unit and, once graded,
/// its mark.
pub(super) fn number_fields(
    c: &Ctx,
    specs: &[FieldSpec],
    inputs: &UseStateHandle<Vec<String>>,
) -> Html {
    let (l, id) = (c.l, c.q.id);
    let field = |(i, s): (usize, &FieldSpec)| {
        let testid = if specs.len() == 1 {
            format!("answer-{id}")
        } else {
            format!("answer-{id}-{}", i + 1)
        };
        let input_id = format!("ex-{id}-{}", i + 1);
        let oninput = {
            let inputs = inputs.clone();
            Callback::from(move |e: InputEvent| {
                let v = e.target_unchecked_into::<HtmlInputElement>().value();
                let mut next = (*inputs).clone();
                if let Some(slot) = next.get_mut(i) {
                    *slot = v;
                }
                inputs.set(next);
            })
        };
        html! {
            <div class="ex-field">
                <label for={input_id.clone()}>
                    { t(l, s.label) }
                    if s.tol > 0.0 { <span class="muted">{ " " }{ tf(l, "ex.field_tolerance", &[("tol", view::fmt_num(s.tol))]) }</span> }
                </label>
                <span class="ex-input">
                    <input id={input_id} type="number" step="any" inputmode="decimal" data-testid={testid}
                        value={inputs.get(i).cloned().unwrap_or_default()} {oninput} disabled={c.running} />
                    <span class="ex-unit">{ t(l, s.unit.key()) }</span>
                    if let (Some(ok), true) = (c.marks.get(i), s.answer.is_some()) {
                        { marks::field_mark(l, *ok, s.answer) }
                    }
                </span>
            </div>
        }
    };
    let legend = if matches!(c.q.kind, crate::exercises::Kind::Predict { .. }) {
        "ex.predict_legend"
    } else {
        "ex.fill"
    };
    html! {
        <fieldset>
            <legend class="sr-only">{ t(l, legend) }</legend>
            { for specs.iter().enumerate().map(field) }
        </fieldset>
    }
}

/// A radio group over `opts` (in the order shown).
pub(super) fn radios(
    c: &Ctx,
    opts: &[&'static str],
    choice: &UseStateHandle<Option<String>>,
) -> Html {
    let (l, id) = (c.l, c.q.id);
    let legend = match c.q.kind {
        crate::exercises::Kind::TrueFalse(_) => "ex.statement",
        crate::exercises::Kind::Predict { .. } => "ex.predict_legend",
        _ => "ex.choose",
    };
    let radio = |o: &&'static str| {
        let o = *o;
        let onchange = {
            let choice = choice.clone();
            Callback::from(move |_: Event| choice.set(Some(o.to_string())))
        };
        html! {
            <label class="ex-option">
                <input type="radio" name={format!("ex-{id}")} value={o} data-testid={format!("option-{id}-{o}")}
                    checked={choice.as_deref() == Some(o)} {onchange} disabled={c.running} />
                { choice_text(l, c.q, o) }
            </label>
        }
    };
    html! {
        <fieldset class="ex-options">
            <legend>{ t(l, legend) }</legend>
            { for opts.iter().map(radio) }
        </fieldset>
    }
}

/// Sets pick `i` of a card's picks.
fn set_pick(picks: &UseStateHandle<Vec<Option<String>>>, i: usize, v: String) {
    let mut next = (**picks).clone();
    if let Some(slot) = next.get_mut(i) {
        *slot = (!v.is_empty()).then_some(v);
    }
    picks.set(next);
}

/// One fieldset per case of a cases question, one select per part, each
/// part's options in that case's shuffled order, and each part marked once
/// graded (picks and marks case by case).
pub(super) fn cases(c: &Ctx, cs: &Cases, picks: &UseStateHandle<Vec<Option<String>>>) -> Html {
    let (l, id) = (c.l, c.q.id);
    let n = cs.parts.len();
    let part = |i: usize, row: &CaseRow, j: usize, p: &CasePart| {
        let slot = i * n + j;
        let select_id = format!("ex-{id}-case-{}-{}", i + 1, j + 1);
        let onchange = {
            let picks = picks.clone();
            Callback::from(move |e: Event| set_pick(&picks, slot, input_value(&e)))
        };
        let current = picks.get(slot).cloned().flatten();
        html! {
            <div class="ex-row">
                <label for={select_id.clone()}>{ t(l, p.label) }</label>
                <span class="ex-input">
                    <select id={select_id} data-testid={format!("case-{id}-{}-{}", i + 1, j + 1)} {onchange} disabled={c.running}>
                        <option value="" selected={current.is_none()}>{ t(l, "ex.case_placeholder") }</option>
                        { for order::case_options(id, row, p).into_iter().map(|o| html! {
                            <option value={o} selected={current.as_deref() == Some(o)}>{ choice_text(l, c.q, o) }</option>
                        }) }
                    </select>
                    if let Some(ok) = c.marks.get(slot) {
                        { marks::case_mark(l, *ok, format!("case-mark-{id}-{}-{}", i + 1, j + 1)) }
                    }
                </span>
            </div>
        }
    };
    let case = |(i, row): (usize, &CaseRow)| {
        html! {
            <fieldset class="ex-rows ex-case" data-testid={format!("case-{id}-{}", i + 1)}>
                <legend>{ t(l, row.label) }</legend>
                { for cs.parts.iter().enumerate().map(|(j, p)| part(i, row, j, p)) }
            </fieldset>
        }
    };
    html! {
        <div class="ex-cases">
            <p class="muted">{ t(l, "ex.cases_legend") }</p>
            { for cs.rows.iter().enumerate().map(case) }
        </div>
    }
}

/// A test: one fault (by the lab's scenario names), the assertion that
/// reproduces the problem on the wrong server, and the regression assertion.
pub(super) fn test_picks(
    c: &Ctx,
    faults: &[&'static str],
    assertions: &[&'static str],
    picks: &UseStateHandle<Vec<Option<String>>>,
) -> Html {
    let (l, id) = (c.l, c.q.id);
    let group = |slot: usize,
                 prefix: &'static str,
                 legend: &'static str,
                 opts: Vec<&'static str>,
                 text: &dyn Fn(&str) -> String| {
        let current = picks.get(slot).cloned().flatten();
        html! {
            <fieldset class="ex-options">
                <legend>{ t(l, legend) }</legend>
                { for opts.into_iter().map(|o| {
                    let onchange = {
                        let picks = picks.clone();
                        Callback::from(move |_: Event| set_pick(&picks, slot, o.to_string()))
                    };
                    html! {
                        <label class="ex-option">
                            <input type="radio" name={format!("ex-{id}-{prefix}")} value={o}
                                data-testid={format!("{prefix}-{id}-{o}")}
                                checked={current.as_deref() == Some(o)} {onchange} disabled={c.running} />
                            { text(o) }
                        </label>
                    }
                }) }
            </fieldset>
        }
    };
    let text = |o: &str| choice_text(l, c.q, o);
    html! { <>
        { group(0, "fault", "ex.test_fault", faults.to_vec(), &text) }
        { group(1, "assert", "ex.test_assertion", order::shuffled(id, "assert", assertions), &text) }
        { group(2, "regression", "ex.test_regression", order::shuffled(id, "regression", assertions), &text) }
    </> }
}
