//! What the workbench draws: the mechanism checkboxes grouped as the
//! chapter groups them, the presets and clients, the score with the
//! chapter's next step and what changed since the previous design, the
//! suite's rows with each failing row's break step and smallest fix, and
//! the handler's SQL with each mechanism's part marked.

use yew::prelude::*;

use crate::i18n::{design_name, join_list, t, tf, Lang};
use crate::lab::grading::fix_groups::{FixGroup, Reason};
use crate::lab::grading::suite::{Fix, NextStep, SuiteRow};
use crate::lab::harness::Harness;
use crate::lab::model::sql::{describe, Part, Statement};
use crate::lab::params::build::{next_breaks, Owed, SuiteState};
use crate::lab::view::reveal::RowReveal;
use crate::lab::{BuildParams, Design, Group, Mechanism, Preset, Scenario};
use crate::pages::links::Link;
use crate::ui::icons::{icon, Icon};
use crate::ui::link::AppLink;
use crate::ui::widgets::{choice_buttons, choice_names, what_they_do};

/// What the page's controls do.
#[derive(Clone, PartialEq)]
pub struct Actions {
    /// A mechanism ticked (`true`) or unticked.
    pub toggle: Callback<(Mechanism, bool)>,
    pub set_design: Callback<Design>,
    /// A preset harness, or a row's fix that flips one of its choices.
    pub set_harness: Callback<Harness>,
    /// One token of the harness set (`key_business`, `noretry_tls`, `deadline_12000`).
    pub edit_harness: Callback<String>,
}

fn list(l: Lang, items: impl IntoIterator<Item = String>) -> String {
    join_list(l, &items.into_iter().collect::<Vec<_>>())
}

fn scenarios(l: Lang, s: &[Scenario]) -> String {
    list(
        l,
        s.iter()
            .map(|sc| t(l, &format!("lab.scenario.{}", sc.id()))),
    )
}

fn mechs(l: Lang, ms: &[Mechanism]) -> String {
    list(
        l,
        ms.iter()
            .map(|m| tf(l, "build.quote", &[("name", t(l, &m.key()))])),
    )
}

/// Presets, mechanisms by group, and the harness's design.
pub fn controls(l: Lang, b: &BuildParams, a: &Actions) -> Html {
    html! {
        <div class="build-controls">
            <div class="server-picker" role="group" aria-label={t(l, "build.presets")} data-testid="build-presets">
                <span class="picker-label">{ t(l, "build.presets") }</span>
                { choice_buttons(l, Preset::ALL, "server", "preset", |p: Preset| b.design == p.design(), &a.set_design.reform(Preset::design), false) }
            </div>
            { what_they_do(l, "build.what_presets", "presets", choice_names(l, "server", Preset::ALL)) }
            <div class="mech-groups" role="group" aria-label={t(l, "build.mechanisms")} data-testid="build-mechanisms">
                { for crate::lab::params::build::design_list().into_iter().map(|(g, _)| group(l, g, b.design, a)) }
            </div>
            <p class="muted" data-testid="build-design" data-design={b.design.to_ids()}>
                { tf(l, "build.design_used", &[("design", design_name(l, b.design))]) }
            </p>
            { super::build_harness::harness_controls(l, b.harness, &super::build_harness::HarnessActions { set: &a.set_harness, edit: &a.edit_harness }) }
        </div>
    }
}

