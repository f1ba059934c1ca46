//! «组一套题 / Build a set» (`#/exercises/builder`): the builder's view
//! over its pure reducer ([`crate::exercises::set_builder`]). Native
//! controls only (select, checkbox, buttons), so it is operable from the
//! keyboard; it wraps at a phone's width. A page of its own, in a wasm of
//! its own: a course author's tool, which no student's exercises load.

use std::rc::Rc;

use yew::prelude::*;

use crate::exercises::sections::Section;
use crate::exercises::set::MAX_SET_IDS;
use crate::exercises::set_builder::{kinds, Act, Builder};
use crate::exercises::xapi::{listener, read_origin};
use crate::exercises::{bank, Question};
use crate::i18n::{t, tf, Lang};
use crate::pages::links::{Link, Shell};
use crate::shell::embed::{embed_snippet, embed_title_with, exercises_title};
use crate::ui::dom;
use crate::ui::link::AppLink;
use crate::ui::page::PageProps;

/// The builder's page: its title, the way back to the exercises, the
/// builder over the whole bank.
#[function_component(SetBuilderPage)]
pub fn set_builder_page(p: &PageProps) -> Html {
    let l = p.lang;
    let bank = use_memo((), |_| bank());
    html! {
        <section class="exercises ex-builder-page" data-testid="exercises-builder">
            <h1>{ t(l, "ex.builder.title") }</h1>
            <p><AppLink to={Link::Exercises(None).location()} testid="builder-back">{ t(l, "ex.builder.back") }</AppLink></p>
            <SetBuilder lang={l} {bank} />
        </section>
    }
}

#[derive(Properties, PartialEq)]
pub struct SetBuilderProps {
    pub lang: Lang,
    pub bank: Rc<Vec<Question>>,
}

/// The builder.
#[function_component(SetBuilder)]
pub fn set_builder(p: &SetBuilderProps) -> Html {
    let l = p.lang;
    let b = use_state(Builder::default);
    let act = {
        let b = b.clone();
        Callback::from(move |a: Act| b.set((*b).clone().after(a)))
    };
    html! {
        <div class="ex-builder" data-testid="set-builder">
            <p class="muted">{ tf(l, "ex.builder.intro", &[("max", MAX_SET_IDS.to_string())]) }</p>
            { filters(l, &b, &p.bank, &act) }
            { listed(l, &b, &p.bank, &act) }
            { chosen(l, &b, &act) }
            { origin(l, &b, &act) }
            { output(l, &b) }
        </div>
    }
}

/// The section and kind filters.
fn filters(l: Lang, b: &Builder, bank: &[Question], act: &Callback<Act>) -> Html {
    let on_section = act.reform(|e: Event| {
        let v = select_value(&e);
        Act::Section(Section::from_id(&v))
    });
    let all_kinds = kinds(bank);
    let on_kind = {
        let all_kinds = all_kinds.clone();
        act.reform(move |e: Event| {
            let v = select_value(&e);
            Act::Kind(all_kinds.iter().copied().find(|k| *k == v))
        })
    };
    html! {
        <div class="ex-builder-filters">
            <label>{ t(l, "ex.field_section") }{ " " }
                <select data-testid="builder-section" onchange={on_section}>
                    <option value="" selected={b.section.is_none()}>{ t(l, "ex.builder.every") }</option>
                    { for Section::ALL.iter().map(|s| html! {
                        <option value={s.id()} selected={b.section == Some(*s)}>{ t(l, &s.title_key()) }</option>
                    }) }
                </select>
            </label>
            <label>{ t(l, "ex.builder.kind") }{ " " }
                <select data-testid="builder-kind" onchange={on_kind}>
                    <option value="" selected={b.kind.is_none()}>{ t(l, "ex.builder.every") }</option>
                    { for all_kinds.iter().map(|k| html! {
                        <option value={*k} selected={b.kind == Some(*k)}>{ t(l, k) }</option>
                    }) }
                </select>
            </label>
        </div>
    }
}

fn select_value(e: &Event) -> String {
    e.target_dyn_into::<web_sys::HtmlSelectElement>()
        .map(|s| s.value())
        .unwrap_or_default()
}

