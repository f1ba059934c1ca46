//! The run view: one N, every selected strategy, many trials. Numbers first,
//! then the histogram of server calls over time and the per-client timeline
//! of trial 1 (the first trial of the run).

use std::fmt::Write as _;

use yew::prelude::*;

use super::chart::{svg, Frame};
use super::job::{JobHandle, JobStatus, SharedTraces};
use super::labels::{label, marker_path, marker_path_into, name, style, Marker};
use crate::herd::chart_data::{shared_histograms, timeline_clients, Axis, Histogram};
use crate::herd::{PointSummary, Spread, Trace};
use crate::i18n::{t, tf, Lang};
use crate::ui::widgets::LazyDetails;

/// Most marks drawn in one timeline panel.
const TIMELINE_MARKS: usize = 1000;

#[derive(Properties, PartialEq)]
pub struct RunViewProps {
    pub lang: Lang,
    pub job: JobHandle,
    /// Content width in px.
    pub width: f64,
    pub embed: bool,
    /// Bumped on every redraw so the view re-reads the job.
    pub tick: u64,
}

/// Calls with one decimal, time in ms with one decimal.
pub fn fmt1(v: f64) -> String {
    format!("{v:.1}")
}

fn spread_text(lang: Lang, key: &str, s: &Spread) -> String {
    tf(
        lang,
        key,
        &[
            ("sd", fmt1(s.sd)),
            ("p10", fmt1(s.p10)),
            ("p90", fmt1(s.p90)),
            ("min", fmt1(s.min)),
            ("max", fmt1(s.max)),
        ],
    )
}

fn results_table(lang: Lang, points: &[PointSummary]) -> Html {
    html! {
        <div class="scroll-x">
        <table class="data herd-results" data-testid="run-results">
            <caption>{ t(lang, "herd.run.table_caption") }</caption>
            <thead><tr>
                <th scope="col">{ t(lang, "herd.col.strategy") }</th>
                <th scope="col" class="num">{ t(lang, "herd.col.calls") }</th>
                <th scope="col" class="num">{ t(lang, "herd.col.time") }</th>
                <th scope="col">{ t(lang, "herd.col.spread") }</th>
            </tr></thead>
            <tbody>
            { for points.iter().map(|p| {
                let id = p.strategy.id();
                html! { <tr>
                    <th scope="row">{ label(lang, p.strategy) }</th>
                    <td class="num big" data-label={t(lang, "herd.col.calls")}><span data-testid={format!("calls-{id}")}>{ fmt1(p.mean_calls) }</span></td>
                    <td class="num big" data-label={t(lang, "herd.col.time")}><span data-testid={format!("time-{id}")}>{ fmt1(p.mean_time_ms) }</span></td>
                    <td class="spread">
                        <div>{ spread_text(lang, "herd.spread.calls", &p.calls) }</div>
                        <div>{ spread_text(lang, "herd.spread.time", &p.time_ms) }</div>
                    </td>
                </tr> }
            }) }
            </tbody>
        </table>
        </div>
    }
}

/// Columns of the small multiples for a content width.
fn columns(width: f64) -> usize {
    if width >= 1000.0 {
        3
    } else if width >= 640.0 {
        2
    } else {
        1
    }
}

fn panel_width(width: f64) -> f64 {
    let cols = columns(width) as f64;
    ((width - 12.0 * (cols - 1.0)) / cols).max(240.0)
}

fn histogram_panel(lang: Lang, trace: &Trace, h: &Histogram, x: &Axis, y: &Axis, w: f64) -> Html {
    let height = 200.0;
    let f = Frame {
        width: w,
        height,
        x: x.clone(),
        y: y.clone(),
    };
    let st = style(trace.strategy);
    // One path for all bars keeps the DOM small.
    let mut d = String::new();
    for (i, &c) in h.counts.iter().enumerate() {
        if c == 0 {
            continue;
        }
        let x0 = f.px(i as f64 * h.bin_ms);
        let x1 = f.px((i + 1) as f64 * h.bin_ms);
        let y0 = f.py(0.0);
        let y1 = f.py(f64::from(c));
        let _ = write!(d, "M{x0:.1} {y0:.1}V{y1:.1}H{x1:.1}V{y0:.1}z");
    }
    let bin = fmt_bin(h.bin_ms);
    let title = tf(
        lang,
        "herd.hist.panel",
        &[
            ("name", name(lang, trace.strategy)),
            ("calls", trace.result.calls.to_string()),
        ],
    );
    html! {
        <figure class="herd-panel">
            <figcaption>{ label(lang, trace.strategy) }</figcaption>
            { svg(w, height, &title, &format!("hist-{}", trace.strategy.id()), html! { <>
                { f.axes(&t(lang, "herd.axis.time"), &tf(lang, "herd.hist.y", &[("bin", bin)])) }
                <path d={d} fill={st.color} fill-opacity="0.75" stroke={st.color} stroke-width="0.5" />
            </> }) }
        </figure>
    }
}

fn fmt_bin(v: f64) -> String {
    if v.fract() == 0.0 {
        format!("{v:.0}")
    } else {
        format!("{v}")
    }
}

