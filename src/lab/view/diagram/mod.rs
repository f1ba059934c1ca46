//! The sequence diagram's layout, for the run view: the lanes' columns, one
//! row per step (its top, its height, the height of each arrow and note,
//! where a lost message stops), the text of every arrow and note, and the
//! bars of the spans of time a handler is busy or the harness waits. The
//! page only writes these as SVG.

mod notes;
mod spans;

pub use notes::{label, note, Long, Mark, Note};
pub use spans::Bar;

use crate::kernel::text::{Arg, Join, Sentence};
use crate::lab::{Arrow, ArrowLabel, Lane, Run, Step};

/// The time column: seconds (`12.345 秒`) fit the narrow one; a run that
/// passes an hour (`25 小时 0.012 秒`) gets the wide one.
const TIME_W: f64 = 64.0;
const TIME_W_HOURS: f64 = 100.0;
const LANE_W: f64 = 130.0;
/// On a narrow screen (a 360 px phone) all five lanes must fit beside the
/// time column, so the diagram opens with the server, database and notifier
/// in view; only the notes to their right need a sideways scroll.
const LANE_W_NARROW: f64 = 48.0;
/// The lane headers' height.
pub const HEAD_H: f64 = 30.0;
/// One arrow or note.
pub const ROW_H: f64 = 22.0;
/// Room on the right for the server and database lanes' notes.
const NOTE_W: f64 = 230.0;
/// Side of a mark (a lost message's cross, a note's icon), in pixels.
pub const MARK: f64 = 12.0;
/// The diagram's first row starts below a small margin.
pub const TOP: f64 = 8.0;

/// The diagram's columns: the time column's width and the screen's fix
/// the rest.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Cols {
    time_w: f64,
    lane_w: f64,
}

impl Cols {
    pub fn for_run(run: &Run, narrow: bool) -> Cols {
        let hours = run.steps().iter().any(|s| s.time_ms >= 3_600_000);
        Cols {
            time_w: if hours { TIME_W_HOURS } else { TIME_W },
            lane_w: if narrow { LANE_W_NARROW } else { LANE_W },
        }
    }

    pub fn width(self) -> f64 {
        self.time_w + Lane::ALL.len() as f64 * self.lane_w + NOTE_W
    }

    /// The centre of lane `l`.
    pub fn lane_x(self, l: Lane) -> f64 {
        let i = Lane::ALL.iter().position(|x| *x == l).unwrap_or(0) as f64;
        self.time_w + (i + 0.5) * self.lane_w
    }
}

/// One arrow of a row: from `x1` towards `x2` at height `y`.
#[derive(Clone, Debug, PartialEq)]
pub struct Line {
    pub x1: f64,
    pub x2: f64,
    pub y: f64,
    /// Its label, with «丢失» after a lost message's.
    pub text: Sentence,
    /// Lost on this hop: drawn dashed, stopping halfway at a cross.
    pub lost: bool,
    /// A statement to the database or its result.
    pub sql: bool,
}

impl Line {
    /// Where the drawn line stops: halfway for a lost message.
    pub fn end(&self) -> f64 {
        if self.lost {
            (self.x1 + self.x2) / 2.0
        } else {
            self.x2
        }
    }

    /// The label's centre, above the drawn line.
    pub fn label_at(&self) -> (f64, f64) {
        ((self.x1 + self.end()) / 2.0, self.y - 4.0)
    }

    /// The top left corner of a lost message's cross.
    pub fn cross_at(&self) -> (f64, f64) {
        (self.end() - MARK / 2.0, self.y - MARK / 2.0)
    }
}

/// A lane note placed in its row.
#[derive(Clone, Debug, PartialEq)]
pub struct PlacedNote {
    pub note: Note,
    /// The top left corner of its mark, if it has one.
    pub mark_at: Option<(f64, f64)>,
    /// The text's start and baseline.
    pub x: f64,
    pub y: f64,
}

/// One step's row: its top and height, its time's baseline, one line per
/// arrow, then its note.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    pub top: f64,
    pub height: f64,
    pub time_y: f64,
    pub lines: Vec<Line>,
    pub note: Option<PlacedNote>,
}

