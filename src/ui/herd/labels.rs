//! How each strategy looks: name, formula (MathML), colour, dash and marker.
//! Colour is never the only cue: every strategy also has its own dash
//! pattern and marker shape.

use std::fmt::Write as _;

use yew::prelude::*;

use crate::herd::Strategy;
use crate::i18n::{t, Lang};
use crate::ui::widgets::math;

/// Visual style of a strategy in every chart.
pub struct Style {
    /// An Okabe–Ito CSS colour.
    pub color: &'static str,
    /// SVG `stroke-dasharray` (empty = solid).
    pub dash: &'static str,
    pub marker: Marker,
}

/// Marker shapes, drawn as SVG path data.
#[derive(Clone, Copy, PartialEq)]
pub enum Marker {
    Circle,
    Square,
    Triangle,
    Diamond,
    TriangleDown,
    Cross,
    Plus,
}

/// The style of `s`.
pub fn style(s: Strategy) -> Style {
    let (color, dash, marker) = match s {
        Strategy::None => ("var(--c-vermilion)", "", Marker::Square),
        Strategy::Exponential => ("var(--c-orange)", "7 4", Marker::Triangle),
        Strategy::Full => ("var(--c-blue)", "", Marker::Circle),
        Strategy::Equal => ("var(--c-green)", "2 3", Marker::Diamond),
        Strategy::Decorrelated => ("var(--c-purple)", "9 3 2 3", Marker::Cross),
        Strategy::Codex => ("var(--c-sky)", "4 4", Marker::TriangleDown),
        Strategy::Sdk => ("var(--c-black)", "12 4", Marker::Plus),
    };
    Style {
        color,
        dash,
        marker,
    }
}

/// Path data of a marker of radius `r` centred at `(x, y)`.
pub fn marker_path(m: Marker, x: f64, y: f64, r: f64) -> String {
    let mut s = String::new();
    marker_path_into(&mut s, m, x, y, r);
    s
}

/// Appends a marker's path data to `out` (no allocation per marker, which
/// matters for timelines with thousands of marks).
pub fn marker_path_into(out: &mut String, m: Marker, x: f64, y: f64, r: f64) {
    let _ = match m {
        Marker::Circle => write!(
            out,
            "M{:.1} {y:.1}a{r} {r} 0 1 0 {:.1} 0a{r} {r} 0 1 0 {:.1} 0",
            x - r,
            2.0 * r,
            -2.0 * r
        ),
        Marker::Square => write!(
            out,
            "M{:.1} {:.1}h{:.1}v{:.1}h{:.1}z",
            x - r,
            y - r,
            2.0 * r,
            2.0 * r,
            -2.0 * r
        ),
        Marker::Triangle => write!(
            out,
            "M{x:.1} {:.1}L{:.1} {:.1}L{:.1} {:.1}z",
            y - r * 1.15,
            x + r,
            y + r * 0.85,
            x - r,
            y + r * 0.85
        ),
        Marker::TriangleDown => write!(
            out,
            "M{x:.1} {:.1}L{:.1} {:.1}L{:.1} {:.1}z",
            y + r * 1.15,
            x + r,
            y - r * 0.85,
            x - r,
            y - r * 0.85
        ),
        Marker::Diamond => write!(
            out,
            "M{x:.1} {:.1}L{:.1} {y:.1}L{x:.1} {:.1}L{:.1} {y:.1}z",
            y - r * 1.2,
            x + r * 1.2,
            y + r * 1.2,
            x - r * 1.2
        ),
        Marker::Cross => write!(
            out,
            "M{:.1} {:.1}L{:.1} {:.1}M{:.1} {:.1}L{:.1} {:.1}",
            x - r,
            y - r,
            x + r,
            y + r,
            x - r,
            y + r,
            x + r,
            y - r
        ),
        Marker::Plus => write!(
            out,
            "M{:.1} {y:.1}H{:.1}M{x:.1} {:.1}V{:.1}",
            x - r * 1.2,
            x + r * 1.2,
            y - r * 1.2,
            y + r * 1.2
        ),
    };
}

/// Whether a marker is drawn as lines only (no fill).
pub fn marker_is_open(m: Marker) -> bool {
    matches!(m, Marker::Cross | Marker::Plus)
}

const VN: &str = "<msub><mi>v</mi><mi>n</mi></msub>";