fn timeline_panel(lang: Lang, trace: &Trace, x: &Axis, w: f64) -> Html {
    let shown = timeline_clients(trace, TIMELINE_MARKS);
    let n = trace.clients as f64;
    let height = (120.0 + 2.2 * shown.len() as f64).clamp(180.0, 320.0);
    let f = Frame {
        width: w,
        height,
        x: x.clone(),
        y: Axis::new(0.0, (n - 1.0).max(1.0), 4),
    };
    let mut rejected = String::new();
    let mut accepted = String::new();
    let r = if shown.len() > 60 { 1.8 } else { 2.6 };
    for wr in &trace.writes {
        if shown.binary_search(&wr.client).is_err() {
            continue;
        }
        let (px, py) = (f.px(wr.time_ms), f.py(f64::from(wr.client)));
        if wr.accepted {
            marker_path_into(&mut accepted, Marker::Diamond, px, py, r + 0.6);
        } else {
            marker_path_into(&mut rejected, Marker::Cross, px, py, r);
        }
    }
    let title = tf(
        lang,
        "herd.timeline.panel",
        &[
            ("name", name(lang, trace.strategy)),
            ("shown", shown.len().to_string()),
            ("total", trace.clients.to_string()),
        ],
    );
    html! {
        <figure class="herd-panel">
            <figcaption>
                { label(lang, trace.strategy) }
                <span class="muted herd-subset">{ tf(lang, "herd.timeline.subset", &[
                    ("shown", shown.len().to_string()), ("total", trace.clients.to_string())]) }</span>
            </figcaption>
            { svg(w, height, &title, &format!("timeline-{}", trace.strategy.id()), html! { <>
                { f.axes(&t(lang, "herd.axis.time"), &t(lang, "herd.timeline.y")) }
                <path d={rejected} fill="none" stroke="var(--muted)" stroke-width="1" stroke-opacity="0.8" />
                <path d={accepted} fill="var(--c-green)" stroke="#000" stroke-width="0.8" />
            </> }) }
        </figure>
    }
}

fn timeline_legend(lang: Lang) -> Html {
    html! {
        <p class="herd-legend" aria-hidden="true">
            <svg width="16" height="14" viewBox="0 0 16 14"><path d={marker_path(Marker::Diamond, 8.0, 7.0, 4.5)} fill="var(--c-green)" stroke="#000" stroke-width="0.8" /></svg>
            { t(lang, "herd.timeline.accepted") }
            <svg width="16" height="14" viewBox="0 0 16 14"><path d={marker_path(Marker::Cross, 8.0, 7.0, 4.0)} fill="none" stroke="var(--muted)" stroke-width="1.4" /></svg>
            { t(lang, "herd.timeline.rejected") }
        </p>
    }
}

/// The time axis shared by every histogram and timeline panel, and the
/// histograms on it.
fn time_axis(traces: &[Trace]) -> (Axis, Vec<Histogram>) {
    let refs: Vec<&Trace> = traces.iter().collect();
    let hists = shared_histograms(&refs, 50);
    let t_max = hists
        .first()
        .map(|h| h.bin_ms * h.counts.len() as f64)
        .unwrap_or(1.0);
    (Axis::new(0.0, t_max, 5), hists)
}

/// The grid's column class (`cols-1` … `cols-3` in herd.css): a class, not
/// an inline style, so the CSP needs no `'unsafe-inline'` for styles.
fn grid_class(width: f64) -> Classes {
    classes!("herd-multiples", format!("cols-{}", columns(width)))
}

#[derive(Properties, PartialEq)]
pub struct TraceChartsProps {
    pub lang: Lang,
    pub width: f64,
    pub traces: SharedTraces,
}

/// Histograms of server calls over time, trial 1 of every strategy.
#[function_component(HistogramSection)]
pub fn histogram_section(p: &TraceChartsProps) -> Html {
    let lang = p.lang;
    let traces: &[Trace] = &p.traces.0;
    let (x, hists) = time_axis(traces);
    let y_max = hists
        .iter()
        .flat_map(|h| h.counts.iter().copied())
        .max()
        .unwrap_or(1);
    let y = Axis::new(0.0, f64::from(y_max), 4);
    let table = {
        let traces = p.traces.clone();
        let hists = hists.clone();
        Callback::from(move |_| histogram_table(lang, &traces.0, &hists))
    };
    let w = panel_width(p.width);
    html! {
        <section class="panel" aria-labelledby="herd-hist-title">
            <h2 id="herd-hist-title">{ t(lang, "herd.hist.title") }</h2>
            <p class="muted">{ t(lang, "herd.hist.note") }</p>
            <div class={grid_class(p.width)}>
                { for traces.iter().zip(hists.iter()).map(|(tr, h)| histogram_panel(lang, tr, h, &x, &y, w)) }
            </div>
            <LazyDetails class="herd-table-view" summary={t(lang, "common.table_view")} render={table} />
        </section>
    }
}

