//! The amplify page's charts, drawn with the shared chart frame at the
//! card's real width (so tick labels keep their 12 px) on nice round ticks.

use yew::prelude::*;

use crate::amplify::load::TracedRequest;
use crate::i18n::{t, tf, Lang};
use crate::kernel::axis::Axis;
use crate::kernel::num::tick_label;
pub use crate::ui::chart::Titles;
use crate::ui::chart::{self, fmt, line_path, svg, Frame, BOTTOM, LEFT, RIGHT, TOP};

/// Height of a line chart (px).
pub const HEIGHT: f64 = 190.0;
/// At most one x tick per this many px (the frame labels every other one
/// when they would crowd).
const PX_PER_TICK: f64 = 40.0;

/// One line: its CSS class (colour) and points in data units.
pub struct Line {
    pub class: &'static str,
    pub points: Vec<(f64, f64)>,
}

fn x_ticks(width: f64) -> usize {
    ((width - LEFT - RIGHT) / PX_PER_TICK)
        .floor()
        .clamp(2.0, 10.0) as usize
}

/// `lines` over `[0, x_max] × [0, y_max]`, `width` px wide.
pub fn line_chart(titles: Titles, width: f64, x_max: f64, y_max: f64, lines: Vec<Line>) -> Html {
    let f = Frame {
        width,
        height: HEIGHT,
        x: Axis::snug(0.0, x_max, x_ticks(width)),
        y: Axis::snug(0.0, y_max.max(1e-9), 6),
    };
    let drawn = lines.into_iter().map(|l| {
        html! { <path class={classes!("amp-line", l.class)} fill="none" d={line_path(&f.pixels(&l.points))} /> }
    });
    chart::line_chart(&f, &titles, 1.0, html! { <>{ for drawn }</> })
}

/// Row height of the traced call's chart (px).
const ROW: f64 = 26.0;

/// The requests of one traced call over time: one row per attempt of the
/// top layer, each request a dot labelled with the attempts of the layers
/// below it (e.g. `2` = the HTTP layer's second try).
pub fn call_chart(lang: Lang, testid: String, width: f64, reqs: &[TracedRequest]) -> Html {
    let t0 = reqs.first().map_or(0.0, |r| r.t);
    let rows = reqs
        .iter()
        .map(|r| r.attempts.first().copied().unwrap_or(1))
        .max()
        .unwrap_or(1);
    let span = reqs.last().map_or(0.0, |r| r.t - t0);
    let height = TOP + f64::from(rows) * ROW + BOTTOM;
    let f = Frame {
        width,
        height,
        x: Axis::snug(0.0, span.max(1e-3), x_ticks(width)),
        y: Axis::new(0.0, 1.0, 1),
    };
    let y = |row: u8| TOP + (f64::from(row) - 0.5) * ROW;
    let y0 = height - BOTTOM;
    let aria = t(lang, "amplify.chart.first_call");
    html! {
        { svg(width, height, &aria, &testid, html! { <>
            { for (1..=rows).map(|r| html! { <g>
                <line class="grid" x1={fmt(LEFT)} x2={fmt(width - RIGHT)} y1={fmt(y(r))} y2={fmt(y(r))} />
                <text class="tick" x={fmt(LEFT - 6.0)} y={fmt(y(r) + 4.0)} text-anchor="end">
                    { tf(lang, "amplify.chart.first_call_row", &[("n", r.to_string())]) }
                </text>
            </g> }) }
            { for f.x.ticks.iter().map(|&v| html! {
                <text class="tick" x={fmt(f.px(v))} y={fmt(y0 + 18.0)} text-anchor="middle">{ tick_label(v) }</text>
            }) }
            <line class="axis" x1={fmt(LEFT)} x2={fmt(width - RIGHT)} y1={fmt(y0)} y2={fmt(y0)} />
            <text class="axis-title" x={fmt((LEFT + width - RIGHT) / 2.0)} y={fmt(height - 6.0)} text-anchor="middle">
                { t(lang, "amplify.chart.first_call_x") }
            </text>
            { for reqs.iter().map(|r| {
                let row = r.attempts.first().copied().unwrap_or(1);
                let below: Vec<String> = r.attempts.iter().skip(1).map(u8::to_string).collect();
                let (cx, cy) = (f.px(r.t - t0), y(row));
                html! { <g class="amp-req">
                    <circle cx={fmt(cx)} cy={fmt(cy)} r="4" />
                    <text class="tick" x={fmt(cx)} y={fmt(cy - 7.0)} text-anchor="middle">{ below.join("·") }</text>
                </g> }
            }) }
        </> }) }
    }
}
