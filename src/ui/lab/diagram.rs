//! The sequence diagram: four lanes (harness, network, server, database);
//! every arrow drawn up to the current step. Lost messages end in ✕ with a
//! text label and a dashed line, so loss is never shown by colour alone.

use yew::prelude::*;

use super::narrate::secs;
use crate::i18n::{t, tf, Lang};
use crate::lab::{Arrow, ArrowLabel, Decision, Lane, Next, Run, Step, StepKind};

/// The time column: seconds (`12.345 秒`) fit the narrow one; a run that
/// passes an hour (`25 小时 0.012 秒`) gets the wide one.
const TIME_W: f64 = 64.0;
const TIME_W_HOURS: f64 = 100.0;
const LANE_W: f64 = 130.0;
const HEAD_H: f64 = 30.0;
const ROW_H: f64 = 22.0;
/// Room on the right for the server and database lanes' notes.
const NOTE_W: f64 = 230.0;

/// The diagram's columns: the time column's width fixes the rest.
#[derive(Clone, Copy)]
struct Cols {
    time_w: f64,
}

impl Cols {
    fn for_run(run: &Run) -> Cols {
        let hours = run.steps().iter().any(|s| s.time_ms >= 3_600_000);
        Cols {
            time_w: if hours { TIME_W_HOURS } else { TIME_W },
        }
    }

    fn width(self) -> f64 {
        self.time_w + 4.0 * LANE_W + NOTE_W
    }

    fn lane_x(self, l: Lane) -> f64 {
        let i = Lane::ALL.iter().position(|x| *x == l).unwrap_or(0) as f64;
        self.time_w + (i + 0.5) * LANE_W
    }
}