/// Per-client timelines, trial 1 of every strategy.
#[function_component(TimelineSection)]
pub fn timeline_section(p: &TraceChartsProps) -> Html {
    let lang = p.lang;
    let traces: &[Trace] = &p.traces.0;
    let (x, _) = time_axis(traces);
    let table = {
        let traces = p.traces.clone();
        Callback::from(move |_| {
            traces
                .0
                .iter()
                .map(|tr| timeline_table(lang, tr))
                .collect::<Html>()
        })
    };
    let w = panel_width(p.width);
    html! {
        <section class="panel" aria-labelledby="herd-timeline-title">
            <h2 id="herd-timeline-title">{ t(lang, "herd.timeline.title") }</h2>
            <p class="muted">{ t(lang, "herd.timeline.note") }</p>
            { timeline_legend(lang) }
            <div class={grid_class(p.width)}>
                { for traces.iter().map(|tr| timeline_panel(lang, tr, &x, w)) }
            </div>
            <LazyDetails class="herd-table-view" summary={t(lang, "common.table_view")} render={table} />
        </section>
    }
}

/// The timeline's numbers: per shown client, its writes and when it won.
fn timeline_table(lang: Lang, trace: &Trace) -> Html {
    let shown = timeline_clients(trace, TIMELINE_MARKS);
    let mut rows: Vec<(u32, u32, f64)> = shown.iter().map(|&c| (c, 0, 0.0)).collect();
    for w in &trace.writes {
        if let Ok(i) = shown.binary_search(&w.client) {
            rows[i].1 += 1;
            if w.accepted {
                rows[i].2 = w.time_ms;
            }
        }
    }
    html! {
        <div class="scroll-x">
        <table class="data">
            <caption>{ name(lang, trace.strategy) }</caption>
            <thead><tr>
                <th scope="col">{ t(lang, "herd.timeline.y") }</th>
                <th scope="col" class="num">{ t(lang, "herd.timeline.writes") }</th>
                <th scope="col" class="num">{ t(lang, "herd.timeline.won_at") }</th>
            </tr></thead>
            <tbody>
            { for rows.iter().map(|(c, n, at)| html! { <tr>
                <th scope="row">{ c }</th>
                <td class="num">{ n }</td>
                <td class="num">{ fmt1(*at) }</td>
            </tr> }) }
            </tbody>
        </table>
        </div>
    }
}

fn histogram_table(lang: Lang, traces: &[Trace], hists: &[Histogram]) -> Html {
    let bins = hists.first().map(|h| h.counts.len()).unwrap_or(0);
    let bin = hists.first().map(|h| h.bin_ms).unwrap_or(1.0);
    html! {
        <div class="scroll-x">
        <table class="data">
            <thead><tr>
                <th scope="col">{ t(lang, "herd.axis.time") }</th>
                { for traces.iter().map(|tr| html! { <th scope="col" class="num">{ name(lang, tr.strategy) }</th> }) }
            </tr></thead>
            <tbody>
            { for (0..bins).map(|i| html! { <tr>
                <th scope="row">{ format!("{}–{}", fmt_bin(i as f64 * bin), fmt_bin((i + 1) as f64 * bin)) }</th>
                { for hists.iter().map(|h| html! { <td class="num">{ h.counts[i] }</td> }) }
            </tr> }) }
            </tbody>
        </table>
        </div>
    }
}

/// The run view body.
#[function_component(RunView)]
pub fn run_view(p: &RunViewProps) -> Html {
    let lang = p.lang;
    let job = p.job.job.borrow();
    let Some(job) = job.as_ref() else {
        return html! {};
    };
    let progress = job.sweep.progress();
    let spec = job.sweep.spec();
    let status = match job.status {
        JobStatus::Running => html! {
            <div class="herd-status" role="status">
                <progress max="1" value={progress.to_string()} data-testid="run-progress"
                    aria-label={t(lang, "herd.run.computing")} />
                <span>{ tf(lang, "herd.run.computing_pct", &[("pct", format!("{:.0}", progress * 100.0))]) }</span>
                <button type="button" data-testid="run-cancel"
                    onclick={ { let h = p.job.clone(); Callback::from(move |_| h.cancel()) } }>
                    { t(lang, "herd.cancel") }
                </button>
            </div>
        },
        JobStatus::Cancelled => html! {
            <p class="herd-status" role="status" data-testid="run-cancelled">{ t(lang, "herd.run.cancelled") }</p>
        },
        JobStatus::Done => html! {
            <p class="herd-status muted" data-testid="run-done">{ tf(lang, "herd.run.done", &[
                ("clients", spec.clients.first().copied().unwrap_or(0).to_string()),
                ("trials", spec.trials.to_string()),
                ("ms", format!("{:.0}", job.elapsed_ms)),
            ]) }</p>
        },
    };
    html! {
        <div class={classes!("herd-run", p.embed.then_some("compact"))}>
            { status }
            if !job.sweep.summaries().is_empty() {
                <section class="panel">{ results_table(lang, job.sweep.summaries()) }</section>
            }
            if let Some(traces) = job.charts.clone() {
                <HistogramSection lang={lang} width={p.width} traces={traces.clone()} />
                if job.chart_stage >= 2 {
                    <TimelineSection lang={lang} width={p.width} traces={traces} />
                }
            }
        </div>
    }
}
