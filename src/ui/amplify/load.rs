//! The load view: the lesson of the preset's run, then one card per lane
//! (policy) on the same seed: why it did what it did, its numbers, and the
//! charts that say something (per-second load against capacity, goodput,
//! success rate, the first call's requests, amplification per second).

use yew::prelude::*;

use super::chart::{call_chart, line_chart, Line, Titles};
use super::job::{JobHandle, Status};
use crate::amplify::load::explain::{amp_note, mechanism, outcome, plan};
use crate::amplify::load::job::LaneResult;
use crate::amplify::load::lesson::lesson;
use crate::amplify::load::{Bin, Series};
use crate::amplify::load_presets::Preset;
use crate::amplify::work::Work;
use crate::amplify::LoadPolicy;
use crate::i18n::{render, t, tf, Lang};
use crate::ui::size::use_width;

/// Props of [`LoadView`] and [`LoadLesson`].
#[derive(Properties, PartialEq)]
pub struct LoadProps {
    pub lang: Lang,
    pub job: JobHandle,
    pub preset: Preset,
    pub tick: u64,
}

/// The lesson of the run, shown above the form so that on a phone the
/// first thing after the presets is a result.
#[function_component(LoadLesson)]
pub fn load_lesson(p: &LoadProps) -> Html {
    let guard = p.job.job.borrow();
    match guard.as_ref() {
        Some(s) if s.timing().status() != Status::Running => match &s.work {
            Work::Load(job) => lesson_line(p.lang, p.preset, &job.results),
            _ => html! {},
        },
        _ => html! {},
    }
}

fn policy_name(l: Lang, p: LoadPolicy) -> String {
    t(l, &format!("amplify.policy.{}", p.id()))
}

/// The lesson above the lanes, once every lane is done.
fn lesson_line(l: Lang, preset: Preset, results: &[LaneResult]) -> Html {
    let Some(first) = results.first() else {
        return html! {};
    };
    let Some(ls) = lesson(preset, &first.cfg, results) else {
        return html! {};
    };
    let (sep, open, close) = match l {
        Lang::Zh => ("、", "「", "」"),
        Lang::En => (", ", "«", "»"),
    };
    let never: Vec<String> = ls
        .never
        .iter()
        .map(|&p| format!("{open}{}{close}", policy_name(l, p)))
        .collect();
    let key = ls.sentence.key.to_string();
    let sentence = ls.sentence.arg("never", never.join(sep));
    html! {
        <p class="panel amp-lesson" data-testid="amp-lesson" data-key={key}>
            { render(l, &sentence) }
        </p>
    }
}

/// The view.
#[function_component(LoadView)]
pub fn load_view(p: &LoadProps) -> Html {
    let l = p.lang;
    let guard = p.job.job.borrow();
    let Some(state) = guard.as_ref() else {
        return html! {};
    };
    let Work::Load(job) = &state.work else {
        return html! {};
    };
    let running = state.timing().status() == Status::Running;
    html! {
        <div class="amp-load">
            if running {
                <p class="muted" data-testid="load-running">
                    { tf(l, "amplify.progress", &[("pct", format!("{:.0}", job.progress() * 100.0))]) }
                </p>
            } else {
                <p class="muted" data-testid="load-done">{ tf(l, "amplify.done_in", &[("ms", crate::i18n::num::duration(l, state.timing().elapsed_ms().round()))]) }</p>
            }
            <div class="amp-lanes">
                { for job.results.iter().map(|r| html! { <LaneCard lang={l} result={r.clone()} /> }) }
            </div>
        </div>
    }
}

#[derive(Properties, PartialEq)]
struct LaneProps {
    lang: Lang,
    result: LaneResult,
}

fn points(s: &Series, y: impl Fn(&Bin) -> Option<f64>) -> Vec<(f64, f64)> {
    s.bins
        .iter()
        .enumerate()
        .filter_map(|(i, b)| y(b).map(|v| (i as f64 + 0.5, v)))
        .collect()
}

fn numbers(l: Lang, r: &LaneResult) -> Html {
    let recovered = match (r.has_trigger, r.recovered) {
        (false, _) => t(l, "amplify.recovered.no_trigger"),
        (true, None) => t(l, "amplify.recovered.never"),
        (true, Some(s)) => tf(l, "amplify.recovered.after", &[("s", format!("{s:.0}"))]),
    };
    html! {
        <dl class="amp-numbers">
            <dt>{ t(l, "amplify.load.amplification") }</dt>
            <dd data-testid={format!("amplification-{}", r.id)}>{ format!("{:.3}", r.amplification) }</dd>
            <dt>{ t(l, "amplify.load.success") }</dt>
            <dd data-testid={format!("success-{}", r.id)}>{ format!("{:.3}", r.success_rate) }</dd>
            <dt>{ t(l, "amplify.load.calls") }</dt>
            <dd data-testid={format!("calls-{}", r.id)}>{ crate::i18n::num::group(r.calls) }</dd>
            <dt>{ t(l, "amplify.load.requests") }</dt>
            <dd data-testid={format!("requests-{}", r.id)}>{ crate::i18n::num::group(r.requests) }</dd>
            <dt>{ t(l, "amplify.load.recovered") }</dt>
            <dd data-testid={format!("recovered-{}", r.id)}
                data-value={r.recovered.map(|s| format!("{s}")).unwrap_or_default()}>{ recovered }</dd>
        </dl>
    }
}

