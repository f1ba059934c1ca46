//! Pure rendering helpers for a question card: formulas, answers, the
//! graded result, the model's value and the explanation.

use yew::prelude::*;

use super::lang_list;
use crate::exercises::grade::{grade, ModelValue, Response, FEWEST_REL_TOL};
use crate::exercises::progress::Record;
use crate::exercises::{option_key, Formula, Kind, Model, PredictInput, Question};
use crate::i18n::num::{count, num};
use crate::i18n::{t, tf, Lang};

/// A number as shown in a result: grouped, up to three decimals, no «.0».
fn fmt_num(v: f64) -> String {
    num(v, 3)
}
use crate::ui::link::AppLink;
use crate::ui::widgets::math;

/// The MathML of a formula.
pub fn formula(l: Lang, f: Formula) -> Html {
    let (inner, label) = match f {
        Formula::NominalBackoff => (
            "<mrow><mi>backoff</mi><mo>(</mo><mi>attempt</mi><mo>)</mo><mo>=</mo><mn>200</mn><mtext>&#8239;ms</mtext><mo>·</mo><msup><mn>2</mn><mrow><mi>attempt</mi><mo>−</mo><mn>1</mn></mrow></msup></mrow>",
            "ex.formula.nominal",
        ),
        Formula::CappedBound => (
            "<mrow><msub><mi>d</mi><mi>n</mi></msub><mo>=</mo><mi>min</mi><mo>(</mo><msub><mi>d</mi><mi>max</mi></msub><mo>,</mo><mi>b</mi><mo>·</mo><msup><mn>2</mn><mrow><mi>n</mi><mo>−</mo><mn>1</mn></mrow></msup><mo>)</mo></mrow>",
            "ex.formula.capped",
        ),
        Formula::LayerProduct => (
            "<mrow><mi>requests</mi><mo>=</mo><msub><mi>a</mi><mn>1</mn></msub><mo>×</mo><msub><mi>a</mi><mn>2</mn></msub><mo>×</mo><mo>⋯</mo><mo>×</mo><msub><mi>a</mi><mi>k</mi></msub></mrow>",
            "ex.formula.product",
        ),
    };
    html! { <>
        <p class="ex-formula">{ math(inner, &t(l, label)) }</p>
        if f == Formula::LayerProduct {
            <p class="ex-formula-note muted">{ t(l, "ex.formula.product_note") }</p>
        }
    </> }
}

/// The text of a choice, or of true/false.
pub fn choice_text(l: Lang, q: &Question, choice: &str) -> String {
    match &q.kind {
        Kind::TrueFalse(_) => t(
            l,
            if choice == "true" {
                "ex.true"
            } else {
                "ex.false"
            },
        ),
        _ => t(l, &option_key(choice)),
    }
}

/// A response as text, e.g. `0.5、1、2 秒` or an option's label.
fn response_text(l: Lang, q: &Question, r: &Response) -> String {
    match r {
        Response::Numbers(v) => lang_list(l, &v.iter().map(|x| fmt_num(*x)).collect::<Vec<_>>()),
        Response::Choice(c) => choice_text(l, q, c),
        Response::Bool(b) => t(l, if *b { "ex.true" } else { "ex.false" }),
    }
}

/// The expected answer as text (not for predictions: those come from the model).
fn expected_text(l: Lang, q: &Question) -> Option<String> {
    match &q.kind {
        Kind::Numeric(fields) => {
            let unit = fields
                .first()
                .map(|f| t(l, f.unit.key()))
                .unwrap_or_default();
            let v: Vec<String> = fields.iter().map(|f| fmt_num(f.answer)).collect();
            Some(format!("{} {unit}", lang_list(l, &v)))
        }
        Kind::Choice { correct, .. } => Some(t(l, &option_key(correct))),
        Kind::TrueFalse(b) => Some(t(l, if *b { "ex.true" } else { "ex.false" })),
        Kind::Predict { .. } => None,
    }
}

/// Per-field verdicts of a stored record (re-graded, never stored).
pub fn field_marks(q: &Question, r: &Record) -> Vec<bool> {
    grade(q, &r.response, r.model.as_ref())
        .map(|g| g.fields)
        .unwrap_or_default()
}