fn label(l: Lang, a: &Arrow) -> String {
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

/// A lane note for steps that are events rather than messages, with its
/// CSS class: the key moments (stall, wait, fence, guard) stand out.
fn note(l: Lang, s: &Step) -> Option<(Lane, String, &'static str)> {
    let wait = |next: &Next| match next {
        Next::Backoff { wait_ms } => Some(tf(l, "lab.note.wait", &[("t", secs(l, *wait_ms))])),
        Next::RetryAfter { wait_ms } => Some(format!(
            "{} (Retry-After)",
            tf(l, "lab.note.wait", &[("t", secs(l, *wait_ms))])
        )),
        Next::Finish { .. } => None,
    };
    match &s.kind {
        StepKind::ToolCall { .. } => Some((Lane::Harness, t(l, "lab.note.tool_call"), "note")),
        StepKind::Timeout { next, .. } => {
            let mut n = t(l, "lab.note.timeout");
            match wait(next) {
                Some(w) => return Some((Lane::Harness, format!("{n} → ⏳ {w}"), "note wait")),
                None => n = format!("{n} → {}", t(l, "lab.note.result")),
            }
            Some((Lane::Harness, n, "note"))
        }
        StepKind::Received { next, .. } => match wait(next) {
            Some(w) => Some((Lane::Harness, format!("⏳ {w}"), "note wait")),
            None => Some((Lane::Harness, t(l, "lab.note.result"), "note")),
        },
        StepKind::Late { .. } => Some((Lane::Harness, t(l, "lab.note.late"), "note")),
        StepKind::Restart => Some((Lane::Server, t(l, "lab.note.restart"), "note")),
        StepKind::HarnessDown => Some((Lane::Harness, t(l, "lab.note.harness_down"), "note key")),
        StepKind::HarnessBack => Some((Lane::Harness, t(l, "lab.note.harness_back"), "note key")),
        StepKind::Cleanup { .. } => Some((Lane::Database, t(l, "lab.note.cleanup"), "note key")),
        StepKind::Truncated => Some((Lane::Harness, t(l, "lab.note.truncated"), "note key")),
        StepKind::Server {
            decision,
            works_until_ms,
            ..
        } => server_note(l, s, decision, *works_until_ms),
        _ => None,
    }
}

fn server_note(
    l: Lang,
    s: &Step,
    d: &Decision,
    until: Option<u64>,
) -> Option<(Lane, String, &'static str)> {
    let n = |key: &str| Some((Lane::Server, t(l, key), "note key"));
    match d {
        Decision::Crashed => n("lab.note.crash"),
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
            Some((Lane::Server, text, "note key"))
        }
        Decision::Guarded { .. } => n("lab.note.guarded"),
        Decision::StaleCreated { .. } => n("lab.note.stale_created"),
        _ => until
            .filter(|u| u - s.time_ms > crate::lab::WORK_MAX_MS)
            .map(|u| match Long::of(u - s.time_ms) {
                Long::Stall => (
                    Lane::Server,
                    format!("⏸ {}", tf(l, "lab.note.stall", &[("t", secs(l, u))])),
                    "note stall",
                ),
                Long::Work => (
                    Lane::Server,
                    tf(l, "lab.note.works", &[("t", secs(l, u))]),
                    "note work",
                ),
            }),
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

fn rows(l: Lang, s: &Step) -> usize {
    s.arrows.len() + usize::from(note(l, s).is_some())
}

fn arrow_svg(l: Lang, c: Cols, a: &Arrow, y: f64) -> Html {
    let (x1, x2) = (c.lane_x(a.from), c.lane_x(a.to));
    let text = label(l, a);
    if a.lost {
        let end = (x1 + x2) / 2.0;
        let mid = (x1 + end) / 2.0;
        return html! {
            <g class="arrow lost">
                <line x1={x1.to_string()} y1={y.to_string()} x2={end.to_string()} y2={y.to_string()}
                    stroke-dasharray="5 4" />
                <text class="cross" x={end.to_string()} y={(y + 4.0).to_string()} text-anchor="middle">{ "✕" }</text>
                <text x={mid.to_string()} y={(y - 4.0).to_string()} text-anchor="middle">
                    { format!("{text} {}", t(l, "lab.arrow.lost")) }
                </text>
            </g>
        };
    }
    let mid = (x1 + x2) / 2.0;
    let class = match a.label {
        ArrowLabel::Sql { .. } | ArrowLabel::SqlResult { .. } => "arrow sql",
        _ => "arrow",
    };
    html! {
        <g class={class}>
            <line x1={x1.to_string()} y1={y.to_string()} x2={x2.to_string()} y2={y.to_string()}
                marker-end="url(#lab-arrowhead)" />
            <text x={mid.to_string()} y={(y - 4.0).to_string()} text-anchor="middle">{ text }</text>
        </g>
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

/// The diagram up to step `upto` (1-based; 0 draws only the lanes).
pub fn diagram(l: Lang, run: &Run, upto: usize) -> Html {
    let steps = &run.steps()[..upto.min(run.steps().len())];
    let c = Cols::for_run(run);
    let width = c.width();
    let mut y = 8.0;
    let mut parts = Vec::new();
    let mut spans = Spans::default();
    for (i, s) in steps.iter().enumerate() {
        let n = rows(l, s).max(1);
        let h = n as f64 * ROW_H;
        let current = i + 1 == upto;
        let mut inner = Vec::new();
        if current {
            inner.push(html! {
                <rect class="current" x="0" y={(y - 2.0).to_string()} width={width.to_string()} height={h.to_string()} />
            });
        }
        inner.push(html! {
            <text class="time" x="4" y={(y + ROW_H - 7.0).to_string()}>{ secs(l, s.time_ms) }</text>
        });
        let mut row_y = y + ROW_H - 6.0;
        for a in &s.arrows {
            inner.push(arrow_svg(l, c, a, row_y));
            row_y += ROW_H;
        }
        if let Some((lane, text, class)) = note(l, s) {
            inner.push(html! {
                <text class={class} x={(c.lane_x(lane) + 6.0).to_string()} y={(row_y - 2.0).to_string()}>{ text }</text>
            });
        }
        parts.push(html! { <g class="step" data-step={(i + 1).to_string()}>{ for inner }</g> });
        spans.track(s, y + ROW_H / 2.0);
        y += h;
    }
    let height = y + 8.0;
    html! {
        <>
        <svg class="seq-head" viewBox={format!("0 0 {width} {HEAD_H}")} width={width.to_string()} height={HEAD_H.to_string()}
            aria-hidden="true" data-testid="lane-headers">
            <rect x="0" y="0" width={width.to_string()} height={HEAD_H.to_string()} class="head-bg" />
            { for Lane::ALL.iter().map(|lane| html! {
                <text x={c.lane_x(*lane).to_string()} y="20" text-anchor="middle">{ t(l, &format!("lab.lane.{}", lane.id())) }</text>
            }) }
        </svg>
        <svg class="seq" viewBox={format!("0 0 {width} {height}")} width={width.to_string()} height={height.to_string()}
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
            { for parts }
        </svg>
        </>
    }
}