/// Why the lane did what it did: its mechanism, then what the server went
/// through.
fn why(l: Lang, r: &LaneResult) -> String {
    let cfg = &r.cfg;
    let parts = [
        mechanism(r.policy, cfg, &r.facts),
        outcome(cfg, &r.facts, r.recovered),
    ];
    format!("{} {}", render(l, &parts[0]), render(l, &parts[1]))
}

/// The tops of the load chart (offered load or capacity) and of the
/// goodput chart, at least 1.
fn chart_tops(s: &Series) -> (f64, f64) {
    let top = |v: fn(&Bin) -> f64| s.bins.iter().map(v).fold(1.0, f64::max);
    (
        top(|b| f64::from(b.requests).max(b.capacity)),
        top(|b| f64::from(b.successes)),
    )
}

/// One lane: its «why», numbers and charts, drawn at the card's width.
#[function_component(LaneCard)]
fn lane_card(p: &LaneProps) -> Html {
    let (l, r) = (p.lang, &p.result);
    let node = use_node_ref();
    let width = use_width(node.clone()).max(200.0);
    let cfg = &r.cfg;
    let show = plan(cfg, &r.facts, r.success_rate > 0.0);
    let name = lane_name(l, r);
    let s = &r.series;
    let sec = t(l, "amplify.axis.seconds");
    let n = s.bins.len() as f64;
    let chart = |key: &str, y_key: &str, y_max: f64, lines: Vec<Line>| {
        html! { <>
            <h4>{ t(l, key) }</h4>
            { line_chart(Titles {
                aria: format!("{name}: {}", t(l, key)),
                testid: format!("chart-{}-{}", key.rsplit('.').next().unwrap_or(key), r.id),
                x: &sec,
                y: &t(l, y_key),
            }, width, n, y_max, lines) }
        </> }
    };
    let (load_max, good_max) = chart_tops(s);
    let amp = points(s, |b| b.amplification());
    let amp_max = amp.iter().map(|p| p.1).fold(1.0, f64::max);
    html! {
        <section class="panel amp-lane" data-testid={format!("lane-{}", r.id)}>
            <h3>{ name.clone() }</h3>
            <p class="amp-why" data-testid={format!("why-{}", r.id)}>{ why(l, r) }</p>
            { numbers(l, r) }
            <div class="amp-charts" ref={node}>
                if show.load {
                    { chart("amplify.chart.load", "amplify.axis.per_second", load_max, vec![
                        Line { class: "capacity", points: points(s, |b| Some(b.capacity)) },
                        Line { class: "offered", points: points(s, |b| Some(f64::from(b.requests))) },
                    ]) }
                } else {
                    <p class="muted" data-testid={format!("light-load-{}", r.id)}>{ tf(l, "amplify.chart.light_load", &[
                        ("peak", format!("{:.0}", r.facts.peak_load)), ("capacity", format!("{:.0}", cfg.capacity))]) }</p>
                }
                if show.goodput {
                    { chart("amplify.chart.goodput", "amplify.axis.calls_per_second", good_max,
                        vec![Line { class: "goodput", points: points(s, |b| Some(f64::from(b.successes))) }]) }
                    { chart("amplify.chart.success", "amplify.axis.share", 1.0,
                        vec![Line { class: "success", points: points(s, |b| b.success_rate()) }]) }
                } else {
                    <p class="muted" data-testid={format!("no-goodput-{}", r.id)}>{ t(l, "amplify.chart.no_goodput") }</p>
                }
                if show.first_call {
                    <h4>{ t(l, "amplify.chart.first_call") }</h4>
                    { call_chart(l, format!("chart-first-call-{}", r.id), width, &r.first_call) }
                }
                { chart("amplify.chart.amplification", "amplify.axis.times", amp_max,
                    vec![Line { class: "amp", points: amp }]) }
                if show.amp_note {
                    <p class="muted" data-testid={format!("amp-note-{}", r.id)}>{ render(l, &amp_note(&r.facts)) }</p>
                }
            </div>
        </section>
    }
}

/// The lane's title: the policy's name, and for the Codex comparison
/// whether the server sends `Retry-After`.
fn lane_name(l: Lang, r: &LaneResult) -> String {
    let base = policy_name(l, r.policy);
    if r.id.ends_with("-no_retry_after") {
        format!("{base} · {}", t(l, "amplify.codex.no_header"))
    } else {
        base
    }
}
