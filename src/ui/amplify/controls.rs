//! The form: each field writes one URL parameter; the page re-reads the
//! whole query, so a form value obeys the same bounds and notices as a URL.
//! Policies are chosen by name (checkboxes, a select), their ids stay in
//! the URL; the load and sweep views keep their numeric settings in a
//! collapsed «more parameters», so the results come first on a phone.

use yew::prelude::*;

use crate::amplify::{AmplifyParams, FanoutPolicy, LoadPolicy, View};
use crate::i18n::{t, tf, Lang};
use crate::kernel::page_params::PageParams;

/// Props of [`Controls`].
#[derive(Properties, PartialEq)]
pub struct ControlsProps {
    pub lang: Lang,
    pub params: AmplifyParams,
    /// `(name, raw value)` of a changed field.
    pub on_field: Callback<(String, String)>,
}

fn field(
    l: Lang,
    name: &'static str,
    value: String,
    on_field: &Callback<(String, String)>,
) -> Html {
    let cb = on_field.clone();
    let onchange = Callback::from(move |e: Event| {
        if let Some(el) = e.target_dyn_into::<web_sys::HtmlInputElement>() {
            cb.emit((name.to_string(), el.value()));
        }
    });
    let id = format!("amp-{name}");
    html! {
        <div class="field">
            <label for={id.clone()}>{ t(l, AmplifyParams::label(name).unwrap_or(name)) }</label>
            <input id={id} name={name} data-testid={format!("field-{name}")} value={value} {onchange} />
        </div>
    }
}

/// The fanout view's «who retries»: a select of the policies' names.
fn fanout_policy(l: Lang, current: FanoutPolicy, on_field: &Callback<(String, String)>) -> Html {
    let cb = on_field.clone();
    let onchange = Callback::from(move |e: Event| {
        if let Some(el) = e.target_dyn_into::<web_sys::HtmlSelectElement>() {
            cb.emit(("policy".into(), el.value()));
        }
    });
    html! {
        <div class="field">
            <label for="amp-policy">{ t(l, AmplifyParams::label("policy").unwrap_or("policy")) }</label>
            <select id="amp-policy" name="policy" data-testid="field-policy" {onchange}>
                { for FanoutPolicy::ALL.iter().map(|&p| html! {
                    <option value={p.id()} selected={p == current}>{ t(l, &format!("amplify.fanout_policy.{}", p.id())) }</option>
                }) }
            </select>
        </div>
    }
}

/// One checkbox per load policy, by name; the ids go to `policies`. The
/// last checked one cannot be unchecked (a comparison needs a lane).
fn policy_boxes(l: Lang, chosen: &[LoadPolicy], on_field: &Callback<(String, String)>) -> Html {
    let boxes = LoadPolicy::ALL.iter().map(|&p| {
        let on = chosen.contains(&p);
        let next: Vec<&str> = LoadPolicy::ALL
            .iter()
            .filter(|&&q| if q == p { !on } else { chosen.contains(&q) })
            .map(|q| q.id())
            .collect();
        let value = next.join(",");
        let cb = on_field.clone();
        let onchange = Callback::from(move |_: Event| cb.emit(("policies".into(), value.clone())));
        html! {
            <label class={classes!("amp-policy-box", p.id())}>
                <input type="checkbox" data-testid={format!("policy-{}", p.id())} value={p.id()}
                    checked={on} disabled={on && chosen.len() == 1} {onchange} />
                { t(l, &format!("amplify.policy.{}", p.id())) }
            </label>
        }
    });
    html! {
        <fieldset class="amp-policy-boxes" data-testid="field-policies">
            <legend>{ t(l, AmplifyParams::label("policies").unwrap_or("policies")) }</legend>
            { for boxes }
        </fieldset>
    }
}

/// The collapsed numeric settings of the load and sweep views.
fn more(l: Lang, fields: Vec<Html>) -> Html {
    let n = fields.len();
    html! {
        <details class="amp-more" data-testid="more-params">
            <summary>{ tf(l, "amplify.controls.more", &[("n", n.to_string())]) }</summary>
            <div class="fields">{ for fields }</div>
        </details>
    }
}

/// The numeric settings of the load view, in the order of the form (each
/// one's label, value and bound are its row of the page's table,
/// `amplify::params::PARAMS`).
const LOAD_FIELDS: [&str; 20] = [
    "layers",
    "rate",
    "capacity",
    "timeout",
    "duration",
    "trigger_start",
    "trigger_end",
    "trigger_capacity",
    "p",
    "incident_start",
    "incident_end",
    "base",
    "cap",
    "deadline",
    "retry_after",
    "shed",
    "budget_ratio",
    "refill",
    "recover_pct",
    "seed",
];
/// The numeric settings of the sweep view.
const SWEEP_FIELDS: [&str; 10] = [
    "layers",
    "calls",
    "steps",
    "rate",
    "capacity",
    "base",
    "cap",
    "budget_ratio",
    "refill",
    "seed",
];

/// The form of the current view.
#[function_component(Controls)]
pub fn controls(p: &ControlsProps) -> Html {
    let l = p.lang;
    let prm = &p.params;
    let f = |name: &'static str| field(l, name, prm.value(name), &p.on_field);
    let body = match prm.view {
        View::Fanout => html! {
            <div class="fields">
                { f("layers") }
                { f("p") }
                { fanout_policy(l, prm.fanout.policy, &p.on_field) }
                { f("budget") }
                { f("trials") }
                { f("seed") }
            </div>
        },
        View::Load | View::Sweep => {
            let names: &[&'static str] = if prm.view == View::Load {
                &LOAD_FIELDS
            } else {
                &SWEEP_FIELDS
            };
            html! { <>
                { policy_boxes(l, &prm.policies, &p.on_field) }
                { more(l, names.iter().map(|&n| f(n)).collect()) }
            </> }
        }
    };
    // The load and sweep forms open with their legend; a heading would
    // only push the results further down on a phone.
    html! {
        <form class="panel controls amp-controls" aria-label={t(l, "amplify.controls")}
            onsubmit={Callback::from(|e: SubmitEvent| e.prevent_default())}>
            if prm.view == View::Fanout { <h2>{ t(l, "amplify.controls") }</h2> }
            { body }
        </form>
    }
}
