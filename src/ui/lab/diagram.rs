//! The sequence diagram: four lanes (harness, network, server, database);
//! every arrow drawn up to the current step. Lost messages end in a drawn
//! cross with a text label and a dashed line, so loss is never shown by
//! colour alone.

use std::rc::Rc;

use yew::prelude::*;

use super::diagram_rows::Layout;
use super::narrate::secs;
use crate::i18n::{t, tf, Lang};
use crate::lab::{Arrow, ArrowLabel, Decision, Lane, Next, Run, Step, StepKind};
use crate::ui::icons::Icon;

/// The time column: seconds (`12.345 秒`) fit the narrow one; a run that
/// passes an hour (`25 小时 0.012 秒`) gets the wide one.
const TIME_W: f64 = 64.0;
const TIME_W_HOURS: f64 = 100.0;
const LANE_W: f64 = 130.0;
/// On a narrow screen (a 360 px phone) all four lanes must fit beside the
/// time column, so the diagram opens with the server and database in view;
/// only the notes to their right need a sideways scroll.
const LANE_W_NARROW: f64 = 60.0;
const HEAD_H: f64 = 30.0;
pub(super) const ROW_H: f64 = 22.0;
/// Room on the right for the server and database lanes' notes.
const NOTE_W: f64 = 230.0;

/// The diagram's columns: the time column's width and the screen's fix
/// the rest.
#[derive(Clone, Copy)]
pub(super) struct Cols {
    time_w: f64,
    lane_w: f64,
}

impl Cols {
    pub(super) fn for_run(run: &Run, narrow: bool) -> Cols {
        let hours = run.steps().iter().any(|s| s.time_ms >= 3_600_000);
        Cols {
            time_w: if hours { TIME_W_HOURS } else { TIME_W },
            lane_w: if narrow { LANE_W_NARROW } else { LANE_W },
        }
    }

    fn width(self) -> f64 {
        self.time_w + 4.0 * self.lane_w + NOTE_W
    }

    pub(super) fn lane_x(self, l: Lane) -> f64 {
        let i = Lane::ALL.iter().position(|x| *x == l).unwrap_or(0) as f64;
        self.time_w + (i + 0.5) * self.lane_w
    }
}

pub(super) fn label(l: Lang, a: &Arrow) -> String {
    match &a.label {
        ArrowLabel::Request { request } => format!("POST #{}", request + 1),
        ArrowLabel::Status { status } => status.to_string(),
        ArrowLabel::Refused => t(l, "lab.arrow.refused"),
        ArrowLabel::Sql { statements } => tf(l, "lab.arrow.sql", &[("n", statements.to_string())]),
        ArrowLabel::SqlResult { committed: true } => t(l, "lab.arrow.commit"),
        ArrowLabel::SqlResult { committed: false } => t(l, "lab.arrow.result"),
        ArrowLabel::Query => t(l, "lab.arrow.query"),
        ArrowLabel::QueryResult { found: Some(id) } => {
            tf(l, "lab.arrow.query_found", &[("id", id.to_string())])
        }
        ArrowLabel::QueryResult { found: None } => t(l, "lab.arrow.query_none"),
    }
}

/// A lane note: its lane, an icon before its text, the text, and its CSS
/// class (the key moments, stall, wait, fence, guard, stand out).
pub(super) struct Note {
    pub lane: Lane,
    pub icon: Option<Icon>,
    pub text: String,
    pub class: &'static str,
}

fn plain(lane: Lane, text: String, class: &'static str) -> Option<Note> {
    Some(Note {
        lane,
        icon: None,
        text,
        class,
    })
}

fn marked(lane: Lane, icon: Icon, text: String, class: &'static str) -> Option<Note> {
    Some(Note {
        lane,
        icon: Some(icon),
        text,
        class,
    })
}

