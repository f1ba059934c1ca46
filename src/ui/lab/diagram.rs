//! The sequence diagram: five lanes (harness, network, server, database,
//! notifier); every arrow drawn up to the current step. Lost messages end in a drawn
//! cross with a text label and a dashed line, so loss is never shown by
//! colour alone.

use yew::prelude::*;

use super::diagram_rows::Layout;
use crate::i18n::{t, Lang};
use crate::lab::view::diagram::{Bar, Cols, HEAD_H};
use crate::lab::{Lane, Run};
use crate::ui::same::Same;

/// The bars of the spans of time drawn so far.
fn bars(bars: &[Bar], c: Cols) -> Html {
    bars.iter()
        .map(|b| {
            html! {
                <rect class={b.class} x={b.x(c).to_string()} y={b.y0.to_string()}
                    width="8" height={b.height().to_string()} />
            }
        })
        .collect()
}

/// A run compared by identity.
pub type SameRun = Same<Run>;

#[derive(Properties, Clone, PartialEq)]
pub struct DiagramProps {
    pub lang: Lang,
    pub run: SameRun,
    /// Steps drawn, 1-based; 0 draws only the lanes.
    pub upto: usize,
    /// Narrow lanes (a phone), so all five fit on the screen.
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
    let plan = &layout.plan;
    let c = plan.cols;
    let width = c.width();
    let spans = plan.bars(steps);
    let rows = plan.rows[..upto].iter().zip(&layout.markup).enumerate().map(|(i, (row, markup))| {
        let current = (i + 1 == props.upto).then(|| html! {
            <rect class="current" x="0" y={(row.top - 2.0).to_string()} width={width.to_string()} height={row.height.to_string()} />
        });
        html! {
            <g class="step" key={i} data-step={(i + 1).to_string()}>
                { current }
                { Html::from_html_unchecked(markup.clone()) }
            </g>
        }
    });
    let height = plan.bottom(upto) + 8.0;
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
            <g class="spans" data-testid="diagram-spans">{ bars(&spans, c) }</g>
            // One keyed list of its own, not spread among the unkeyed
            // siblings (Yew matches those from the end): a step forward
            // then keeps every row drawn and adds one.
            { rows.collect::<Html>() }
        </svg>
        </>
    }
}
