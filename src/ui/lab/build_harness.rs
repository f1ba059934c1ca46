//! The workbench's harness panel: the other half of the design beside the
//! server's mechanisms, grouped as the chapter's table (the key, what it
//! retries, how long to wait, how many, `Retry-After`, the deadlines, the
//! budget, when the outcome is unknown), each choice with its name and the
//! chapter passage it comes from, the ten presets as starting points, and
//! how a flip of one choice is named when it is a row's fix.

use yew::prelude::*;

use crate::i18n::{t, tf, Lang};
use crate::lab::harness::spec::{Number, NUMBERS};
use crate::lab::harness::{Class, Harness, HarnessPreset};
use crate::lab::params::build::{harness_panel, number_token, HarnessControl};
use crate::ui::widgets::{choice_buttons, choice_names, what_they_do};

/// What the panel's controls do: set a preset, or set one token.
pub struct HarnessActions<'a> {
    pub set: &'a Callback<Harness>,
    pub edit: &'a Callback<String>,
}

/// The presets, every group's controls, and the harness used.
pub fn harness_controls(l: Lang, h: Harness, a: &HarnessActions) -> Html {
    let chosen = move |p: HarnessPreset| h == p.harness();
    html! {
        <fieldset class="harness-panel" data-testid="build-harness-panel">
            <legend>{ t(l, "build.harness.title") }</legend>
            <p class="muted">{ t(l, "build.harness.intro") }</p>
            <div class="server-picker" role="group" aria-label={t(l, "build.harness.presets")} data-testid="build-harness-presets">
                <span class="picker-label">{ t(l, "build.harness.presets") }</span>
                { choice_buttons(l, HarnessPreset::ALL, "harness.preset", "harness-preset", chosen, &a.set.reform(HarnessPreset::harness), false) }
            </div>
            { what_they_do(l, "build.what_clients", "harness-presets", choice_names(l, "harness.preset", HarnessPreset::ALL)) }
            <div class="mech-groups">
                { for harness_panel().into_iter().map(|g| html! {
                    <fieldset class="mech-group" data-testid={format!("harness-group-{}", g.id)}>
                        <legend>{ t(l, &format!("build.harness.group.{}", g.id)) }</legend>
                        { for g.controls.iter().map(|c| control(l, g.id, *c, h, a)) }
                        { sources(l, g.id, &g.controls) }
                    </fieldset>
                }) }
            </div>
            <p class="muted" data-testid="build-harness" data-harness={h.to_ids()}>
                { tf(l, "build.harness.spec", &[("spec", h.to_ids())]) }
            </p>
        </fieldset>
    }
}

/// One control of a group.
fn control(
    l: Lang,
    group: &'static str,
    c: HarnessControl,
    h: Harness,
    a: &HarnessActions,
) -> Html {
    let tokens = crate::lab::harness::spec::tokens(h);
    match c {
        HarnessControl::Choice(ids) => html! { <>{ for ids().into_iter().map(|id| {
            let checked = tokens.iter().any(|t| t == id);
            let onchange = a.edit.reform(move |_: Event| id.to_string());
            html! {
                <label class="mech" title={t(l, &format!("lab.harness.{id}.src"))}>
                    <input type="radio" name={format!("harness-{group}")} data-testid={format!("harness-{id}")}
                        checked={checked} onchange={onchange} />
                    { " " }{ t(l, &format!("lab.harness.{id}")) }
                </label>
            }
        }) }</> },
        HarnessControl::Classes => html! { <>{ for Class::ALL.into_iter().map(|class| {
            let on = h.retries(class);
            let token = format!("{}{}", if on { "noretry_" } else { "retry_" }, class.id());
            html! {
                <label class="mech" title={t(l, &format!("lab.harness.{}.src", class.id()))}>
                    <input type="checkbox" data-testid={format!("harness-retry-{}", class.id())}
                        checked={on} onchange={a.edit.reform(move |_: Event| token.clone())} />
                    { " " }{ t(l, &format!("lab.harness.{}", class.id())) }
                </label>
            }
        }) }</> },
        HarnessControl::Sdk => {
            let token = if h.sdk { "nosdk" } else { "sdk" };
            html! {
                <label class="mech" title={t(l, "build.harness.sdk.src")}>
                    <input type="checkbox" data-testid="harness-sdk" checked={h.sdk}
                        onchange={a.edit.reform(move |_: Event| token.to_string())} />
                    { " " }{ t(l, "build.harness.sdk") }
                </label>
            }
        }
        HarnessControl::Number(n) => number(l, n, h, a),
    }
}