/// One group's checkboxes.
fn group(l: Lang, g: Group, design: Design, a: &Actions) -> Html {
    let boxes = crate::lab::params::build::mechanisms_of(g)
        .into_iter()
        .map(|m| {
            let onchange = a.toggle.reform(move |e: Event| {
                let on = e
                    .target_dyn_into::<web_sys::HtmlInputElement>()
                    .is_some_and(|i| i.checked());
                (m, on)
            });
            html! {
                <label class="mech" title={t(l, &format!("{}.desc", m.key()))}>
                    <input type="checkbox" data-testid={format!("mech-{}", m.id())}
                        checked={design.has(m)} onchange={onchange} />
                    { " " }{ t(l, &m.key()) }{ " " }<code class="muted">{ m.id() }</code>
                </label>
            }
        });
    let help = crate::lab::params::build::mechanisms_of(g)
        .into_iter()
        .map(|m| (t(l, &m.key()), t(l, &format!("{}.desc", m.key()))));
    html! {
        <fieldset class="mech-group" data-testid={format!("group-{}", g.id())}>
            <legend>{ t(l, &format!("lab.group.{}", g.id())) }</legend>
            { for boxes }
            { what_they_do(l, "build.what_mechanisms", g.id(), help) }
        </fieldset>
    }
}

/// The score, the chapter's next step, and what changed since the previous design.
// Drawn in a later part: compiled then (`ui::frame_hooks`).
#[inline(never)]
pub fn score_block(l: Lang, s: &SuiteState, a: &Actions) -> Html {
    let Some(score) = s.score() else {
        return Html::default();
    };
    let changed = s.since_previous().map(|c| {
        let mut parts = Vec::new();
        if !c.green.is_empty() {
            parts.push(tf(
                l,
                "build.changed.green",
                &[("rows", scenarios(l, &c.green))],
            ));
        }
        if !c.red.is_empty() {
            parts.push(tf(
                l,
                "build.changed.red",
                &[("rows", scenarios(l, &c.red))],
            ));
        }
        if parts.is_empty() {
            parts.push(t(l, "build.changed.none"));
        }
        let green: Vec<&str> = c.green.iter().map(|sc| sc.id()).collect();
        html! {
            <p data-testid="build-changed" data-green={green.join(",")} data-from={c.from.to_ids()}>
                { tf(l, "build.changed", &[("design", design_name(l, c.from))]) }{ " " }
                { list(l, parts) }
            </p>
        }
    });
    html! {
        <div class="build-score panel">
            <p class="score" data-testid="build-score" data-pass={score.pass.to_string()} data-total={score.total.to_string()} data-harness={s.params.harness.to_ids()} data-design={s.params.design.to_ids()}>
                <strong>{ tf(l, "build.score", &[("pass", score.pass.to_string()), ("total", score.total.to_string())]) }</strong>
            </p>
            { changed.unwrap_or_default() }
            { design_rules(l, s.params.harness, s.params.design) }
            { next_line(l, s.params.design, s.next(), a) }
        </div>
    }
}

/// The chapter's rules this harness and design break by design, with the
/// mark the matrix's cells carry ([`Icon::RuleBroken`]): a row may pass
/// and the combination still be wrong.
fn design_rules(l: Lang, harness: Harness, design: Design) -> Html {
    let rules = crate::lab::grading::rules::design_breaks(harness, design);
    if rules.is_empty() {
        return Html::default();
    }
    html! {
        <div class="rules" data-testid="build-rules">
            <p>{ icon(Icon::RuleBroken) }{ " " }{ t(l, "lab.end.rules") }</p>
            <ul>{ for rules.iter().map(|r| html! { <li data-rule={r.id()}>{ t(l, &r.key()) }</li> }) }</ul>
        </div>
    }
}

