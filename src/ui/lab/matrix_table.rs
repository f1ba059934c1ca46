//! The matrix table and its legend: each cell shows the report count, a
//! symbol and what the model was told, carries `data-reports` and
//! `data-tool`, notes a good ending reached by luck, and is marked when it
//! differs from the previous server (or the column to its left).

use yew::prelude::*;

use super::summary::{cell_class, cell_symbol};
use crate::i18n::{t, tf, Lang};
use crate::lab::{Cell, ClientStrategy, Design, MatrixBy, MatrixParams, Scenario, ToolOutcome};
use crate::ui::link::AppLink;

/// One row of computed cells (and, where known, what they were before).
pub struct Computed<'a> {
    pub cells: &'a [Option<Cell>],
    pub previous: &'a [Option<Cell>],
}

fn name(l: Lang, kind: &str, id: &str) -> String {
    format!("{} ({id})", t(l, &format!("lab.{kind}.{id}")))
}

/// The legend, shown before the table.
pub fn legend(l: Lang) -> Html {
    let samples = [
        (2, ToolOutcome::Created, "lab.legend.duplicate"),
        (1, ToolOutcome::Created, "lab.legend.one_known"),
        (1, ToolOutcome::Unknown, "lab.legend.one_unknown"),
        (0, ToolOutcome::NotCreated, "lab.legend.zero_known"),
        (0, ToolOutcome::Unknown, "lab.legend.zero_unknown"),
    ];
    html! {
        <div class="panel legend" data-testid="matrix-legend">
            <h2>{ t(l, "lab.matrix.legend") }</h2>
            <ul class="verdict-legend">
                { for samples.iter().map(|(n, tool, key)| {
                    let c = Cell { reports: *n, tool: *tool, lucky: false };
                    html! {
                        <li><span class={classes!("swatch", cell_class(c))}>{ cell_symbol(c) }</span>{ " " }{ t(l, key) }</li>
                    }
                }) }
                <li><span class="swatch luck">{ "☘" }</span>{ " " }{ t(l, "lab.legend.lucky") }</li>
                <li><span class="swatch changed">{ "Δ" }</span>{ " " }{ t(l, "lab.legend.changed") }</li>
            </ul>
        </div>
    }
}

fn cell_html(
    l: Lang,
    (sc, c, s): (Scenario, ClientStrategy, Design),
    m: &MatrixParams,
    cell: Option<Cell>,
    before: Option<Cell>,
) -> Html {
    let testid = match m.by {
        MatrixBy::Client => format!("cell-{}-{}", sc.id(), c.id()),
        MatrixBy::Server => format!("cell-{}-{}", sc.id(), s.label()),
    };
    let Some(cell) = cell else {
        return html! { <td class="cell pending"><span data-testid={testid}>{ "…" }</span></td> };
    };
    let changed = before.is_some_and(|b| (b.reports, b.tool) != (cell.reports, cell.tool));
    let label = tf(
        l,
        "lab.matrix.cell_label",
        &[
            ("scenario", t(l, &format!("lab.scenario.{}", sc.id()))),
            ("client", t(l, &format!("lab.client.{}", c.id()))),
            ("server", crate::i18n::design_name(l, s)),
            ("count", cell.reports.to_string()),
            ("tool", t(l, &format!("lab.toolout.{}", cell.tool.id()))),
        ],
    );
    html! {
        <td class={classes!("cell", cell_class(cell), changed.then_some("changed"))}>
            <AppLink to={crate::links::Link::lab_end(sc, c, s, m.seed)} testid={testid} attrs={vec![
                ("aria-label", label.clone().into()), ("title", label.into()),
                ("data-reports", cell.reports.to_string().into()), ("data-tool", cell.tool.id().into()),
                ("data-changed", changed.to_string().into()), ("data-lucky", cell.lucky.to_string().into()),
            ]}>
                <span class="cell-count">{ cell.reports }</span>
                <span class="cell-symbol" aria-hidden="true">{ cell_symbol(cell) }</span>
                if cell.lucky { <span class="cell-luck" aria-hidden="true">{ "☘" }</span> }
                if changed { <span class="cell-changed" aria-hidden="true">{ "Δ" }</span> }
                <span class="cell-tool">{ t(l, &format!("lab.toolshort.{}", cell.tool.id())) }</span>
            </AppLink>
        </td>
    }
}

/// The table: scenarios as rows; clients (or servers) as columns.
pub fn table(l: Lang, m: &MatrixParams, got: Computed) -> Html {
    let keys = m.cells();
    let heads: Vec<(String, String)> = match m.by {
        MatrixBy::Client => ClientStrategy::ALL
            .iter()
            .map(|c| {
                (
                    name(l, "client", c.id()),
                    t(l, &format!("lab.client.{}.desc", c.id())),
                )
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
                    crate::i18n::design_name(l, d),
                    crate::i18n::design_desc(l, d),
                ),
            })
            .collect(),
    };
    let width = heads.len();
    html! {
        <div class="scroll-x">
            <table class="data matrix-table" data-testid="matrix" data-by={match m.by { MatrixBy::Client => "client", MatrixBy::Server => "server" }}>
                <thead><tr>
                    <th scope="col">{ t(l, "lab.matrix.scenario") }</th>
                    { for heads.iter().map(|(h, d)| html! { <th scope="col" title={d.clone()}>{ h.clone() }</th> }) }
                </tr></thead>
                <tbody>
                    { for Scenario::ALL.iter().enumerate().map(|(i, sc)| html! {
                        <tr>
                            <th scope="row" title={t(l, &format!("lab.scenario.{}.desc", sc.id()))}>{ name(l, "scenario", sc.id()) }</th>
                            { for (0..width).map(|j| {
                                let k = i * width + j;
                                let cell = got.cells.get(k).copied().flatten();
                                let before = match m.by {
                                    MatrixBy::Client => got.previous.get(k).copied().flatten(),
                                    MatrixBy::Server if j > 0 => got.cells.get(k - 1).copied().flatten(),
                                    MatrixBy::Server => None,
                                };
                                cell_html(l, keys[k], m, cell, before)
                            }) }
                        </tr>
                    }) }
                </tbody>
            </table>
        </div>
    }
}
