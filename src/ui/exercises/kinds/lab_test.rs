//! A red/green test's card: the fault and the two assertions, then how
//! the picked test fared on each server and every fault's counts.

use yew::prelude::*;

use super::KindCard;
use crate::exercises::grade::{ModelValue, Record, Response};
use crate::exercises::{order, redgreen, Question};
use crate::i18n::{t, tf, Lang};
use crate::ui::exercises::form::Form;
use crate::ui::exercises::inputs::{set_pick, Ctx};
use crate::ui::exercises::view::{choice_text, fmt_num, no_model_value, run_link};

/// The card of [`crate::exercises::kinds::lab_test::LabTest`].
pub(super) struct LabTest<'a> {
    pub assertions: &'static [&'static str],
    pub bench: Option<&'a redgreen::Bench>,
}

impl KindCard for LabTest<'_> {
    fn controls(&self, ctx: &Ctx, form: &Form) -> Html {
        match self.bench {
            Some(b) => test_picks(ctx, &b.fault_ids(), self.assertions, &form.picks),
            None => html! {},
        }
    }

    fn graded(&self, l: Lang, q: &Question, r: &Record) -> Html {
        match (self.bench, &r.model) {
            (Some(bench), Some(ModelValue::Numbers { values })) => {
                test_runs(l, q, r, bench, values)
            }
            (_, Some(_)) => no_model_value(q),
            (_, None) => html! {},
        }
    }
}

/// A test: one fault (by the lab's scenario names), the assertion that
/// reproduces the problem on the wrong server, and the regression assertion.
fn test_picks(
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

/// A red/green test: how the picked test fared on each server, and every
/// fault's counts with links to its runs.
fn test_runs(l: Lang, q: &Question, r: &Record, bench: &redgreen::Bench, values: &[f64]) -> Html {
    let id = q.id;
    let Response::Choices(picked) = &r.response else {
        return html! {};
    };
    let pick = |i: usize| picked.get(i).map_or("", |s| s.as_str());
    let (fault, repro, regression) = (pick(0), pick(1), pick(2));
    let server = |s: &str| t(l, &format!("lab.server.{s}"));
    let verdict = |pass: bool| t(l, if pass { "ex.test_green" } else { "ex.test_red" });
    let on = |assertion: &str, srv: &str, pass: bool, n: f64, testid: String| {
        let args = [
            ("assertion", choice_text(l, q, assertion)),
            ("server", server(srv)),
            ("verdict", verdict(pass)),
            ("count", fmt_num(n)),
        ];
        html! { <li data-testid={testid}>{ tf(l, "ex.test_on_assert", &args) }</li> }
    };
    let outcome = redgreen::outcome(bench, values, fault, repro, regression);
    let counts = bench.counts(values, fault);
    let runs = bench.runs();
    html! {
        <div class="ex-model">
            if let (Some(o), Some((red, green))) = (outcome, counts) {
                <ul data-testid={format!("model-{id}")}>
                    { on(repro, bench.red.id(), o.repro_on_red, red, format!("model-{id}-repro")) }
                    { on(repro, bench.green.id(), o.repro_on_green, green, format!("model-{id}-repro-green")) }
                    { on(regression, bench.red.id(), o.passes_on_red, red, format!("model-{id}-red")) }
                    { on(regression, bench.green.id(), o.passes_on_green, green, format!("model-{id}-green")) }
                </ul>
            }
            <div class="scroll-x"><table class="data">
                <caption>{ t(l, "ex.test_table") }</caption>
                <thead><tr>
                    <th scope="col">{ t(l, "ex.test_col_fault") }</th>
                    <th scope="col" class="num">{ tf(l, "ex.test_col_count", &[("server", server(bench.red.id()))]) }</th>
                    <th scope="col" class="num">{ tf(l, "ex.test_col_count", &[("server", server(bench.green.id()))]) }</th>
                </tr></thead>
                <tbody>{ for bench.fault_ids().into_iter().enumerate().map(|(i, f)| html! {
                    <tr>
                        <th scope="row">{ t(l, &format!("lab.scenario.{f}")) }{ if f == fault { " ★" } else { "" } }</th>
                        { for [0, 1].into_iter().map(|k| html! {
                            <td class="num" data-testid={format!("model-{id}-{f}-{}", if k == 0 { "red" } else { "green" })}>
                                { values.get(2 * i + k).map(|v| fmt_num(*v)).unwrap_or_default() }{ " " }
                                { runs.get(2 * i + k).map(|run| run_link(l, run)).unwrap_or_default() }
                            </td>
                        }) }
                    </tr>
                }) }</tbody>
            </table></div>
        </div>
    }
}
