//! Brooker's comparison: amplification and success rate against the
//! failure rate p, one line per policy, drawn as the points arrive, with
//! progress and cancel.

use yew::prelude::*;

use super::chart::{line_chart, Line, Titles};
use super::job::{JobHandle, Status};
use crate::amplify::sweep::SweepPoint;
use crate::amplify::work::Work;
use crate::amplify::LoadPolicy;
use crate::i18n::{t, tf, Lang};
use crate::kernel::job::Timing;
use crate::ui::size::use_width;

/// Props of [`SweepView`].
#[derive(Properties, PartialEq)]
pub struct SweepProps {
    pub lang: Lang,
    pub job: JobHandle,
    pub policies: Vec<LoadPolicy>,
    pub on_restart: Callback<()>,
    pub tick: u64,
}

fn lines(points: &[SweepPoint], policies: &[LoadPolicy], y: fn(&SweepPoint) -> f64) -> Vec<Line> {
    policies
        .iter()
        .map(|pol| Line {
            class: pol.id(),
            points: points
                .iter()
                .filter(|p| p.policy == pol.id())
                .map(|p| (p.p, y(p)))
                .collect(),
        })
        .collect()
}

/// The sweep's progress bar and where it stands: running with «取消»,
/// done in how long, or cancelled with «重新开始».
fn progress(l: Lang, p: &SweepProps, timing: &Timing, pct: String) -> Html {
    let cancel = {
        let job = p.job.clone();
        Callback::from(move |_| job.cancel())
    };
    let restart = {
        let r = p.on_restart.clone();
        Callback::from(move |_| r.emit(()))
    };
    html! {
        <div class="amp-progress">
            <progress max="100" value={pct.clone()} data-testid="sweep-progress"></progress>
            { match timing.status() {
                Status::Running => html! { <>
                    <span>{ tf(l, "amplify.progress", &[("pct", pct)]) }</span>
                    <button type="button" data-testid="sweep-cancel" onclick={cancel}>{ t(l, "amplify.cancel") }</button>
                </> },
                Status::Done => html! {
                    <span data-testid="sweep-done">{ tf(l, "amplify.done_in", &[("ms", crate::kernel::num::duration(l, timing.elapsed_ms().round()))]) }</span>
                },
                Status::Cancelled => html! { <>
                    <span data-testid="sweep-cancelled">{ t(l, "amplify.cancelled") }</span>
                    <button type="button" data-testid="sweep-restart" onclick={restart}>{ t(l, "amplify.restart") }</button>
                </> },
            } }
        </div>
    }
}

/// The view.
#[function_component(SweepView)]
pub fn sweep_view(p: &SweepProps) -> Html {
    let l = p.lang;
    let node = use_node_ref();
    let width = use_width(node.clone()).max(200.0);
    let guard = p.job.job.borrow();
    let Some(state) = guard.as_ref() else {
        return html! {};
    };
    let Work::Sweep(job) = &state.work else {
        return html! {};
    };
    let pts = &job.points;
    let amp_max = pts.iter().map(|p| p.amplification).fold(1.0, f64::max);
    let pct = format!("{:.0}", job.progress() * 100.0);
    html! {
        <div class="amp-sweep" ref={node}>
            { progress(l, p, state.timing(), pct) }
            <ul class="amp-legend">
                { for p.policies.iter().map(|pol| html! {
                    <li class={pol.id()}>{ t(l, &format!("amplify.policy.{}", pol.id())) }</li>
                }) }
            </ul>
            <h3>{ t(l, "amplify.sweep.amplification") }</h3>
            { line_chart(Titles { aria: t(l, "amplify.sweep.amplification"), testid: "chart-sweep-amplification".into(),
                x: "p", y: &t(l, "amplify.axis.times") },
                width, 1.0, amp_max, lines(pts, &p.policies, |x| x.amplification)) }
            <h3>{ t(l, "amplify.sweep.success") }</h3>
            { line_chart(Titles { aria: t(l, "amplify.sweep.success"), testid: "chart-sweep-success".into(),
                x: "p", y: &t(l, "amplify.axis.share") },
                width, 1.0, 1.0, lines(pts, &p.policies, |x| x.success_rate)) }
            // The table only once the sweep stops: redraws while it runs stay cheap.
            if state.timing().status() != Status::Running {
            <table class="amp-table" data-testid="sweep-table">
                <thead><tr>
                    <th>{ "p" }</th><th>{ t(l, "amplify.sweep.policy") }</th>
                    <th>{ t(l, "amplify.load.amplification") }</th><th>{ t(l, "amplify.load.success") }</th>
                </tr></thead>
                <tbody>
                    { for pts.iter().map(|x| html! {
                        <tr data-testid={format!("sweep-{}-{}", x.policy, x.p)}>
                            <td>{ format!("{:.2}", x.p) }</td><td>{ x.policy.clone() }</td>
                            <td class="amp">{ format!("{:.3}", x.amplification) }</td>
                            <td class="succ">{ format!("{:.3}", x.success_rate) }</td>
                        </tr>
                    }) }
                </tbody>
            </table>
            }
        </div>
    }
}