/// A bounded number input; an empty one means «no limit» where the number
/// may have none. A value out of bounds is refused with a notice.
fn number(l: Lang, n: &'static Number, h: Harness, a: &HarnessActions) -> Html {
    let value = n.value(h).map(|v| v.to_string()).unwrap_or_default();
    let onchange = a.edit.reform(move |e: Event| {
        let raw = e
            .target_dyn_into::<web_sys::HtmlInputElement>()
            .map(|i| i.value())
            .unwrap_or_default();
        number_token(n, &raw)
    });
    let range = tf(
        l,
        "build.harness.range",
        &[("lo", n.lo.to_string()), ("hi", n.hi.to_string())],
    );
    html! {
        <label class="harness-number">
            { t(l, &format!("build.harness.num.{}", n.id())) }{ " " }
            <input type="number" inputmode="numeric" data-testid={format!("harness-num-{}", n.id())}
                min={n.lo.to_string()} max={n.hi.to_string()} value={value}
                placeholder={n.none_ok.then(|| t(l, "build.harness.no_limit"))} onchange={onchange} />
            { " " }<span class="muted">{ range }</span>
        </label>
    }
}

/// Each choice of a group with the chapter passage it comes from.
fn sources(l: Lang, group: &'static str, controls: &[HarnessControl]) -> Html {
    let mut ids: Vec<String> = Vec::new();
    let mut sdk = false;
    for c in controls {
        match c {
            HarnessControl::Choice(of) => ids.extend(of().into_iter().map(String::from)),
            HarnessControl::Classes => {
                ids.extend(Class::ALL.into_iter().map(|c| c.id().to_string()))
            }
            HarnessControl::Sdk => sdk = true,
            HarnessControl::Number(_) => {}
        }
    }
    let mut items: Vec<(String, String)> = ids
        .iter()
        .map(|id| {
            (
                t(l, &format!("lab.harness.{id}")),
                t(l, &format!("lab.harness.{id}.src")),
            )
        })
        .collect();
    if sdk {
        items.push((t(l, "build.harness.sdk"), t(l, "build.harness.sdk.src")));
    }
    if items.is_empty() {
        return Html::default();
    }
    what_they_do(
        l,
        "build.harness.src",
        &format!("harness-{group}"),
        items.into_iter(),
    )
}

/// A flip of one token as the page says it: «不再重试「TLS…」», «改成「业务键」»,
/// «把「总 deadline」设为 12000».
pub fn flip_name(l: Lang, token: &str) -> String {
    let class = |id: &str| ("class", t(l, &format!("lab.harness.{id}")));
    if let Some(id) = token.strip_prefix("noretry_") {
        return tf(l, "build.flip.noretry", &[class(id)]);
    }
    if let Some(id) = token.strip_prefix("retry_") {
        return tf(l, "build.flip.retry", &[class(id)]);
    }
    match token {
        "sdk" => return t(l, "build.flip.sdk"),
        "nosdk" => return t(l, "build.flip.nosdk"),
        _ => {}
    }
    let number = NUMBERS
        .iter()
        .find_map(|n| Some((n, token.strip_prefix(n.prefix)?)));
    match number {
        Some((n, v)) => {
            let value = match v {
                "none" => t(l, "build.harness.no_limit"),
                v => v.to_string(),
            };
            tf(
                l,
                "build.flip.number",
                &[
                    ("name", t(l, &format!("build.harness.num.{}", n.id()))),
                    ("value", value),
                ],
            )
        }
        None => tf(
            l,
            "build.flip.choice",
            &[("choice", t(l, &format!("lab.harness.{token}")))],
        ),
    }
}
