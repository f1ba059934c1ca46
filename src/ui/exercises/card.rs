//! One question: its form (real controls: labelled number inputs, radio
//! groups in a fieldset, one select per row of a matching question),
//! grading through the pure core, and for «predict, then run» the chunked
//! model run. The demo link appears only once the question is answered.

use std::rc::Rc;

use yew::prelude::*;

use super::build;
use super::inputs::{self, FieldSpec};
use super::runner::{use_runner, RunState, Runner};
use super::view;
use crate::exercises::grade::{grade, parse_number, ModelValue, Response};
use crate::exercises::live::LiveError;
use crate::exercises::progress::Record;
use crate::exercises::sections::Source;
use crate::exercises::{order, Kind, PredictInput, Question};
use crate::i18n::num::field;
use crate::i18n::{t, tf, Lang};
use crate::lab::suite::SuiteRow;
use crate::lab::Design;
use crate::ui::link::AppLink;

#[derive(Properties, PartialEq)]
pub struct CardProps {
    pub lang: Lang,
    pub question: Rc<Question>,
    pub record: Option<Record>,
    pub on_record: Callback<(String, Record)>,
}

fn fields(q: &Question) -> Vec<FieldSpec> {
    match &q.kind {
        Kind::Numeric(f) => f
            .iter()
            .map(|f| FieldSpec {
                label: f.label,
                unit: f.unit,
                tol: f.tol,
                answer: Some(f.answer()),
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

fn kind_key(q: &Question) -> &'static str {
    match &q.kind {
        Kind::Numeric(_) => "ex.kind.numeric",
        Kind::Choice { .. } => "ex.kind.choice",
        Kind::TrueFalse(_) => "ex.kind.tf",
        Kind::Match(_) => "ex.kind.match",
        Kind::Predict {
            input: PredictInput::RedGreen(_),
            ..
        } => "ex.kind.lab_test",
        Kind::Predict { .. } => "ex.kind.predict",
        Kind::Build(_) => "ex.kind.build",
    }
}

/// The grading rule shown above a «predict, then run» question's inputs.
fn rule_key(q: &Question) -> Option<&'static str> {
    match &q.kind {
        Kind::Predict { input, .. } => Some(match input {
            PredictInput::Numbers(_) => "ex.predict_rule_numbers",
            PredictInput::Choice(_) => "ex.fewest_rule",
            PredictInput::RedGreen(_) => "ex.test_rule",
        }),
        Kind::Build(_) => Some("ex.build.rule"),
        _ => None,
    }
}

/// How many picks (rows of a matching question, the fault and assertion of
/// a test) a question takes.
fn pick_count(q: &Question) -> usize {
    match &q.kind {
        Kind::Match(rows) => rows.len(),
        Kind::Predict {
            input: PredictInput::RedGreen(_),
            ..
        } => 2,
        _ => 0,
    }
}

/// Initial input texts, restored from the stored response.
fn initial_inputs(n: usize, record: Option<&Record>) -> Vec<String> {
    match record.map(|r| &r.response) {
        Some(Response::Numbers(v)) if v.len() == n => v.iter().map(|x| field(*x, 3)).collect(),
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

fn initial_design(record: Option<&Record>) -> Design {
    match record.map(|r| &r.response) {
        Some(Response::Design(d)) => *d,
        _ => Design::NONE,
    }
}

fn initial_picks(n: usize, record: Option<&Record>) -> Vec<Option<String>> {
    match record.map(|r| &r.response) {
        Some(Response::Choices(v)) if v.len() == n => v.iter().cloned().map(Some).collect(),
        _ => vec![None; n],
    }
}

/// Why an answer was not graded; translated when rendered, so a language
/// switch also switches the message.
#[derive(Clone, Debug, PartialEq)]
enum Problem {
    NeedNumber(&'static str),
    NeedChoice,
    NeedPrediction,
    NeedRow(&'static str),
    NeedTest,
    Design(Vec<crate::lab::DesignProblem>),
    Model(String),
}

impl Problem {
    fn text(&self, l: Lang) -> String {
        match self {
            Problem::NeedNumber(label) => tf(l, "ex.need_number", &[("field", t(l, label))]),
            Problem::NeedChoice => t(l, "ex.need_choice"),
            Problem::NeedPrediction => t(l, "ex.need_prediction"),
            Problem::NeedRow(label) => tf(l, "ex.need_every_row", &[("row", t(l, label))]),
            Problem::NeedTest => t(l, "ex.need_test"),
            Problem::Design(p) => super::build::problems_text(l, p),
            Problem::Model(e) => tf(l, "ex.model_error", &[("error", e.clone())]),
        }
    }
}

/// What the form holds when it is submitted.
struct Draft<'a> {
    inputs: &'a [String],
    choice: &'a Option<String>,
    picks: &'a [Option<String>],
    design: Design,
}

/// Builds the response from the form, or names what is missing.
fn read_response(q: &Question, d: &Draft) -> Result<Response, Problem> {
    let specs = fields(q);
    if !specs.is_empty() {
        let mut v = Vec::with_capacity(specs.len());
        for (s, raw) in specs.iter().zip(d.inputs) {
            v.push(parse_number(raw).ok_or(Problem::NeedNumber(s.label))?);
        }
        return Ok(Response::Numbers(v));
    }
    match &q.kind {
        Kind::Build(_) => {
            let problems = crate::exercises::build::problems(d.design);
            if !problems.is_empty() {
                return Err(Problem::Design(problems));
            }
            return Ok(Response::Design(d.design));
        }
        Kind::Match(rows) => {
            let picked = rows
                .iter()
                .zip(d.picks)
                .map(|(r, p)| p.clone().ok_or(Problem::NeedRow(r.label)));
            return picked.collect::<Result<_, _>>().map(Response::Choices);
        }
        Kind::Predict {
            input: PredictInput::RedGreen(_),
            ..
        } => {
            let picked: Option<Vec<String>> = d.picks.iter().cloned().collect();
            return picked.map(Response::Choices).ok_or(Problem::NeedTest);
        }
        _ => {}
    }
    let c = d
        .choice
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

/// Grades `resp` (running the model first for «predict, then run») and
/// reports the record, or shows why it could not be graded.
fn submit(
    q: &Rc<Question>,
    resp: Response,
    runner: &Runner,
    error: &UseStateHandle<Option<Problem>>,
    on_record: &Callback<(String, Record)>,
) {
    let record = {
        let (q, error, on_record) = (q.clone(), error.clone(), on_record.clone());
        move |resp: Response, model: Option<ModelValue>| match grade(&q, &resp, model.as_ref()) {
            Ok(g) => on_record.emit((
                q.id.to_string(),
                Record {
                    response: resp,
                    correct: g.correct,
                    model,
                },
            )),
            Err(e) => error.set(Some(Problem::Model(format!("{e:?}")))),
        }
    };
    if matches!(runner.state(), RunState::Running { .. }) {
        return;
    }
    if let (Kind::Build(c), Response::Design(d)) = (&q.kind, &resp) {
        let error = error.clone();
        let design = *d;
        return runner.start_suite(
            c,
            design,
            Callback::from(move |res: Result<Vec<SuiteRow>, LiveError>| match res {
                Ok(rows) => record(resp.clone(), Some(ModelValue::Suite { rows })),
                Err(e) => error.set(Some(Problem::Model(e.0))),
            }),
        );
    }
    let Kind::Predict { model, .. } = &q.kind else {
        return record(resp, None);
    };
    let error = error.clone();
    runner.start(
        model,
        Callback::from(move |res: Result<ModelValue, LiveError>| match res {
            Ok(mv) => record(resp.clone(), Some(mv)),
            Err(e) => error.set(Some(Problem::Model(e.0))),
        }),
    );
}

#[function_component(QuestionCard)]
pub fn question_card(p: &CardProps) -> Html {
    let l = p.lang;
    let q = p.question.clone();
    let id = q.id;
    let specs = fields(&q);
    let inputs = use_state(|| initial_inputs(specs.len(), p.record.as_ref()));
    let choice = use_state(|| initial_choice(p.record.as_ref()));
    let picks = use_state(|| initial_picks(pick_count(&q), p.record.as_ref()));
    let design = use_state(|| initial_design(p.record.as_ref()));
    let error = use_state(|| None::<Problem>);
    let runner = use_runner();
    let running = matches!(runner.state(), RunState::Running { .. });

    let onsubmit = {
        let (q, inputs, choice, picks, design, error, runner, on_record) = (
            q.clone(),
            inputs.clone(),
            choice.clone(),
            picks.clone(),
            design.clone(),
            error.clone(),
            runner.clone(),
            p.on_record.clone(),
        );
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            let draft = Draft {
                inputs: &inputs,
                choice: &choice,
                picks: &picks,
                design: *design,
            };
            match read_response(&q, &draft) {
                Ok(resp) => {
                    error.set(None);
                    submit(&q, resp, &runner, &error, &on_record);
                }
                Err(msg) => error.set(Some(msg)),
            }
        })
    };

    let marks = p
        .record
        .as_ref()
        .map(|r| view::field_marks(&q, r))
        .unwrap_or_default();
    let answered = p.record.is_some();
    let ctx = inputs::Ctx {
        l,
        q: &q,
        running,
        marks: &marks,
    };
    let controls = match &q.kind {
        Kind::Build(c) => html! { <>
            { build::terms(l, &q, c) }
            { build::picker(l, &q, &design, running) }
        </> },
        Kind::Match(rows) => inputs::match_rows(&ctx, rows, &picks),
        Kind::Predict {
            input: PredictInput::RedGreen(assertions),
            model: crate::exercises::Model::RedGreen(bench),
        } => inputs::test_picks(&ctx, bench.faults, assertions, &picks),
        _ if !specs.is_empty() => inputs::number_fields(&ctx, &specs, &inputs),
        _ => inputs::radios(&ctx, &order::shown(&q), &choice),
    };

    html! {
        <article class="ex-card panel" id={format!("q-{id}")} data-testid={format!("exercise-{id}")}
            aria-labelledby={format!("ex-{id}-title")}>
            { header(l, &q) }
            <h3 id={format!("ex-{id}-title")} class="ex-prompt">{ t(l, &q.prompt_key()) }</h3>
            if let Some(key) = rule_key(&q) {
                <p class="ex-rule muted" data-testid={format!("rule-{id}")}>{ t(l, key) }</p>
            }
            <form {onsubmit} novalidate=true>
                { controls }
                { actions(l, &q, &runner, answered) }
                if let Some(msg) = &*error { <p class="ex-error" role="alert" data-testid={format!("error-{id}")}>{ msg.text(l) }</p> }
            </form>
            <div aria-live="polite">
                if let Some(r) = &p.record { { view::result(l, &q, r) } }
            </div>
        </article>
    }
}

/// The kind, the reading it comes from (if any) and the id.
fn header(l: Lang, q: &Question) -> Html {
    let id = q.id;
    html! {
        <p class="ex-kind muted">
            <span class="ex-kind-name">{ t(l, kind_key(q)) }</span>
            if let Source::Reading(r) = q.source {
                <span class="ex-source" data-testid={format!("source-{id}")}>{ tf(l, "ex.from_reading", &[("title", t(l, r.title_key()))]) }</span>
            }
            <span class="ex-id">{ t(l, "ex.q_id") }<code data-testid={format!("qid-{id}")}>{ id }</code></span>
        </p>
    }
}

/// The submit or run button, the run's progress, and the demo link (only
/// once answered; before, a note that it will come).
fn actions(l: Lang, q: &Question, runner: &Runner, answered: bool) -> Html {
    let id = q.id;
    let running = matches!(runner.state(), RunState::Running { .. });
    let button = if matches!(q.kind, Kind::Predict { .. } | Kind::Build(_)) {
        html! { <button type="submit" class="primary" data-testid={format!("run-{id}")} disabled={running}>{ t(l, "ex.run") }</button> }
    } else {
        html! { <button type="submit" class="primary" data-testid={format!("submit-{id}")}>{ t(l, "ex.submit") }</button> }
    };
    let status = match runner.state() {
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
        <div class="ex-actions">
            { button }
            { status }
            if let Some(to) = q.demo_link(answered) {
                <AppLink to={to} class="ex-demo" testid={format!("demo-{id}")}>{ t(l, "ex.demo") }</AppLink>
            } else if q.demo.is_some() {
                <span class="muted ex-demo-later" data-testid={format!("pending-demo-{id}")}>{ t(l, "ex.demo_after") }</span>
            }
        </div>
    }
}
