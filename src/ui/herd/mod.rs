//! The thundering-herd page (`#/herd`): controls, then the run view (one N)
//! or the sweep view (the blog's two figures). Every parameter lives in the
//! URL; the page computes with the pure core in time slices.

mod controls;
mod hist;
mod job;
mod labels;
mod pool;
mod run;
mod sweep;
pub mod worker;

use yew::prelude::*;

use super::frame_hooks::use_a_frame_late;
use super::page::PageProps;
use super::widgets::NoticeList;
use crate::herd::{HerdParams, View};
use crate::i18n::t;
use crate::ui::page_form::use_page_form;
use crate::ui::size::use_width;
use controls::Controls;
use job::use_job;
use run::RunView;
use sweep::SweepView;

/// Horizontal padding + border of a `.panel`, subtracted from chart widths.
const PANEL_INSET: f64 = 28.0;

/// The page.
#[function_component(HerdPage)]
pub fn herd_page(p: &PageProps) -> Html {
    let lang = p.lang;
    let (form, on_field) = use_page_form::<HerdParams>(&p.query, &p.set_link);
    let params = &form.params;
    let job = use_job();
    let root = use_node_ref();
    let width = use_width(root.clone());

    // Every change of parameters is written to the URL (by the form); only
    // a change of what is computed (not of a display toggle) starts a
    // computation, a frame after the form is drawn: starting it
    // (the job, its workers, a redraw) in the task that first draws the page
    // held back the page's first render.
    {
        let job = job.clone();
        use_effect_with(params.computed(), move |prm| {
            let spec = prm.spec();
            let pending =
                crate::ui::dom::after_next_frame(crate::ui::dom::FRAME_FALLBACK_MS, move || {
                    job.start(spec)
                });
            move || drop(pending)
        });
    }

    let on_start = {
        let (job, params) = (job.clone(), params.clone());
        Callback::from(move |_| job.start(params.spec()))
    };

    // The results follow the form a frame late, with a layout of their own:
    // when the page opens, when the view changes, and when the language
    // changes (they keep their own `lang` until then).
    let late = use_a_frame_late((lang, params.view));
    let chart_width = (width - PANEL_INSET).max(260.0);
    let tick = job.tick();
    html! {
        <section class={classes!("herd", p.embed.then_some("herd-embed"))} ref={root}>
            <h1>{ t(lang, "herd.title") }</h1>
            if !p.embed {
                <p class="herd-intro">{ t(lang, "herd.intro") }</p>
            }
            <NoticeList lang={lang} notices={form.notices.clone()} />
            <Controls lang={lang} params={params.clone()} on_field={on_field.clone()} />
            { match late {
                Some((lang, View::Run)) if params.view == View::Run => html! {
                    <RunView lang={lang} job={job.clone()} width={chart_width} embed={p.embed} tick={tick}
                        hist_axis={params.hist_axis} timeline_axis={params.timeline_axis}
                        on_field={on_field.clone()} />
                },
                Some((lang, View::Sweep)) if params.view == View::Sweep => html! {
                    <SweepView lang={lang} job={job.clone()} width={chart_width} embed={p.embed}
                        tick={tick} on_start={on_start} time_log={params.time_log}
                        highlight={params.highlight} on_field={on_field.clone()} />
                },
                _ => Html::default(),
            } }
            if !p.embed {
                <p class="muted herd-note">{ t(lang, "herd.note.rng") }</p>
            }
        </section>
    }
}
