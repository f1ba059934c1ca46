//! «Predict, then run» with a choice: which herd strategy makes the
//! fewest calls, then every strategy's mean calls.

use yew::prelude::*;

use super::KindCard;
use crate::exercises::grade::{ModelValue, Record, FEWEST_REL_TOL};
use crate::exercises::{option_key, order, Question};
use crate::i18n::{t, tf, Lang};
use crate::kernel::num::count;
use crate::ui::exercises::form::Form;
use crate::ui::exercises::inputs::{radios, Ctx};
use crate::ui::exercises::view::no_model_value;

/// The card of [`crate::exercises::kinds::predict_fewest::PredictFewest`].
pub(super) struct PredictFewest;

impl KindCard for PredictFewest {
    fn controls(&self, ctx: &Ctx, form: &Form) -> Html {
        radios(ctx, &order::shown(ctx.q), &form.choice, "ex.predict_legend")
    }

    fn graded(&self, l: Lang, q: &Question, r: &Record) -> Html {
        match &r.model {
            Some(ModelValue::Fewest { winner, calls }) => herd_calls(l, q, winner, calls),
            Some(_) => no_model_value(q),
            None => html! {},
        }
    }
}

/// Every strategy's mean calls, the near-fewest starred.
fn herd_calls(l: Lang, q: &Question, winner: &str, calls: &[(String, f64)]) -> Html {
    let id = q.id;
    let min = calls.iter().map(|(_, c)| *c).fold(f64::INFINITY, f64::min);
    html! {
        <div class="ex-model">
            <p data-testid={format!("model-{id}")}>{ tf(l, "ex.model_fewest", &[("winner", t(l, &option_key(winner)))]) }</p>
            <div class="scroll-x"><table class="data">
                <thead><tr><th scope="col">{ t(l, "ex.col.strategy") }</th><th scope="col" class="num">{ t(l, "ex.col.calls") }</th></tr></thead>
                <tbody>{ for calls.iter().map(|(s, c)| html! {
                    <tr><th scope="row">{ t(l, &option_key(s)) }{ if *c <= min * (1.0 + FEWEST_REL_TOL) { " ★" } else { "" } }</th>
                    <td class="num" data-testid={format!("model-calls-{s}")}>{ count(*c) }</td></tr>
                }) }</tbody>
            </table></div>
            <p class="muted">{ t(l, "ex.fewest_star") }</p>
        </div>
    }
}
