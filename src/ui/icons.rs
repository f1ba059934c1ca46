//! The app's icons: every control and mark drawn as inline SVG, so none
//! depends on the platform's fonts (Debian's Chromium draws ⏮ ⏭ ⏸ ⏳ as
//! empty boxes, and a mark the student cannot see cannot be explained).
//!
//! Each icon is drawn once, as SVG shapes in a 16 × 16 box, in
//! `currentColor` (so CSS classes colour it; the strict CSP forbids inline
//! styles). [`icon`] puts one into HTML, sized by SVG attributes so it has a
//! width even before a stylesheet applies; [`Icon::markup`] puts one inside
//! another SVG (the lab's sequence diagram builds its rows as markup).
//! Icons are decoration: `aria-hidden`, always next to a text or an
//! `aria-label` that says the same.

use yew::prelude::*;

use crate::kernel::ids::id_enum;
use crate::lab::Ending;

id_enum! {
    /// Every icon the app draws.
    Icon {
        /// Jump to the first step.
        ToStart => "to-start",
        /// One step back.
        Back => "back",
        /// Play, or one step forward.
        Play => "play",
        /// Pause (also a handler's pause in the lab's diagram).
        Pause => "pause",
        /// Jump to the last step.
        ToEnd => "to-end",
        /// A wait (backoff, `Retry-After`): an hourglass.
        Wait => "wait",
        /// Lost, crashed, failed, a duplicate: a cross.
        Cross => "cross",
        /// Succeeded, one report and the model knows: a check mark.
        Check => "check",
        /// One report, but the model only knows the outcome is unknown.
        CheckUnknown => "check-unknown",
        /// No report, and the model knows nothing was created: an empty set.
        Empty => "empty",
        /// The outcome is unknown: a question mark.
        Unknown => "unknown",
        /// Right, but by luck: a clover.
        Luck => "luck",
        /// Differs from the column before: a delta.
        Changed => "changed",
        /// A changed body got the old response: a not-equal sign.
        ChangedBody => "changed-body",
        /// One tenant got another tenant's response: an arrow crossing a wall.
        Leak => "leak",
        /// Another tenant's key refused this tenant: a wall with a bar.
        TenantRefused => "tenant-refused",
        /// No report where one could have been filed: a dashed empty box.
        Missing => "missing",
        /// The notifications went wrong: a bell with a bar.
        BellWrong => "bell-wrong",
        /// A rule of the chapter broken: an exclamation mark in a triangle.
        RuleBroken => "rule-broken",
    }
}

/// Stroked shapes share these attributes.
const STROKE: &str =
    "fill=\"none\" stroke=\"currentColor\" stroke-width=\"2\" stroke-linecap=\"round\" stroke-linejoin=\"round\"";

impl Icon {
    /// The marks of a run's outcome, every one a matrix cell may draw: each
    /// arm of [`ending_icon`], the luck and change marks.
    pub const MARKS: &'static [Icon] = Icon::ALL.split_at(6).1;

    /// The shapes, in a 16 × 16 box.
    fn shapes(self) -> String {
        let filled = |d: &str| format!("<path d=\"{d}\" fill=\"currentColor\"></path>");
        let stroked = |d: &str| format!("<path d=\"{d}\" {STROKE}></path>");
        let dot = |cx: f64, cy: f64| {
            format!("<circle cx=\"{cx}\" cy=\"{cy}\" r=\"1.2\" fill=\"currentColor\"></circle>")
        };
        match self {
            Icon::ToStart => stroked("M3 2.5v11") + &filled("M13.5 2.5v11L5 8z"),
            Icon::Back => filled("M12.5 2.5v11L3.5 8z"),
            Icon::Play => filled("M3.5 2.5v11l9-5.5z"),
            Icon::Pause => filled("M3.5 2.5h3v11h-3zM9.5 2.5h3v11h-3z"),
            Icon::ToEnd => filled("M2.5 2.5v11L11 8z") + &stroked("M13 2.5v11"),
            Icon::Wait => {
                stroked("M3.5 1.5h9M3.5 14.5h9M4.5 1.5c0 4 7 4.5 7 6.5s-7 2.5-7 6.5M11.5 1.5c0 4-7 4.5-7 6.5s7 2.5 7 6.5")
            }
            Icon::Cross => stroked("M4 4l8 8M12 4l-8 8"),
            Icon::Check => stroked("M2.5 8.5l3.5 3.5L13.5 4"),
            Icon::CheckUnknown => {
                stroked("M1.5 9l2.5 2.5L9 5.5M10.5 5.5a2.2 2.2 0 1 1 3.2 2c-.8.4-1.1.9-1.1 1.8")
                    + &dot(12.6, 13.0)
            }
            Icon::Empty => {
                format!("<circle cx=\"8\" cy=\"8\" r=\"5\" {STROKE}></circle>")
                    + &stroked("M3 13L13 3")
            }
            Icon::Unknown => {
                stroked("M5.2 5.4a2.8 2.8 0 1 1 4 2.5c-.9.4-1.2 1-1.2 2v.6") + &dot(8.0, 13.4)
            }
            Icon::Luck => {
                let leaf = |cx: f64, cy: f64| {
                    format!("<circle cx=\"{cx}\" cy=\"{cy}\" r=\"2.7\" fill=\"currentColor\"></circle>")
                };
                leaf(8.0, 4.6) + &leaf(4.6, 8.2) + &leaf(11.4, 8.2) + &stroked("M8 8.5v6")
            }
            Icon::Changed => stroked("M8 2.5l6 11H2z"),
            Icon::ChangedBody => stroked("M2.5 6h11M2.5 10.5h11M11 2.5L5 14"),
            Icon::Leak => stroked("M8 1.5v13M1.5 8h12M10.5 5l3 3-3 3"),
            Icon::TenantRefused => stroked("M8 1.5v13M2 8h4M11 5.5v5M13.5 5.5v5"),
            Icon::Missing => stroked("M3 3h2M7 3h2M11 3h2v2M13 7v2M13 11v2h-2M9 13H7M5 13H3v-2M3 9V7M3 5V3"),
            Icon::BellWrong => {
                stroked("M4 11.5V7a4 4 0 0 1 8 0v4.5H4M6.5 13.5h3M2 14L14 2")
            }
            Icon::RuleBroken => stroked("M8 1.5l6.5 12h-13zM8 6v4") + &dot(8.0, 11.8),
        }
    }

