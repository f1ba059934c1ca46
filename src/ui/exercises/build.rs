//! The «搭一个服务端» card's parts: what the challenge asks (client,
//! scenarios, limit, mechanisms to keep), the design picker (the lab's
//! mechanisms as checkboxes, grouped as the lab groups them), and the graded
//! suite: the score, the limit and the missing mechanisms, and every failing
//! row with its report count, what the model was told, and a link to the
//! run view at the step where it broke.

use yew::prelude::*;

use crate::exercises::build::Challenge;
use crate::exercises::Question;
use crate::i18n::{join_list, named, t, tf, Lang};
use crate::lab::grading::suite::{score, SuiteRow};
use crate::lab::{Design, Group, Mechanism};
use crate::ui::link::AppLink;
use crate::ui::widgets::what_they_do;

fn mech_names(l: Lang, ms: &[Mechanism]) -> String {
    join_list(l, &ms.iter().map(|m| t(l, &m.key())).collect::<Vec<_>>())
}

fn scenario_name(l: Lang, sc: crate::lab::Scenario) -> String {
    named(l, &t(l, &format!("lab.scenario.{}", sc.id())), sc.id())
}

/// The challenge's terms, above the picker.
pub(super) fn terms(l: Lang, q: &Question, c: &Challenge) -> Html {
    let id = q.id;
    let scenarios: Vec<String> = c.suite.iter().map(|s| scenario_name(l, *s)).collect();
    let client = t(l, &format!("lab.client.{}", c.client.id()));
    html! {
        <ul class="ex-build-terms muted" data-testid={format!("build-terms-{id}")}>
            <li>{ tf(l, "ex.build.client", &[("client", named(l, &client, c.client.id()))]) }</li>
            <li data-testid={format!("build-suite-{id}")} data-count={c.suite.len().to_string()}>
                { tf(l, "ex.build.suite", &[("scenarios", join_list(l, &scenarios))]) }
            </li>
            <li data-testid={format!("build-max-{id}")} data-max={c.max.map(|k| k.to_string()).unwrap_or_default()}>
                { match c.max {
                    Some(k) => tf(l, "ex.build.max", &[("max", k.to_string())]),
                    None => t(l, "ex.build.no_max"),
                } }
            </li>
            if !c.requires.is_empty() {
                <li data-testid={format!("build-requires-{id}")}>
                    { tf(l, "ex.build.requires", &[("mechanisms", mech_names(l, &c.requires.mechanisms()))]) }
                </li>
            }
        </ul>
    }
}

/// One checkbox per mechanism, in the lab's groups.
pub(super) fn picker(
    l: Lang,
    q: &Question,
    design: &UseStateHandle<Design>,
    running: bool,
) -> Html {
    let id = q.id;
    let boxes = |g: Group| {
        let ms = crate::lab::params::build::mechanisms_of(g).into_iter();
        html! {
            <fieldset class="ex-build-group">
                <legend>{ t(l, &format!("lab.group.{}", g.id())) }</legend>
                { for ms.map(|m| {
                    let onchange = {
                        let design = design.clone();
                        Callback::from(move |_: Event| {
                            let d = *design;
                            design.set(if d.has(m) { d.without(m) } else { d.with(m) });
                        })
                    };
                    html! {
                        <label class="ex-option" title={t(l, &format!("{}.desc", m.key()))}>
                            <input type="checkbox" value={m.id()} data-testid={format!("mech-{id}-{}", m.id())}
                                checked={design.has(m)} {onchange} disabled={running} />
                            { t(l, &m.key()) }{ " " }<code>{ m.id() }</code>
                        </label>
                    }
                }) }
                { what_they_do(l, "build.what_mechanisms", &format!("{id}-{}", g.id()),
                    crate::lab::params::build::mechanisms_of(g).into_iter()
                        .map(|m| (t(l, &m.key()), t(l, &format!("{}.desc", m.key()))))) }
            </fieldset>
        }
    };
    html! {
        <fieldset class="ex-build">
            <legend>{ t(l, "ex.build.legend") }</legend>
            { for Group::ALL.into_iter().map(boxes) }
        </fieldset>
    }
}

/// The design in the lab's names («不加任何机制» for none).
pub(super) fn design_text(l: Lang, d: Design) -> String {
    if d.is_empty() {
        t(l, "ex.build.naive")
    } else {
        mech_names(l, &d.mechanisms())
    }
}

/// The graded suite of a submitted design.
pub(super) fn graded(
    l: Lang,
    q: &Question,
    c: &Challenge,
    design: Design,
    rows: &[SuiteRow],
) -> Html {
    let id = q.id;
    let Some(v) = c.verdict(design, rows) else {
        return html! {};
    };
    let s = score(rows);
    let row = |r: &SuiteRow| {
        let sc = r.scenario.id();
        html! {
            <li data-testid={format!("build-{id}-{sc}")} data-pass={r.pass.to_string()}
                data-reports={r.reports.to_string()} data-tool={r.tool.id()}>
                { super::marks::mark(l, false) }{ " " }{ tf(l, "ex.build.row", &[
                    ("scenario", scenario_name(l, r.scenario)),
                    ("reports", r.reports.to_string()),
                    ("ending", t(l, &format!("lab.ending.{}", r.ending.id()))),
                ]) }{ " " }
                <AppLink to={c.row_link(design, r)} testid={format!("build-link-{id}-{sc}")}>{ t(l, "ex.build.row_link") }</AppLink>
            </li>
        }
    };
    html! {
        <div class="ex-model" data-testid={format!("build-result-{id}")}>
            <p class="muted" data-testid={format!("build-design-{id}")} data-design={design.to_ids()}>
                { tf(l, "ex.build.your_design", &[("design", design_text(l, design))]) }
            </p>
            <p data-testid={format!("build-score-{id}")} data-pass={s.pass.to_string()} data-total={s.total.to_string()}>
                { tf(l, "ex.build.score", &[("pass", s.pass.to_string()), ("total", s.total.to_string())]) }
            </p>
            if let (Some(n), Some(max)) = (v.over_limit, c.max) {
                <p class="ex-error" data-testid={format!("build-over-{id}")} data-count={n.to_string()}>
                    { tf(l, "ex.build.over_max", &[("n", n.to_string()), ("max", max.to_string())]) }
                </p>
            }
            if !v.missing.is_empty() {
                <p class="ex-error" data-testid={format!("build-missing-{id}")}>
                    { tf(l, "ex.build.missing", &[("mechanisms", mech_names(l, &v.missing))]) }
                </p>
            }
            if !v.breaks.is_empty() {
                <div class="ex-error" data-testid={format!("build-breaks-{id}")}>
                    <p>{ t(l, "ex.build.breaks") }</p>
                    <ul>{ for v.breaks.iter().map(|r| html! {
                        <li data-rule={r.id()}>{ t(l, &r.key()) }</li>
                    }) }</ul>
                </div>
            }
            if !v.failing.is_empty() {
                <h4>{ t(l, "ex.build.failing") }</h4>
                <ul>{ for v.failing.iter().map(row) }</ul>
            }
        </div>
    }
}
