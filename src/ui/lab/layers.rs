//! The run view's harness: its written form, editable, with the notices of
//! what it could not use; and the layers of every request sent so far (the
//! SDK's retry inside the harness's attempt inside the model's call) with
//! the wait before each retry and its cause.

use yew::prelude::*;

use crate::i18n::{t, Lang};
use crate::kernel::num::clock;
use crate::kernel::params::Notice;
use crate::lab::params::harness_notice;
use crate::lab::view::layers::{layers, Layer, RetryAfterSeen, WaitCause};
use crate::lab::view::player::{Action, LabState};
use crate::lab::{Harness, Run, StepKind};

type State = UseReducerHandle<LabState>;

/// A harness's id in test ids and cells: its preset's id, or its spec.
pub fn harness_id(h: Harness) -> String {
    h.preset()
        .map_or_else(|| h.to_ids(), |p| p.id().to_string())
}

/// A harness's name: its preset's, or «自定义 harness» with its spec.
pub fn harness_name(l: Lang, h: Harness) -> String {
    match h.preset() {
        Some(p) => t(l, &format!("lab.client.{}", p.id())),
        None => format!(
            "{}{}{}",
            t(l, "lab.layers.custom"),
            t(l, "lab.pick.colon"),
            h.to_ids()
        ),
    }
}

/// A harness's description: its preset's, or its spec.
pub fn harness_desc(l: Lang, h: Harness) -> String {
    match h.preset() {
        Some(p) => t(l, &format!("lab.client.{}.desc", p.id())),
        None => harness_name(l, h),
    }
}

/// The spec field: a changed value is read as `harness=` is, its notices
/// replace the field's earlier ones, and the run follows.
fn on_spec(state: &State, notices: &UseStateHandle<Vec<Notice>>) -> Callback<Event> {
    let d = state.dispatcher();
    let notices = notices.clone();
    Callback::from(move |e: Event| {
        let Some(input) = e.target_dyn_into::<web_sys::HtmlInputElement>() else {
            return;
        };
        let (h, problems) = Harness::parse(&input.value());
        let used = h.to_ids();
        let mut list: Vec<Notice> = (*notices)
            .iter()
            .filter(|x| x.param != "harness")
            .cloned()
            .collect();
        list.extend(problems.into_iter().map(|p| harness_notice(p, &used)));
        notices.set(list);
        input.set_value(&used);
        d.dispatch(Action::Harness(h));
    })
}

/// The harness as written (`chapter,sdk,deadline_none`), editable.
pub fn harness_spec(l: Lang, state: &State, notices: &UseStateHandle<Vec<Notice>>) -> Html {
    let ids = state.params.harness.to_ids();
    html! {
        <p class="harness-spec">
            <label>{ t(l, "lab.pick.harness") }{ t(l, "lab.pick.colon") }
                <input type="text" data-testid="harness-spec" value={ids.clone()} spellcheck="false"
                    onchange={on_spec(state, notices)} title={t(l, "lab.layers.spec_help")} />
            </label>
        </p>
    }
}

/// How many requests were sent in the first `upto` steps.
fn sent(run: &Run, upto: usize) -> usize {
    run.steps()
        .iter()
        .take(upto)
        .filter(|s| matches!(s.kind, StepKind::Send { .. }))
        .count()
}

fn cause_key(cause: WaitCause) -> &'static str {
    match cause {
        WaitCause::Backoff => "lab.layers.cause.backoff",
        WaitCause::RetryAfter => "lab.layers.cause.retry_after",
        WaitCause::SdkBackoff => "lab.layers.cause.sdk_backoff",
        WaitCause::SdkRetryAfter => "lab.layers.cause.sdk_retry_after",
    }
}

fn retry_after_key(seen: RetryAfterSeen) -> Option<&'static str> {
    match seen {
        RetryAfterSeen::Absent => None,
        RetryAfterSeen::Honoured => Some("lab.layers.ra.honoured"),
        RetryAfterSeen::Ignored => Some("lab.layers.ra.ignored"),
        RetryAfterSeen::Invalid => Some("lab.layers.ra.invalid"),
    }
}

fn row(l: Lang, x: &Layer) -> Html {
    let id = |what: &str| format!("layer-{}-{what}", x.request);
    let layer = if x.sdk_retry > 0 { "sdk" } else { "harness" };
    let (wait, cause) = match x.wait {
        None => (String::from("—"), String::new()),
        Some(w) => {
            let ra = retry_after_key(w.retry_after).map(|k| format!(" · {}", t(l, k)));
            (
                clock(l, w.ms),
                format!("{}{}", t(l, cause_key(w.cause)), ra.unwrap_or_default()),
            )
        }
    };
    html! {
        <tr data-testid={format!("layer-{}", x.request)} data-layer={layer}>
            <td class="num" data-testid={id("req")}>{ format!("#{}", x.request + 1) }</td>
            <td class="num" data-testid={id("call")}>{ x.call + 1 }</td>
            <td class="num" data-testid={id("attempt")}>{ x.attempt }</td>
            <td class="num" data-testid={id("sdk")}>{ x.sdk_retry }</td>
            <td class="num" data-testid={id("wait")}>{ wait }</td>
            <td data-testid={id("cause")}>{ cause }</td>
        </tr>
    }
}

/// Every request sent in the first `upto` steps, by layer.
pub fn layers_panel(l: Lang, run: &Run, upto: usize) -> Html {
    let shown: Vec<Layer> = layers(run).into_iter().take(sent(run, upto)).collect();
    if shown.is_empty() {
        return Html::default();
    }
    html! {
        <div class="panel lab-layers" data-testid="layers">
            <h2>{ t(l, "lab.layers.title") }</h2>
            <p class="muted">{ t(l, "lab.layers.intro") }</p>
            <div class="scroll-x">
                <table class="data">
                    <thead><tr>
                        <th class="num">{ t(l, "lab.layers.request") }</th>
                        <th class="num">{ t(l, "lab.layers.call") }</th>
                        <th class="num">{ t(l, "lab.layers.attempt") }</th>
                        <th class="num">{ t(l, "lab.layers.sdk") }</th>
                        <th class="num">{ t(l, "lab.layers.wait") }</th>
                        <th>{ t(l, "lab.layers.cause") }</th>
                    </tr></thead>
                    <tbody>{ for shown.iter().map(|x| row(l, x)) }</tbody>
                </table>
            </div>
        </div>
    }
}
