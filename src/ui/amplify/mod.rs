//! The retry-amplification page (`#/amplify`): three views (one call's
//! attempt tree, calls over time, Brooker's sweep), presets, a help on
//! reading the charts and each policy with its source. Every parameter
//! lives in the URL; the work runs in time slices ([`job`]).

mod chart;
mod controls;
mod fanout;
mod job;
mod load;
mod sweep;

use yew::prelude::*;

use super::page::PageProps;
use super::widgets::NoticeList;
use crate::amplify::page_presets::Demo;
use crate::amplify::{AmplifyParams, LoadPolicy, View};
use crate::i18n::{t, Lang};
use crate::kernel::page_form::{FormEdit, PageForm};
use crate::pages::links::OnPage;
use crate::ui::link::AppLink;
use crate::ui::page_form::use_page_form;
use controls::Controls;
use fanout::FanoutView;
use job::{use_job, JobHandle};
use load::{LoadLesson, LoadView};
use sweep::SweepView;

/// The page.
#[function_component(AmplifyPage)]
pub fn amplify_page(p: &PageProps) -> Html {
    let l = p.lang;
    let (form, on_field) = use_page_form::<AmplifyParams>(&p.query, &p.set_link);
    let params = &form.params;
    let job = use_job();

    // The computation does not depend on which step of the tree is shown.
    let job_key = AmplifyParams {
        step: 0,
        ..params.clone()
    };
    {
        let job = job.clone();
        use_effect_with(job_key, move |prm| {
            job::start(&job, prm);
            let job = job.clone();
            move || job.cancel()
        });
    }
    let tick = job
        .job
        .borrow()
        .as_ref()
        .map_or(0, |s| s.timing().elapsed_ms() as u64);
    html! {
        <section class={classes!("amplify", p.embed.then_some("amp-embed"))}>
            <h1>{ t(l, "amplify.title") }</h1>
            if !p.embed {
                <p class="amp-intro">{ t(l, "amplify.intro") }</p>
            }
            <NoticeList lang={l} notices={form.notices.clone()} />
            { view_tabs(l, params.view) }
            { preset_links(l, params) }
            <Help lang={l} />
            if params.view == View::Load {
                <LoadLesson lang={l} job={job.clone()} preset={params.preset} tick={tick} />
            }
            <Controls lang={l} params={params.clone()} on_field={on_field.clone()} />
            { seed_line(l, params.seed, &on_field) }
            { view_body(l, &form, &job, tick) }
            if !p.embed { <PoliciesDoc lang={l} /> }
        </section>
    }
}

/// The three views as tabs, the shown one marked.
fn view_tabs(l: Lang, shown: View) -> Html {
    let tab = |v: View, key: &str| {
        let attrs = if shown == v {
            vec![("aria-current", "page".into())]
        } else {
            vec![]
        };
        html! {
            <AppLink to={AmplifyParams::view_start(v).location()} class="tab" testid={format!("tab-{}", v.id())}
                attrs={attrs}>{ t(l, key) }</AppLink>
        }
    };
    html! {
        <nav class="tabs" aria-label={t(l, "amplify.views")}>
            { tab(View::Fanout, "amplify.view.fanout") }
            { tab(View::Load, "amplify.view.load") }
            { tab(View::Sweep, "amplify.view.sweep") }
        </nav>
    }
}

/// The presets as links, the one the parameters match marked.
fn preset_links(l: Lang, params: &AmplifyParams) -> Html {
    html! {
        <nav class="amp-presets" aria-label={t(l, "amplify.presets")}>
            <span>{ t(l, "amplify.presets") }</span>
            { for Demo::ALL.iter().map(|&d| {
                let on = Demo::active(params) == Some(d);
                html! {
                    <AppLink to={d.params().location()} class={if on { "preset active" } else { "preset" }}
                        attrs={if on { vec![("aria-current", "true".into())] } else { vec![] }}
                        testid={format!("preset-{}", d.id())}>{ t(l, d.text_key()) }</AppLink>
                }
            }) }
        </nav>
    }
}

