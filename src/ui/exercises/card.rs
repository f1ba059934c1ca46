//! One question: its form (real controls: labelled number inputs, radio
//! groups in a fieldset), grading through the pure core, and for «predict,
//! then run» the chunked model run.

use std::rc::Rc;

use web_sys::HtmlInputElement;
use yew::prelude::*;

use super::runner::{use_runner, RunState};
use super::view;
use crate::exercises::grade::{grade, parse_number, ModelValue, Response};
use crate::exercises::live::LiveError;
use crate::exercises::progress::Record;
use crate::exercises::sections::{place, Source};
use crate::exercises::{fmt_num, Kind, PredictInput, Question, Unit};
use crate::i18n::{t, tf, Lang};
use crate::ui::link::AppLink;

#[derive(Properties, PartialEq)]
pub struct CardProps {
    pub lang: Lang,
    pub question: Rc<Question>,
    pub record: Option<Record>,
    pub on_record: Callback<(String, Record)>,
}

/// A numeric input's label, unit, tolerance and expected value (if known).
struct FieldSpec {
    label: &'static str,
    unit: Unit,
    tol: f64,
    answer: Option<f64>,
}

fn fields(q: &Question) -> Vec<FieldSpec> {
    match &q.kind {
        Kind::Numeric(f) => f
            .iter()
            .map(|f| FieldSpec {
                label: f.label,
                unit: f.unit,
                tol: f.tol,
                answer: Some(f.answer),
            })
            .collect(),
        Kind::Predict {
            input: PredictInput::Numbers(f),
            ..
        } => f
            .iter()
            .map(|f| FieldSpec {
                label: f.label,
                unit: f.unit,
                tol: 0.0,
                answer: None,
            })
            .collect(),
        _ => vec![],
    }
}

fn options(q: &Question) -> Vec<&'static str> {
    match &q.kind {
        Kind::Choice { options, .. } => options.to_vec(),
        Kind::TrueFalse(_) => vec!["true", "false"],
        Kind::Predict {
            input: PredictInput::Choice(o),
            ..
        } => o.to_vec(),
        _ => vec![],
    }
}

fn kind_key(q: &Question) -> &'static str {
    match q.kind {
        Kind::Numeric(_) => "ex.kind.numeric",
        Kind::Choice { .. } => "ex.kind.choice",
        Kind::TrueFalse(_) => "ex.kind.tf",
        Kind::Predict { .. } => "ex.kind.predict",
    }
}

/// Initial input texts, restored from the stored response.
fn initial_inputs(n: usize, record: Option<&Record>) -> Vec<String> {
    match record.map(|r| &r.response) {
        Some(Response::Numbers(v)) if v.len() == n => v.iter().map(|x| fmt_num(*x)).collect(),
        _ => vec![String::new(); n],
    }
}

fn initial_choice(record: Option<&Record>) -> Option<String> {
    match record.map(|r| &r.response) {
        Some(Response::Choice(c)) => Some(c.clone()),
        Some(Response::Bool(b)) => Some(b.to_string()),
        _ => None,
    }
}

