//! The load view: for each lane (policy) on the same seed, per-second
//! charts of offered load against capacity, goodput, client-visible success
//! rate and amplification, and when goodput recovered after the trigger.

use yew::prelude::*;

use super::chart::{line_chart, Line};
use super::job::{JobHandle, Status};
use crate::amplify::load::job::LaneResult;
use crate::amplify::work::Work;
use crate::i18n::{t, tf, Lang};

/// Props of [`LoadView`].
#[derive(Properties, PartialEq)]
pub struct LoadProps {
    pub lang: Lang,
    pub job: JobHandle,
    pub tick: u64,
}

/// The view.
#[function_component(LoadView)]
pub fn load_view(p: &LoadProps) -> Html {
    let l = p.lang;
    let guard = p.job.state.borrow();
    let Some(state) = guard.as_ref() else {
        return html! {};
    };
    let Work::Load(job) = &state.work else {
        return html! {};
    };
    let running = state.timing.status() == Status::Running;
    html! {
        <div class="amp-load">
            if running {
                <p class="muted" data-testid="load-running">
                    { tf(l, "amplify.progress", &[("pct", format!("{:.0}", job.progress() * 100.0))]) }
                </p>
            } else {
                <p class="muted" data-testid="load-done">{ tf(l, "amplify.done_in", &[("ms", crate::i18n::num::duration(l, state.timing.elapsed_ms().round()))]) }</p>
            }
            <div class="amp-lanes">
                { for job.results.iter().map(|r| lane(l, r)) }
            </div>
        </div>
    }
}

fn lane(l: Lang, r: &LaneResult) -> Html {
    let bins = &r.series.bins;
    let n = bins.len() as f64;
    let x = |i: usize| i as f64 + 0.5;
    let offered: Vec<(f64, f64)> = bins
        .iter()
        .enumerate()
        .map(|(i, b)| (x(i), f64::from(b.requests)))
        .collect();
    let capacity: Vec<(f64, f64)> = bins
        .iter()
        .enumerate()
        .map(|(i, b)| (x(i), b.capacity))
        .collect();
    let goodput: Vec<(f64, f64)> = bins
        .iter()
        .enumerate()
        .map(|(i, b)| (x(i), f64::from(b.successes)))
        .collect();
    let success: Vec<(f64, f64)> = bins
        .iter()
        .enumerate()
        .filter_map(|(i, b)| b.success_rate().map(|s| (x(i), s)))
        .collect();
    let amp: Vec<(f64, f64)> = bins
        .iter()
        .enumerate()
        .filter_map(|(i, b)| b.amplification().map(|a| (x(i), a)))
        .collect();
    let load_max = bins
        .iter()
        .map(|b| f64::from(b.requests).max(b.capacity))
        .fold(1.0, f64::max);
    let amp_max = amp.iter().map(|p| p.1).fold(1.0, f64::max).ceil();
    let recovered = match (r.has_trigger, r.recovered) {
        (false, _) => t(l, "amplify.recovered.no_trigger"),
        (true, None) => t(l, "amplify.recovered.never"),
        (true, Some(s)) => tf(l, "amplify.recovered.after", &[("s", format!("{s:.0}"))]),
    };
    let sec = t(l, "amplify.axis.seconds");
    let name = lane_name(l, r);
    html! {
        <section class="panel amp-lane" data-testid={format!("lane-{}", r.id)}>
            <h3>{ name.clone() }</h3>
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
            <h4>{ t(l, "amplify.chart.load") }</h4>
            { line_chart(format!("{name}: {}", t(l, "amplify.chart.load")), sec.clone(), n, load_max, vec![
                Line { class: "capacity", points: capacity },
                Line { class: "offered", points: offered },
            ]) }
            <h4>{ t(l, "amplify.chart.goodput") }</h4>
            { line_chart(format!("{name}: {}", t(l, "amplify.chart.goodput")), sec.clone(), n,
                bins.iter().map(|b| f64::from(b.successes)).fold(1.0, f64::max),
                vec![Line { class: "goodput", points: goodput }]) }
            <h4>{ t(l, "amplify.chart.success") }</h4>
            { line_chart(format!("{name}: {}", t(l, "amplify.chart.success")), sec.clone(), n, 1.0,
                vec![Line { class: "success", points: success }]) }
            <h4>{ t(l, "amplify.chart.amplification") }</h4>
            { line_chart(format!("{name}: {}", t(l, "amplify.chart.amplification")), sec, n, amp_max,
                vec![Line { class: "amp", points: amp }]) }
        </section>
    }
}

/// The lane's title: the policy's name, and for the Codex comparison
/// whether the server sends `Retry-After`.
fn lane_name(l: Lang, r: &LaneResult) -> String {
    let base = t(l, &format!("amplify.policy.{}", r.policy.id()));
    if r.id.ends_with("-no_retry_after") {
        format!("{base} · {}", t(l, "amplify.codex.no_header"))
    } else {
        base
    }
}