/// «本章的下一步», and «先看它变红» when it passes through a design that
/// breaks a rule of the chapter.
fn next_line(l: Lang, now: Design, next: &Owed<Option<NextStep>>, a: &Actions) -> Html {
    let step = match next {
        Owed::Waiting => return Html::default(),
        Owed::Got(None) => {
            return html! { <p data-testid="build-next" data-mech="">{ t(l, "build.next.done") }</p> }
        }
        Owed::Got(Some(step)) => step,
    };
    let added = step.change.add.clone();
    let green = if step.fixed.is_empty() {
        t(l, "build.next.no_green")
    } else {
        tf(
            l,
            "build.next.green",
            &[("rows", scenarios(l, &step.fixed))],
        )
    };
    let rules = next_breaks(now, step);
    let rule_names = list(
        l,
        rules
            .iter()
            .map(|r| t(l, &format!("build.rule.{}", r.id()))),
    );
    let design = step.change.design;
    let ids: Vec<&str> = added.iter().map(|m| m.id()).collect();
    html! {
        <p data-testid="build-next" data-mech={ids.join(",")} data-red-first={(!rules.is_empty()).to_string()}>
            { tf(l, "build.next", &[("mech", mechs(l, &added))]) }{ " " }
            { green }
            if !step.broken.is_empty() {
                { " " }{ tf(l, "build.next.red", &[("rows", scenarios(l, &step.broken))]) }
            }
            if !rules.is_empty() {
                { " " }<strong>{ tf(l, "build.next.red_first", &[("rules", rule_names)]) }</strong>
            }
            { " " }<button type="button" data-testid="build-next-apply" onclick={a.set_design.reform(move |_| design)}>
                { t(l, "build.next.apply") }
            </button>
        </p>
    }
}

/// One row per scenario of the suite (the rows `reveal` shows drawn, the
/// others waiting).
pub fn suite_table(l: Lang, s: &SuiteState, reveal: RowReveal) -> Html {
    let change = s.since_previous();
    let groups = s.fix_groups().unwrap_or_default();
    let turned = |sc: Scenario| match &change {
        Some(c) if c.green.contains(&sc) => Some("green"),
        Some(c) if c.red.contains(&sc) => Some("red"),
        _ => None,
    };
    let rows = s
        .params
        .suite
        .iter()
        .zip(s.shown())
        .enumerate()
        .map(
            |(i, (sc, row))| match row.as_ref().filter(|_| reveal.shows(i)) {
                Some(r) => row_html(l, s, r, turned(*sc), &groups),
                None => html! {
                    <tr data-testid={format!("build-{}", sc.id())}>
                        <th scope="row">{ t(l, &format!("lab.scenario.{}", sc.id())) }</th>
                        <td colspan="8" class="muted">{ "…" }</td>
                    </tr>
                },
            },
        );
    html! { <>
        <div class="scroll-x">
            <table class="data build-table" data-testid="build-suite">
                <thead><tr>
                    <th scope="col">{ t(l, "lab.matrix.scenario") }</th>
                    <th scope="col">{ t(l, "build.col.reports") }</th>
                    <th scope="col">{ t(l, "build.col.attempts") }</th>
                    <th scope="col">{ t(l, "build.col.wasted") }</th>
                    <th scope="col">{ t(l, "build.col.answer") }</th>
                    <th scope="col">{ t(l, "lab.notes.label") }</th>
                    <th scope="col">{ t(l, "build.col.tool") }</th>
                    <th scope="col">{ t(l, "build.col.result") }</th>
                    <th scope="col">{ t(l, "build.col.fix") }</th>
                </tr></thead>
                <tbody>{ for rows }</tbody>
            </table>
        </div>
        <ul class="verdict-legend note-legend" data-testid="build-legend">
            { super::notes_view::legend_items(l) }
        </ul>
    </> }
}

