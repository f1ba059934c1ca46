//! The run view: one N, every selected strategy, many trials. Numbers first,
//! then the histogram of server calls over time and the per-client timeline
//! of trial 1 (the first trial of the run).

use yew::prelude::*;

use super::hist::{axis_toggle, HistogramSection, PANELS_PER_FRAME};
use super::job::{JobHandle, SharedTraces};
use super::labels::{label, marker_path, marker_path_into, name, strategy_table, Marker};
use crate::herd::chart_data::{timeline_axes, timeline_clients, timeline_stride, Axis, HistAxis};
use crate::herd::hist_panels::{grid_class, panel_width};
use crate::herd::job::Engine;
use crate::herd::{PointSummary, Spread, Trace};
use crate::i18n::{t, tf, Lang};
use crate::kernel::job::JobStatus;
use crate::kernel::num::{count, duration, durations, group};
use crate::ui::chart::{svg, Frame};
use crate::ui::frame_hooks::use_revealed;
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
    /// How the histogram panels lay out time.
    pub hist_axis: HistAxis,
    /// How the timeline panels lay out time.
    pub timeline_axis: HistAxis,
    /// Called with `(param, value)` by the view's toggles.
    pub on_field: Callback<(String, String)>,
}

/// The spread of one metric; `f` formats all five values together (so
/// durations share one unit).
fn spread_text(lang: Lang, key: &str, s: &Spread, f: impl Fn(&[f64]) -> Vec<String>) -> String {
    let v = f(&[s.sd, s.p10, s.p90, s.min, s.max]);
    let names = ["sd", "p10", "p90", "min", "max"];
    let args: Vec<(&str, String)> = names.into_iter().zip(v).collect();
    tf(lang, key, &args)
}

fn results_table(lang: Lang, points: &[PointSummary]) -> Html {
    // One unit for the whole time column, so the strategies compare at a glance.
    let times = durations(
        lang,
        &points.iter().map(|p| p.mean_time_ms).collect::<Vec<_>>(),
    );
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
            { for points.iter().zip(times).map(|(p, time)| {
                let id = p.strategy.id();
                html! { <tr>
                    <th scope="row">{ label(lang, p.strategy) }</th>
                    <td class="num big" data-label={t(lang, "herd.col.calls")}><span data-testid={format!("calls-{id}")}
                        data-value={p.mean_calls.to_string()}>{ count(p.mean_calls) }</span></td>
                    <td class="num big" data-label={t(lang, "herd.col.time")}><span data-testid={format!("time-{id}")}
                        data-value={p.mean_time_ms.to_string()}>{ time }</span></td>
                    <td class="spread">
                        <div>{ spread_text(lang, "herd.spread.calls", &p.calls, |v| v.iter().map(|x| count(*x)).collect()) }</div>
                        <div>{ spread_text(lang, "herd.spread.time", &p.time_ms, |v| durations(lang, v)) }</div>
                    </td>
                </tr> }
            }) }
            </tbody>
        </table>
        </div>
    }
}

/// The height of every timeline panel: enough rows for the panel showing the
/// most clients, the same for all so that the panels share one baseline.
fn timeline_height(traces: &[Trace]) -> f64 {
    let most = traces
        .iter()
        .map(|tr| timeline_clients(tr, TIMELINE_MARKS).len())
        .max()
        .unwrap_or(0);
    (120.0 + 2.2 * most as f64).clamp(180.0, 320.0)
}

