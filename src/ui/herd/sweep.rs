//! The sweep view: the blog's two figures (mean calls vs N, completion time
//! vs N), drawn while the sweep computes, each with a table view.

use yew::prelude::*;

use super::job::JobHandle;
use super::labels::{label, marker_is_open, marker_path, name, style, swatch};
use crate::herd::chart_data::Axis;
use crate::herd::job::{Engine, HerdJob};
use crate::herd::{PointSummary, Strategy};
use crate::i18n::{t, tf, Lang};
use crate::kernel::job::JobStatus;
use crate::kernel::num::{count, duration, group, SECONDS_FROM_MS};
use crate::ui::chart::{line_chart, line_path, Frame, Titles};
use crate::ui::widgets::LazyDetails;

#[derive(Properties, PartialEq)]
pub struct SweepViewProps {
    pub lang: Lang,
    pub job: JobHandle,
    pub width: f64,
    pub embed: bool,
    pub tick: u64,
    /// Starts the sweep of the current parameters.
    pub on_start: Callback<()>,
    /// Whether the time chart's y axis is logarithmic.
    pub time_log: bool,
    /// The strategy brought to the front of both charts.
    pub highlight: Option<Strategy>,
    /// Called with `(param, value)` by the charts' toggles.
    pub on_field: Callback<(String, String)>,
}

/// What a figure shows besides its data.
struct Look<'a> {
    log: bool,
    /// The curve drawn in front: the one under the pointer or focus, else
    /// the one pinned by a click (the URL's `highlight`).
    highlight: Option<Strategy>,
    pinned: Option<Strategy>,
    on_field: &'a Callback<(String, String)>,
    /// Called with the legend entry the pointer or focus enters, `None` on leaving.
    on_hover: &'a Callback<Option<Strategy>>,
}

/// Which number a figure plots.
#[derive(Clone, Copy, PartialEq)]
enum Metric {
    Calls,
    Time,
}

impl Metric {
    fn of(self, p: &PointSummary) -> f64 {
        match self {
            Metric::Calls => p.mean_calls,
            Metric::Time => p.mean_time_ms,
        }
    }
}

/// A legend event handler that previews `s` (or ends the preview).
fn hover<E: 'static>(look: &Look, s: Option<Strategy>) -> Callback<E> {
    let h = look.on_hover.clone();
    Callback::from(move |_| h.emit(s))
}

/// The legend: one button per strategy. Hovering or focusing it previews
/// its curve in front (the others dimmed); pressing pins that in the URL,
/// pressing again shows all alike.
fn legend(lang: Lang, strategies: &[Strategy], look: &Look) -> Html {
    html! { <>
        <ul class="herd-legend-list" aria-label={t(lang, "herd.legend")}>
            { for strategies.iter().map(|&s| {
                let on = look.pinned == Some(s);
                let previewed = look.highlight == Some(s) && !on;
                let cb = look.on_field.clone();
                let next = if on { "all" } else { s.id() };
                html! { <li>
                    <button type="button" class={classes!("herd-legend-button", previewed.then_some("previewed"))}
                        aria-pressed={on.to_string()}
                        data-testid={format!("highlight-{}", s.id())}
                        title={t(lang, "herd.sweep.highlight_hint")}
                        onmouseenter={hover(look, Some(s))} onmouseleave={hover(look, None)}
                        onfocus={hover(look, Some(s))} onblur={hover(look, None)}
                        onclick={Callback::from(move |_| cb.emit(("highlight".into(), next.into())))}>
                        { label(lang, s) }
                    </button>
                </li> }
            }) }
        </ul>
        <p class="muted herd-legend-note">{ t(lang, "herd.sweep.legend_note") }</p>
    </> }
}

