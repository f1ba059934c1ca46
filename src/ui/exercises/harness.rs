//! The «搭一个 harness» card's parts: what the challenge asks (the server
//! and the scenarios), the harness's text field (a `harness=` value), and
//! the graded rows: the score, the rules the harness breaks, and every row
//! with its reports, requests, retries, wasted attempts and the longest
//! wait for an answer, each number with its `data-testid`.

use yew::prelude::*;

use super::inputs::input_value;
use crate::exercises::harness::{HarnessChallenge, HarnessRow};
use crate::exercises::Question;
use crate::i18n::{join_list, named, t, tf, Lang};
use crate::lab::Harness;
use crate::pages::links::Link;
use crate::ui::link::AppLink;

fn scenario_name(l: Lang, sc: crate::lab::Scenario) -> String {
    named(l, &t(l, &format!("lab.scenario.{}", sc.id())), sc.id())
}

/// The challenge's terms, above the field.
pub(super) fn terms(l: Lang, q: &Question, c: &HarnessChallenge) -> Html {
    let id = q.id;
    let suite = c.suite();
    let scenarios: Vec<String> = suite.iter().map(|s| scenario_name(l, *s)).collect();
    let server = t(l, &format!("lab.server.{}", c.server.id()));
    html! {
        <ul class="ex-build-terms muted" data-testid={format!("harness-terms-{id}")}>
            <li>{ tf(l, "ex.harness.server", &[("server", named(l, &server, c.server.id()))]) }</li>
            <li data-testid={format!("harness-suite-{id}")} data-count={suite.len().to_string()}>
                { tf(l, "ex.harness.suite", &[("scenarios", join_list(l, &scenarios))]) }
            </li>
        </ul>
    }
}

/// The harness's text field: the form's one text answer.
pub(super) fn field(
    l: Lang,
    q: &Question,
    text: &UseStateHandle<Option<String>>,
    running: bool,
) -> Html {
    let id = q.id;
    let oninput = {
        let text = text.clone();
        Callback::from(move |e: InputEvent| text.set(Some(input_value(&e))))
    };
    html! {
        <label class="ex-field ex-harness">
            { t(l, "ex.harness.label") }
            <input type="text" spellcheck="false" autocomplete="off"
                data-testid={format!("harness-input-{id}")}
                value={text.as_deref().unwrap_or_default().to_string()}
                placeholder="stable_key" {oninput} disabled={running} />
        </label>
    }
}

/// One graded row, every number with its test id, and its run's link: a
/// row that meets the challenge did not break, so its link says only that
/// it shows the run.
fn row(l: Lang, id: &str, ok: bool, r: &HarnessRow, link: Link) -> Html {
    let sc = r.scenario.id();
    let link_key = if ok {
        "ex.harness.row_run"
    } else {
        "ex.build.row_link"
    };
    html! {
        <li data-testid={format!("harness-{id}-{sc}")} data-pass={ok.to_string()}
            data-reports={r.reports.to_string()} data-attempts={r.attempts.to_string()}
            data-retries={r.retries().to_string()} data-wasted={r.wasted.to_string()}
            data-answer-ms={r.answered_ms.to_string()}>
            { super::marks::mark(l, ok) }{ " " }{ tf(l, "ex.harness.row", &[
                ("scenario", scenario_name(l, r.scenario)),
                ("reports", r.reports.to_string()),
                ("attempts", r.attempts.to_string()),
                ("retries", r.retries().to_string()),
                ("wasted", r.wasted.to_string()),
                ("answered", r.answered_ms.to_string()),
            ]) }{ " " }
            <AppLink to={link} testid={format!("harness-link-{id}-{sc}")}>{ t(l, link_key) }</AppLink>
        </li>
    }
}

/// The graded rows of a submitted harness.
pub(super) fn graded(
    l: Lang,
    q: &Question,
    c: &HarnessChallenge,
    h: Harness,
    rows: &[HarnessRow],
) -> Html {
    let id = q.id;
    let Some(v) = c.verdict(h, rows) else {
        return html! {};
    };
    let pass = rows.iter().filter(|r| c.row_holds(h, r)).count();
    html! {
        <div class="ex-model" data-testid={format!("harness-result-{id}")}>
            <p class="muted" data-testid={format!("harness-yours-{id}")} data-harness={h.to_ids()}>
                { tf(l, "ex.harness.yours", &[("harness", h.to_ids())]) }
            </p>
            <p data-testid={format!("harness-score-{id}")} data-pass={pass.to_string()} data-total={rows.len().to_string()}>
                { tf(l, "ex.harness.score", &[("pass", pass.to_string()), ("total", rows.len().to_string())]) }
            </p>
            if !v.breaks.is_empty() {
                <div class="ex-error" data-testid={format!("harness-breaks-{id}")}>
                    <p>{ t(l, "ex.harness.breaks") }</p>
                    <ul>{ for v.breaks.iter().map(|r| html! {
                        <li data-rule={r.id()}>{ t(l, &r.key()) }</li>
                    }) }</ul>
                </div>
            }
            <ul>{ for rows.iter().map(|r| row(l, id, c.row_holds(h, r), r, c.row_link(h, r))) }</ul>
        </div>
    }
}
