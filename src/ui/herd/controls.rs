//! The form: every parameter of the page. A change is validated exactly like
//! the URL (the field's raw text is put into the query and read back through
//! `HerdParams::from_query`), so a bad value gets the same notice either way.

use wasm_bindgen::JsCast;
use yew::prelude::*;

use super::labels::{label, origin_note, vn_definition};
use crate::herd::params::bounds;
use crate::herd::params::PARAMS;
use crate::herd::{HerdParams, Strategy, View};
use crate::i18n::{t, Lang};
use crate::kernel::page_params::Limit;
use crate::kernel::param_table::{row, Field};
use crate::kernel::params::{check_float, check_int};

#[derive(Properties, PartialEq)]
pub struct ControlsProps {
    pub lang: Lang,
    pub params: HerdParams,
    /// Called with `(param, raw value)` when a field changes.
    pub on_field: Callback<(String, String)>,
}

fn input_value(e: &Event) -> Option<web_sys::HtmlInputElement> {
    e.target()
        .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
}

/// The value a field's raw text stands for, as shown after the change:
/// checked against the row's limit as a whole or a decimal number.
fn canon(field: Field, limit: Limit, raw: &str) -> String {
    match field {
        Field::Float => fmt_f(check_float(raw, limit.as_float()).0),
        _ => check_int(raw, limit.as_int()).0.to_string(),
    }
}

/// The field of the numeric parameter `name`, from its row of the page's
/// table (its bound, its value, whole or decimal); `label` when the view
/// names it its own way.
fn number_field(
    lang: Lang,
    name: &'static str,
    label: Option<&str>,
    prm: &HerdParams,
    on_field: &Callback<(String, String)>,
) -> Html {
    let Some(row) = row(&PARAMS, name) else {
        return Html::default();
    };
    let Some(limit) = row.limit else {
        return Html::default();
    };
    let field = row.field;
    let cb = on_field.clone();
    let onchange = Callback::from(move |e: Event| {
        if let Some(el) = input_value(&e) {
            let raw = el.value();
            // Show the value actually used (the notice explains the change),
            // even when it equals the previous one and nothing re-renders.
            el.set_value(&canon(field, limit, &raw));
            cb.emit((name.to_string(), raw));
        }
    });
    let step = if field == Field::Float { "any" } else { "1" };
    html! {
        <label>
            <span>{ t(lang, label.unwrap_or(row.label)) }</span>
            <input type="number" name={name} data-testid={format!("input-{name}")}
                value={(row.value)(prm)} step={step} inputmode="decimal"
                onchange={onchange} />
            <span class="muted herd-range">{ range_text(lang, limit) }</span>
        </label>
    }
}

/// The allowed range as a student reads it (grouped, the seed's in words).
fn range_text(lang: Lang, b: Limit) -> String {
    if b.min.fract() == 0.0 && b.max.fract() == 0.0 {
        crate::i18n::num::range(lang, b.min as i64, b.max as i64)
    } else {
        format!("{}–{}", b.min, b.max)
    }
}

fn fmt_f(v: f64) -> String {
    crate::herd::params::fmt_num(v)
}

/// The form.
#[function_component(Controls)]
pub fn controls(p: &ControlsProps) -> Html {
    let lang = p.lang;
    let prm = &p.params;
    let f = &p.on_field;
    html! {
        <form class="panel herd-controls" onsubmit={Callback::from(|e: SubmitEvent| e.prevent_default())}
            aria-label={t(lang, "herd.controls")}>
            <div class="herd-views" role="group" aria-label={t(lang, "herd.view.label")}>
                { view_button(lang, prm.view, View::Run, "herd.view.run", f) }
                { view_button(lang, prm.view, View::Sweep, "herd.view.sweep", f) }
            </div>
            { number_fields(lang, prm, f) }
            <fieldset class="herd-strategies">
                <legend>{ t(lang, "herd.param.strategies") }</legend>
                <p class="muted herd-vn">{ t(lang, "herd.vn_prefix") }{ " " }{ vn_definition() }{ t(lang, "herd.vn_suffix") }</p>
                <div class="herd-checks">
                    { for Strategy::ALL.into_iter().map(|s| strategy_box(lang, &prm.strategies, s, f)) }
                </div>
            </fieldset>
        </form>
    }
}

/// The button that switches to `view`, pressed while it is `current`.
fn view_button(
    lang: Lang,
    current: View,
    view: View,
    key: &str,
    f: &Callback<(String, String)>,
) -> Html {
    let cb = f.clone();
    let pressed = current == view;
    html! {
        <button type="button" aria-pressed={pressed.to_string()}
            data-testid={format!("view-{}", view.id())}
            onclick={Callback::from(move |_| cb.emit(("view".into(), view.id().into())))}>
            { t(lang, key) }
        </button>
    }
}

/// The numeric fields: N (or the sweep's range of N) and trials, the
/// backoff and the network, the seed with its random button.
fn number_fields(lang: Lang, prm: &HerdParams, f: &Callback<(String, String)>) -> Html {
    let random_seed = {
        let cb = f.clone();
        Callback::from(move |_| {
            // From Web Crypto (getrandom); the URL and the seed field show it.
            let seed = crate::ui::dom::fresh_seed(bounds::SEED.max as u64);
            cb.emit(("seed".into(), seed.to_string()));
        })
    };
    html! {
        <div class="controls">
            if prm.view == View::Run {
                { number_field(lang, "clients", Some("herd.param.clients"), prm, f) }
            } else {
                { number_field(lang, "n_from", None, prm, f) }
                { number_field(lang, "n_to", None, prm, f) }
                { number_field(lang, "n_step", None, prm, f) }
            }
            { number_field(lang, "trials", Some(if prm.view == View::Run { "herd.param.trials_run" } else { "herd.param.trials" }), prm, f) }
            { number_field(lang, "base", None, prm, f) }
            { number_field(lang, "cap", None, prm, f) }
            { number_field(lang, "net_mean", None, prm, f) }
            { number_field(lang, "net_sd", None, prm, f) }
            <div class="herd-seed">
                { number_field(lang, "seed", None, prm, f) }
                <button type="button" data-testid="seed-random" onclick={random_seed}>
                    { t(lang, "herd.seed.random") }
                </button>
            </div>
        </div>
    }
}

/// A strategy's checkbox: it adds the strategy to the chosen ones or takes
/// it away; the last one left cannot be unchecked.
fn strategy_box(
    lang: Lang,
    chosen: &[Strategy],
    s: Strategy,
    f: &Callback<(String, String)>,
) -> Html {
    let checked = chosen.contains(&s);
    let only = checked && chosen.len() == 1;
    let ids: Vec<&str> = Strategy::ALL
        .iter()
        .filter(|&&x| {
            if x == s {
                !checked
            } else {
                chosen.contains(&x)
            }
        })
        .map(|x| x.id())
        .collect();
    let value = ids.join(",");
    let cb = f.clone();
    html! {
        <label class="herd-check">
            <input type="checkbox" checked={checked} disabled={only}
                data-testid={format!("strategy-{}", s.id())}
                onchange={Callback::from(move |_| cb.emit(("strategies".into(), value.clone())))} />
            <span class="herd-check-text">
                { label(lang, s) }
                if let Some(key) = origin_note(s) {
                    <span class="muted herd-origin" data-testid={format!("origin-{}", s.id())}>{ t(lang, key) }</span>
                }
            </span>
        </label>
    }
}
