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
use crate::amplify::demos::Demo;
use crate::amplify::{AmplifyParams, LoadPolicy, View};
use crate::i18n::{t, Lang};
use crate::links::Link;
use crate::params::Notice;
use crate::ui::link::AppLink;
use controls::Controls;
use fanout::FanoutView;
use job::use_job;
use load::{LoadLesson, LoadView};
use sweep::SweepView;

/// The page.
#[function_component(AmplifyPage)]
pub fn amplify_page(p: &PageProps) -> Html {
    let l = p.lang;
    let initial = use_memo((), {
        let q = p.query.clone();
        move |_| AmplifyParams::from_query(&q)
    });
    let params = use_state(|| initial.0.clone());
    let notices = use_state(|| initial.1.clone());
    let job = use_job();

    {
        let set_link = p.set_link.clone();
        use_effect_with((*params).clone(), move |prm| {
            set_link.emit(prm.clone().into())
        });
    }
    // The computation does not depend on which step of the tree is shown.
    let job_key = AmplifyParams {
        step: 0,
        ..(*params).clone()
    };
    {
        let job = job.clone();
        use_effect_with(job_key, move |prm| {
            job.start(prm);
            let job = job.clone();
            move || job.cancel()
        });
    }
    let on_field = {
        let set_params = params.setter();
        let set_notices = notices.setter();
        use_callback(
            (*params).clone(),
            move |(name, raw): (String, String), cur: &AmplifyParams| {
                let mut q = cur.to_query();
                q.set(&name, raw);
                let (next, n): (AmplifyParams, Vec<Notice>) = AmplifyParams::from_query(&q);
                set_notices.set(n);
                if next != *cur {
                    set_params.set(next);
                }
            },
        )
    };
    // «换一个随机种子»: a seed from Web Crypto, shown above and put in the URL.
    let random_seed = {
        let on_field = on_field.clone();
        Callback::from(move |_: MouseEvent| {
            let max = crate::amplify::bounds::SEED.max as u64;
            let seed = crate::ui::dom::fresh_seed(max);
            on_field.emit(("seed".into(), seed.to_string()));
        })
    };
    let on_step = {
        let params = params.clone();
        Callback::from(move |s: i64| {
            params.set(AmplifyParams {
                step: s,
                ..(*params).clone()
            })
        })
    };
    let on_restart = {
        let job = job.clone();
        let params = params.clone();
        Callback::from(move |_| job.start(&params))
    };
    let tick = job
        .state
        .borrow()
        .as_ref()
        .map_or(0, |s| s.timing.elapsed_ms() as u64);
    let view_tab = |v: View, key: &str| {
        let attrs = if params.view == v {
            vec![("aria-current", "page".into())]
        } else {
            vec![]
        };
        html! {
            <AppLink to={Link::amplify_view(v)} class="tab" testid={format!("tab-{}", v.id())}
                attrs={attrs}>{ t(l, key) }</AppLink>
        }
    };
    html! {
        <section class={classes!("amplify", p.embed.then_some("amp-embed"))}>
            <h1>{ t(l, "amplify.title") }</h1>
            if !p.embed {
                <p class="amp-intro">{ t(l, "amplify.intro") }</p>
            }
            <NoticeList lang={l} notices={(*notices).clone()} />
            <nav class="tabs" aria-label={t(l, "amplify.views")}>
                { view_tab(View::Fanout, "amplify.view.fanout") }
                { view_tab(View::Load, "amplify.view.load") }
                { view_tab(View::Sweep, "amplify.view.sweep") }
            </nav>
            <nav class="amp-presets" aria-label={t(l, "amplify.presets")}>
                <span>{ t(l, "amplify.presets") }</span>
                { for Demo::ALL.iter().map(|&d| {
                    let on = Demo::active(&params) == Some(d);
                    html! {
                        <AppLink to={Link::Amplify(d.params())} class={if on { "preset active" } else { "preset" }}
                            attrs={if on { vec![("aria-current", "true".into())] } else { vec![] }}
                            testid={format!("preset-{}", d.id())}>{ t(l, d.text_key()) }</AppLink>
                    }
                }) }
            </nav>
            <Help lang={l} />
            if params.view == View::Load {
                <LoadLesson lang={l} job={job.clone()} preset={params.preset} tick={tick} />
            }
            <Controls lang={l} params={(*params).clone()} on_field={on_field} />
            <p class="muted amp-seed">
                <span data-testid="seed">{ format!("seed = {}", params.seed) }</span>{ " " }
                <button type="button" data-testid="seed-random" onclick={random_seed}>{ t(l, "lab.seed.random") }</button>
            </p>
            { match params.view {
                View::Fanout => html! {
                    <FanoutView lang={l} job={job.clone()} cfg={params.fanout.clone()}
                        step={params.step} on_step={on_step} tick={tick} />
                },
                View::Load => html! { <LoadView lang={l} job={job.clone()} preset={params.preset} tick={tick} /> },
                View::Sweep => html! {
                    <SweepView lang={l} job={job.clone()} policies={params.policies.clone()}
                        on_restart={on_restart} tick={tick} />
                },
            } }
            if !p.embed { <PoliciesDoc lang={l} /> }
        </section>
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
