//! The tables past the service's own database, in the step view: the
//! notifier's `notifications` (its own database) and, with `outbox`, the
//! service's `outbox`; and the SQL the notifier ran at the step.

use yew::prelude::*;

use super::tables::{opt, sql_list, step_table, time_cell, time_head, StepTable};
use crate::i18n::{t, Lang};
use crate::lab::{NotificationRow, OutboxRow, Step};

/// The notifier's `notifications` after the step; rows new at this step are marked.
fn notifications_table(l: Lang, rows: &[NotificationRow], before: &[NotificationRow]) -> Html {
    let head = html! {
        <>
            <th class="num">{ "id" }</th><th class="num">{ "report_id" }</th><th>{ "title" }</th>
            <th>{ "dedupe_key" }</th><th class="num">{ "fence" }</th>{ time_head(l, "received_ms") }
        </>
    };
    let table = StepTable::new(
        "table-notifications",
        "lab.tables.notifications",
        6,
        true,
        head,
    );
    let new = |r: &NotificationRow| !before.contains(r);
    step_table(l, table, rows, new, |r| {
        html! {
            <>
                <td class="num">{ r.id }</td><td class="num">{ opt(&r.report_id) }</td>
                <td>{ &r.title }</td><td><code>{ opt(&r.dedupe_key) }</code></td>
                <td class="num">{ opt(&r.fence) }</td>{ time_cell(l, Some(r.received_ms), "note-received") }
            </>
        }
    })
}

/// The service's `outbox` after the step.
fn outbox_table(l: Lang, rows: &[OutboxRow], before: &[OutboxRow]) -> Html {
    let head = html! {
        <>
            <th class="num">{ "id" }</th><th class="num">{ "report_id" }</th><th class="num">{ "fence" }</th>
            { time_head(l, "created_ms") }{ time_head(l, "sent_ms") }
        </>
    };
    let table = StepTable::new("table-outbox", "lab.tables.outbox", 5, true, head);
    let new = |r: &OutboxRow| !before.contains(r);
    step_table(l, table, rows, new, |r| {
        html! {
            <>
                <td class="num">{ r.id }</td><td class="num">{ r.report_id }</td>
                <td class="num">{ opt(&r.fence) }</td>{ time_cell(l, Some(r.created_ms), "outbox-created") }
                { time_cell(l, r.sent_ms, "outbox-sent") }
            </>
        }
    })
}

/// The downstream tables at `current` (`before`: the step before it), and
/// the notifier's SQL of the step, if it ran any.
pub fn downstream_tables(
    l: Lang,
    outbox: bool,
    current: Option<&Step>,
    before: Option<&Step>,
) -> Html {
    let empty: &[NotificationRow] = &[];
    let rows = current.map_or(empty, |c| &c.notifications[..]);
    let rows_before = before.map_or(empty, |c| &c.notifications[..]);
    let no_outbox: &[OutboxRow] = &[];
    let sql = current.map_or(&[][..], |c| &c.notifier_sql[..]);
    html! {
        <>
            { notifications_table(l, rows, rows_before) }
            if outbox {
                { outbox_table(l, current.map_or(no_outbox, |c| &c.outbox[..]), before.map_or(no_outbox, |c| &c.outbox[..])) }
            }
            if !sql.is_empty() {
                <div class="notifier-sql" data-testid="notifier-sql">
                    <h3>{ t(l, "lab.sql.notifier") }</h3>
                    { sql_list(l, sql) }
                </div>
            }
        </>
    }
}

/// Whether the design keeps an outbox (its table is shown).
pub fn has_outbox(d: crate::lab::Design) -> bool {
    d.runs(crate::lab::mechanisms::Stmt::InsertOutbox)
}
