//! The run view's parts for two tenants, the key's namespace and header
//! convention, the attempts and the two timers of a response that trickles
//! in. Pure rendering of what the run records (`Run::leaks`,
//! `Run::tenant_refusals`, `faults::drip::timers`).

use yew::prelude::*;

use crate::i18n::{render, t, tf, Lang};
use crate::kernel::num::clock as secs;
use crate::lab::model::harness::{ACTION, SUBJECT, TENANTS};
use crate::lab::view::words::tenant_name;
use crate::lab::{DripTimers, Run, Timer, ToolOutcome};
use crate::ui::icons::{icon, Icon};

/// The key's namespace as the reading writes it: `tenant / subject / action`.
pub fn namespace(tenant: &str) -> String {
    format!("{tenant} / {SUBJECT} / {ACTION}")
}

/// One tenant's line: its reports and what its model was told.
fn tenant_line(l: Lang, run: &Run, tenant: usize) -> Html {
    let n = run.reports_of(tenant);
    let told: ToolOutcome = run.tool_outcome_of(tenant);
    html! {
        <li data-testid={format!("tenant-{tenant}")} data-reports={n.to_string()} data-tool={told.id()}>
            { tf(l, "lab.tenant.line", &[
                ("tenant", render(l, &tenant_name(tenant))),
                ("reports", render(l, &crate::lab::view::words::reports(n))),
                ("tool", t(l, &format!("lab.toolshort.{}", told.id()))),
            ]) }
        </li>
    }
}

/// With two tenants: each tenant's reports and what its model was told,
/// and a mark for a leak or a cross-tenant refusal.
pub fn tenants_block(l: Lang, run: &Run) -> Html {
    let tenants: Vec<usize> = run.tenants().collect();
    if tenants.len() < 2 {
        return html! {};
    }
    let (leaks, refused) = (run.leaks(), run.tenant_refusals());
    let req = |r: &usize| ("req", (r + 1).to_string());
    html! {
        <div class="tenants" data-testid="tenants" data-leaks={leaks.len().to_string()}
            data-refusals={refused.len().to_string()}>
            <ul>{ for tenants.iter().map(|t| tenant_line(l, run, *t)) }</ul>
            { for leaks.iter().map(|r| html! {
                <p class="tenant-mark leak" data-testid="leak-mark">
                    { icon(Icon::Leak) }{ " " }{ tf(l, "lab.tenant.leak", &[req(r)]) }
                </p>
            }) }
            { for refused.iter().map(|r| html! {
                <p class="tenant-mark refused" data-testid="tenant-refused-mark">
                    { icon(Icon::TenantRefused) }{ " " }{ tf(l, "lab.tenant.refused", &[req(r)]) }
                </p>
            }) }
        </div>
    }
}

/// Below the keys table: which header-value convention the lab shows, and
/// the key's namespace when keys are scoped by tenant.
pub fn key_notes(l: Lang, scoped: bool) -> Html {
    html! {
        <div class="key-notes muted">
            <p data-testid="key-convention" data-convention="stripe-unquoted">{ t(l, "lab.key.convention") }</p>
            <p data-testid="key-namespace" data-scoped={scoped.to_string()}>
                if scoped {
                    { tf(l, "lab.key.namespace_scoped", &[("ns", namespace(TENANTS[0]))]) }
                } else {
                    { t(l, "lab.key.namespace_global") }
                }
            </p>
        </div>
    }
}

/// Where a timer's row draws on the axis (percentages of it): the bytes'
/// ticks, and the moment the timer fires or would fire.
struct Track {
    ticks_every: Option<f64>,
    mark: Option<f64>,
}

/// The axis of a timer's row, drawn with SVG attributes (the page's CSP
/// allows no inline styles): a tick for each arrival of bytes, and a bar
/// where the timer fires.
fn track_svg(track: &Track) -> Html {
    let ticks: Vec<f64> = match track.ticks_every {
        Some(every) if every > 0.5 => (1..)
            .map(|k| k as f64 * every)
            .take_while(|x| *x < 100.0)
            .collect(),
        _ => Vec::new(),
    };
    html! {
        <svg class="timer-track" viewBox="0 0 100 10" preserveAspectRatio="none" aria-hidden="true">
            <rect class="timer-bg" x="0" y="0" width="100" height="10"></rect>
            { for ticks.iter().map(|x| html! {
                <line class="timer-tick" x1={format!("{x:.2}")} x2={format!("{x:.2}")} y1="2" y2="8"
                    vector-effect="non-scaling-stroke"></line>
            }) }
            if let Some(at) = track.mark {
                <rect class="timer-mark" x={format!("{:.2}", (at - 0.75).max(0.0))} y="0" width="1.5" height="10"></rect>
            }
        </svg>
    }
}

/// A timer's row: its name, its limit, and whether it fired.
fn timer_row(l: Lang, which: Timer, limit: String, fired: bool, track: Track) -> Html {
    let id = match which {
        Timer::Read => "read",
        Timer::Deadline => "deadline",
    };
    let state = if fired {
        "lab.timers.fired"
    } else {
        "lab.timers.never"
    };
    html! {
        <div class={classes!("timer", fired.then_some("fired"))} data-testid={format!("timer-{id}")}
            data-fired={fired.to_string()}>
            <span class="timer-name">{ tf(l, &format!("lab.timers.{id}"), &[("limit", limit)]) }</span>
            { track_svg(&track) }
            <span class="timer-state">{ t(l, state) }</span>
        </div>
    }
}

/// The two timers of an attempt whose response trickled in, on one time
/// axis from its first byte to when the response would have been complete:
/// the read timeout restarts at every byte, the deadline does not.
pub fn timers_panel(l: Lang, run: &Run) -> Html {
    let Some(d) = crate::lab::faults::drip::timers(run) else {
        return html! {};
    };
    let DripTimers {
        every_ms,
        complete_ms,
        read_timeout_ms,
        deadline_ms,
        fired,
        ..
    } = d;
    let pct = |ms: u64| (ms as f64 / complete_ms.max(1) as f64 * 100.0).min(100.0);
    let fired_id = match fired {
        Some(Timer::Read) => "read",
        Some(Timer::Deadline) => "deadline",
        None => "none",
    };
    html! {
        <div class="panel timers" data-testid="drip-timers" data-fired={fired_id}
            data-read-ms={read_timeout_ms.to_string()} data-deadline-ms={deadline_ms.to_string()}>
            <h2>{ t(l, "lab.timers.title") }</h2>
            <p class="muted">{ tf(l, "lab.timers.bytes", &[
                ("every", secs(l, every_ms)),
                ("complete", secs(l, complete_ms)),
            ]) }</p>
            { timer_row(l, Timer::Read, secs(l, read_timeout_ms), fired == Some(Timer::Read), Track {
                ticks_every: Some(pct(every_ms)),
                mark: (fired == Some(Timer::Read)).then(|| pct(d.first_byte_ms + read_timeout_ms)),
            }) }
            { timer_row(l, Timer::Deadline, secs(l, deadline_ms), fired == Some(Timer::Deadline), Track {
                ticks_every: None,
                mark: Some(pct(deadline_ms)),
            }) }
            <p>{ t(l, "lab.timers.lesson") }</p>
        </div>
    }
}
