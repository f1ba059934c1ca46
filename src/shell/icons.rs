//! The app's icons as markup: every control and mark is drawn as SVG, so
//! none depends on the platform's fonts (Debian's Chromium draws ⏮ ⏭ ⏸ ⏳
//! as empty boxes, and a mark the student cannot see cannot be explained).
//!
//! The shapes live in one file, `static/icons.svg`, one group per icon in a
//! 16 × 16 box in `currentColor`. Inline ([`Icon::markup`],
//! [`Icon::element_markup`]) an icon takes the text's colour (CSS classes
//! colour it; the strict CSP forbids inline styles). A big table's marks
//! ([`Icon::mark_markup`]) are bitmaps the build draws from that file
//! (`scripts/icon-images.mjs`): Chromium paints an SVG, inline or as an
//! image, on the main thread wherever it is drawn, and at 4× CPU throttling
//! the matrix's frames spent tasks over 50 ms painting its cells' marks.
//! Icons are decoration: `aria-hidden`, always next to a text or an
//! `aria-label` that says the same.

use crate::kernel::ids::id_enum;

/// The shapes of every icon, one `<g id="…">` each.
const FILE: &str = include_str!("../../static/icons.svg");

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

impl Icon {
    /// The marks of a run's outcome, every one a matrix cell may draw: each
    /// ending's mark, the luck and change marks.
    pub const MARKS: &'static [Icon] = Icon::ALL.split_at(6).1;

    /// The shapes, in a 16 × 16 box: the icon's group in [`FILE`] (empty if
    /// it has none; a test checks every icon has one).
    pub fn shapes(self) -> &'static str {
        let open = format!("<g id=\"{}\">", self.id());
        let Some(start) = FILE.find(&open).map(|i| i + open.len()) else {
            return "";
        };
        let len = FILE[start..].find("</g>").unwrap_or(0);
        &FILE[start..start + len]
    }

    /// The icon as a nested `<svg>` inside another SVG, its box `size`
    /// pixels wide with its top left corner at (`x`, `y`).
    pub fn markup(self, x: f64, y: f64, size: f64) -> String {
        self.svg(
            &format!("x=\"{x}\" y=\"{y}\" width=\"{size}\" height=\"{size}\""),
            "",
        )
    }

    /// The icon as an HTML element of its own, one em square, in the
    /// text's colour.
    pub fn element_markup(self) -> String {
        self.svg("width=\"1em\" height=\"1em\"", " focusable=\"false\"")
    }

    /// The icon's shapes in an `<svg>` of its classes, placed and sized by
    /// `box_attrs`, with `extra` attributes after `aria-hidden`.
    fn svg(self, box_attrs: &str, extra: &str) -> String {
        format!(
            "<svg class=\"icon icon-{}\" {box_attrs} viewBox=\"0 0 16 16\" \
             aria-hidden=\"true\"{extra}>{}</svg>",
            self.id(),
            self.shapes()
        )
    }

    /// A mark drawn as its bitmap (`static/lab.css` names one per mark:
    /// `.mark-<id>`), one em square, as a span of `class`.
    pub fn mark_markup(self, class: &str) -> String {
        format!(
            "<span class=\"{class} mark mark-{}\" aria-hidden=\"true\"></span>",
            self.id()
        )
    }
}

#[cfg(test)]
mod tests {
    use super::{Icon, FILE};

    /// Every group of the file, by id.
    fn groups() -> Vec<&'static str> {
        FILE.split("<g id=\"")
            .skip(1)
            .map(|rest| &rest[..rest.find('"').unwrap()])
            .collect()
    }

    #[test]
    fn the_file_draws_every_icon_once_and_nothing_else() {
        let mut ids: Vec<&str> = Icon::ALL.iter().map(|i| i.id()).collect();
        let mut found = groups();
        ids.sort_unstable();
        found.sort_unstable();
        assert_eq!(found, ids);
        for i in Icon::ALL {
            let s = i.shapes();
            assert!(
                s.contains("<path") || s.contains("<circle"),
                "{}: {s}",
                i.id()
            );
            assert!(!s.contains("<g"), "{}: a group inside a group", i.id());
            assert!(
                s.contains("currentColor"),
                "{}: not in the text's colour",
                i.id()
            );
        }
    }

    #[test]
    fn inline_icons_are_svg_elements_of_their_shapes() {
        let check = Icon::Check.shapes();
        assert_eq!(
            Icon::Check.element_markup(),
            format!(
                "<svg class=\"icon icon-check\" width=\"1em\" height=\"1em\" \
                 viewBox=\"0 0 16 16\" aria-hidden=\"true\" focusable=\"false\">{check}</svg>"
            )
        );
        assert_eq!(
            Icon::Check.markup(1.5, 2.0, 12.0),
            format!(
                "<svg class=\"icon icon-check\" x=\"1.5\" y=\"2\" width=\"12\" height=\"12\" \
                 viewBox=\"0 0 16 16\" aria-hidden=\"true\">{check}</svg>"
            )
        );
    }

    /// A mark drawn as an image needs its rule in the stylesheet the
    /// matrix loads, or the cell shows nothing.
    #[test]
    fn the_lab_stylesheet_draws_every_mark_from_the_file() {
        let css = include_str!("../../static/lab.css");
        for i in Icon::MARKS {
            let rule = format!(
                ".mark-{} {{ background-image: url(\"mark-{}.png\"); }}",
                i.id(),
                i.id()
            );
            assert!(css.contains(&rule), "static/lab.css lacks {rule}");
        }
    }
}
