//! The form: each field writes one URL parameter; the page re-reads the
//! whole query, so a form value obeys the same bounds and notices as a URL.

use yew::prelude::*;

use crate::amplify::params::fmt_num;
use crate::amplify::{AmplifyParams, View};
use crate::i18n::{t, Lang};

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

/// The form of the current view.
#[function_component(Controls)]
pub fn controls(p: &ControlsProps) -> Html {
    let l = p.lang;
    let prm = &p.params;
    let f = |name, v: String| field(l, name, v, &p.on_field);
    let ld = &prm.load;
    let policies = prm
        .policies
        .iter()
        .map(|x| x.id())
        .collect::<Vec<_>>()
        .join(",");
    let fields = match prm.view {
        View::Fanout => html! { <>
            { f("layers", prm.layers_text()) }
            { f("p", fmt_num(prm.fanout.p)) }
            { f("policy", prm.fanout.policy.id().to_string()) }
            { f("budget", prm.fanout.budget.to_string()) }
            { f("trials", prm.trials.to_string()) }
        </> },
        View::Load => html! { <>
            { f("layers", prm.layers_text()) }
            { f("policies", policies) }
            { f("rate", fmt_num(ld.rate)) }
            { f("capacity", fmt_num(ld.capacity)) }
            { f("timeout", fmt_num(ld.timeout)) }
            { f("duration", fmt_num(ld.duration)) }
            { f("trigger_start", fmt_num(ld.trigger.start)) }
            { f("trigger_end", fmt_num(ld.trigger.end)) }
            { f("trigger_capacity", fmt_num(ld.trigger_capacity)) }
            { f("p", fmt_num(prm.fanout.p)) }
            { f("incident_start", fmt_num(ld.incident.start)) }
            { f("incident_end", fmt_num(ld.incident.end)) }
            { f("deadline", fmt_num(ld.deadline)) }
            { f("retry_after", fmt_num(ld.retry_after)) }
            { f("shed", fmt_num(ld.shed)) }
            { f("budget_ratio", fmt_num(ld.budget_ratio)) }
            { f("recover_pct", fmt_num(ld.recover_pct)) }
        </> },
        View::Sweep => html! { <>
            { f("layers", prm.layers_text()) }
            { f("policies", policies) }
            { f("calls", prm.calls.to_string()) }
            { f("steps", prm.steps.to_string()) }
            { f("rate", fmt_num(ld.rate)) }
            { f("capacity", fmt_num(ld.capacity)) }
        </> },
    };
    html! {
        <form class="panel controls amp-controls" onsubmit={Callback::from(|e: SubmitEvent| e.prevent_default())}>
            <h2>{ t(l, "amplify.controls") }</h2>
            <div class="fields">
                { fields }
                { f("seed", prm.seed.to_string()) }
            </div>
        </form>
    }
}