/// A lane note for steps that are events rather than messages;
/// `changed_body` lists the requests that got the old body's response
/// replayed ([`Run::changed_body_replays`]).
pub(super) fn note(l: Lang, changed_body: &[usize], s: &Step) -> Option<Note> {
    let wait = |next: &Next| match next {
        Next::Backoff { wait_ms } => Some(tf(l, "lab.note.wait", &[("t", secs(l, *wait_ms))])),
        Next::RetryAfter { wait_ms } => Some(format!(
            "{} (Retry-After)",
            tf(l, "lab.note.wait", &[("t", secs(l, *wait_ms))])
        )),
        Next::Finish { .. } => None,
    };
    let h = Lane::Harness;
    match &s.kind {
        StepKind::ToolCall { .. } => plain(h, t(l, "lab.note.tool_call"), "note"),
        StepKind::Timeout { next, .. } => {
            let n = t(l, "lab.note.timeout");
            match wait(next) {
                Some(w) => marked(h, Icon::Wait, format!("{n} → {w}"), "note wait"),
                None => plain(h, format!("{n} → {}", t(l, "lab.note.result")), "note"),
            }
        }
        StepKind::Received { next, .. } => match wait(next) {
            Some(w) => marked(h, Icon::Wait, w, "note wait"),
            None => plain(h, t(l, "lab.note.result"), "note"),
        },
        StepKind::Late { .. } => plain(h, t(l, "lab.note.late"), "note"),
        StepKind::Restart => plain(Lane::Server, t(l, "lab.note.restart"), "note"),
        StepKind::HarnessDown => marked(h, Icon::Cross, t(l, "lab.note.harness_down"), "note key"),
        StepKind::HarnessBack => plain(h, t(l, "lab.note.harness_back"), "note key"),
        StepKind::Cleanup { .. } => plain(Lane::Database, t(l, "lab.note.cleanup"), "note key"),
        StepKind::Truncated => plain(h, t(l, "lab.note.truncated"), "note key"),
        StepKind::Server {
            request,
            decision,
            works_until_ms,
            ..
        } => {
            if changed_body.contains(request) {
                let text = t(l, "lab.note.replay_changed");
                return marked(Lane::Server, Icon::ChangedBody, text, "note key");
            }
            server_note(l, s, decision, *works_until_ms)
        }
        _ => None,
    }
}

fn server_note(l: Lang, s: &Step, d: &Decision, until: Option<u64>) -> Option<Note> {
    let v = Lane::Server;
    match d {
        Decision::Crashed => marked(v, Icon::Cross, t(l, "lab.note.crash"), "note key"),
        Decision::Fenced {
            replayed,
            held,
            current,
        } => {
            let key = if *replayed {
                "lab.note.fenced_replay"
            } else {
                "lab.note.fenced_409"
            };
            let text = tf(
                l,
                key,
                &[("held", held.to_string()), ("current", current.to_string())],
            );
            plain(v, text, "note key")
        }
        Decision::Guarded { .. } => plain(v, t(l, "lab.note.guarded"), "note key"),
        Decision::StaleCreated { .. } => plain(v, t(l, "lab.note.stale_created"), "note key"),
        _ => {
            let u = until.filter(|u| u - s.time_ms > crate::lab::WORK_MAX_MS)?;
            match Long::of(u - s.time_ms) {
                Long::Stall => {
                    let text = tf(l, "lab.note.stall", &[("t", secs(l, u))]);
                    marked(v, Icon::Pause, text, "note stall")
                }
                Long::Work => plain(
                    v,
                    tf(l, "lab.note.works", &[("t", secs(l, u))]),
                    "note work",
                ),
            }
        }
    }
}

/// A handler that is busy for longer than normal work: past the lease it
/// is a pause (a GC pause, say: the server will guess it is dead), within
/// it just slow work (a slow request, a taker doing the work again).
enum Long {
    Stall,
    Work,
}

impl Long {
    fn of(busy_ms: u64) -> Long {
        if busy_ms > crate::lab::LEASE_MS {
            Long::Stall
        } else {
            Long::Work
        }
    }

    fn bar(&self) -> &'static str {
        match self {
            Long::Stall => "stall-bar",
            Long::Work => "work-bar",
        }
    }
}

