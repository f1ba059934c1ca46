//! The tables past the service's own database, in the step view: the
//! notifier's `notifications` (its own database) and, with `outbox`, the
//! service's `outbox`; and the SQL the notifier ran at the step.

use yew::prelude::*;

use super::tables::{opt, sql_list, time_cell, time_head};
use crate::i18n::{t, Lang};
use crate::lab::{NotificationRow, OutboxRow, Step};

/// The notifier's `notifications` after the step; rows new at this step are marked.
fn notifications_table(l: Lang, rows: &[NotificationRow], before: &[NotificationRow]) -> Html {
    html! {
        <div class="scroll-x">
            <table class="data" data-testid="table-notifications" data-rows={rows.len().to_string()}>
                <caption>{ t(l, "lab.tables.notifications") }<span class="muted">{ t(l, "lab.tables.new_hint") }{ t(l, "lab.tables.ms_hint") }</span></caption>
                <thead><tr>
                    <th class="num">{ "id" }</th><th class="num">{ "report_id" }</th><th>{ "title" }</th>
                    <th>{ "dedupe_key" }</th><th class="num">{ "fence" }</th>{ time_head(l, "received_ms") }
                </tr></thead>
                <tbody>
                    if rows.is_empty() {
                        <tr><td colspan="6" class="muted">{ t(l, "lab.tables.empty") }</td></tr>
                    }
                    { for rows.iter().map(|r| html! {
                        <tr class={classes!((!before.contains(r)).then_some("new"))}>
                            <td class="num">{ r.id }</td><td class="num">{ opt(&r.report_id) }</td>
                            <td>{ &r.title }</td><td><code>{ opt(&r.dedupe_key) }</code></td>
                            <td class="num">{ opt(&r.fence) }</td>{ time_cell(l, Some(r.received_ms), "note-received") }
                        </tr>
                    }) }
                </tbody>
            </table>
        </div>
    }
}

/// The service's `outbox` after the step.
fn outbox_table(l: Lang, rows: &[OutboxRow], before: &[OutboxRow]) -> Html {
    html! {
        <div class="scroll-x">
            <table class="data" data-testid="table-outbox" data-rows={rows.len().to_string()}>
                <caption>{ t(l, "lab.tables.outbox") }<span class="muted">{ t(l, "lab.tables.new_hint") }{ t(l, "lab.tables.ms_hint") }</span></caption>
                <thead><tr>
                    <th class="num">{ "id" }</th><th class="num">{ "report_id" }</th><th class="num">{ "fence" }</th>
                    { time_head(l, "created_ms") }{ time_head(l, "sent_ms") }
                </tr></thead>
                <tbody>
                    if rows.is_empty() {
                        <tr><td colspan="5" class="muted">{ t(l, "lab.tables.empty") }</td></tr>
                    }
                    { for rows.iter().map(|r| html! {
                        <tr class={classes!((!before.contains(r)).then_some("new"))}>
                            <td class="num">{ r.id }</td><td class="num">{ r.report_id }</td>
                            <td class="num">{ opt(&r.fence) }</td>{ time_cell(l, Some(r.created_ms), "outbox-created") }
                            { time_cell(l, r.sent_ms, "outbox-sent") }
                        </tr>
                    }) }
                </tbody>
            </table>
        </div>
    }
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
