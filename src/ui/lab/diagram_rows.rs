//! The diagram's rows as SVG markup, built once per run and language.
//!
//! Building every row as Yew elements made «到结尾» (or a link with
//! `step=end`) create thousands of SVG nodes one attribute call at a time,
//! a main-thread task far over 50 ms on a long run. A row's drawing never
//! changes while the run and the language stay the same, so each row is
//! built here once as markup; the diagram inserts a row with one parse and
//! skips unchanged rows by comparing their text.

use std::fmt::Write;

use yew::AttrValue;

use super::diagram_layout::{label, note, Cols, ROW_H};
use crate::html::escape;
use crate::i18n::{t, Lang};
use crate::lab::narrate::secs;
use crate::lab::{Arrow, ArrowLabel, Run, Step};
use crate::ui::icons::Icon;

/// Side of an icon drawn in the diagram, in pixels.
const ICON: f64 = 12.0;

/// One arrow at height `y`; a lost message stops halfway at a drawn cross.
fn arrow(out: &mut String, l: Lang, c: Cols, a: &Arrow, y: f64) {
    let (x1, x2) = (c.lane_x(a.from), c.lane_x(a.to));
    let text = escape(&label(l, a));
    if a.lost {
        let end = (x1 + x2) / 2.0;
        let mid = (x1 + end) / 2.0;
        let lost = escape(&t(l, "lab.arrow.lost"));
        let cross = Icon::Cross.markup(end - ICON / 2.0, y - ICON / 2.0, ICON);
        let _ = write!(
            out,
            "<g class=\"arrow lost\"><line x1=\"{x1}\" y1=\"{y}\" x2=\"{end}\" y2=\"{y}\" stroke-dasharray=\"5 4\"></line>\
             {cross}<text x=\"{mid}\" y=\"{}\" text-anchor=\"middle\">{text} {lost}</text></g>",
            y - 4.0,
        );
        return;
    }
    let mid = (x1 + x2) / 2.0;
    let class = match a.label {
        ArrowLabel::Sql { .. } | ArrowLabel::SqlResult { .. } => "arrow sql",
        _ => "arrow",
    };
    let _ = write!(
        out,
        "<g class=\"{class}\"><line x1=\"{x1}\" y1=\"{y}\" x2=\"{x2}\" y2=\"{y}\" marker-end=\"url(#lab-arrowhead)\"></line>\
         <text x=\"{mid}\" y=\"{}\" text-anchor=\"middle\">{text}</text></g>",
        y - 4.0,
    );
}

/// A step's drawing from its top `y`: its time, its arrows, its note.
fn step_markup(l: Lang, changed: &[usize], c: Cols, s: &Step, y: f64) -> String {
    let mut out = String::new();
    let _ = write!(
        out,
        "<text class=\"time\" x=\"4\" y=\"{}\">{}</text>",
        y + ROW_H - 7.0,
        escape(&secs(l, s.time_ms))
    );
    let mut row_y = y + ROW_H - 6.0;
    for a in &s.arrows {
        arrow(&mut out, l, c, a, row_y);
        row_y += ROW_H;
    }
    if let Some(n) = note(l, changed, s) {
        let mut x = c.lane_x(n.lane) + 6.0;
        let class = n.class;
        if let Some(icon) = n.icon {
            let markup = icon.markup(x, row_y - 2.0 - ICON + 1.0, ICON);
            let _ = write!(out, "<g class=\"{class}\">{markup}</g>");
            x += ICON + 3.0;
        }
        let _ = write!(
            out,
            "<text class=\"{class}\" x=\"{x}\" y=\"{}\">{}</text>",
            row_y - 2.0,
            escape(&n.text)
        );
    }
    out
}

/// Where every step of a run sits, and its drawing.
pub struct Layout {
    pub cols: Cols,
    /// Per step: its top, its height and its markup.
    pub rows: Vec<Row>,
}

pub struct Row {
    pub top: f64,
    pub height: f64,
    pub markup: AttrValue,
}

/// The diagram's first row starts below a small margin.
pub const TOP: f64 = 8.0;

impl Layout {
    pub fn of(l: Lang, run: &Run, narrow: bool) -> Layout {
        let cols = Cols::for_run(run, narrow);
        let changed = run.changed_body_replays();
        let mut y = TOP;
        let rows = run
            .steps()
            .iter()
            .map(|s| {
                let n = (s.arrows.len() + usize::from(note(l, &changed, s).is_some())).max(1);
                let height = n as f64 * ROW_H;
                let row = Row {
                    top: y,
                    height,
                    markup: AttrValue::from(step_markup(l, &changed, cols, s, y)),
                };
                y += height;
                row
            })
            .collect();
        Layout { cols, rows }
    }

    /// The bottom of the first `upto` steps.
    pub fn bottom(&self, upto: usize) -> f64 {
        upto.checked_sub(1)
            .and_then(|i| self.rows.get(i))
            .map_or(TOP, |r| r.top + r.height)
    }
}