fn row_html(
    l: Lang,
    s: &SuiteState,
    r: &SuiteRow,
    turned: Option<&'static str>,
    groups: &[FixGroup],
) -> Html {
    let b = &s.params;
    let (mark, word) = if r.pass {
        (Icon::Check, "build.pass")
    } else {
        (Icon::Cross, "build.fail")
    };
    let broke = r.break_step.map(|step| {
        let to = Link::lab_step(r.scenario, b.old_client(), b.design, b.seed, step);
        html! {
            <AppLink to={to.location()} testid={format!("build-break-{}", r.scenario.id())}>
                { tf(l, "build.to_break", &[("step", step.to_string())]) }
            </AppLink>
        }
    });
    let fix = s.fix(r.scenario).map(|f| fix_ref(l, r.scenario, f, groups));
    html! {
        <tr data-testid={format!("build-{}", r.scenario.id())} data-reports={r.reports.to_string()}
            data-tool={r.tool.id()} data-pass={r.pass.to_string()} data-turned={turned.unwrap_or("")}
            data-notifications={r.notes.delivered.to_string()}
            class={classes!(if r.pass { "pass" } else { "fail" })}>
            <th scope="row">{ t(l, &format!("lab.scenario.{}", r.scenario.id())) }</th>
            <td class="num">{ r.reports }</td>
            <td class="num" data-testid={format!("build-attempts-{}", r.scenario.id())}>{ r.attempts }</td>
            <td class="num" data-testid={format!("build-wasted-{}", r.scenario.id())}>{ r.wasted }</td>
            <td class="num" data-testid={format!("build-answer-{}", r.scenario.id())}>{ r.answer_ms.map(|ms| crate::kernel::num::clock(l, ms)).unwrap_or_default() }</td>
            <td class="num" data-testid={format!("build-notes-{}", r.scenario.id())}>{ r.notes.delivered }{ super::notes_view::short_marks(l, r.notes) }</td>
            <td class="tool"><span class="cell-min">{ t(l, &format!("lab.toolout.{}", r.tool.id())) }</span></td>
            <td>
                <span class="mark-word">{ icon(mark) }{ " " }{ t(l, word) }</span>
                if let Some(k) = turned {
                    { " " }<span class={classes!("turned", k)}>{ t(l, &format!("build.turned_{k}")) }</span>
                }
            </td>
            <td><span class="cell-min wide">{ broke.unwrap_or_default() }{ " " }{ fix.unwrap_or_default() }{ beyond_note(l, r) }</span></td>
        </tr>
    }
}

/// Where a failing row's fix is said: the number of its group, once the
/// engine has answered every row (the fix itself is said once, there).
fn fix_ref(l: Lang, sc: Scenario, f: &Owed<Option<Fix>>, groups: &[FixGroup]) -> Html {
    let kind = match f {
        Owed::Got(Some(Fix::Change { .. })) => "change",
        Owed::Got(Some(Fix::NoServerFix { .. })) => "none",
        Owed::Got(Some(Fix::Harness { .. })) => "harness",
        Owed::Got(None) => return Html::default(),
        Owed::Waiting => "waiting",
    };
    let n = groups
        .iter()
        .position(|g| g.rows().contains(&sc))
        .map(|i| i + 1);
    let text = match n {
        Some(n) => tf(l, "build.group.see", &[("n", n.to_string())]),
        None => t(l, "build.fix.waiting"),
    };
    html! {
        <span class="fix" data-testid={format!("build-fix-{}", sc.id())} data-kind={kind}
            data-group={n.map(|n| n.to_string()).unwrap_or_default()}>{ text }</span>
    }
}

/// The failing rows grouped by what fixes them: each change said once
/// with the rows it fixes and those it turns red, its rows (each with
/// where it broke) folded until opened; the rows no server change fixes
/// last, by reason.
// Drawn in a later part: compiled then (`ui::frame_hooks`).
#[inline(never)]
pub fn fix_groups(l: Lang, s: &SuiteState, a: &Actions) -> Html {
    let Some(groups) = s.fix_groups().filter(|g| !g.is_empty()) else {
        return Html::default();
    };
    html! {
        <section class="fix-groups" data-testid="build-groups">
            <h2>{ t(l, "build.groups.title") }</h2>
            { for groups.iter().enumerate().map(|(i, g)| group_html(l, s, i + 1, g, a)) }
        </section>
    }
}

