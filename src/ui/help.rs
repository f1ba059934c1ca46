//! The part of the «?» help that says how to read the current view's charts
//! (the shortcut table is the shell's): every view with a chart or a table
//! has an entry; the home page adds none.

use yew::prelude::*;

use crate::i18n::{t, Lang};
use crate::route::Page;

fn keys(page: &Page) -> &'static [&'static str] {
    match page {
        Page::Herd => &[
            "common.help.herd.table",
            "common.help.herd.hist",
            "common.help.herd.timeline",
            "common.help.herd.sweep",
        ],
        Page::Lab => &[
            "help.lab.lanes",
            "help.lab.lost",
            "help.lab.bars",
            "help.lab.fence",
            "help.lab.cards",
            "help.lab.tables",
        ],
        Page::LabMatrix => &[
            "help.matrix.cells",
            "help.matrix.symbols",
            "help.matrix.marks",
            "help.matrix.by_server",
        ],
        Page::Amplify => &[
            "amplify.help.fanout",
            "amplify.help.load",
            "amplify.help.sweep",
            "amplify.help.model",
        ],
        Page::Exercises => &[
            "common.help.ex.groups",
            "common.help.ex.predict",
            "common.help.ex.results",
            "common.help.ex.demo",
        ],
        _ => &[],
    }
}

/// «How to read this page» for `page`, or nothing.
pub fn reading_help(l: Lang, page: &Page) -> Html {
    let items = keys(page);
    if items.is_empty() {
        return html! {};
    }
    html! {
        <section class="help-reading" data-testid="help-reading">
            <h3>{ t(l, "common.help.read_title") }</h3>
            <ul>{ for items.iter().map(|k| html! { <li>{ t(l, k) }</li> }) }</ul>
        </section>
    }
}