    /// The icon as a nested `<svg>` inside another SVG, its box `size`
    /// pixels wide with its top left corner at (`x`, `y`).
    pub fn markup(self, x: f64, y: f64, size: f64) -> String {
        format!(
            "<svg class=\"icon icon-{}\" x=\"{x}\" y=\"{y}\" width=\"{size}\" height=\"{size}\" \
             viewBox=\"0 0 16 16\" aria-hidden=\"true\">{}</svg>",
            self.id(),
            self.shapes()
        )
    }

    /// The icon as an element of its own, one em square.
    fn element(self) -> String {
        format!(
            "<svg class=\"icon icon-{}\" width=\"1em\" height=\"1em\" viewBox=\"0 0 16 16\" \
             aria-hidden=\"true\" focusable=\"false\">{}</svg>",
            self.id(),
            self.shapes()
        )
    }
}

/// The icon as HTML, one em square, in the text's colour.
pub fn icon(i: Icon) -> Html {
    Html::from_html_unchecked(AttrValue::from(i.element()))
}

/// The mark of a run's ending (the matrix cells, the legend, the verdict).
pub fn ending_icon(e: Ending) -> Icon {
    match e {
        Ending::Duplicate | Ending::Misinformed => Icon::Cross,
        Ending::ChangedBody => Icon::ChangedBody,
        Ending::OneKnown => Icon::Check,
        Ending::OneUnknown => Icon::CheckUnknown,
        Ending::NoneKnown => Icon::Empty,
        Ending::NoneUnknown => Icon::Unknown,
        Ending::Leak => Icon::Leak,
        Ending::TenantRefused => Icon::TenantRefused,
        Ending::NothingFiled => Icon::Missing,
        Ending::Notification => Icon::BellWrong,
        Ending::RuleBroken => Icon::RuleBroken,
    }
}

/// The id of an icon's `<symbol>` in [`icon_sprite`].
fn symbol_id(i: Icon) -> String {
    format!("icon-sym-{}", i.id())
}

/// `icons` as `<symbol>`s, drawn once (hidden) where many [`icon_use`]
/// copies follow: a big table's cells then each build two elements instead
/// of parsing their own SVG markup.
pub fn icon_sprite(icons: &[Icon]) -> Html {
    let symbols: String = icons
        .iter()
        .map(|i| {
            format!(
                "<symbol id=\"{}\" viewBox=\"0 0 16 16\">{}</symbol>",
                symbol_id(*i),
                i.shapes()
            )
        })
        .collect();
    Html::from_html_unchecked(AttrValue::from(format!(
        "<svg class=\"icon-sprite\" aria-hidden=\"true\" focusable=\"false\">{symbols}</svg>"
    )))
}

/// An icon drawn from [`icon_sprite`]'s symbol (which must be on the page),
/// with the same classes and size as [`icon`], as markup: a big table's
/// cells are written as text and parsed by the browser in one call each.
pub fn icon_use_markup(i: Icon) -> String {
    format!(
        "<svg class=\"icon icon-{}\" width=\"1em\" height=\"1em\" viewBox=\"0 0 16 16\" \
         aria-hidden=\"true\" focusable=\"false\"><use href=\"#{}\"></use></svg>",
        i.id(),
        symbol_id(i)
    )
}
