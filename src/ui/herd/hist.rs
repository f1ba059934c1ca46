//! The histogram of writes over time (trial 1 of every strategy), drawn
//! from the core's panels ([`crate::herd::hist_panels`]); a toggle puts
//! every panel on one shared axis instead of its own window. The mechanism
//! behind the picture is said next to it.

use std::fmt::Write as _;

use yew::prelude::*;

use super::job::SharedTraces;
use super::labels::{label, name, strategy_table, style};
use crate::herd::chart_data::{HistAxis, Histogram, MarkedWave};
use crate::herd::hist_panels::{grid_class, panel_width, panels, Panel};
use crate::herd::Trace;
use crate::i18n::{t, tf, Lang};
use crate::kernel::num::{count, group, num};
use crate::ui::chart::{fmt, svg, Frame};
use crate::ui::frame_hooks::use_revealed;
use crate::ui::widgets::LazyDetails;

/// Height of every histogram panel (px), whatever its caption.
const HEIGHT: f64 = 200.0;

/// Small multiples drawn per frame: all seven at once took 50–100 ms on a
/// slow machine; two make a short task each.
pub const PANELS_PER_FRAME: usize = 2;

fn bars(f: &Frame, h: &Histogram) -> String {
    // One path for all bars keeps the DOM small.
    let mut d = String::new();
    for (i, &c) in h.counts.iter().enumerate() {
        if c == 0 {
            continue;
        }
        let x0 = f.px(i as f64 * h.bin_ms);
        let x1 = f.px((i + 1) as f64 * h.bin_ms).max(x0 + 1.0);
        let (y0, y1) = (f.py(0.0), f.py(f64::from(c)));
        let _ = write!(d, "M{x0:.1} {y0:.1}V{y1:.1}H{x1:.1}V{y0:.1}z");
    }
    d
}

fn wave_mark(f: &Frame, w: &MarkedWave) -> Html {
    let (x0, x1) = (f.px(w.from_ms) - 2.0, f.px(w.to_ms) + 2.0);
    let (top, bottom) = (f.py(f.y.max), f.py(0.0));
    html! {
        <g class="herd-wave" data-testid="wave-mark">
            <rect x={fmt(x0)} y={fmt(top)} width={fmt(x1 - x0)} height={fmt(bottom - top)}
                fill="var(--c-yellow)" fill-opacity="0.35" stroke="var(--fg)" stroke-dasharray="3 2" />
            <text class="wave-label" x={fmt(x1 + 4.0)} y={fmt(top + 12.0)}>{ format!("n = {}", w.retry) }</text>
        </g>
    }
}

fn panel(lang: Lang, trace: &Trace, p: &Panel, w: f64) -> Html {
    let f = Frame {
        width: w,
        height: HEIGHT,
        x: p.x.clone(),
        y: p.y.clone(),
    };
    let st = style(trace.strategy);
    let id = trace.strategy.id();
    let bin = num(p.hist.bin_ms, 3);
    let title = tf(
        lang,
        "herd.hist.panel",
        &[
            ("name", name(lang, trace.strategy)),
            ("calls", group(trace.result.calls)),
        ],
    );
    html! {
        <figure class="herd-panel" data-testid={format!("hist-panel-{id}")}>
            <figcaption class="herd-panel-head">
                { label(lang, trace.strategy) }
                if let Some((window, later)) = p.window {
                    <span class="muted herd-window" data-testid={format!("hist-window-{id}")}>{ tf(lang, "herd.hist.window", &[
                        ("window", group(window as u64)), ("bin", bin.clone()), ("later", group(later))]) }</span>
                }
                if let Some(wv) = &p.wave {
                    <span class="herd-wave-note" data-testid="wave-note">{ tf(lang, "herd.hist.wave", &[
                        ("n", wv.retry.to_string()),
                        ("writes", count(f64::from(wv.writes))),
                        ("from", group(wv.from_ms as u64)),
                        ("to", group(wv.to_ms as u64)),
                        ("won", wv.accepted.to_string()),
                    ]) }</span>
                }
            </figcaption>
            { svg(w, HEIGHT, &title, &format!("hist-{id}"), html! { <>
                if let Some(wv) = &p.wave { { wave_mark(&f, wv) } }
                { f.time_axes(lang, "herd.axis.time", "herd.axis.time_s", &tf(lang, "herd.hist.y", &[("bin", bin)])) }
                <path d={bars(&f, &p.hist)} fill={st.color} fill-opacity="0.75" stroke={st.color} stroke-width="0.5" />
            </> }) }
        </figure>
    }
}

