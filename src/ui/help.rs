//! The part of the «?» help that says how to read the current view's charts
//! (the shortcut table is the shell's): every view with a chart or a table
//! has an entry; the home page adds none. An entry about a mark shows the
//! mark itself, drawn as the view draws it, beside its words: the texts
//! never rely on a glyph the platform's fonts may not have.

use yew::prelude::*;

use crate::i18n::{t, Lang};
use crate::pages::route::Page;
use crate::ui::icons::{icon, Icon};

/// What an entry shows beside its text.
#[derive(Clone, Copy)]
enum Extra {
    None,
    /// These icons, before the text.
    Icons(&'static [Icon]),
    /// After the text, the matrix legend's endings.
    Endings,
    /// After the text, the matrix's luck and change marks.
    Marks,
}

type Entry = (&'static str, Extra);

fn entries(page: &Page) -> &'static [Entry] {
    use Extra::*;
    match page {
        Page::Herd => &[
            ("common.help.herd.table", None),
            ("common.help.herd.hist", None),
            ("common.help.herd.timeline", None),
            ("common.help.herd.sweep", None),
        ],
        Page::Lab => &[
            ("help.lab.lanes", None),
            ("help.lab.lost", Icons(&[Icon::Cross])),
            ("help.lab.bars", Icons(&[Icon::Pause, Icon::Wait])),
            ("help.lab.fence", None),
            ("help.lab.cards", None),
            ("help.lab.tables", None),
        ],
        Page::LabMatrix => &[
            ("help.matrix.cells", None),
            ("help.matrix.symbols", Endings),
            ("help.matrix.marks", Marks),
            ("help.matrix.by_server", Icons(&[Icon::Check, Icon::Empty])),
        ],
        Page::LabBuild => &[
            ("help.build.rows", Icons(&[Icon::Check, Icon::Cross])),
            ("help.build.fix", None),
            ("help.build.sql", None),
        ],
        Page::Amplify => &[
            ("amplify.help.fanout", None),
            ("amplify.help.load", None),
            ("amplify.help.sweep", None),
            ("amplify.help.model", None),
        ],
        Page::Exercises => &[
            ("common.help.ex.groups", None),
            ("common.help.ex.predict", None),
            ("common.help.ex.results", Icons(&[Icon::Check, Icon::Cross])),
            ("common.help.ex.demo", None),
        ],
        _ => &[],
    }
}

fn item(l: Lang, (key, extra): Entry) -> Html {
    let text = t(l, key);
    match extra {
        Extra::None => html! { <li>{ text }</li> },
        Extra::Icons(icons) => html! {
            <li><span class="help-icons">{ for icons.iter().map(|i| icon(*i)) }</span>{ " " }{ text }</li>
        },
        Extra::Endings => html! {
            <li>{ text }<ul class="verdict-legend">{ crate::ui::lab::ending_items(l) }</ul></li>
        },
        Extra::Marks => html! {
            <li>{ text }<ul class="verdict-legend">{ crate::ui::lab::mark_items(l) }</ul></li>
        },
    }
}

/// «How to read this page» for `page`, or nothing.
pub fn reading_help(l: Lang, page: &Page) -> Html {
    let items = entries(page);
    if items.is_empty() {
        return html! {};
    }
    html! {
        <section class="help-reading" data-testid="help-reading">
            <h3>{ t(l, "common.help.read_title") }</h3>
            <ul>{ for items.iter().map(|e| item(l, *e)) }</ul>
        </section>
    }
}