fn group_html(l: Lang, s: &SuiteState, n: usize, g: &FixGroup, a: &Actions) -> Html {
    let rows = g.rows();
    let ids: Vec<&str> = rows.iter().map(|sc| sc.id()).collect();
    let count = ("n", rows.len().to_string());
    // The reasons are long (why, and what would help instead): the group's
    // line names its rows and its fold says why, so that the first screen
    // holds every group.
    let (kind, head, summary, reasons) = match g {
        FixGroup::Change { change, breaks, .. } => (
            "change",
            change_head(l, n, change, breaks, rows.len(), a),
            tf(l, "build.group.rows", &[count]),
            Html::default(),
        ),
        FixGroup::Harness { flip, breaks, .. } => (
            "harness",
            flip_head(l, n, flip, breaks, rows.len(), a),
            tf(l, "build.group.rows", &[count]),
            Html::default(),
        ),
        FixGroup::NoServerFix { reasons } => (
            "none",
            html! { <>{ tf(l, "build.group.none", std::slice::from_ref(&count)) }{ " " }{ scenarios(l, &rows) }</> },
            tf(l, "build.group.why", &[count]),
            html! { <ul class="reasons">{ for reasons.iter().map(|r| reason_html(l, r)) }</ul> },
        ),
    };
    html! {
        <div class="fix-group" data-testid={format!("build-group-{n}")} data-kind={kind} data-rows={ids.join(",")}>
            <p class="fix-head"><span class="group-no">{ n }</span>{ head }</p>
            <details class="group-rows">
                <summary>{ summary }</summary>
                { reasons }
                <ul>{ for rows.iter().map(|sc| group_row(l, s, *sc)) }</ul>
            </details>
        </div>
    }
}

/// «加上 X：修好这 9 行，但会让这 1 行变红», and the button that applies it.
fn change_head(
    l: Lang,
    n: usize,
    change: &crate::lab::grading::suite::Change,
    breaks: &[Scenario],
    fixed: usize,
    a: &Actions,
) -> Html {
    let design = change.design;
    html! { <>
        { tf(l, "build.group.change", &[("add", mechs(l, &change.add)), ("n", fixed.to_string())]) }
        if !change.remove.is_empty() {
            { " " }{ tf(l, "build.fix.replaces", &[("remove", mechs(l, &change.remove))]) }
        }
        if !breaks.is_empty() {
            { " " }<strong>{ tf(l, "build.group.breaks", &[("n", breaks.len().to_string()), ("rows", scenarios(l, breaks))]) }</strong>
        }
        { " " }<button type="button" data-testid={format!("build-group-apply-{n}")}
            onclick={a.set_design.reform(move |_| design)}>{ t(l, "build.fix.apply") }</button>
    </> }
}

/// «改 harness：不再重试「TLS…」：修好这 2 行», and the button that applies it.
fn flip_head(
    l: Lang,
    n: usize,
    flip: &crate::lab::grading::harness_fix::Flip,
    breaks: &[Scenario],
    fixed: usize,
    a: &Actions,
) -> Html {
    let harness = flip.harness;
    let name = super::build_harness::flip_name(l, &flip.token);
    html! { <>
        { tf(l, "build.group.harness", &[("flip", name), ("n", fixed.to_string())]) }
        if !breaks.is_empty() {
            { " " }<strong>{ tf(l, "build.group.breaks", &[("n", breaks.len().to_string()), ("rows", scenarios(l, breaks))]) }</strong>
        }
        { " " }<button type="button" data-testid={format!("build-group-apply-{n}")} data-token={flip.token.clone()}
            onclick={a.set_harness.reform(move |_| harness)}>{ t(l, "build.fix.apply") }</button>
    </> }
}

/// A reason no server change helps, with the rows it holds for and the
/// client that would (if any).
fn reason_html(l: Lang, r: &Reason) -> Html {
    let hint = match (r.instead, r.no_client) {
        (Some(c), _) => tf(
            l,
            "build.fix.instead",
            &[("client", t(l, &format!("lab.client.{}", c.id())))],
        ),
        (None, true) => t(l, "build.fix.no_client"),
        (None, false) => t(l, "build.fix.no_better_client"),
    };
    let ids: Vec<&str> = r.rows.iter().map(|sc| sc.id()).collect();
    html! {
        <li data-why={format!("{:?}", r.why)} data-rows={ids.join(",")}>
            <strong>{ scenarios(l, &r.rows) }</strong>{ t(l, "lab.pick.colon") }
            { t(l, &r.why.key()) }{ " " }{ hint }
        </li>
    }
}

