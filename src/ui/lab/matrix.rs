//! `#/lab/matrix?server=<id>`: every scenario × harness for one server
//! (the six old clients' presets, `harnesses=all` every preset, and a
//! `harness=` that is none of them as a column of its own);
//! `#/lab/matrix?by=server&harness=<id>`: every scenario × server for one
//! harness. The lab engine's worker computes the cells and sends them
//! all in one message, and the page draws them a few rows per frame
//! ([`MatrixTableJob`]), so it never freezes; each cell links to its run.

use yew::prelude::*;

use super::engine_job::{use_engine_runner, EngineRunner};
use super::engine_view::engine_note;
use super::matrix_table::{legend, table, Computed, Scroll};
use crate::i18n::{t, tf};
use crate::kernel::page_form::PageForm;
use crate::lab::jobs::matrix_table_job::{matrix_job, MatrixTableJob};
use crate::lab::{HarnessAxis, HarnessPreset, MatrixBy, MatrixParams, Preset};
use crate::ui::dom;
use crate::ui::frame_hooks::use_frame_stages;
use crate::ui::icons::{icon, Icon};
use crate::ui::link::AppLink;
use crate::ui::page::PageProps;
use crate::ui::page_form::{setter, use_page_form};
use crate::ui::widgets::{choice_buttons, NoticeList};

/// (Re)computes whenever the view, the seed or the generation changes: a
/// job of the page's one job hook, whose one request the engine answers
/// with every cell; the job then draws them a few rows per frame. It
/// starts once the table is in the page (`table_shown`): each part of the
/// drawing is sized by what the last one cost to render, and parts
/// "drawn" into a table not yet there cost nothing, so the whole table
/// came in one render (at 4× CPU a task of 160 ms).
#[hook]
fn use_matrix_cells(
    m: &MatrixParams,
    generation: u32,
    table_shown: bool,
) -> EngineRunner<MatrixTableJob> {
    let jobs = use_engine_runner::<MatrixTableJob>();
    {
        let jobs = jobs.clone();
        use_effect_with(
            (m.clone(), generation, table_shown),
            move |(m, _, shown)| {
                if *shown {
                    jobs.start(matrix_job(m, dom::now_ms()), None);
                }
            },
        );
    }
    jobs
}

/// Whether the table is wider than its box (a phone): then a cue above it
/// says that more columns follow. Measured a frame after the table's shape
/// may have changed (`shape`: new view, first cells, all cells), never
/// inside the render.
#[hook]
fn use_overflow(shape: (MatrixParams, crate::i18n::Lang, bool, bool)) -> (NodeRef, bool) {
    let scroll_ref = use_node_ref();
    let overflow = use_state(|| false);
    {
        let (scroll_ref, overflow) = (scroll_ref.clone(), overflow.clone());
        use_effect_with(shape, move |_| {
            let later = dom::after_next_frame(100, move || {
                if let Some(el) = scroll_ref.cast::<web_sys::Element>() {
                    overflow.set(el.scroll_width() > el.client_width());
                }
            });
            move || drop(later)
        });
    }
    (scroll_ref, *overflow)
}

/// The matrix page.
#[function_component(MatrixPage)]
pub fn matrix_page(p: &PageProps) -> Html {
    let l = p.lang;
    let (form, _) = use_page_form::<MatrixParams>(&p.query, &p.set_link);
    let generation = use_state(|| 0u32);
    // The first render draws the title, the links, the pickers and the
    // status; the legend follows a frame later, the table a frame after
    // that and «what each cures» last: in one render, opening the matrix
    // built and laid out the whole page in one main-thread task (60–100 ms).
    let stage = use_frame_stages(3);
    let (legend_shown, table_shown, cures_shown) = (stage >= 1, stage >= 2, stage >= 3);
    let jobs = use_matrix_cells(&form.params, *generation, table_shown);
    let m = form.params.clone();
    let shown = m.cells().len();
    let current = jobs.runner.job.borrow();
    let before_start;
    let job = match current.as_ref() {
        Some(job) => job,
        None => {
            before_start = matrix_job(&m, 0.0);
            &before_start
        }
    };
    let (total, done) = job.out.counted();
    let finished = done == total;
    let (scroll_ref, overflow) = use_overflow((m.clone(), l, done > 0, finished));
    let resume = {
        let generation = generation.clone();
        Callback::from(move |()| generation.set(*generation + 1))
    };
    let cancel = {
        let jobs = jobs.clone();
        Callback::from(move |_| jobs.cancel())
    };

    html! {
        <section class={classes!("lab", "matrix", p.embed.then_some("compact"))}>
            <h1 data-testid="matrix-title">{ t(l, if m.by == MatrixBy::Server { "lab.matrix.title_by_server" } else { "lab.matrix.title" }) }</h1>
            if !p.embed { <p>{ t(l, "lab.matrix.intro") }</p> }
            <p class="lab-links">
                <AppLink to={to_run(m.design).location()} testid="to-run">{ t(l, "lab.to_run") }</AppLink>
                <AppLink to={crate::pages::links::Link::LabBuild(crate::lab::BuildParams { design: m.design, ..Default::default() }).location()} testid="to-build">{ t(l, "lab.to_build") }</AppLink>
            </p>
            <NoticeList lang={l} notices={form.notices.clone()} />
            { view_switch(l, &form) }
            if legend_shown {
                { legend(l) }
                <ul class="muted marks-note">
                    <li>{ icon(Icon::Luck) }{ " " }{ t(l, "lab.matrix.lucky_note") }</li>
                    <li>{ icon(Icon::Changed) }{ " " }{ t(l, "lab.matrix.changed_note") }</li>
                </ul>
            }
            { status(l, job, (total, done), cancel, resume) }
            if table_shown {
                { table(l, &m, Computed {
                    cells: job.out.counts().get(..shown).unwrap_or(&[]),
                    previous: job.out.counts().get(shown..).unwrap_or(&[]),
                    reveal: job.out.reveal(),
                }, Scroll { node: scroll_ref, overflow }) }
            }
            if cures_shown { { cures(l, &m) } }
        </section>
    }
}