#[derive(Properties, PartialEq)]
pub struct HistogramProps {
    pub lang: Lang,
    pub width: f64,
    pub traces: SharedTraces,
    pub axis: HistAxis,
    /// Called with `(param, value)` by the axis toggle.
    pub on_field: Callback<(String, String)>,
}

/// The «own window / one shared axis» toggle of URL parameter `param`
/// (`hist_axis`, `timeline_axis`); `keys` name the two buttons.
pub fn axis_toggle(
    lang: Lang,
    param: &'static str,
    keys: [&str; 2],
    axis: HistAxis,
    on_field: &Callback<(String, String)>,
) -> Html {
    let button = |a: HistAxis, key: &str| {
        let cb = on_field.clone();
        html! {
            <button type="button" aria-pressed={(axis == a).to_string()}
                data-testid={format!("{}-{}", param.replace('_', "-"), a.id())}
                onclick={Callback::from(move |_| cb.emit((param.into(), a.id().into())))}>
                { t(lang, key) }
            </button>
        }
    };
    html! {
        <div class="herd-toggle" role="group" aria-label={t(lang, "herd.hist.axis_label")}>
            <span class="muted">{ t(lang, "herd.hist.axis_label") }</span>
            { button(HistAxis::Own, keys[0]) }
            { button(HistAxis::Shared, keys[1]) }
        </div>
    }
}

/// Why the picture looks the way it does, in the chapter's terms.
fn mechanism(lang: Lang) -> Html {
    html! {
        <div class="herd-mechanism" data-testid="herd-mechanism">
            <h3>{ t(lang, "herd.mech.title") }</h3>
            <ul>
                <li>{ t(lang, "herd.mech.wave") }</li>
                <li>{ t(lang, "herd.mech.quadratic") }</li>
                <li>{ t(lang, "herd.mech.jitter") }</li>
                <li>{ t(lang, "herd.mech.none_fastest") }</li>
            </ul>
        </div>
    }
}

/// Histograms of server calls over time, trial 1 of every strategy.
#[function_component(HistogramSection)]
pub fn histogram_section(p: &HistogramProps) -> Html {
    let lang = p.lang;
    let traces: &[Trace] = &p.traces.0;
    // Binned once per trial set and axis, for the panels and the table.
    let ps = use_memo((p.traces.clone(), p.axis), |(traces, axis)| {
        panels(&traces.0, *axis)
    });
    let table = {
        let (traces, ps) = (p.traces.clone(), ps.clone());
        Callback::from(move |_| {
            html! { <>{ for traces.0.iter().zip(ps.iter()).map(|(tr, pn)| histogram_table(lang, tr, &pn.hist)) }</> }
        })
    };
    let w = panel_width(p.width);
    let shown = use_revealed(traces.len(), PANELS_PER_FRAME, PANELS_PER_FRAME, ());
    html! {
        <section class="panel" aria-labelledby="herd-hist-title">
            <h2 id="herd-hist-title">{ t(lang, "herd.hist.title") }</h2>
            <p class="muted">{ t(lang, if p.axis == HistAxis::Own { "herd.hist.note_own" } else { "herd.hist.note_shared" }) }</p>
            { axis_toggle(lang, "hist_axis", ["herd.hist.axis_own", "herd.hist.axis_shared"], p.axis, &p.on_field) }
            <div class={grid_class(p.width)}>
                { for traces.iter().zip(ps.iter()).take(shown).map(|(tr, pn)| panel(lang, tr, pn, w)) }
            </div>
            { mechanism(lang) }
            <LazyDetails class="herd-table-view" summary={t(lang, "common.table_view")} render={table} />
        </section>
    }
}

/// One strategy's bins as a table (non-empty bins only: the fine bins of the
/// own windows are mostly empty for un-jittered backoff).
fn histogram_table(lang: Lang, trace: &Trace, h: &Histogram) -> Html {
    let bin = h.bin_ms;
    let rows = h.counts.iter().enumerate().filter(|(_, c)| **c > 0).map(|(i, c)| html! { <tr>
        <th scope="row">{ format!("{}–{}", num(i as f64 * bin, 3), num((i + 1) as f64 * bin, 3)) }</th>
        <td class="num">{ group(u64::from(*c)) }</td>
    </tr> });
    let rows = rows.collect::<Html>();
    strategy_table(
        lang,
        trace.strategy,
        "herd.axis.time",
        &["herd.hist.count"],
        rows,
    )
}