/// The MathML (inside `<math>`) and a plain-text reading of a formula.
pub fn formula(s: Strategy) -> (String, &'static str) {
    let uni = |a: &str, b: &str, close: &str| {
        format!("<mi>uniform</mi><mo>(</mo>{a}<mo>,</mo>{b}<mo>{close}</mo>")
    };
    match s {
        Strategy::None => ("<mn>0</mn>".into(), "0"),
        Strategy::Exponential => (VN.into(), "v_n"),
        Strategy::Full => (uni("<mn>0</mn>", VN, ")"), "uniform(0, v_n)"),
        Strategy::Equal => (
            format!(
                "<mfrac>{VN}<mn>2</mn></mfrac><mo>+</mo>{}",
                uni("<mn>0</mn>", &format!("<mfrac>{VN}<mn>2</mn></mfrac>"), ")")
            ),
            "v_n/2 + uniform(0, v_n/2)",
        ),
        Strategy::Decorrelated => (
            format!(
                "<mi>s</mi><mo>=</mo><mi>min</mi><mo>(</mo><mi>cap</mi><mo>,</mo>{}<mo>)</mo>",
                uni(
                    "<mi>base</mi>",
                    "<mn>3</mn><mo>&#x2062;</mo><msub><mi>s</mi><mtext>prev</mtext></msub>",
                    ")"
                )
            ),
            "s = min(cap, uniform(base, 3·s_prev))",
        ),
        Strategy::Codex => (
            format!(
                "<mi>min</mi><mo>(</mo><mi>cap</mi><mo>,</mo>{VN}<mo>&#x22C5;</mo><mi>uniform</mi><mo>[</mo><mn>0.9</mn><mo>,</mo><mn>1.1</mn><mo>)</mo><mo>)</mo>"
            ),
            "min(cap, v_n · uniform[0.9, 1.1))",
        ),
        Strategy::Sdk => (
            format!(
                "{VN}<mo>&#x22C5;</mo><mo>(</mo><mn>1</mn><mo>&#x2212;</mo><mn>0.25</mn><mo>&#x22C5;</mo><mi>uniform</mi><mo>[</mo><mn>0</mn><mo>,</mo><mn>1</mn><mo>)</mo><mo>)</mo>"
            ),
            "v_n · (1 − 0.25·uniform[0, 1))",
        ),
    }
}

/// `v_n = min(cap, base·2^n)`, shown once near the strategy list.
pub fn vn_definition() -> Html {
    math(
        &format!(
            "{VN}<mo>=</mo><mi>min</mi><mo>(</mo><mi>cap</mi><mo>,</mo><mi>base</mi><mo>&#x22C5;</mo><msup><mn>2</mn><mi>n</mi></msup><mo>)</mo>"
        ),
        "v_n = min(cap, base·2^n)",
    )
}

/// The key of a note saying how a strategy differs from the original the
/// chapter quotes (Codex's sampling layer, the anthropic SDK), if it does.
pub fn origin_note(s: Strategy) -> Option<&'static str> {
    match s {
        Strategy::Codex => Some("herd.origin.codex"),
        Strategy::Sdk => Some("herd.origin.sdk"),
        _ => None,
    }
}

/// The strategy's translated name.
pub fn name(lang: Lang, s: Strategy) -> String {
    t(lang, &format!("herd.strategy.{}", s.id()))
}

/// A small SVG sample of the strategy's line and marker, for legends.
pub fn swatch(s: Strategy) -> Html {
    let st = style(s);
    let open = marker_is_open(st.marker);
    html! {
        <svg class="herd-swatch" width="34" height="14" viewBox="0 0 34 14" aria-hidden="true">
            <line x1="1" y1="7" x2="33" y2="7" stroke={st.color} stroke-width="2.5"
                stroke-dasharray={st.dash} />
            <path d={marker_path(st.marker, 17.0, 7.0, 4.0)}
                fill={if open { "none" } else { st.color }} stroke={st.color} stroke-width="1.8" />
        </svg>
    }
}

/// Name, swatch and formula: the label used in legends, tables and the form.
pub fn label(lang: Lang, s: Strategy) -> Html {
    let (mathml, text) = formula(s);
    html! {
        <span class="herd-label">
            <span class="herd-label-name">{ swatch(s) }{ name(lang, s) }</span>
            <span class="herd-formula">{ math(&mathml, text) }</span>
        </span>
    }
}

/// One strategy's numbers as a table (a chart's table view): its name as
/// the caption, a column of row headers titled by the key `first`, numeric
/// columns titled by the keys `nums`, then `rows`.
pub fn strategy_table(lang: Lang, s: Strategy, first: &str, nums: &[&str], rows: Html) -> Html {
    html! {
        <div class="scroll-x">
        <table class="data">
            <caption>{ name(lang, s) }</caption>
            <thead><tr>
                <th scope="col">{ t(lang, first) }</th>
                { for nums.iter().map(|k| html! { <th scope="col" class="num">{ t(lang, k) }</th> }) }
            </tr></thead>
            <tbody>{ rows }</tbody>
        </table>
        </div>
    }
}