/// The seed, and «换一个随机种子»: a seed from Web Crypto, shown here and
/// put in the URL.
fn seed_line(l: Lang, seed: u64, on_field: &Callback<(String, String)>) -> Html {
    let random_seed = {
        let on_field = on_field.clone();
        Callback::from(move |_: MouseEvent| {
            let max = crate::amplify::bounds::SEED.max as u64;
            let seed = crate::ui::dom::fresh_seed(max);
            on_field.emit(("seed".into(), seed.to_string()));
        })
    };
    html! {
        <p class="muted amp-seed">
            <span data-testid="seed">{ format!("seed = {seed}") }</span>{ " " }
            <button type="button" data-testid="seed-random" onclick={random_seed}>{ t(l, "lab.seed.random") }</button>
        </p>
    }
}

/// The shown view.
fn view_body(
    l: Lang,
    form: &UseReducerHandle<PageForm<AmplifyParams>>,
    job: &JobHandle,
    tick: u64,
) -> Html {
    let params = &form.params;
    match params.view {
        View::Fanout => {
            let on_step = {
                let (d, params) = (form.dispatcher(), params.clone());
                Callback::from(move |step: i64| {
                    d.dispatch(FormEdit::Set(AmplifyParams {
                        step,
                        ..params.clone()
                    }))
                })
            };
            html! {
                <FanoutView lang={l} job={job.clone()} cfg={params.fanout.clone()}
                    step={params.step} on_step={on_step} tick={tick} />
            }
        }
        View::Load => {
            html! { <LoadView lang={l} job={job.clone()} preset={params.preset} tick={tick} /> }
        }
        View::Sweep => {
            let on_restart = {
                let (job, params) = (job.clone(), params.clone());
                Callback::from(move |_| job::start(&job, &params))
            };
            html! {
                <SweepView lang={l} job={job.clone()} policies={params.policies.clone()}
                    on_restart={on_restart} tick={tick} />
            }
        }
    }
}

/// Props of the static parts of the page: components, so a redraw of a
/// running job skips them.
#[derive(Properties, PartialEq)]
struct LangProps {
    lang: Lang,
}

/// The «?» help on reading the charts.
#[function_component(Help)]
fn help(p: &LangProps) -> Html {
    let l = p.lang;
    html! {
        <details class="panel amp-help" data-testid="amplify-help">
            <summary>{ "?" }<span class="amp-help-title">{ t(l, "amplify.help.title") }</span></summary>
            <p>{ t(l, "amplify.help.fanout") }</p>
            <p>{ t(l, "amplify.help.load") }</p>
            <p>{ t(l, "amplify.help.sweep") }</p>
            <p>{ t(l, "amplify.help.model") }</p>
        </details>
    }
}

/// Every policy with its source.
#[function_component(PoliciesDoc)]
fn policies_doc(p: &LangProps) -> Html {
    let l = p.lang;
    html! {
        <section class="panel amp-policies" data-testid="policies-doc">
            <h2>{ t(l, "amplify.policies.title") }</h2>
            <dl>
                <dt>{ t(l, "amplify.fanout_policy.independent") }</dt><dd>{ t(l, "amplify.fanout_policy.independent.doc") }</dd>
                <dt>{ t(l, "amplify.fanout_policy.top_only") }</dt><dd>{ t(l, "amplify.fanout_policy.top_only.doc") }</dd>
                <dt>{ t(l, "amplify.fanout_policy.budget") }</dt><dd>{ t(l, "amplify.fanout_policy.budget.doc") }</dd>
                { for LoadPolicy::ALL.iter().map(|p| html! { <>
                    <dt data-testid={format!("doc-{}", p.id())}>{ t(l, &format!("amplify.policy.{}", p.id())) }<code>{ format!(" {}", p.id()) }</code></dt>
                    <dd>{ t(l, &format!("amplify.policy.{}.doc", p.id())) }</dd>
                </> }) }
            </dl>
            <p class="muted">{ t(l, "amplify.server_rule") }</p>
        </section>
    }
}