fn timeline_panel(lang: Lang, trace: &Trace, x: &Axis, w: f64, height: f64) -> Html {
    let shown = timeline_clients(trace, TIMELINE_MARKS);
    let n = trace.clients as f64;
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
    let stride = timeline_stride(&shown);
    let subset = if stride > 1 {
        tf(
            lang,
            "herd.timeline.subset",
            &[
                ("stride", stride.to_string()),
                ("shown", shown.len().to_string()),
                ("total", trace.clients.to_string()),
                ("marks", group(TIMELINE_MARKS as u64)),
            ],
        )
    } else {
        tf(
            lang,
            "herd.timeline.all",
            &[("total", trace.clients.to_string())],
        )
    };
    html! {
        <figure class="herd-panel" data-testid={format!("timeline-panel-{}", trace.strategy.id())}
            data-x-max={x.max.to_string()}>
            <figcaption class="herd-panel-head">
                { label(lang, trace.strategy) }
                <span class="muted herd-subset" data-testid={format!("timeline-subset-{}", trace.strategy.id())}>{ subset }</span>
            </figcaption>
            { svg(w, height, &title, &format!("timeline-{}", trace.strategy.id()), html! { <>
                { f.time_axes(lang, "herd.axis.time", "herd.axis.time_s", &t(lang, "herd.timeline.y")) }
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

#[derive(Properties, PartialEq)]
pub struct TraceChartsProps {
    pub lang: Lang,
    pub width: f64,
    pub traces: SharedTraces,
    pub axis: HistAxis,
    /// Called with `(param, value)` by the axis toggle.
    pub on_field: Callback<(String, String)>,
}

/// Per-client timelines, trial 1 of every strategy.
#[function_component(TimelineSection)]
pub fn timeline_section(p: &TraceChartsProps) -> Html {
    let lang = p.lang;
    let traces: &[Trace] = &p.traces.0;
    let axes = timeline_axes(traces, p.axis, 5);
    let height = timeline_height(traces);
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
    let shown = use_revealed(traces.len(), PANELS_PER_FRAME, PANELS_PER_FRAME, ());
    html! {
        <section class="panel" aria-labelledby="herd-timeline-title">
            <h2 id="herd-timeline-title">{ t(lang, "herd.timeline.title") }</h2>
            <p class="muted">{ t(lang, "herd.timeline.note") }{ " " }
                { t(lang, if p.axis == HistAxis::Own { "herd.timeline.note_own" } else { "herd.timeline.note_shared" }) }</p>
            { axis_toggle(lang, "timeline_axis", ["herd.timeline.axis_own", "herd.hist.axis_shared"], p.axis, &p.on_field) }
            { timeline_legend(lang) }
            <div class={grid_class(p.width)}>
                { for traces.iter().zip(&axes).take(shown).map(|(tr, x)| timeline_panel(lang, tr, x, w, height)) }
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
    let rows = rows.iter().map(|(c, n, at)| {
        html! { <tr>
            <th scope="row">{ c }</th>
            <td class="num">{ n }</td>
            <td class="num">{ count(*at) }</td>
        </tr> }
    });
    let nums = ["herd.timeline.writes", "herd.timeline.won_at"];
    strategy_table(
        lang,
        trace.strategy,
        "herd.timeline.y",
        &nums,
        rows.collect::<Html>(),
    )
}

/// Which engine computed the points, for tests (`workers` or `main`).
fn engine_id(engine: Engine) -> &'static str {
    match engine {
        Engine::Workers(_) => "workers",
        Engine::MainThread => "main",
    }
}

/// The run view body.
#[function_component(RunView)]
pub fn run_view(p: &RunViewProps) -> Html {
    let lang = p.lang;
    // The charts come in stages, a frame apart: 1 = histograms, 2 = + timelines.
    let charts = p.job.charts.borrow().clone();
    let chart_stage = use_revealed(if charts.is_some() { 2 } else { 0 }, 0, 1, charts.clone());
    let job = p.job.job.borrow();
    let Some(job) = job.as_ref() else {
        return html! {};
    };
    let progress = job.progress();
    let spec = job.spec();
    let status = match job.status() {
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
            <p class="herd-status muted" data-testid="run-done" data-engine={engine_id(job.engine())}>{ tf(lang, "herd.run.done", &[
                ("clients", group(u64::from(spec.clients.first().copied().unwrap_or(0)))),
                ("trials", group(u64::from(spec.trials))),
                ("ms", duration(lang, job.timing().elapsed_ms().round())),
            ]) }</p>
        },
    };
    html! {
        <div class={classes!("herd-run", p.embed.then_some("compact"))} lang={lang.code()}>
            { status }
            if !job.summaries().is_empty() {
                <section class="panel">{ results_table(lang, job.summaries()) }</section>
            }
            if let (Some(traces), true) = (charts, chart_stage >= 1) {
                <HistogramSection lang={lang} width={p.width} traces={traces.clone()}
                    axis={p.hist_axis} on_field={p.on_field.clone()} />
                if chart_stage >= 2 {
                    <TimelineSection lang={lang} width={p.width} traces={traces}
                        axis={p.timeline_axis} on_field={p.on_field.clone()} />
                }
            }
        </div>
    }
}