/// Open spans of time drawn as bars on a lane: a handler's stall (from
/// the step it starts working to the step it wakes) and a harness wait
/// (from a backoff or `Retry-After` decision to the next send).
#[derive(Default)]
struct Spans {
    stalls: Vec<(usize, f64, &'static str)>,
    wait: Option<f64>,
    done: Vec<(Lane, f64, f64, &'static str)>,
}

impl Spans {
    fn track(&mut self, s: &Step, mid: f64) {
        match &s.kind {
            StepKind::Server {
                request,
                works_until_ms: Some(u),
                ..
            } if u - s.time_ms > crate::lab::WORK_MAX_MS => {
                self.stalls
                    .push((*request, mid, Long::of(u - s.time_ms).bar()))
            }
            StepKind::Server { request, .. } => {
                if let Some(i) = self.stalls.iter().position(|(r, ..)| r == request) {
                    let (_, y0, class) = self.stalls.remove(i);
                    self.done.push((Lane::Server, y0, mid, class));
                }
            }
            StepKind::Timeout { next, .. } | StepKind::Received { next, .. }
                if !matches!(next, Next::Finish { .. }) =>
            {
                self.wait = Some(mid);
            }
            StepKind::Send { .. } => {
                if let Some(y0) = self.wait.take() {
                    self.done.push((Lane::Harness, y0, mid, "wait-bar"));
                }
            }
            _ => {}
        }
    }

    fn bars(&self, c: Cols) -> Html {
        self.done
            .iter()
            .map(|(lane, y0, y1, class)| {
                html! {
                    <rect class={*class} x={(c.lane_x(*lane) - 4.0).to_string()} y={y0.to_string()}
                        width="8" height={(y1 - y0).max(2.0).to_string()} />
                }
            })
            .collect()
    }
}

/// A run compared by identity: a new run is a new `Rc`, and comparing two
/// long runs field by field on every render would cost more than it saves.
#[derive(Clone)]
pub struct SameRun(pub Rc<Run>);

impl PartialEq for SameRun {
    fn eq(&self, o: &Self) -> bool {
        Rc::ptr_eq(&self.0, &o.0)
    }
}

#[derive(Properties, Clone, PartialEq)]
pub struct DiagramProps {
    pub lang: Lang,
    pub run: SameRun,
    /// Steps drawn, 1-based; 0 draws only the lanes.
    pub upto: usize,
    /// Narrow lanes (a phone), so all four fit on the screen.
    pub narrow: bool,
}

/// The diagram up to step `upto`. Rows come from the run's [`Layout`],
/// built once per run and language; a step forward adds one row.
#[function_component(Diagram)]
pub fn diagram(props: &DiagramProps) -> Html {
    let l = props.lang;
    let layout = use_memo((l, props.run.clone(), props.narrow), |(l, run, narrow)| {
        Layout::of(*l, &run.0, *narrow)
    });
    let steps = &props.run.0.steps()[..props.upto.min(props.run.0.steps().len())];
    let upto = steps.len();
    let c = layout.cols;
    let width = c.width();
    let mut spans = Spans::default();
    for (s, row) in steps.iter().zip(&layout.rows) {
        spans.track(s, row.top + ROW_H / 2.0);
    }
    let rows = layout.rows[..upto].iter().enumerate().map(|(i, row)| {
        let current = (i + 1 == props.upto).then(|| html! {
            <rect class="current" x="0" y={(row.top - 2.0).to_string()} width={width.to_string()} height={row.height.to_string()} />
        });
        html! {
            <g class="step" key={i} data-step={(i + 1).to_string()}>
                { current }
                { Html::from_html_unchecked(row.markup.clone()) }
            </g>
        }
    });
    let height = layout.bottom(upto) + 8.0;
    html! {
        <>
        <svg class={classes!("seq-head", props.narrow.then_some("narrow"))} viewBox={format!("0 0 {width} {HEAD_H}")} width={width.to_string()} height={HEAD_H.to_string()}
            aria-hidden="true" data-testid="lane-headers">
            <rect x="0" y="0" width={width.to_string()} height={HEAD_H.to_string()} class="head-bg" />
            { for Lane::ALL.iter().map(|lane| html! {
                <text x={c.lane_x(*lane).to_string()} y="20" text-anchor="middle">{ t(l, &format!("lab.lane.{}", lane.id())) }</text>
            }) }
        </svg>
        <svg class={classes!("seq", props.narrow.then_some("narrow"))} viewBox={format!("0 0 {width} {height}")} width={width.to_string()} height={height.to_string()}
            role="img" aria-label={t(l, "lab.diagram.label")} data-testid="sequence-diagram">
            <defs>
                <marker id="lab-arrowhead" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
                    <path d="M 0 0 L 10 5 L 0 10 z" />
                </marker>
            </defs>
            { for Lane::ALL.iter().map(|lane| {
                let x = c.lane_x(*lane);
                html! {
                    <g class="lane">
                        <line x1={x.to_string()} y1="0" x2={x.to_string()} y2={height.to_string()} />
                    </g>
                }
            }) }
            <g class="spans" data-testid="diagram-spans">{ spans.bars(c) }</g>
            // One keyed list of its own, not spread among the unkeyed
            // siblings (Yew matches those from the end): a step forward
            // then keeps every row drawn and adds one.
            { rows.collect::<Html>() }
        </svg>
        </>
    }
}
