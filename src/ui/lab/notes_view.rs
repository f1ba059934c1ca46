//! «通知发了几次» beside the report count: the notifier's count, and the
//! marks of a lost, duplicated or phantom notification, in the run view,
//! the matrix cells and legend, and the workbench's rows.

use yew::prelude::*;

use crate::i18n::{t, tf, Lang};
use crate::lab::NoteCounts;

/// The marks a run's notifications earn, in legend order, with their ids.
fn marks(n: NoteCounts) -> Vec<(&'static str, usize)> {
    [
        ("lost", n.lost),
        ("duplicated", n.duplicated),
        ("phantom", n.phantom),
    ]
    .into_iter()
    .filter(|(_, k)| *k > 0)
    .collect()
}

/// «通知 n 次», the count a student compares with the reports.
pub fn count_text(l: Lang, n: NoteCounts) -> String {
    tf(l, "lab.notes.count", &[("n", n.delivered.to_string())])
}

/// The short marks of a matrix cell or a suite row (explained by the legend).
pub fn short_marks(l: Lang, n: NoteCounts) -> Html {
    let mut markup = String::new();
    write_short_marks(&mut markup, l, n);
    if markup.is_empty() {
        return Html::default();
    }
    Html::from_html_unchecked(AttrValue::from(markup))
}

/// [`short_marks`] as markup, appended to `out` (a matrix cell is written
/// as text).
pub fn write_short_marks(out: &mut String, l: Lang, n: NoteCounts) {
    use crate::kernel::html::escape;
    for (id, _) in marks(n) {
        out.push_str(&format!(
            "<span class=\"note-mark {id}\" data-note-mark=\"{id}\" title=\"{}\">{}</span>",
            escape(&t(l, &format!("lab.notes.{id}"))),
            escape(&t(l, &format!("lab.notes.short.{id}")))
        ));
    }
}

/// The verdict's notification line: the count, then each fault in words.
pub fn verdict_notes(l: Lang, n: NoteCounts) -> Html {
    let faults: Vec<String> = marks(n)
        .into_iter()
        .map(|(id, k)| tf(l, &format!("lab.notes.{id}.n"), &[("n", k.to_string())]))
        .collect();
    let text = if faults.is_empty() {
        tf(l, "lab.notes.exact", &[("count", count_text(l, n))])
    } else {
        tf(
            l,
            "lab.notes.wrong",
            &[
                ("count", count_text(l, n)),
                ("faults", crate::i18n::join_list(l, &faults)),
            ],
        )
    };
    html! {
        <p class={classes!("notes-line", (!n.is_exact()).then_some("wrong"))}
            data-testid="final-notifications" data-notifications={n.delivered.to_string()}
            data-lost={n.lost.to_string()} data-duplicated={n.duplicated.to_string()}
            data-phantom={n.phantom.to_string()}>
            { short_marks(l, n) }{ " " }{ text }
        </p>
    }
}

/// The legend's entries for the notification marks.
pub fn legend_items(l: Lang) -> Html {
    html! {
        <>
            { for ["lost", "duplicated", "phantom"].into_iter().map(|id| html! {
                <li data-note-legend={id}>
                    <span class={classes!("note-mark", id)}>{ t(l, &format!("lab.notes.short.{id}")) }</span>
                    { " " }{ t(l, &format!("lab.notes.{id}")) }
                </li>
            }) }
        </>
    }
}