/// The questions the filters let through, each with its tick box.
fn listed(l: Lang, b: &Builder, bank: &[Question], act: &Callback<Act>) -> Html {
    let row = |q: &Question| {
        let id = q.id;
        let on = b.chosen.contains(&id);
        let toggle = act.reform(move |_: Event| Act::Toggle(id));
        html! {
            <li key={id}>
                <label>
                    <input type="checkbox" data-testid={format!("pick-{id}")} checked={on}
                        disabled={!on && b.full()} onchange={toggle} />
                    { " " }<code>{ id }</code>{ " " }
                    <span class="ex-builder-prompt">{ t(l, &q.prompt_key()) }</span>
                </label>
            </li>
        }
    };
    html! {
        <ul class="ex-builder-list" data-testid="builder-list">{ for b.listed(bank).into_iter().map(row) }</ul>
    }
}

/// The set so far, in order, each with «上移», «下移», «移除».
fn chosen(l: Lang, b: &Builder, act: &Callback<Act>) -> Html {
    let n = b.chosen.len();
    let row = |(i, id): (usize, &&'static str)| {
        let id = *id;
        let button = |key: &str, what: Act, testid: &str, disabled: bool| {
            let onclick = act.reform(move |_: MouseEvent| what.clone());
            html! {
                <button type="button" data-testid={format!("{testid}-{id}")} {disabled} {onclick}
                    aria-label={format!("{} {id}", t(l, key))}>{ t(l, key) }</button>
            }
        };
        html! {
            <li key={id} data-testid={format!("chosen-{id}")}>
                <code>{ id }</code>{ " " }
                { button("ex.builder.up", Act::Up(i), "up", i == 0) }
                { button("ex.builder.down", Act::Down(i), "down", i + 1 == n) }
                { button("ex.builder.remove", Act::Remove(i), "remove", false) }
            </li>
        }
    };
    html! {
        <>
            <h3 data-testid="builder-count">{ tf(l, "ex.builder.chosen", &[("n", n.to_string()), ("max", MAX_SET_IDS.to_string())]) }</h3>
            <ol class="ex-builder-chosen" data-testid="builder-chosen">{ for b.chosen.iter().enumerate().map(row) }</ol>
        </>
    }
}

/// The course page's origin (optional): with one, the embed reports each
/// answer to that page, and the listener to paste there is shown.
fn origin(l: Lang, b: &Builder, act: &Callback<Act>) -> Html {
    let oninput = act.reform(|e: InputEvent| {
        let v = e
            .target_dyn_into::<web_sys::HtmlInputElement>()
            .map(|i| i.value())
            .unwrap_or_default();
        Act::Origin(v)
    });
    let valid = read_origin(&b.origin).is_some();
    let app = dom::page_origin();
    html! {
        <div class="ex-builder-origin">
            <label>{ t(l, "ex.builder.origin") }
                <input type="url" class="share-url" data-testid="builder-origin" value={b.origin.clone()}
                    placeholder="https://course.example" {oninput} />
            </label>
            if b.origin_refused() {
                <p class="muted" role="status" data-testid="builder-origin-refused">{ t(l, "ex.origin_range") }</p>
            }
            if valid {
                <p class="muted">{ t(l, "ex.builder.listener") }</p>
                <textarea class="share-url" readonly=true rows="11" data-testid="builder-listener"
                    aria-label={t(l, "ex.builder.listener")} value={listener(&app)} />
            }
        </div>
    }
}

/// The set's link and embed snippet, or why there is none yet.
fn output(l: Lang, b: &Builder) -> Html {
    let Some(link) = b.link() else {
        return html! { <p class="muted" data-testid="builder-empty">{ t(l, "ex.builder.empty") }</p> };
    };
    let hash = link.href_in(Shell {
        lang: l,
        embed: false,
    });
    let href = format!("{}{hash}", dom::address_without_hash());
    let snippet = embed_snippet(&href, &embed_title_with(l, &hash, exercises_title));
    html! {
        <div class="ex-builder-out">
            <label>{ t(l, "ex.builder.link") }
                <input class="share-url" readonly=true data-testid="builder-link" value={href} />
            </label>
            <p><AppLink to={link} testid="builder-open" attrs={vec![("target", AttrValue::from("_blank")), ("rel", AttrValue::from("noopener"))]}>
                { t(l, "ex.builder.open") }
            </AppLink></p>
            <label>{ t(l, "common.copy_embed") }
                <textarea class="share-url" readonly=true rows="4" data-testid="builder-embed" value={snippet} />
            </label>
        </div>
    }
}
