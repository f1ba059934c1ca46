//! A small SVG line chart in a fixed view box that CSS scales to the
//! panel's width (no inline styles: classes and SVG attributes only).

use yew::prelude::*;

const W: f64 = 600.0;
const H: f64 = 180.0;
const L: f64 = 48.0;
const R: f64 = 10.0;
const T: f64 = 10.0;
const B: f64 = 30.0;

/// One line: its CSS class (colour) and points in data units.
pub struct Line {
    pub class: &'static str,
    pub points: Vec<(f64, f64)>,
}

fn fmt(v: f64) -> String {
    format!("{v:.1}")
}

fn label(v: f64) -> String {
    if v.fract() == 0.0 {
        format!("{v:.0}")
    } else {
        format!("{v:.2}")
    }
}

/// A chart of `lines` over `[0, x_max] × [0, y_max]`; `aria` describes it.
pub fn line_chart(aria: String, x_title: String, x_max: f64, y_max: f64, lines: Vec<Line>) -> Html {
    let x_max = x_max.max(1e-9);
    let y_max = y_max.max(1e-9);
    let px = |x: f64| L + x / x_max * (W - L - R);
    let py = |y: f64| H - B - (y / y_max).min(1.05) * (H - T - B);
    let ticks = [0.0, y_max / 2.0, y_max];
    let xticks = [0.0, x_max / 4.0, x_max / 2.0, 3.0 * x_max / 4.0, x_max];
    html! {
        <svg class="amp-chart" viewBox={format!("0 0 {W} {H}")} role="img" aria-label={aria}>
            { for ticks.iter().map(|&v| html! { <g>
                <line class="grid" x1={fmt(L)} x2={fmt(W - R)} y1={fmt(py(v))} y2={fmt(py(v))} />
                <text class="tick" x={fmt(L - 4.0)} y={fmt(py(v) + 4.0)} text-anchor="end">{ label(v) }</text>
            </g> }) }
            { for xticks.iter().map(|&v| html! {
                <text class="tick" x={fmt(px(v))} y={fmt(H - B + 14.0)} text-anchor="middle">{ label(v) }</text>
            }) }
            <text class="axis-title" x={fmt((L + W - R) / 2.0)} y={fmt(H - 2.0)} text-anchor="middle">{ x_title }</text>
            { for lines.into_iter().map(|l| {
                let pts: Vec<String> = l.points.iter().map(|&(x, y)| format!("{},{}", fmt(px(x)), fmt(py(y)))).collect();
                html! { <polyline class={classes!("amp-line", l.class)} fill="none" points={pts.join(" ")} /> }
            }) }
        </svg>
    }
}
