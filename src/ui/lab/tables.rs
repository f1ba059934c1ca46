//! The two tables after the current step, and the SQL the step ran.

use yew::prelude::*;

use crate::i18n::{render, t, tf, Lang, Sentence};
use crate::lab::{KeyRow, ReportRow, SqlExec, SqlOutcome};

/// A `*_ms` column's header: the column's name as the database has it,
/// and once, the unit its cells are shown in (seconds since the run's start).
pub(super) fn time_head(l: Lang, name: &'static str) -> Html {
    html! { <th class="num">{ name }<span class="unit">{ t(l, "lab.tables.unit_s") }</span></th> }
}

/// A `*_ms` column's value: seconds since the run's start, as its header
/// says, without repeating the unit; past an hour in the lab's clock
/// format (`25 小时 5.028 秒`, which says its units itself: a day is not
/// 90,005 seconds). The raw number stays in the cell's title, as the
/// database holds it.
pub(super) fn time_cell(l: Lang, ms: Option<i64>, testid: &'static str) -> Html {
    const HOUR: u64 = 3_600_000;
    match ms {
        Some(v) => {
            let v0 = v.max(0) as u64;
            let shown = if v0 < HOUR {
                crate::kernel::num::num(v0 as f64 / 1000.0, 3)
            } else {
                crate::kernel::num::clock(l, v0)
            };
            html! { <td class="num" title={format!("{v} ms")} data-testid={testid}>{ shown }</td> }
        }
        None => html! { <td class="num" data-testid={testid}>{ "—" }</td> },
    }
}

pub(super) fn opt<T: ToString>(v: &Option<T>) -> String {
    v.as_ref()
        .map(|x| x.to_string())
        .unwrap_or_else(|| "—".into())
}

/// A table of the step view besides its rows: its `data-testid`, its
/// caption's key, its header cells and how many columns they make (an
/// empty table says so across all of them).
pub(super) struct StepTable {
    testid: &'static str,
    caption: &'static str,
    columns: usize,
    /// Whether the table gives its row count (`data-rows`, which the
    /// browser tests of the downstream tables read).
    counted: bool,
    head: Html,
}

impl StepTable {
    pub(super) fn new(
        testid: &'static str,
        caption: &'static str,
        columns: usize,
        counted: bool,
        head: Html,
    ) -> Self {
        StepTable {
            testid,
            caption,
            columns,
            counted,
            head,
        }
    }
}

/// One table after the step, every table of the step view drawn the same
/// way: a row of `cells` per entry, marked where `new` says it is new (or
/// changed) at this step. The rows are made here, the table by
/// [`step_table_of`] (one copy of its drawing for every kind of row).
pub(super) fn step_table<R>(
    l: Lang,
    table: StepTable,
    rows: &[R],
    new: impl Fn(&R) -> bool,
    cells: impl Fn(&R) -> Html,
) -> Html {
    let rows = rows.iter().map(|r| (new(r), cells(r))).collect();
    step_table_of(l, table, rows)
}

/// The table of [`step_table`], from its rows: each one's cells, and
/// whether it is new at this step.
fn step_table_of(l: Lang, table: StepTable, rows: Vec<(bool, Html)>) -> Html {
    html! {
        <div class="scroll-x">
            <table class="data" data-testid={table.testid} data-rows={table.counted.then(|| rows.len().to_string())}>
                <caption>{ t(l, table.caption) }<span class="muted">{ t(l, "lab.tables.new_hint") }{ t(l, "lab.tables.ms_hint") }</span></caption>
                <thead><tr>{ table.head }</tr></thead>
                <tbody>
                    if rows.is_empty() {
                        <tr><td colspan={table.columns.to_string()} class="muted">{ t(l, "lab.tables.empty") }</td></tr>
                    }
                    { for rows.into_iter().map(|(new, cells)| html! {
                        <tr class={classes!(new.then_some("new"))}>{ cells }</tr>
                    }) }
                </tbody>
            </table>
        </div>
    }
}

