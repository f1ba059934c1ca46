//! The matrix table and its legend: each cell shows the report count, a
//! symbol and what the model was told, carries `data-reports` and
//! `data-tool`, notes a good ending reached by luck, and is marked when it
//! differs from the previous server (or the column to its left).

use yew::prelude::*;

use crate::i18n::{render, t, tf, Lang};
use crate::lab::view::reveal::RowReveal;
use crate::lab::view::words::{ending_text, model_view};
use crate::lab::Combo;
use crate::lab::{Cell, Ending, MatrixBy, MatrixParams, Scenario, ToolOutcome};
use crate::pages::links::Shell;
use crate::ui::icons::{ending_icon, icon, icon_sprite, icon_use, Icon};
use crate::ui::link::{shell_link, use_shell};

/// The computed cells (and, where known, what they were before), and the
/// rows drawn so far.
pub struct Computed<'a> {
    pub cells: &'a [Option<Cell>],
    pub previous: &'a [Option<Cell>],
    pub reveal: RowReveal,
}

/// One scenario's row: a component of its own, so that drawing the next
/// rows of a table leaves the drawn ones untouched (equal props).
#[derive(Properties, PartialEq)]
struct RowProps {
    lang: Lang,
    scenario: Scenario,
    keys: Vec<Combo>,
    by: MatrixBy,
    seed: u64,
    cells: Vec<Option<Cell>>,
    before: Vec<Option<Cell>>,
}

#[function_component(MatrixRow)]
fn matrix_row(p: &RowProps) -> Html {
    let l = p.lang;
    let shell = use_shell();
    let sc = p.scenario;
    html! {
        <tr>
            <th scope="row" title={t(l, &format!("lab.scenario.{}.desc", sc.id()))}>{ name(l, "scenario", sc.id()) }</th>
            { for p.keys.iter().enumerate().map(|(j, key)| {
                cell_html(l, shell, *key, p, p.cells[j], p.before[j])
            }) }
        </tr>
    }
}

/// The table's scroll box, and whether the table overflows it.
pub struct Scroll {
    pub node: NodeRef,
    pub overflow: bool,
}

/// A header: the name and its URL id (the id hidden on a narrow screen,
/// where the matrix keeps its columns compact).
fn name(l: Lang, kind: &str, id: &str) -> Html {
    html! {
        <>{ t(l, &format!("lab.{kind}.{id}")) }<span class="head-id">{ format!(" ({id})") }</span></>
    }
}

/// The legend's entries for every ending a run reaches, each with its
/// mark, in the words the verdict line uses (also in the «?» help).
pub fn ending_items(l: Lang) -> Html {
    html! {
        <>
            { for Ending::LEGEND.iter().map(|e| html! {
                <li data-ending={e.id()}>
                    <span class={classes!("swatch", format!("ending-{}", e.id()))}>{ icon(ending_icon(*e)) }</span>
                    { " " }{ render(l, &ending_text(*e)) }
                </li>
            }) }
        </>
    }
}

/// The legend's entries for the marks beside a cell's ending.
pub fn mark_items(l: Lang) -> Html {
    html! {
        <>
            <li><span class="swatch luck">{ icon(Icon::Luck) }</span>{ " " }{ t(l, "lab.legend.lucky") }</li>
            <li><span class="swatch changed">{ icon(Icon::Changed) }</span>{ " " }{ t(l, "lab.legend.changed") }</li>
            <li data-testid="legend-rule"><span class="swatch rule">{ icon(Icon::RuleBroken) }</span>{ " " }{ t(l, "lab.legend.rule_broken") }</li>
            <li data-note-legend="count"><span class="cell-notes">{ super::notes_view::count_text(l, Default::default()) }</span>{ " " }{ t(l, "lab.legend.notes") }</li>
            { super::notes_view::legend_items(l) }
            <li data-testid="legend-attempts">{ t(l, "lab.legend.attempts") }</li>
            { tool_items(l) }
        </>
    }
}

/// The legend's entry for the short word a cell gives of what the model
/// knows: every tool outcome, with what it means.
fn tool_items(l: Lang) -> Html {
    html! {
        <li data-testid="legend-tools">{ t(l, "lab.legend.tool") }
            <ul>
                { for ToolOutcome::ALL.iter().map(|o| html! {
                    <li data-tool={o.id()}>
                        <strong class="cell-tool">{ t(l, &format!("lab.toolshort.{}", o.id())) }</strong>
                        { " — " }{ render(l, &model_view(*o)) }
                    </li>
                }) }
            </ul>
        </li>
    }
}

/// The legend, shown before the table.
pub fn legend(l: Lang) -> Html {
    html! {
        <div class="panel legend" data-testid="matrix-legend">
            <h2>{ t(l, "lab.matrix.legend") }</h2>
            <ul class="verdict-legend">
                { ending_items(l) }
                { mark_items(l) }
            </ul>
        </div>
    }
}

