//! The answer controls several kinds share: labelled number fields and a
//! radio group (each kind's own controls are in [`super::kinds`]). Each
//! control writes into its card's state on every event, so nothing typed
//! is lost when the page redraws.

use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

use super::marks;
use super::view;
use crate::exercises::form::FieldSpec;
use crate::exercises::Question;
use crate::i18n::{t, tf, Lang};
use crate::ui::exercises::view::choice_text;

/// The value of the input or select an event came from.
pub(super) fn input_value(e: &Event) -> String {
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
    legend: &'static str,
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
    legend: &'static str,
) -> Html {
    let (l, id) = (c.l, c.q.id);
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
pub(super) fn set_pick(picks: &UseStateHandle<Vec<Option<String>>>, i: usize, v: String) {
    let mut next = (**picks).clone();
    if let Some(slot) = next.get_mut(i) {
        *slot = (!v.is_empty()).then_some(v);
    }
    picks.set(next);
}
