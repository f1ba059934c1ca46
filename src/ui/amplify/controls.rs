//! The form: each field writes one URL parameter; the page re-reads the
//! whole query, so a form value obeys the same bounds and notices as a URL.
//! Policies are chosen by name (checkboxes, a select), their ids stay in
//! the URL; the load and sweep views keep their numeric settings in a
//! collapsed «more parameters», so the results come first on a phone.

use yew::prelude::*;

use crate::amplify::params::fmt_num;
use crate::amplify::{AmplifyParams, FanoutPolicy, LoadPolicy, View};
use crate::i18n::{t, tf, Lang};

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
            <label for={id.clone()}>{ t(l, &format!("amplify.param.{name}")) }</label>
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
            <label for="amp-policy">{ t(l, "amplify.param.policy") }</label>
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
            <legend>{ t(l, "amplify.param.policies") }</legend>
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

/// The form of the current view.
#[function_component(Controls)]
pub fn controls(p: &ControlsProps) -> Html {
    let l = p.lang;
    let prm = &p.params;
    let f = |name, v: String| field(l, name, v, &p.on_field);
    let ld = &prm.load;
    let body = match prm.view {
        View::Fanout => html! {
            <div class="fields">
                { f("layers", prm.layers_text()) }
                { f("p", fmt_num(prm.fanout.p)) }
                { fanout_policy(l, prm.fanout.policy, &p.on_field) }
                { f("budget", prm.fanout.budget.to_string()) }
                { f("trials", prm.trials.to_string()) }
                { f("seed", prm.seed.to_string()) }
            </div>
        },
        View::Load => html! { <>
            { policy_boxes(l, &prm.policies, &p.on_field) }
            { more(l, vec![
                f("layers", prm.layers_text()),
                f("rate", fmt_num(ld.rate)),
                f("capacity", fmt_num(ld.capacity)),
                f("timeout", fmt_num(ld.timeout)),
                f("duration", fmt_num(ld.duration)),
                f("trigger_start", fmt_num(ld.trigger.start)),
                f("trigger_end", fmt_num(ld.trigger.end)),
                f("trigger_capacity", fmt_num(ld.trigger_capacity)),
                f("p", fmt_num(prm.fanout.p)),
                f("incident_start", fmt_num(ld.incident.start)),
                f("incident_end", fmt_num(ld.incident.end)),
                f("base", fmt_num(ld.base)),
                f("cap", fmt_num(ld.cap)),
                f("deadline", fmt_num(ld.deadline)),
                f("retry_after", fmt_num(ld.retry_after)),
                f("shed", fmt_num(ld.shed)),
                f("budget_ratio", fmt_num(ld.budget_ratio)),
                f("refill", fmt_num(ld.refill)),
                f("recover_pct", fmt_num(ld.recover_pct)),
                f("seed", prm.seed.to_string()),
            ]) }
        </> },
        View::Sweep => html! { <>
            { policy_boxes(l, &prm.policies, &p.on_field) }
            { more(l, vec![
                f("layers", prm.layers_text()),
                f("calls", prm.calls.to_string()),
                f("steps", prm.steps.to_string()),
                f("rate", fmt_num(ld.rate)),
                f("capacity", fmt_num(ld.capacity)),
                f("base", fmt_num(ld.base)),
                f("cap", fmt_num(ld.cap)),
                f("budget_ratio", fmt_num(ld.budget_ratio)),
                f("refill", fmt_num(ld.refill)),
                f("seed", prm.seed.to_string()),
            ]) }
        </> },
    };
    html! {
        <form class="panel controls amp-controls" onsubmit={Callback::from(|e: SubmitEvent| e.prevent_default())}>
            <h2>{ t(l, "amplify.controls") }</h2>
            { body }
        </form>
    }
}