/// The line above the table: the engine's state, the progress with
/// «取消», what a cancel left, or how long the whole table took.
fn status(
    l: crate::i18n::Lang,
    job: &MatrixTableJob,
    (total, done): (usize, usize),
    cancel: Callback<MouseEvent>,
    resume: Callback<()>,
) -> Html {
    let finished = done == total;
    html! {
        <div class="matrix-status" role="status">
            { engine_note(l, !finished && done == 0, job.out.error(), resume.clone()) }
            if !finished && !job.is_cancelled() && job.out.error().is_none() {
                <progress max={total.to_string()} value={done.to_string()}></progress>
                { " " }{ tf(l, "lab.matrix.progress", &[("done", done.to_string()), ("total", total.to_string())]) }
                { " " }<button type="button" data-testid="matrix-cancel" onclick={cancel}>{ t(l, "lab.matrix.cancel") }</button>
            }
            if job.is_cancelled() && !finished {
                { tf(l, "lab.matrix.cancelled", &[("done", done.to_string()), ("total", total.to_string())]) }
                { " " }<button type="button" onclick={resume.reform(|_| ())}>{ t(l, "lab.matrix.restart") }</button>
            }
            if let Some(ms) = job.elapsed_ms() {
                <span class="muted" data-testid="matrix-elapsed">
                    { tf(l, "lab.matrix.elapsed", &[("runs", total.to_string()), ("ms", crate::kernel::num::duration(l, ms))]) }
                </span>
            }
        </div>
    }
}

/// What each preset cures, the shown one marked.
// Drawn in a later part: compiled then (`ui::frame_hooks`).
#[inline(never)]
fn cures(l: crate::i18n::Lang, m: &MatrixParams) -> Html {
    html! {
        <div class="panel">
            <h3>{ t(l, "lab.matrix.cures") }</h3>
            <dl class="cures">
                { for Preset::ALL.iter().map(|s| html! {
                    <>
                        <dt class={classes!((s.design() == m.design).then_some("current"))}>{ t(l, &format!("lab.server.{}", s.id())) }</dt>
                        <dd>{ t(l, &format!("lab.server.{}.cures", s.id())) }</dd>
                    </>
                }) }
            </dl>
        </div>
    }
}

/// The view toggle and the picker of the fixed server (or client).
fn view_switch(l: crate::i18n::Lang, form: &UseReducerHandle<PageForm<MatrixParams>>) -> Html {
    let m = form.params.clone();
    let set_by = setter(form, |m: &mut MatrixParams, by: MatrixBy| m.by = by);
    let by = |b: MatrixBy, key: &str| {
        let onclick = set_by.reform(move |_| b);
        let id = match b {
            MatrixBy::Client => "client",
            MatrixBy::Server => "server",
        };
        html! {
            <button type="button" aria-pressed={(m.by == b).to_string()} data-testid={format!("by-{id}")} onclick={onclick}>{ t(l, key) }</button>
        }
    };
    let pickers = match m.by {
        MatrixBy::Client => {
            let pick = setter(form, |m: &mut MatrixParams, s: Preset| {
                m.design = s.design()
            });
            let axis = setter(form, |m: &mut MatrixParams, a: HarnessAxis| m.axis = a);
            html! { <>
                { choice_buttons(l, Preset::ALL, "server", "server", |s: Preset| s.design() == m.design, &pick, true) }
                <span class="picker-label">{ t(l, "lab.matrix.harnesses") }</span>
                { choice_buttons(l, HarnessAxis::ALL, "harnesses", "harnesses", |a| a == m.axis, &axis, false) }
            </> }
        }
        MatrixBy::Server => {
            let pick = setter(form, |m: &mut MatrixParams, p: HarnessPreset| {
                m.harness = p.harness()
            });
            choice_buttons(
                l,
                HarnessPreset::ALL,
                "client",
                "client",
                |p: HarnessPreset| p.harness() == m.harness,
                &pick,
                true,
            )
        }
    };
    let (label, desc) = match m.by {
        MatrixBy::Client => (
            t(l, "lab.matrix.server"),
            crate::i18n::design_desc(l, m.design),
        ),
        MatrixBy::Server => (
            t(l, "lab.matrix.client"),
            super::layers::harness_desc(l, m.harness),
        ),
    };
    html! {
        <>
            <div class="server-picker" role="group" aria-label={t(l, "lab.matrix.view")} data-testid="matrix-view">
                <span class="picker-label">{ t(l, "lab.matrix.view") }</span>
                { by(MatrixBy::Client, "lab.matrix.by_client") }
                { by(MatrixBy::Server, "lab.matrix.by_server") }
            </div>
            <div class="server-picker" role="group" aria-label={label.clone()} data-testid="matrix-server">
                <span class="picker-label">{ label }</span>
                { pickers }
            </div>
            <p class="muted">{ desc }</p>
        </>
    }
}

/// The run view with this design, everything else at its default.
fn to_run(design: crate::lab::Design) -> crate::pages::links::Link {
    crate::pages::links::Link::Lab(crate::lab::LabParams {
        design,
        ..Default::default()
    })
}