/// Why an answer was not graded; translated when rendered, so a language
/// switch also switches the message.
#[derive(Clone, Debug, PartialEq)]
enum Problem {
    NeedNumber(&'static str),
    NeedChoice,
    NeedPrediction,
    Model(String),
}

impl Problem {
    fn text(&self, l: Lang) -> String {
        match self {
            Problem::NeedNumber(label) => tf(l, "ex.need_number", &[("field", t(l, label))]),
            Problem::NeedChoice => t(l, "ex.need_choice"),
            Problem::NeedPrediction => t(l, "ex.need_prediction"),
            Problem::Model(e) => tf(l, "ex.model_error", &[("error", e.clone())]),
        }
    }
}

/// Builds the response from the form, or names what is missing.
fn read_response(
    q: &Question,
    specs: &[FieldSpec],
    inputs: &[String],
    choice: &Option<String>,
) -> Result<Response, Problem> {
    if !specs.is_empty() {
        let mut v = Vec::with_capacity(specs.len());
        for (s, raw) in specs.iter().zip(inputs) {
            v.push(parse_number(raw).ok_or(Problem::NeedNumber(s.label))?);
        }
        return Ok(Response::Numbers(v));
    }
    let c = choice
        .clone()
        .ok_or(if matches!(q.kind, Kind::Predict { .. }) {
            Problem::NeedPrediction
        } else {
            Problem::NeedChoice
        })?;
    Ok(match q.kind {
        Kind::TrueFalse(_) => Response::Bool(c == "true"),
        _ => Response::Choice(c),
    })
}

#[function_component(QuestionCard)]
pub fn question_card(p: &CardProps) -> Html {
    let l = p.lang;
    let q = p.question.clone();
    let id = q.id;
    let specs = fields(&q);
    let opts = options(&q);
    let inputs = use_state(|| initial_inputs(specs.len(), p.record.as_ref()));
    let choice = use_state(|| initial_choice(p.record.as_ref()));
    let error = use_state(|| None::<Problem>);
    // The demo links (before, after answering), built once per question: a
    // card redraws on every chunk of a running model.
    let demos = use_memo(id, {
        let q = q.clone();
        move |_| (q.demo_before_answer(), q.demo_after_answer())
    });
    let runner = use_runner();
    let is_predict = matches!(q.kind, Kind::Predict { .. });
    let running = matches!(runner.state(), RunState::Running { .. });

    let onsubmit = {
        let (q, inputs, choice, error, runner, on_record) = (
            q.clone(),
            inputs.clone(),
            choice.clone(),
            error.clone(),
            runner.clone(),
            p.on_record.clone(),
        );
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            let specs = fields(&q);
            let resp = match read_response(&q, &specs, &inputs, &choice) {
                Ok(r) => r,
                Err(msg) => return error.set(Some(msg)),
            };
            error.set(None);
            match &q.kind {
                Kind::Predict { model, .. } => {
                    if matches!(runner.state(), RunState::Running { .. }) {
                        return;
                    }
                    let (q, error, on_record) = (q.clone(), error.clone(), on_record.clone());
                    runner.start(
                        model,
                        Callback::from(move |res: Result<ModelValue, LiveError>| match res {
                            Ok(mv) => match grade(&q, &resp, Some(&mv)) {
                                Ok(g) => on_record.emit((
                                    q.id.to_string(),
                                    Record {
                                        response: resp.clone(),
                                        correct: g.correct,
                                        model: Some(mv),
                                    },
                                )),
                                Err(e) => error.set(Some(Problem::Model(format!("{e:?}")))),
                            },
                            Err(e) => error.set(Some(Problem::Model(e.0))),
                        }),
                    );
                }
                _ => match grade(&q, &resp, None) {
                    Ok(g) => on_record.emit((
                        q.id.to_string(),
                        Record {
                            response: resp,
                            correct: g.correct,
                            model: None,
                        },
                    )),
                    Err(e) => error.set(Some(Problem::Model(format!("{e:?}")))),
                },
            }
        })
    };

    let marks = p
        .record
        .as_ref()
        .map(|r| view::field_marks(&q, r))
        .unwrap_or_default();
    let number_inputs = specs.iter().enumerate().map(|(i, s)| {
        let testid = if specs.len() == 1 { format!("answer-{id}") } else { format!("answer-{id}-{}", i + 1) };
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
                    if s.tol > 0.0 { <span class="muted">{ " " }{ tf(l, "ex.field_tolerance", &[("tol", fmt_num(s.tol))]) }</span> }
                </label>
                <span class="ex-input">
                    <input id={input_id} type="number" step="any" inputmode="decimal" data-testid={testid}
                        value={inputs.get(i).cloned().unwrap_or_default()} {oninput} disabled={running} />
                    <span class="ex-unit">{ t(l, s.unit.key()) }</span>
                    if let Some(ok) = marks.get(i) {
                        if s.answer.is_some() { { view::field_mark(l, *ok, s.answer) } }
                    }
                </span>
            </div>
        }
    });
    let radios = opts.iter().map(|o| {
        let onchange = {
            let choice = choice.clone();
            let o = o.to_string();
            Callback::from(move |_: Event| choice.set(Some(o.clone())))
        };
        html! {
            <label class="ex-option">
                <input type="radio" name={format!("ex-{id}")} value={o.to_string()} data-testid={format!("option-{id}-{o}")}
                    checked={choice.as_deref() == Some(*o)} {onchange} disabled={running} />
                { view::choice_text(l, &q, o) }
            </label>
        }
    });
    let legend = match q.kind {
        Kind::TrueFalse(_) => t(l, "ex.statement"),
        Kind::Predict { .. } => t(l, "ex.predict_legend"),
        Kind::Numeric(_) => t(l, "ex.fill"),
        Kind::Choice { .. } => t(l, "ex.choose"),
    };
    // Before answering, a «predict, then run» question links no demo: the
    // run being predicted would give the answer away.
    let answered = p.record.is_some();
    let demo = if answered {
        demos.1.clone()
    } else {
        demos.0.clone()
    };
    let demo_later = !answered && demo.is_none() && demos.1.is_some();
    let rule = match &q.kind {
        Kind::Predict {
            input: PredictInput::Numbers(_),
            ..
        } => Some("ex.predict_rule_numbers"),
        Kind::Predict {
            input: PredictInput::Choice(_),
            ..
        } => Some("ex.fewest_rule"),
        _ => None,
    };
    let reading = match place(&q).1 {
        Source::Reading(r) => Some(r),
        Source::Chapter => None,
    };
    let button = if is_predict {
        html! { <button type="submit" class="primary" data-testid={format!("run-{id}")} disabled={running}>{ t(l, "ex.run") }</button> }
    } else {
        html! { <button type="submit" class="primary" data-testid={format!("submit-{id}")}>{ t(l, "ex.submit") }</button> }
    };
    let run_status = match runner.state() {
        RunState::Running { done, total } => html! {
            <span class="ex-running" data-testid={format!("running-{id}")}>
                { tf(l, "ex.running", &[("done", done.to_string()), ("total", total.to_string())]) }
                { " " }
                <button type="button" data-testid={format!("cancel-{id}")}
                    onclick={ { let r = runner.clone(); Callback::from(move |_| r.cancel()) } }>{ t(l, "ex.cancel") }</button>
            </span>
        },
        RunState::Cancelled => html! { <span class="muted">{ t(l, "ex.cancelled") }</span> },
        RunState::Idle => html! {},
    };

    html! {
        <article class="ex-card panel" id={format!("q-{id}")} data-testid={format!("exercise-{id}")}
            aria-labelledby={format!("ex-{id}-title")}>
            <p class="ex-kind muted">
                <span class="ex-kind-name">{ t(l, kind_key(&q)) }</span>
                if let Some(r) = reading {
                    <span class="ex-source" data-testid={format!("source-{id}")}>{ tf(l, "ex.from_reading", &[("title", t(l, r.title_key()))]) }</span>
                }
                <span class="ex-id">{ t(l, "ex.q_id") }<code data-testid={format!("qid-{id}")}>{ id }</code></span>
            </p>
            <h3 id={format!("ex-{id}-title")} class="ex-prompt">{ t(l, &q.prompt_key()) }</h3>
            if let Some(f) = q.formula { { view::formula(l, f) } }
            if let Some(key) = rule {
                <p class="ex-rule muted" data-testid={format!("rule-{id}")}>{ t(l, key) }</p>
            }
            <form {onsubmit} novalidate=true>
                if !specs.is_empty() {
                    <fieldset>
                        <legend class="sr-only">{ legend.clone() }</legend>
                        { for number_inputs }
                    </fieldset>
                }
                if !opts.is_empty() {
                    <fieldset class="ex-options">
                        <legend>{ legend }</legend>
                        { for radios }
                    </fieldset>
                }
                <div class="ex-actions">
                    { button }
                    { run_status }
                    if let Some(to) = demo {
                        <AppLink to={to} class="ex-demo" testid={format!("demo-{id}")}>{ t(l, "ex.demo") }</AppLink>
                    }
                    if demo_later {
                        <span class="muted ex-demo-later">{ t(l, "ex.demo_after") }</span>
                    }
                </div>
                if let Some(msg) = &*error { <p class="ex-error" role="alert" data-testid={format!("error-{id}")}>{ msg.text(l) }</p> }
            </form>
            <div aria-live="polite">
                if let Some(r) = &p.record { { view::result(l, &q, r) } }
            </div>
        </article>
    }
}
