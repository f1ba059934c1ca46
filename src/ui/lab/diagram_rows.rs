//! The diagram's rows as SVG markup, built once per run and language.
//!
//! Building every row as Yew elements made «到结尾» (or a link with
//! `step=end`) create thousands of SVG nodes one attribute call at a time,
//! a main-thread task far over 50 ms on a long run. A row's drawing never
//! changes while the run and the language stay the same, so each row is
//! built here once as markup; the diagram inserts a row with one parse and
//! skips unchanged rows by comparing their text. Where everything sits is
//! the core's [`layout`](crate::lab::view::diagram::Layout).

use std::fmt::Write;

use yew::AttrValue;

use crate::i18n::{render, Lang};
use crate::kernel::html::escape;
use crate::kernel::num::clock;
use crate::lab::view::diagram::{self, Line, Mark, PlacedNote, MARK};
use crate::lab::{Run, Step};
use crate::ui::icons::Icon;

/// One arrow; a lost message stops halfway at a drawn cross.
fn arrow(out: &mut String, l: Lang, a: &Line) {
    let Line { x1, x2, y, .. } = *a;
    let text = escape(&render(l, &a.text));
    let (mid, label_y) = a.label_at();
    if a.lost {
        let end = a.end();
        let (cx, cy) = a.cross_at();
        let cross = Icon::Cross.markup(cx, cy, MARK);
        let _ = write!(
            out,
            "<g class=\"arrow lost\"><line x1=\"{x1}\" y1=\"{y}\" x2=\"{end}\" y2=\"{y}\" stroke-dasharray=\"5 4\"></line>\
             {cross}<text x=\"{mid}\" y=\"{label_y}\" text-anchor=\"middle\">{text}</text></g>",
        );
        return;
    }
    let class = if a.sql { "arrow sql" } else { "arrow" };
    let _ = write!(
        out,
        "<g class=\"{class}\"><line x1=\"{x1}\" y1=\"{y}\" x2=\"{x2}\" y2=\"{y}\" marker-end=\"url(#lab-arrowhead)\"></line>\
         <text x=\"{mid}\" y=\"{label_y}\" text-anchor=\"middle\">{text}</text></g>",
    );
}

/// The icon the page draws for a note's mark.
fn icon(m: Mark) -> Icon {
    match m {
        Mark::Wait => Icon::Wait,
        Mark::Cross => Icon::Cross,
        Mark::ChangedBody => Icon::ChangedBody,
        Mark::Pause => Icon::Pause,
    }
}

fn note(out: &mut String, l: Lang, n: &PlacedNote) {
    let class = n.note.class;
    if let (Some(m), Some((x, y))) = (n.note.mark, n.mark_at) {
        let markup = icon(m).markup(x, y, MARK);
        let _ = write!(out, "<g class=\"{class}\">{markup}</g>");
    }
    let _ = write!(
        out,
        "<text class=\"{class}\" x=\"{}\" y=\"{}\">{}</text>",
        n.x,
        n.y,
        escape(&render(l, &n.note.text))
    );
}

/// A step's drawing: its time, its arrows, its note.
fn step_markup(l: Lang, s: &Step, row: &diagram::Row) -> String {
    let mut out = String::new();
    let _ = write!(
        out,
        "<text class=\"time\" x=\"4\" y=\"{}\">{}</text>",
        row.time_y,
        escape(&clock(l, s.time_ms))
    );
    for a in &row.lines {
        arrow(&mut out, l, a);
    }
    if let Some(n) = &row.note {
        note(&mut out, l, n);
    }
    out
}

/// Where every step of a run sits, and its drawing.
pub struct Layout {
    pub plan: diagram::Layout,
    /// Per step: its markup.
    pub markup: Vec<AttrValue>,
}

impl Layout {
    pub fn of(l: Lang, run: &Run, narrow: bool) -> Layout {
        let plan = diagram::Layout::of(run, narrow);
        let markup = run
            .steps()
            .iter()
            .zip(&plan.rows)
            .map(|(s, row)| AttrValue::from(step_markup(l, s, row)))
            .collect();
        Layout { plan, markup }
    }
}