/// The graded result, the model's value and the explanation.
pub fn result(l: Lang, q: &Question, r: &Record) -> Html {
    let id = q.id;
    let verdict = if r.correct { "ex.right" } else { "ex.wrong" };
    let expected = (!r.correct).then(|| expected_text(l, q)).flatten();
    let is_predict = matches!(q.kind, Kind::Predict { .. });
    html! {
        <>
            <p class={classes!("ex-result", if r.correct { "ok" } else { "bad" })} data-testid={format!("result-{id}")}>
                <strong>{ t(l, verdict) }</strong>
                if let Some(e) = expected {
                    { " " }<span>{ tf(l, "ex.correct_answer", &[("answer", e)]) }</span>
                }
                if is_predict {
                    { " " }<span class="muted">{ tf(l, "ex.your_prediction", &[("answer", response_text(l, q, &r.response))]) }</span>
                }
            </p>
            if let (Kind::Predict { input, model }, Some(mv)) = (&q.kind, &r.model) {
                { model_value(l, q, r, input, model, mv) }
            }
            <div class="ex-explanation" data-testid={format!("explanation-{id}")}>
                <h4>{ t(l, "ex.explanation") }</h4>
                <p>{ t(l, &q.explain_key()) }</p>
            </div>
        </>
    }
}

fn mark(ok: bool) -> &'static str {
    if ok {
        "✓"
    } else {
        "✗"
    }
}

/// What the model produced, per field (lab) or per strategy (herd).
fn model_value(
    l: Lang,
    q: &Question,
    r: &Record,
    input: &PredictInput,
    model: &Model,
    mv: &ModelValue,
) -> Html {
    let id = q.id;
    let marks = field_marks(q, r);
    match (input, model, mv) {
        (
            PredictInput::Numbers(fields),
            Model::LabReports(runs),
            ModelValue::Numbers { values },
        ) => {
            let joined = lang_list(l, &values.iter().map(|v| fmt_num(*v)).collect::<Vec<_>>());
            html! {
                <div class="ex-model">
                    <p data-testid={format!("model-{id}")}>{ tf(l, "ex.model_value", &[("value", joined)]) }</p>
                    <ul>
                        { for fields.iter().zip(runs).zip(values).enumerate().map(|(i, ((f, run), v))| {
                            let ok = marks.get(i).copied().unwrap_or(false);
                            let predicted = match &r.response {
                                Response::Numbers(p) => p.get(i).map(|x| fmt_num(*x)).unwrap_or_default(),
                                _ => String::new(),
                            };
                            let line = tf(l, "ex.model_field", &[
                                ("label", t(l, f.label)),
                                ("value", fmt_num(*v)),
                                ("unit", t(l, f.unit.key())),
                            ]);
                            html! { <li data-testid={format!("model-{id}-{}", i + 1)}>
                                { format!("{} {line} ", mark(ok)) }
                                if !ok { <span class="muted">{ tf(l, "ex.predicted_was", &[("answer", predicted)]) }{ " " }</span> }
                                if let Some(to) = run.link() {
                                    <AppLink to={to} attrs={vec![("title", AttrValue::from(format!("{} × {} × {}", run.scenario, run.client, run.server)))]}>{ tf(l, "ex.demo_run", &[("label", run_label(l, run))]) }</AppLink>
                                }
                            </li> }
                        }) }
                    </ul>
                </div>
            }
        }
        (
            PredictInput::Choice(_),
            Model::HerdFewestCalls(_),
            ModelValue::Fewest { winner, calls },
        ) => {
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
        _ => html! { <p data-testid={format!("model-{id}")}>{ "—" }</p> },
    }
}

/// A per-field mark next to a numeric input after grading.
pub fn field_mark(l: Lang, ok: bool, answer: Option<f64>) -> Html {
    let text = match (ok, answer) {
        (true, _) => t(l, "ex.field_ok"),
        (false, Some(a)) => tf(l, "ex.field_bad", &[("answer", fmt_num(a))]),
        (false, None) => "✗".to_string(),
    };
    html! { <span class={classes!("ex-mark", if ok { "ok" } else { "bad" })}>{ text }</span> }
}

/// A lab run in the lab's own names (scenario × client × server), the ids
/// in the link's title.
fn run_label(l: Lang, run: &crate::exercises::LabRun) -> String {
    format!(
        "{} × {} × {}",
        t(l, &format!("lab.scenario.{}", run.scenario)),
        t(l, &format!("lab.client.{}", run.client)),
        t(l, &format!("lab.server.{}", run.server))
    )
}
