//! One question: its form (real controls: labelled number inputs, radio
//! groups in a fieldset, one select per part of each case of a cases
//! question), grading through the pure core, and for «predict, then run»
//! the chunked model run. The demo link appears only once the question is
//! answered.

use std::rc::Rc;

use yew::prelude::*;

use super::form::{use_form, Form};
use super::graded;
use super::inputs;
use super::kinds;
use super::runner::{use_runner, RunState, Runner};
use super::view;
use crate::exercises::form::{kind_key, read_response, rule_key, Draft, Problem};
use crate::exercises::grade::{grade, ModelValue, Record, Response};
use crate::exercises::kinds::Grading;
use crate::exercises::live::LiveError;
use crate::exercises::sections::Source;
use crate::exercises::{revisions, Question};
use crate::i18n::{render, t, tf, Lang};
use crate::lab::grading::suite::SuiteRow;
use crate::ui::link::AppLink;
use crate::ui::same::Same;

#[derive(Properties, PartialEq)]
pub struct CardProps {
    pub lang: Lang,
    /// Compared by address: the page makes one `Rc` per question of the
    /// bank and never rebuilds it.
    pub question: Same<Question>,
    /// The stored answer that counts (one of the question's current
    /// revision).
    pub record: Option<Record>,
    /// Whether the first try of that revision was right, when the record
    /// holds a later try: the first is the one that counts.
    #[prop_or_default]
    pub first_try: Option<bool>,
    /// A stored answer that no longer counts: the question changed since.
    #[prop_or_default]
    pub changed: Option<view::Changed>,
    pub on_record: Callback<(String, Record)>,
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
                    revision: revisions::revision(q.id),
                },
            )),
            Err(e) => error.set(Some(Problem::from(e))),
        }
    };
    if matches!(runner.state(), RunState::Running { .. }) {
        return;
    }
    let design = match &resp {
        Response::Design(d) => Some(*d),
        _ => None,
    };
    let harness = match &resp {
        Response::Harness(h) => Some(*h),
        _ => None,
    };
    let done = {
        let (error, record, resp) = (error.clone(), record.clone(), resp.clone());
        move |value: Result<ModelValue, LiveError>| match value {
            Ok(mv) => record(resp.clone(), Some(mv)),
            Err(e) => error.set(Some(Problem::Model(e.0))),
        }
    };
    match (q.kind.module().grading(), design, harness) {
        (Grading::Model(model), _, _) => runner.start(model, Callback::from(done)),
        (Grading::Suite(c), Some(design), _) => {
            let rows = move |res: Result<Vec<SuiteRow>, LiveError>| {
                done(res.map(|rows| ModelValue::Suite { rows }))
            };
            runner.start_suite(c, design, Callback::from(rows));
        }
        (Grading::Harness(c), _, Some(h)) => runner.start_harness(c, h, Callback::from(done)),
        // Graded on the bank's key (a build's form always gives a design,
        // a harness card's a harness).
        (Grading::Now | Grading::Suite(_) | Grading::Harness(_), _, _) => record(resp, None),
    }
}

/// Reads the form into a response (or shows why it cannot) and grades it.
fn on_submit(
    q: &Rc<Question>,
    form: &Form,
    runner: &Runner,
    on_record: &Callback<(String, Record)>,
) -> Callback<SubmitEvent> {
    let (q, form, runner, on_record) = (q.clone(), form.clone(), runner.clone(), on_record.clone());
    Callback::from(move |e: SubmitEvent| {
        e.prevent_default();
        let draft = Draft {
            inputs: &form.inputs,
            choice: &form.choice,
            picks: &form.picks,
            design: *form.design,
        };
        match read_response(&q, &draft) {
            Ok(resp) => {
                form.error.set(None);
                submit(&q, resp, &runner, &form.error, &on_record);
            }
            Err(msg) => form.error.set(Some(msg)),
        }
    })
}

/// The answer controls for the question's kind.
fn controls(ctx: &inputs::Ctx, form: &Form) -> Html {
    kinds::card_of(ctx.q).controls(ctx, form)
}

#[function_component(QuestionCard)]
pub fn question_card(p: &CardProps) -> Html {
    let l = p.lang;
    let q = p.question.0.clone();
    let id = q.id;
    let form = use_form(&q, p.record.as_ref());
    let runner = use_runner();
    let running = matches!(runner.state(), RunState::Running { .. });
    let onsubmit = on_submit(&q, &form, &runner, &p.on_record);
    let marks = p
        .record
        .as_ref()
        .map(|r| view::field_marks(&q, r))
        .unwrap_or_default();
    let ctx = inputs::Ctx {
        l,
        q: &q,
        running,
        marks: &marks,
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
                { controls(&ctx, &form) }
                { actions(l, &q, &runner, p.record.is_some()) }
                if let Some(msg) = &*form.error { <p class="ex-error" role="alert" data-testid={format!("error-{id}")}>{ render(l, &msg.sentence()) }</p> }
            </form>
            <div aria-live="polite">
                if let Some(r) = &p.record { { graded::result(l, &q, r) } }
                if let (Some(first), Some(_)) = (p.first_try, &p.record) { { view::first_try(l, id, first) } }
                else if let Some(c) = &p.changed { { view::changed(l, &q, c) } }
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
    let runs = !matches!(q.kind.module().grading(), Grading::Now);
    let button = if runs {
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