fn cell_html(
    l: Lang,
    shell: Shell,
    (sc, c, s): Combo,
    m: &RowProps,
    cell: Option<Cell>,
    before: Option<Cell>,
) -> Html {
    let testid = match m.by {
        MatrixBy::Client => format!("cell-{}-{}", sc.id(), super::layers::harness_id(c)),
        MatrixBy::Server => format!("cell-{}-{}", sc.id(), s.label()),
    };
    let Some(cell) = cell else {
        return html! { <td class="cell pending"><span data-testid={testid}>{ "…" }</span></td> };
    };
    let changed = before.is_some_and(|b| {
        (b.reports, b.tool, b.ending()) != (cell.reports, cell.tool, cell.ending())
    });
    let label = tf(
        l,
        "lab.matrix.cell_label",
        &[
            ("scenario", t(l, &format!("lab.scenario.{}", sc.id()))),
            ("client", super::layers::harness_name(l, c)),
            ("server", crate::i18n::design_name(l, s)),
            (
                "verdict",
                render(l, &crate::lab::view::words::verdict_line(cell)),
            ),
        ],
    ) + &tf(
        l,
        "lab.matrix.attempts",
        &[("n", cell.attempts.to_string())],
    );
    html! {
        <td class={classes!("cell", cell.classes(), changed.then_some("changed"))}>
            { shell_link(shell, &crate::pages::links::Link::lab_end(sc, c, s, m.seed).location(), testid.into(), &[
                ("aria-label", label.clone().into()), ("title", label.into()),
                ("data-reports", cell.reports.to_string().into()), ("data-tool", cell.tool.id().into()),
                ("data-ending", cell.ending().id().into()),
                ("data-attempts", cell.attempts.to_string().into()), ("data-leaks", cell.leaks.to_string().into()),
                ("data-changed", changed.to_string().into()), ("data-lucky", cell.lucky.to_string().into()),
                ("data-notifications", cell.notes.delivered.to_string().into()),
                ("data-notes-exact", cell.notes.is_exact().to_string().into()),
                ("data-pass", cell.pass.to_string().into()),
                ("data-rule-broken", cell.rule_break.to_string().into()),
            ], html! {
                <>
                <span class="cell-main">
                    <span class="cell-count">{ cell.reports }</span>
                    <span class="cell-symbol" aria-hidden="true">{ icon_use(ending_icon(cell.ending())) }</span>
                    if cell.lucky { <span class="cell-luck" aria-hidden="true">{ icon_use(Icon::Luck) }</span> }
                    if changed { <span class="cell-changed" aria-hidden="true">{ icon_use(Icon::Changed) }</span> }
                    if cell.rule_break { <span class="cell-rule" aria-hidden="true">{ icon_use(Icon::RuleBroken) }</span> }
                </span>
                <span class="cell-tool">{ t(l, &format!("lab.toolshort.{}", cell.tool.id())) }</span>
                <span class="cell-notes">{ super::notes_view::count_text(l, cell.notes) }{ super::notes_view::short_marks(l, cell.notes) }</span>
                </>
            }) }
        </td>
    }
}

/// The table: scenarios as rows; clients (or servers) as columns.
pub fn table(l: Lang, m: &MatrixParams, got: Computed, scroll: Scroll) -> Html {
    let keys = m.cells();
    let heads: Vec<(Html, String)> = match m.by {
        MatrixBy::Client => m
            .harness_columns()
            .into_iter()
            .map(|h| match h.preset() {
                Some(p) => (name(l, "client", p.id()), super::layers::harness_desc(l, h)),
                None => (
                    html! { { super::layers::harness_name(l, h) } },
                    super::layers::harness_desc(l, h),
                ),
            })
            .collect(),
        MatrixBy::Server => m
            .server_columns()
            .into_iter()
            .map(|d| match d.preset() {
                Some(s) => (
                    name(l, "server", s.id()),
                    t(l, &format!("lab.server.{}.desc", s.id())),
                ),
                None => (
                    html! { { crate::i18n::design_name(l, d) } },
                    crate::i18n::design_desc(l, d),
                ),
            })
            .collect(),
    };
    let width = heads.len();
    html! {
        <>
        if scroll.overflow {
            <p class="more-columns" data-testid="matrix-more">{ t(l, "lab.matrix.more_columns") }{ icon(Icon::Play) }</p>
        }
        <div class="scroll-x" data-testid="matrix-scroll" ref={scroll.node}>
            { icon_sprite(Icon::MARKS) }
            <table class="data matrix-table" data-testid="matrix" data-by={match m.by { MatrixBy::Client => "client", MatrixBy::Server => "server" }}>
                <thead><tr>
                    <th scope="col">{ t(l, "lab.matrix.scenario") }</th>
                    { for heads.iter().map(|(h, d)| html! { <th scope="col" title={d.clone()}>{ h.clone() }</th> }) }
                </tr></thead>
                <tbody>
                    { for Scenario::ALL.iter().enumerate().map(|(i, sc)| {
                        let at = |k: usize, list: &[Option<Cell>]| if got.reveal.shows(i) { list.get(k).copied().flatten() } else { None };
                        let row = i * width..(i + 1) * width;
                        let cells: Vec<Option<Cell>> = row.clone().map(|k| at(k, got.cells)).collect();
                        let before: Vec<Option<Cell>> = row.clone().map(|k| match m.by {
                            MatrixBy::Client => at(k, got.previous),
                            MatrixBy::Server if k > i * width => at(k - 1, got.cells),
                            MatrixBy::Server => None,
                        }).collect();
                        html! { <MatrixRow key={sc.id()} lang={l} scenario={*sc} keys={keys[row].to_vec()}
                            by={m.by} seed={m.seed} cells={cells} before={before} /> }
                    }) }
                </tbody>
            </table>
        </div>
        </>
    }
}
