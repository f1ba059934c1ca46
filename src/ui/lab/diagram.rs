//! The sequence diagram: four lanes (harness, network, server, database);
//! every arrow drawn up to the current step. Lost messages end in a drawn
//! cross with a text label and a dashed line, so loss is never shown by
//! colour alone.

use std::rc::Rc;

use yew::prelude::*;

use super::diagram_layout::{Cols, Long, HEAD_H, ROW_H};
use super::diagram_rows::Layout;
use crate::i18n::{t, Lang};
use crate::lab::{Lane, Next, Run, Step, StepKind};

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