fn scale_toggle(lang: Lang, log: bool, on_field: &Callback<(String, String)>) -> Html {
    let button = |value: &'static str, key: &str| {
        let cb = on_field.clone();
        let pressed = (value == "log") == log;
        html! {
            <button type="button" aria-pressed={pressed.to_string()} data-testid={format!("time-scale-{value}")}
                onclick={Callback::from(move |_| cb.emit(("time_scale".into(), value.into())))}>
                { t(lang, key) }
            </button>
        }
    };
    html! { <>
        <div class="herd-toggle" role="group" aria-label={t(lang, "herd.sweep.scale_label")}>
            <span class="muted">{ t(lang, "herd.sweep.scale_label") }</span>
            { button("log", "herd.sweep.scale_log") }
            { button("linear", "herd.sweep.scale_linear") }
        </div>
        <p class="muted" data-testid="time-scale-note" data-scale={if log { "log" } else { "linear" }}>
            { t(lang, if log { "herd.sweep.scale_note_log" } else { "herd.sweep.scale_note_linear" }) }
        </p>
    </> }
}

/// One of the blog's figures: `metric` against N, one curve per strategy,
/// with its legend and a table view.
fn figure(
    lang: Lang,
    metric: Metric,
    points: &[PointSummary],
    strategies: &[Strategy],
    clients: &[u32],
    width: f64,
    look: &Look,
) -> Html {
    let (title_key, id) = match metric {
        Metric::Calls => ("herd.sweep.calls_title", "calls"),
        Metric::Time => ("herd.sweep.time_title", "time"),
    };
    let f = frame(metric, points, clients, width, look.log);
    let y_max = points.iter().map(|p| metric.of(p)).fold(0.0, f64::max);
    // Completion times of 10 s and more are labelled in seconds.
    let seconds = metric == Metric::Time && y_max >= SECONDS_FROM_MS;
    let y_div = if seconds { 1000.0 } else { 1.0 };
    let title = t(lang, title_key);
    // Built only while open: the two tables were a third of the view's
    // elements, rebuilt on every redraw of a running sweep.
    let table = {
        let (points, strategies, clients) =
            (points.to_vec(), strategies.to_vec(), clients.to_vec());
        Callback::from(move |_| table(lang, metric, &points, &strategies, &clients, id))
    };
    html! {
        <section class="panel" aria-labelledby={format!("herd-fig-{id}")}>
            <h2 id={format!("herd-fig-{id}")}>{ title.clone() }</h2>
            if metric == Metric::Time { { scale_toggle(lang, look.log, look.on_field) } }
            { legend(lang, strategies, look) }
            { line_chart(&f, &Titles { aria: title.clone(), testid: format!("sweep-chart-{id}"),
                x: &t(lang, "herd.sweep.x"), y: &t(lang, y_title(metric, look.log, seconds)) },
                y_div, curves(metric, points, strategies, &f, look)) }
            <LazyDetails class="herd-table-view" testid={format!("table-view-{id}")}
                summary={t(lang, "common.table_view")} render={table} />
        </section>
    }
}

/// The chart's frame: N across, `metric` up (from 0, or on a log scale).
fn frame(metric: Metric, points: &[PointSummary], clients: &[u32], width: f64, log: bool) -> Frame {
    let x_min = clients.first().copied().unwrap_or(0) as f64;
    let x_max = clients.last().copied().unwrap_or(1) as f64;
    let y_max = points.iter().map(|p| metric.of(p)).fold(0.0, f64::max);
    let y_min = points
        .iter()
        .map(|p| metric.of(p))
        .fold(f64::INFINITY, f64::min);
    Frame {
        width,
        height: if width < 480.0 { 260.0 } else { 320.0 },
        x: Axis::new(x_min.min(x_max - 1.0).max(0.0), x_max, 6),
        y: if log {
            Axis::log10(y_min.min(y_max), y_max)
        } else {
            Axis::new(0.0, y_max.max(1.0), 5)
        },
    }
}

