//! The right/wrong marks of the exercise cards: drawn icons (never a font
//! glyph) with their word for screen readers, and the `data-mark` the
//! browser tests read. Shared by the results, the inputs and the build
//! challenges, so it depends on none of them.

use yew::prelude::*;

use crate::i18n::{t, tf, Lang};
use crate::kernel::num;
use crate::ui::icons::{icon, Icon};

/// The drawn icon of a right or wrong mark (never a font glyph).
pub fn mark_icon(ok: bool) -> Html {
    icon(if ok { Icon::Check } else { Icon::Cross })
}

/// A right or wrong mark with its word for screen readers.
pub fn mark(l: Lang, ok: bool) -> Html {
    html! { <>
        { mark_icon(ok) }
        <span class="sr-only">{ t(l, if ok { "ex.mark_ok" } else { "ex.mark_bad" }) }</span>
    </> }
}

/// The `data-mark` value and the class of a mark (what the browser tests
/// and the style read).
pub fn mark_attr(ok: bool) -> &'static str {
    if ok {
        "ok"
    } else {
        "bad"
    }
}

/// The mark of one part of a case: right or wrong.
pub fn case_mark(l: Lang, ok: bool, testid: String) -> Html {
    let label = t(l, if ok { "ex.case_ok" } else { "ex.case_bad" });
    html! {
        <span class={classes!("ex-mark", mark_attr(ok))} data-testid={testid}
            data-ok={ok.to_string()} data-mark={mark_attr(ok)} title={label.clone()}>
            { mark_icon(ok) }
            <span class="sr-only">{ label }</span>
        </span>
    }
}

/// A per-field mark next to a numeric input after grading.
pub fn field_mark(l: Lang, ok: bool, answer: Option<f64>) -> Html {
    let text = match (ok, answer) {
        (true, _) => html! { { t(l, "ex.field_ok") } },
        (false, Some(a)) => html! { { tf(l, "ex.field_bad", &[("answer", num::answer(a))]) } },
        (false, None) => html! { <span class="sr-only">{ t(l, "ex.mark_bad") }</span> },
    };
    html! {
        <span class={classes!("ex-mark", mark_attr(ok))} data-mark={mark_attr(ok)}>
            { mark_icon(ok) }{ " " }{ text }
        </span>
    }
}
