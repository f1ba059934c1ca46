//! The matrix table and its legend: each cell shows the report count, a
//! symbol and what the model was told, carries `data-reports` and
//! `data-tool`, notes a good ending reached by luck, and is marked when it
//! differs from the previous server (or the column to its left).

use std::rc::Rc;

use yew::prelude::*;

use crate::i18n::{render, t, tf, Lang};
use crate::kernel::html::escape;
use crate::lab::view::reveal::RowReveal;
use crate::lab::view::words::{ending_text, model_view, verdict_line};
use crate::lab::Combo;
use crate::lab::{Cell, Ending, MatrixBy, MatrixParams, Scenario, ToolOutcome};
use crate::pages::links::{Link, Shell};
use crate::ui::icons::{ending_icon, icon, Icon};
use crate::ui::link::{use_shell, write_link};

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
    columns: Rc<Vec<Column>>,
    seed: u64,
    cells: Vec<Option<Cell>>,
    before: Vec<Option<Cell>>,
}

/// What a column's cells say of it, built once per table, not per cell:
/// the end of their test ids, and the client's and server's names in
/// their labels.
#[derive(PartialEq)]
struct Column {
    id: String,
    client: String,
    server: String,
}

/// Where a cell is: its row's scenario (and its name), its column, and
/// what its link keeps (the seed, the shell).
struct CellAt<'a> {
    lang: Lang,
    shell: Shell,
    combo: Combo,
    scenario: &'a str,
    column: &'a Column,
    seed: u64,
}

/// The row is written as markup and parsed by the browser into the `<tr>`
/// in one call, after the render: built as elements (ten a cell, fourteen
/// attributes on its link, each one call from wasm into the page), the
/// cells were most of the drawing's time, and parsed cell by cell still
/// a large part. Yew keeps the `<tr>` (its key, its place), never its
/// children.
#[function_component(MatrixRow)]
fn matrix_row(p: &RowProps) -> Html {
    let node = use_node_ref();
    let markup = row_markup(p, use_shell());
    {
        let node = node.clone();
        use_effect_with(markup, move |markup| {
            if let Some(tr) = node.cast::<web_sys::Element>() {
                tr.set_inner_html(markup);
            }
        });
    }
    html! { <tr ref={node}></tr> }
}

/// A row's cells as markup: its scenario's header, then each cell.
fn row_markup(p: &RowProps, shell: Shell) -> String {
    let l = p.lang;
    let sc = p.scenario;
    let scenario = t(l, &format!("lab.scenario.{}", sc.id()));
    let mut out = format!(
        "<th scope=\"row\" title=\"{}\">{}</th>",
        escape(&t(l, &format!("lab.scenario.{}.desc", sc.id()))),
        name_markup(l, "scenario", sc.id())
    );
    for (j, (key, column)) in p.keys.iter().zip(p.columns.iter()).enumerate() {
        let at = CellAt {
            lang: l,
            shell,
            combo: *key,
            scenario: &scenario,
            column,
            seed: p.seed,
        };
        write_cell(&mut out, &at, p.cells[j], p.before[j]);
    }
    out
}

/// The table's scroll box, and whether the table overflows it.
pub struct Scroll {
    pub node: NodeRef,
    pub overflow: bool,
}

/// A header: the name and its URL id (the id hidden on a narrow screen,
/// where the matrix keeps its columns compact).
fn name(l: Lang, kind: &str, id: &str) -> Html {
    Html::from_html_unchecked(AttrValue::from(name_markup(l, kind, id)))
}