/// Where every step of a run sits.
#[derive(Clone, Debug, PartialEq)]
pub struct Layout {
    pub cols: Cols,
    /// One per step, top to bottom.
    pub rows: Vec<Row>,
}

impl Layout {
    pub fn of(run: &Run, narrow: bool) -> Layout {
        let cols = Cols::for_run(run, narrow);
        let changed = run.changed_body_replays();
        let tags = layer_tags(run);
        let mut y = TOP;
        let rows = run
            .steps()
            .iter()
            .map(|s| {
                let mut row = place(cols, note(&changed, s), s, y);
                tag_requests(&mut row, s, &tags);
                y += row.height;
                row
            })
            .collect();
        Layout { cols, rows }
    }

    /// The bars of the spans that have ended by the end of `steps`, the
    /// run's first steps.
    pub fn bars(&self, steps: &[Step]) -> Vec<Bar> {
        let mut spans = spans::Spans::default();
        for (s, row) in steps.iter().zip(&self.rows) {
            spans.track(s, row.top + ROW_H / 2.0);
        }
        spans.done
    }

    /// The bottom of the first `upto` steps.
    pub fn bottom(&self, upto: usize) -> f64 {
        upto.checked_sub(1)
            .and_then(|i| self.rows.get(i))
            .map_or(TOP, |r| r.top + r.height)
    }
}

/// Each request's layer, as its arrow's tail, where the SDK retries inside
/// the harness's attempts (indexed by request; empty otherwise, so a run
/// of one retrying layer is drawn as it was).
fn layer_tags(run: &Run) -> Vec<Sentence> {
    if !run.harness.sdk {
        return Vec::new();
    }
    let mut tags = vec![Sentence::sentences([]); run.requests().len()];
    for l in crate::lab::view::layers::layers(run) {
        let s = match l.sdk_retry {
            0 => Sentence::new("lab.arrow.layer_first"),
            k => Sentence::new("lab.arrow.layer_sdk").arg("k", Arg::raw(k)),
        };
        if let Some(t) = tags.get_mut(l.request) {
            *t = s.arg("attempt", Arg::raw(l.attempt));
        }
    }
    tags
}

/// Adds its layer to the label of each request's arrow in `row`.
fn tag_requests(row: &mut Row, s: &Step, tags: &[Sentence]) {
    for (line, a) in row.lines.iter_mut().zip(&s.arrows) {
        let ArrowLabel::Request { request } = a.label else {
            continue;
        };
        if let Some(tag) = tags.get(request) {
            let parts = vec![line.text.clone().into(), tag.clone().into()];
            line.text = Sentence::joined(Join::Raw(" "), parts);
        }
    }
}

/// A step's row from its top `y`: a line per arrow, then its note.
fn place(c: Cols, note: Option<Note>, s: &Step, y: f64) -> Row {
    let n = (s.arrows.len() + usize::from(note.is_some())).max(1);
    let mut row_y = y + ROW_H - 6.0;
    let mut lines = Vec::with_capacity(s.arrows.len());
    for a in &s.arrows {
        lines.push(line(c, a, row_y));
        row_y += ROW_H;
    }
    let note = note.map(|n| {
        let x = c.lane_x(n.lane) + 6.0;
        let mark_at = n.mark.map(|_| (x, row_y - 2.0 - MARK + 1.0));
        PlacedNote {
            x: if mark_at.is_some() { x + MARK + 3.0 } else { x },
            y: row_y - 2.0,
            mark_at,
            note: n,
        }
    });
    Row {
        top: y,
        height: n as f64 * ROW_H,
        time_y: y + ROW_H - 7.0,
        lines,
        note,
    }
}

fn line(c: Cols, a: &Arrow, y: f64) -> Line {
    let text = label(a);
    Line {
        x1: c.lane_x(a.from),
        x2: c.lane_x(a.to),
        y,
        text: if a.lost {
            let parts = vec![text.into(), Arg::Key("lab.arrow.lost".into())];
            Sentence::joined(Join::Raw(" "), parts)
        } else {
            text
        },
        lost: a.lost,
        sql: matches!(
            a.label,
            ArrowLabel::Sql { .. } | ArrowLabel::SqlResult { .. }
        ),
    }
}

#[cfg(all(test, feature = "sqlite"))]
mod tests;