/// The y axis's title: its unit and scale.
fn y_title(metric: Metric, log: bool, seconds: bool) -> &'static str {
    match (metric, log, seconds) {
        (Metric::Calls, ..) => "herd.sweep.calls_y",
        (_, true, true) => "herd.sweep.time_y_log_s",
        (_, true, false) => "herd.sweep.time_y_log",
        (_, false, true) => "herd.sweep.time_y_s",
        (_, false, false) => "herd.sweep.time_y",
    }
}

/// One line with markers per strategy; the highlighted one is drawn last,
/// so it lies on top, and the others are dimmed.
fn curves(
    metric: Metric,
    points: &[PointSummary],
    strategies: &[Strategy],
    f: &Frame,
    look: &Look,
) -> Html {
    let mut order: Vec<Strategy> = strategies.to_vec();
    if let Some(h) = look.highlight {
        order.retain(|s| *s != h);
        if strategies.contains(&h) {
            order.push(h);
        }
    }
    let series = order.into_iter().map(|s| {
        let st = style(s);
        let data: Vec<(f64, f64)> = points
            .iter()
            .filter(|p| p.strategy == s)
            .map(|p| (f64::from(p.clients), metric.of(p)))
            .collect();
        let pts = f.pixels(&data);
        let line = line_path(&pts);
        let marks: String = pts
            .iter()
            .map(|(x, y)| marker_path(st.marker, *x, *y, 3.5))
            .collect();
        let open = marker_is_open(st.marker);
        let class = match look.highlight {
            Some(h) if h == s => "series front",
            Some(_) => "series dim",
            None => "series",
        };
        html! { <g class={class} data-strategy={s.id()}>
            <path d={line} fill="none" stroke={st.color} stroke-width="2" stroke-dasharray={st.dash} />
            <path d={marks} fill={if open { "none" } else { st.color }} stroke={st.color} stroke-width="1.5" />
        </g> }
    });
    html! { <>{ for series }</> }
}

fn table(
    lang: Lang,
    metric: Metric,
    points: &[PointSummary],
    strategies: &[Strategy],
    clients: &[u32],
    id: &str,
) -> Html {
    html! {
        <div class="scroll-x">
        <table class="data" data-testid={format!("sweep-table-{id}")}>
            <thead><tr>
                <th scope="col">{ "N" }</th>
                { for strategies.iter().map(|&s| html! {
                    <th scope="col" class="num">{ swatch(s) }{ name(lang, s) }</th>
                }) }
            </tr></thead>
            <tbody>
            { for clients.iter().map(|&n| html! { <tr>
                <th scope="row">{ n }</th>
                { for strategies.iter().map(|&s| {
                    let v = points.iter().find(|p| p.clients == n && p.strategy == s);
                    html! { <td class="num">{ v.map(|p| count(metric.of(p))).unwrap_or_else(|| "…".into()) }</td> }
                }) }
            </tr> }) }
            </tbody>
        </table>
        </div>
    }
}

/// The sweep view body.
#[function_component(SweepView)]
pub fn sweep_view(p: &SweepViewProps) -> Html {
    let lang = p.lang;
    let hover = use_state(|| None::<Strategy>);
    let on_hover = {
        let hover = hover.clone();
        Callback::from(move |s: Option<Strategy>| hover.set(s))
    };
    let guard = p.job.job.borrow();
    let job: Option<&HerdJob> = guard.as_ref();
    let charts = job.map(|j| {
        let spec = j.spec();
        let pts = j.summaries();
        let linear = Look {
            log: false,
            highlight: (*hover).or(p.highlight),
            pinned: p.highlight,
            on_field: &p.on_field,
            on_hover: &on_hover,
        };
        let time = Look {
            log: p.time_log,
            ..linear
        };
        html! { <div class={classes!("herd-sweep-charts", p.embed.then_some("compact"))}>
            { figure(lang, Metric::Calls, pts, &spec.strategies, &spec.clients, p.width, &linear) }
            { figure(lang, Metric::Time, pts, &spec.strategies, &spec.clients, p.width, &time) }
        </div> }
    });
    html! {
        <div class="herd-sweep" lang={lang.code()}>
            { sweep_status(lang, job, p) }
            { charts.unwrap_or_default() }
        </div>
    }
}