/// `reports` after the step; rows new at this step are marked.
pub fn reports_table(l: Lang, rows: &[ReportRow], before: &[ReportRow]) -> Html {
    let head = html! {
        <>
            <th class="num">{ "id" }</th><th>{ "run_id" }</th><th>{ "module" }</th>
            <th>{ "title" }</th>{ time_head(l, "created_ms") }
        </>
    };
    let table = StepTable::new("table-reports", "lab.tables.reports", 5, false, head);
    let new = |r: &ReportRow| !before.iter().any(|b| b.id == r.id);
    step_table(l, table, rows, new, |r| {
        html! {
            <>
                <td class="num">{ r.id }</td>
                <td>{ &r.run_id }</td><td>{ &r.module }</td><td>{ &r.title }</td>
                { time_cell(l, Some(r.created_ms), "report-created") }
            </>
        }
    })
}

/// `idempotency_keys` after the step; rows that changed at this step are marked.
pub fn keys_table(l: Lang, rows: &[KeyRow], before: &[KeyRow]) -> Html {
    let head = html! {
        <>
            <th>{ "key" }</th><th>{ "request_digest" }</th><th>{ "status" }</th>
            <th class="num">{ "fence" }</th>{ time_head(l, "lease_expires_ms") }
            <th class="num">{ "response_status" }</th><th>{ "response_body" }</th>
            { time_head(l, "created_ms") }
        </>
    };
    let table = StepTable::new("table-keys", "lab.tables.keys", 8, false, head);
    let changed = |r: &KeyRow| !before.contains(r);
    step_table(l, table, rows, changed, |r| key_cells(l, r))
}

/// One row of `idempotency_keys`: the key (under its tenant's namespace,
/// if any), the digest shortened (whole in its title), and the rest.
fn key_cells(l: Lang, r: &KeyRow) -> Html {
    html! {
        <>
            <td>
                if let Some(tenant) = &r.tenant {
                    <code class="key-ns" data-testid="key-ns">{ super::tenants::namespace(tenant) }</code><br />
                }
                <code>{ &r.key }</code>
            </td>
            <td><code title={r.request_digest.clone()}>{ format!("{}…", &r.request_digest[..12.min(r.request_digest.len())]) }</code></td>
            <td>{ &r.status }</td>
            <td class="num">{ opt(&r.fence) }</td>
            { time_cell(l, r.lease_expires_ms, "key-lease-expires") }
            <td class="num">{ opt(&r.response_status) }</td>
            <td><code>{ opt(&r.response_body) }</code></td>
            { time_cell(l, Some(r.created_ms), "key-created") }
        </>
    }
}

fn outcome_text(l: Lang, o: &SqlOutcome) -> (String, &'static str) {
    match o {
        SqlOutcome::Begun => (t(l, "lab.sql.begun"), "begun"),
        SqlOutcome::Rows(n) => (
            tf(
                l,
                "lab.sql.rows",
                &[(
                    "rows",
                    render(
                        l,
                        &Sentence::counted(*n as u64, "lab.unit.rows.one", "lab.unit.rows.other"),
                    ),
                )],
            ),
            "rows",
        ),
        SqlOutcome::Row(Some(cols)) => (tf(l, "lab.sql.row", &[("row", cols.join(" | "))]), "row"),
        SqlOutcome::Row(None) => (t(l, "lab.sql.no_row"), "row"),
        SqlOutcome::Committed => (t(l, "lab.sql.committed"), "commit"),
        SqlOutcome::RolledBack { crash: true } => (t(l, "lab.sql.crash_rollback"), "rollback"),
        SqlOutcome::RolledBack { crash: false } => (t(l, "lab.sql.rolled_back"), "rollback"),
        SqlOutcome::Error(e) => (tf(l, "lab.sql.error", &[("error", e.clone())]), "error"),
    }
}

/// The statements of one step with their results.
pub fn sql_list(l: Lang, sql: &[SqlExec]) -> Html {
    if sql.is_empty() {
        return html! { <p class="muted" data-testid="sql">{ t(l, "lab.sql.none") }</p> };
    }
    html! {
        <ol class="sql" data-testid="sql">
            { for sql.iter().map(|q| {
                let (text, class) = outcome_text(l, &q.outcome);
                html! {
                    <li>
                        <code>{ q.display() }</code>
                        <span class={classes!("sql-result", class)}>{ format!("→ {text}") }</span>
                    </li>
                }
            }) }
        </ol>
    }
}
