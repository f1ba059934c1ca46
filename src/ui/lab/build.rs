//! `#/lab/build`: the workbench. The student ticks mechanisms (or starts
//! from a preset); the lab engine's worker grades the design on the whole
//! suite in one answer, then answers the chapter's next step and the
//! smallest fix of each failing row: one job ([`BuildJob`], pure and
//! natively tested) in the page's one job hook. A new design cancels
//! whatever the previous one still had the worker compute; this module
//! only wires the job and draws it.

use yew::prelude::*;

use super::build_view::{controls, fix_groups, score_block, suite_table, Actions, SqlListing};
use super::engine_job::{use_engine_runner, EngineRunner};
use super::engine_view::engine_note;
use super::hunt::HuntPanel;
use crate::i18n::{t, tf, Lang};
use crate::kernel::page_form::{FormEdit, PageForm};
use crate::lab::grading::hunt::KindSet;
use crate::lab::harness::Harness;
use crate::lab::jobs::build_job::{build_job, BuildJob, Workbench};
use crate::lab::params::build::{harness_edit, toggle, SuiteState};
use crate::lab::wire::EngineFault;
use crate::lab::{BuildParams, Design, Mechanism};
use crate::ui::dom::now_ms;
use crate::ui::page::PageProps;
use crate::ui::page_form::{setter, use_page_form};
use crate::ui::widgets::NoticeList;

/// The workbench page.
#[function_component(BuildPage)]
pub fn build_page(p: &PageProps) -> Html {
    let l = p.lang;
    let (form, _) = use_page_form::<BuildParams>(&p.query, &p.set_link);
    let generation = use_state(|| 0u32);
    let jobs = use_engine_runner::<BuildJob>();
    {
        // A new design's job replaces the old one (and the engine drops
        // the old requests), keeping its rows to compare with.
        let jobs = jobs.clone();
        use_effect_with((form.params.clone(), *generation), move |(b, _)| {
            start_grading(&jobs, b);
        });
    }

    let actions = actions(&form);
    let retry = {
        let generation = generation.clone();
        Callback::from(move |()| generation.set(*generation + 1))
    };
    let set_kinds = setter(&form, |b: &mut BuildParams, kinds: KindSet| b.kinds = kinds);
    let set_seed = setter(&form, |b: &mut BuildParams, seed: u64| b.hunt_seed = seed);
    let b = form.params.clone();
    let job = jobs.runner.job.borrow();
    let idle;
    let bench = match job.as_ref() {
        Some(j) => &j.out,
        None => {
            idle = Workbench::idle(&b);
            &idle
        }
    };
    let (shown, reveal) = (bench.state(), bench.reveal());
    html! {
        <section class={classes!("lab", "build", p.embed.then_some("compact"))}>
            <h1 data-testid="build-title">{ t(l, "build.title") }</h1>
            if !p.embed { <p>{ t(l, "build.intro") }</p> }
            <NoticeList lang={l} notices={form.notices.clone()} />
            { controls(l, &b, &actions) }
            { build_status(l, shown, bench.error(), retry) }
            if reveal.is_done() { { score_block(l, shown, &actions) } }
            if reveal.is_done() { { fix_groups(l, shown, &actions) } }
            { suite_table(l, shown, reveal) }
            <HuntPanel lang={l} spec={b.hunt_spec()} on_kinds={set_kinds} on_seed={set_seed} />
            <SqlListing lang={l} design={b.design} />
        </section>
    }
}

/// Grades `b`, compared with what the page shows now.
fn start_grading(jobs: &EngineRunner<BuildJob>, b: &BuildParams) {
    let before = jobs.runner.job.borrow().as_ref().map(|j| j.out.clone());
    jobs.start(build_job(b, before.as_ref(), now_ms()), None);
}

/// The page's form: its parameters and notices.
type Form = UseReducerHandle<PageForm<BuildParams>>;

/// The engine's note (starting, or why it failed) and, while the suite
/// computes, how many of its rows are graded.
fn build_status(
    l: Lang,
    shown: &SuiteState,
    error: Option<&EngineFault>,
    retry: Callback<()>,
) -> Html {
    let done = shown.done();
    let total = shown.shown().len();
    let computing = done < total && error.is_none();
    html! {
        <div class="build-status" role="status">
            { engine_note(l, computing && done == 0, error, retry) }
            if computing {
                <progress data-testid="build-progress" max={total.to_string()} value={done.to_string()}></progress>
                { " " }{ tf(l, "build.progress", &[("done", done.to_string()), ("total", total.to_string())]) }
            }
        </div>
    }
}

/// What the controls and the fix buttons do: each sets the design (or the
/// harness), and the notices say what was not used.
fn actions(form: &Form) -> Actions {
    let toggle_cb = {
        let form = form.clone();
        Callback::from(move |(m, on): (Mechanism, bool)| {
            let (design, why) = toggle(form.params.design, m, on);
            form.dispatch(FormEdit::SetNoticed(form.params.with_design(design), why));
        })
    };
    let set_design = {
        let form = form.clone();
        Callback::from(move |design: Design| {
            form.dispatch(FormEdit::SetNoticed(
                form.params.with_design(design),
                Vec::new(),
            ));
        })
    };
    let edit_harness = {
        let form = form.clone();
        Callback::from(move |token: String| {
            let (harness, why) = harness_edit(form.params.harness, &token);
            form.dispatch(FormEdit::SetNoticed(form.params.with_harness(harness), why));
        })
    };
    Actions {
        toggle: toggle_cb,
        set_design,
        set_harness: setter(form, |b: &mut BuildParams, h: Harness| b.harness = h),
        edit_harness,
    }
}