/// Start and cancel, then how far the sweep is.
fn sweep_status(lang: Lang, job: Option<&HerdJob>, p: &SweepViewProps) -> Html {
    let status = job.map(|j| j.status());
    let start = {
        let cb = p.on_start.clone();
        Callback::from(move |_| cb.emit(()))
    };
    let cancel = {
        let h = p.job.clone();
        Callback::from(move |_| h.cancel())
    };
    let running = status == Some(JobStatus::Running);
    html! {
        <div class="herd-status" role="status">
            <button type="button" class="primary" data-testid="sweep-start" onclick={start} disabled={running}>
                { t(lang, if status.is_some() { "herd.sweep.restart" } else { "herd.sweep.start" }) }
            </button>
            <button type="button" data-testid="sweep-cancel" onclick={cancel} disabled={!running}>
                { t(lang, "herd.cancel") }
            </button>
            { match job {
                None => html! { <span class="muted">{ t(lang, "herd.sweep.idle") }</span> },
                Some(j) => progress(lang, j),
            } }
        </div>
    }
}

/// The sweep's progress, its state in words, once done its time, and where
/// it computes.
fn progress(lang: Lang, j: &HerdJob) -> Html {
    let done = j.summaries().len();
    let total = j.spec().clients.len() * j.spec().strategies.len();
    html! { <>
        <progress max="1" value={j.progress().to_string()} data-testid="sweep-progress"
            aria-label={t(lang, "herd.sweep.progress_label")} />
        <span data-testid="sweep-state" data-state={match j.status() {
            JobStatus::Running => "running", JobStatus::Done => "done", JobStatus::Cancelled => "cancelled" }}>
        { match j.status() {
            JobStatus::Running => tf(lang, "herd.sweep.running", &[
                ("pct", format!("{:.0}", j.progress() * 100.0)),
                ("done", done.to_string()), ("total", total.to_string())]),
            JobStatus::Cancelled => tf(lang, "herd.sweep.cancelled", &[
                ("done", done.to_string()), ("total", total.to_string())]),
            JobStatus::Done => tf(lang, "herd.sweep.done", &[("total", total.to_string())]),
        } }
        </span>
        if j.status() == JobStatus::Done { { elapsed(lang, j) } }
        { engine(lang, j.engine()) }
    </> }
}

/// How long the finished sweep took, and its work.
fn elapsed(lang: Lang, j: &HerdJob) -> Html {
    html! {
        <span>
            { t(lang, "herd.sweep.elapsed") }
            <strong data-testid="sweep-elapsed" data-value={j.timing().elapsed_ms().round().to_string()}>{ duration(lang, j.timing().elapsed_ms().round()) }</strong>
            { " " }
            <span class="muted">{ match j.engine() {
                Engine::MainThread => tf(lang, "herd.sweep.busy", &[
                    ("busy", duration(lang, j.timing().busy_ms().round())),
                    ("slices", group(u64::from(j.timing().slices()))),
                    ("writes", group(j.writes()))]),
                Engine::Workers(_) => tf(lang, "herd.sweep.busy_workers", &[
                    ("writes", group(j.writes()))]),
            } }</span>
        </span>
    }
}

/// Where the sweep computes: in workers, or on the page's main thread.
fn engine(lang: Lang, engine: Engine) -> Html {
    match engine {
        Engine::Workers(n) => html! {
            <span class="muted" data-testid="sweep-engine" data-engine="workers">
                { tf(lang, "herd.sweep.engine_workers", &[("n", n.to_string())]) }
            </span>
        },
        Engine::MainThread => html! {
            <span class="muted" data-testid="sweep-engine" data-engine="main">
                { t(lang, "herd.sweep.engine_main") }
            </span>
        },
    }
}