/// A row of a group: its name and the link to the step where it broke.
fn group_row(l: Lang, s: &SuiteState, sc: Scenario) -> Html {
    let b = &s.params;
    let step = s
        .shown()
        .iter()
        .flatten()
        .find(|r| r.scenario == sc)
        .and_then(|r| r.break_step);
    html! {
        <li>
            { t(l, &format!("lab.scenario.{}", sc.id())) }
            if let Some(step) = step {
                { " · " }
                <AppLink to={Link::lab_step(sc, b.old_client(), b.design, b.seed, step).location()} testid={format!("group-break-{}", sc.id())}>
                    { tf(l, "build.to_break", &[("step", step.to_string())]) }
                </AppLink>
            }
        </li>
    }
}

#[derive(Properties, PartialEq)]
pub struct SqlProps {
    pub lang: Lang,
    pub design: Design,
}

/// The handler's SQL for a design: a component of its own, so the page's
/// other redraws (each answer, each part of the first suite) leave it be.
#[function_component(SqlListing)]
pub fn sql_listing_view(p: &SqlProps) -> Html {
    sql_listing(p.lang, p.design)
}

/// The handler's SQL for `design`, statement by statement, each
/// mechanism's fragment marked.
fn sql_listing(l: Lang, design: Design) -> Html {
    let statements = describe(design);
    let mut groups: Vec<(String, Vec<&Statement>)> = Vec::new();
    for s in &statements {
        let when = tf(
            l,
            "build.sql.when",
            &[
                ("phase", t(l, &format!("lab.phase.{}", s.phase.id()))),
                ("branch", t(l, &format!("lab.branch.{}", s.branch.id()))),
            ],
        );
        match groups.last_mut() {
            Some((w, list)) if *w == when => list.push(s),
            _ => groups.push((when, vec![s])),
        }
    }
    html! {
        <section class="panel build-sql" data-testid="build-sql" data-design={design.to_ids()}>
            <h2>{ t(l, "build.sql.title") }</h2>
            <p class="muted">{ t(l, "build.sql.intro") }</p>
            { for groups.iter().map(|(when, list)| html! {
                <div class="sql-branch">
                    <h3>{ when.clone() }</h3>
                    <ol>{ for list.iter().map(|s| html! {
                        <li>
                            <code class="sql">{ for s.parts.iter().map(|p| part(l, p)) }</code>
                            { by_line(l, s) }
                        </li>
                    }) }</ol>
                </div>
            }) }
        </section>
    }
}

/// The mechanisms whose fragments the statement holds, named after it.
fn by_line(l: Lang, s: &Statement) -> Html {
    let mut ms: Vec<Mechanism> = s.parts.iter().filter_map(|p| p.by).collect();
    ms.sort();
    ms.dedup();
    if ms.is_empty() {
        return Html::default();
    }
    html! { <span class="muted sql-by">{ " ← " }{ mechs(l, &ms) }</span> }
}

fn part(l: Lang, p: &Part) -> Html {
    match p.by {
        None => html! { { p.text } },
        Some(m) => html! {
            <mark class={classes!("mech-part", format!("mech-{}", m.id()))} data-mech={m.id()}
                title={tf(l, "build.sql.by", &[("mech", t(l, &m.key()))])}>
                { p.text }
            </mark>
        },
    }
}

/// Why no harness fixes a failing row, when none can (a rewritten title, a
/// pruned key, notifications only the server sends).
fn beyond_note(l: Lang, r: &SuiteRow) -> Html {
    match r.beyond.filter(|_| !r.pass) {
        Some(b) => html! {
            <span class="muted" data-testid={format!("build-beyond-{}", r.scenario.id())}>{ " " }{ t(l, &b.key()) }</span>
        },
        None => html! {},
    }
}
