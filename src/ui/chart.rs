//! SVG chart pieces drawn at the container's real pixel width, so text stays
//! 12 px at any screen size (360 px phones included).

use yew::prelude::*;

use crate::i18n::{t, Lang};
use crate::kernel::axis::Axis;
pub use crate::kernel::num::tick_label;
use crate::kernel::num::SECONDS_FROM_MS;

/// Plot margins (px): room for tick labels and axis titles.
pub const LEFT: f64 = 58.0;
pub const RIGHT: f64 = 14.0;
pub const TOP: f64 = 12.0;
pub const BOTTOM: f64 = 44.0;

/// A plot area of `width × height` px with two axes.
pub struct Frame {
    pub width: f64,
    pub height: f64,
    pub x: Axis,
    pub y: Axis,
}

impl Frame {
    /// Pixel x of a data value.
    pub fn px(&self, v: f64) -> f64 {
        LEFT + self.x.frac(v) * (self.width - LEFT - RIGHT)
    }

    /// Pixel y of a data value.
    pub fn py(&self, v: f64) -> f64 {
        self.height - BOTTOM - self.y.frac(v) * (self.height - TOP - BOTTOM)
    }

    /// A time axis in milliseconds labelled in seconds once it reaches
    /// 10 s (the student's native unit); `x_ms_key` / `x_s_key` title it.
    pub fn time_axes(&self, lang: Lang, x_ms_key: &str, x_s_key: &str, y_title: &str) -> Html {
        let seconds = self.x.max >= SECONDS_FROM_MS;
        let key = if seconds { x_s_key } else { x_ms_key };
        let div = if seconds { 1000.0 } else { 1.0 };
        self.axes_in(&t(lang, key), y_title, div, 1.0)
    }

    /// Grid, ticks, tick labels and axis titles, each tick labelled with its
    /// value divided by `x_div` / `y_div` (so data in milliseconds can be
    /// labelled in seconds).
    pub fn axes_in(&self, x_title: &str, y_title: &str, x_div: f64, y_div: f64) -> Html {
        let (x0, x1) = (LEFT, self.width - RIGHT);
        let (y0, y1) = (self.height - BOTTOM, TOP);
        // Thin out x labels when they would collide (narrow screens).
        let max_labels = ((x1 - x0) / 48.0).floor().max(2.0) as usize;
        let every = self.x.ticks.len().div_ceil(max_labels).max(1);
        html! {
            <g class="herd-axes">
                { for self.y.ticks.iter().map(|&v| {
                    let y = self.py(v);
                    html! { <g>
                        <line class="grid" x1={fmt(x0)} x2={fmt(x1)} y1={fmt(y)} y2={fmt(y)} />
                        <text class="tick" x={fmt(x0 - 6.0)} y={fmt(y + 4.0)} text-anchor="end">{ tick_label(v / y_div) }</text>
                    </g> }
                }) }
                { for self.x.ticks.iter().enumerate().map(|(i, &v)| {
                    let x = self.px(v);
                    html! { <g>
                        <line class="tickmark" x1={fmt(x)} x2={fmt(x)} y1={fmt(y0)} y2={fmt(y0 + 5.0)} />
                        if i % every == 0 {
                            <text class="tick" x={fmt(x)} y={fmt(y0 + 18.0)} text-anchor="middle">{ tick_label(v / x_div) }</text>
                        }
                    </g> }
                }) }
                <line class="axis" x1={fmt(x0)} x2={fmt(x1)} y1={fmt(y0)} y2={fmt(y0)} />
                <line class="axis" x1={fmt(x0)} x2={fmt(x0)} y1={fmt(y0)} y2={fmt(y1)} />
                <text class="axis-title" x={fmt((x0 + x1) / 2.0)} y={fmt(self.height - 6.0)} text-anchor="middle">{ x_title.to_string() }</text>
                <text class="axis-title" transform={format!("translate(13 {}) rotate(-90)", fmt((y0 + y1) / 2.0))} text-anchor="middle">{ y_title.to_string() }</text>
            </g>
        }
    }
}

impl Frame {
    /// The pixel points of data points.
    pub fn pixels(&self, points: &[(f64, f64)]) -> Vec<(f64, f64)> {
        points
            .iter()
            .map(|&(x, y)| (self.px(x), self.py(y)))
            .collect()
    }
}

/// What a chart is called and what its axes say.
pub struct Titles<'a> {
    /// The accessible name of the chart.
    pub aria: String,
    pub testid: String,
    pub x: &'a str,
    pub y: &'a str,
}

/// The one line chart of the app: the frame's axes (the y ticks labelled
/// with their value divided by `y_div`), then `lines` drawn over them
/// (each a [`line_path`] in the frame's pixels).
pub fn line_chart(f: &Frame, titles: &Titles, y_div: f64, lines: Html) -> Html {
    svg(
        f.width,
        f.height,
        &titles.aria,
        &titles.testid,
        html! { <>
            { f.axes_in(titles.x, titles.y, 1.0, y_div) }
            { lines }
        </> },
    )
}

/// The SVG path data of a line through pixel points: `M x y L x y …`.
pub fn line_path(pixels: &[(f64, f64)]) -> String {
    pixels
        .iter()
        .enumerate()
        .map(|(i, (x, y))| format!("{}{} {}", if i == 0 { "M" } else { "L" }, fmt(*x), fmt(*y)))
        .collect()
}

/// A coordinate with one decimal (keeps the SVG small).
pub fn fmt(v: f64) -> String {
    crate::kernel::num::fixed(v, 1)
}

/// The `<svg>` element of a chart with an accessible name.
pub fn svg(width: f64, height: f64, label: &str, testid: &str, body: Html) -> Html {
    html! {
        <svg class="herd-chart" role="img" aria-label={label.to_string()}
            data-testid={testid.to_string()}
            width={fmt(width)} height={fmt(height)}
            viewBox={format!("0 0 {} {}", fmt(width), fmt(height))}>
            <title>{ label.to_string() }</title>
            { body }
        </svg>
    }
}