/// [`name`] as markup (a row's header is written as text).
fn name_markup(l: Lang, kind: &str, id: &str) -> String {
    format!(
        "{}<span class=\"head-id\"> ({})</span>",
        escape(&t(l, &format!("lab.{kind}.{id}"))),
        escape(id)
    )
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
// Drawn in a later part: compiled then (`ui::frame_hooks`).
#[inline(never)]
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

/// One cell, appended to `out`: «…» until computed, then its link.
fn write_cell(out: &mut String, at: &CellAt, cell: Option<Cell>, before: Option<Cell>) {
    let testid = format!("cell-{}-{}", at.combo.0.id(), at.column.id);
    let Some(cell) = cell else {
        out.push_str(&format!(
            "<td class=\"cell pending\"><span data-testid=\"{}\">…</span></td>",
            escape(&testid)
        ));
        return;
    };
    let changed = before.is_some_and(|b| {
        (b.reports, b.tool, b.ending()) != (cell.reports, cell.tool, cell.ending())
    });
    out.push_str(&format!(
        "<td class=\"cell {}{}\">",
        cell.classes(),
        if changed { " changed" } else { "" }
    ));
    write_cell_link(out, at, &testid, cell, changed);
    out.push_str("</td>");
}

/// A computed cell's link to its run (the shell's settings kept, as
/// [`crate::ui::link::AppLink`] keeps them), appended to `out`.
fn write_cell_link(out: &mut String, at: &CellAt, testid: &str, cell: Cell, changed: bool) {
    let l = at.lang;
    let (sc, c, s) = at.combo;
    let label = tf(
        l,
        "lab.matrix.cell_label",
        &[
            ("scenario", at.scenario.to_string()),
            ("client", at.column.client.clone()),
            ("server", at.column.server.clone()),
            ("verdict", render(l, &verdict_line(cell))),
        ],
    ) + &tf(
        l,
        "lab.matrix.attempts",
        &[("n", cell.attempts.to_string())],
    );
    let attrs = [
        ("aria-label", label.clone()),
        ("title", label),
        ("data-reports", cell.reports.to_string()),
        ("data-tool", cell.tool.id().to_string()),
        ("data-ending", cell.ending().id().to_string()),
        ("data-attempts", cell.attempts.to_string()),
        ("data-leaks", cell.leaks.to_string()),
        ("data-changed", changed.to_string()),
        ("data-lucky", cell.lucky.to_string()),
        ("data-notifications", cell.notes.delivered.to_string()),
        ("data-notes-exact", cell.notes.is_exact().to_string()),
        ("data-pass", cell.pass.to_string()),
        ("data-rule-broken", cell.rule_break.to_string()),
    ];
    let to = Link::lab_end(sc, c, s, at.seed).location();
    write_link(out, at.shell, &to, testid, &attrs, |out| {
        write_cell_content(out, l, cell, changed)
    });
}

/// What a computed cell shows: the report count with its marks, the
/// model's short word, and the notifications.
fn write_cell_content(out: &mut String, l: Lang, cell: Cell, changed: bool) {
    out.push_str(&format!(
        "<span class=\"cell-main\"><span class=\"cell-count\">{}</span>",
        cell.reports
    ));
    let marks = [
        (true, "cell-symbol", ending_icon(cell.ending())),
        (cell.lucky, "cell-luck", Icon::Luck),
        (changed, "cell-changed", Icon::Changed),
        (cell.rule_break, "cell-rule", Icon::RuleBroken),
    ];
    for (_, class, i) in marks.into_iter().filter(|m| m.0) {
        out.push_str(&i.mark_markup(class));
    }
    out.push_str(&format!(
        "</span><span class=\"cell-tool\">{}</span><span class=\"cell-notes\">{}",
        escape(&t(l, &format!("lab.toolshort.{}", cell.tool.id()))),
        escape(&super::notes_view::count_text(l, cell.notes)),
    ));
    super::notes_view::write_short_marks(out, l, cell.notes);
    out.push_str("</span>");
}

/// The columns of a table whose first row's cells are `first_row`.
fn columns(l: Lang, by: MatrixBy, first_row: &[Combo]) -> Rc<Vec<Column>> {
    let column = |&(_, c, s): &Combo| Column {
        id: match by {
            MatrixBy::Client => super::layers::harness_id(c),
            MatrixBy::Server => s.label().to_string(),
        },
        client: super::layers::harness_name(l, c),
        server: crate::i18n::design_name(l, s),
    };
    Rc::new(first_row.iter().map(column).collect())
}

/// The table: scenarios as rows; clients (or servers) as columns.
// Drawn in a later part: compiled then (`ui::frame_hooks`).
#[inline(never)]
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
    let columns = columns(l, m.by, &keys[..width.min(keys.len())]);
    html! {
        <>
        if scroll.overflow {
            <p class="more-columns" data-testid="matrix-more">{ t(l, "lab.matrix.more_columns") }{ icon(Icon::Play) }</p>
        }
        <div class="scroll-x" data-testid="matrix-scroll" ref={scroll.node}>
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
                            columns={columns.clone()} seed={m.seed} cells={cells} before={before} /> }
                    }) }
                </tbody>
            </table>
        </div>
        </>
    }
}
