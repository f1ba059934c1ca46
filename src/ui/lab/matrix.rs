//! `#/lab/matrix?server=<id>`: every scenario × client strategy for one
//! server; `#/lab/matrix?by=server&client=<id>`: every scenario × server for
//! one client. The lab engine's worker computes the cells and sends them
//! all in one message ([`super::engine::matrix`]), and the page draws them
//! a few rows per frame, so it never freezes; each cell links to its run.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use yew::prelude::*;

use super::engine;
use super::engine_view::engine_note;
use super::matrix_table::{legend, table, Computed, Scroll};
use crate::i18n::{t, tf};
use crate::lab::matrix_job::MatrixCells;
use crate::lab::reveal::RowReveal;
use crate::lab::wire::EngineFault;
use crate::lab::{self, ClientStrategy, MatrixBy, MatrixParams, Preset, Scenario};
use crate::ui::dom;
use crate::ui::icons::{icon, Icon};
use crate::ui::link::AppLink;
use crate::ui::page::PageProps;
use crate::ui::slicer::Slicer;
use crate::ui::widgets::NoticeList;

/// Progress of the background computation.
#[derive(Clone, PartialEq)]
struct Progress {
    /// The shown cells, then (scenario × client view) the previous server's.
    counts: Vec<Option<lab::Cell>>,
    cancelled: bool,
    elapsed_ms: Option<f64>,
    /// Why the engine could not compute.
    error: Option<EngineFault>,
    /// The rows drawn so far.
    reveal: RowReveal,
}

impl Default for Progress {
    fn default() -> Self {
        Progress {
            counts: Vec::new(),
            cancelled: false,
            elapsed_ms: None,
            error: None,
            reveal: RowReveal::start(0, 1),
        }
    }
}

/// The engine's computation of the shown view, and its cancel handles.
struct Job {
    progress: UseStateHandle<Progress>,
    /// Set when the computation in flight is cancelled (its replies are
    /// then ignored).
    cancel_flag: Rc<RefCell<Rc<Cell<bool>>>>,
    /// The engine's id of the request in flight.
    cancel_id: Rc<RefCell<Option<u64>>>,
}

impl Job {
    /// Stops the computation in flight, keeping the cells it drew.
    fn cancel(&self) -> Callback<MouseEvent> {
        let progress = self.progress.clone();
        let (cancel_flag, cancel_id) = (self.cancel_flag.clone(), self.cancel_id.clone());
        Callback::from(move |_| {
            cancel_flag.borrow().set(true);
            if let Some(id) = *cancel_id.borrow() {
                engine::cancel(id);
            }
            progress.set(Progress {
                cancelled: true,
                ..(*progress).clone()
            });
        })
    }
}

/// (Re)computes whenever the view, the seed or the generation changes: the
/// engine's worker sends every cell in one reply, drawn a few rows per frame.
#[hook]
fn use_matrix_cells(m: &MatrixParams, generation: u32) -> Job {
    let progress = use_state(Progress::default);
    let cancel_flag = use_mut_ref(|| Rc::new(Cell::new(false)));
    let cancel_id = use_mut_ref(|| None::<u64>);
    let slicer = use_memo((), |_| Slicer::default());
    {
        let progress = progress.clone();
        let (cancel_flag, cancel_id) = (cancel_flag.clone(), cancel_id.clone());
        let slicer = (*slicer).clone();
        use_effect_with((m.clone(), generation), move |(m, _)| {
            let mut all = m.cells();
            all.extend(m.previous_cells().unwrap_or_default());
            let cancelled = Rc::new(Cell::new(false));
            *cancel_flag.borrow_mut() = cancelled.clone();
            let rows = Scenario::ALL.len();
            let shape = Shape {
                total: all.len(),
                rows,
                width: m.cells().len() / rows.max(1),
            };
            progress.set(Progress {
                counts: MatrixCells::new(shape.total).cells().to_vec(),
                ..Progress::default()
            });
            slicer.cancel();
            let t0 = dom::now_ms();
            let flag = cancelled.clone();
            let id = engine::matrix(all, m.seed, move |answer| {
                if !flag.get() {
                    draw_in_parts(
                        answer,
                        shape,
                        t0,
                        Drawing {
                            progress,
                            slicer,
                            flag,
                        },
                    );
                }
            });
            *cancel_id.borrow_mut() = Some(id);
            move || {
                cancelled.set(true);
                engine::cancel(id);
            }
        });
    }
    Job {
        progress,
        cancel_flag,
        cancel_id,
    }
}

/// The shape of a requested table: all its cells, its rows, and the cells
/// in a row of the shown view.
#[derive(Clone, Copy)]
struct Shape {
    total: usize,
    rows: usize,
    width: usize,
}

/// Where a reply is drawn: the page's progress, the one slicer, and the
/// request's cancel flag.
struct Drawing {
    progress: UseStateHandle<Progress>,
    slicer: Slicer,
    flag: Rc<Cell<bool>>,
}

/// Draws the engine's reply a few rows per frame (see `RowReveal`); the
/// elapsed time appears once every row is drawn.
fn draw_in_parts(answer: Result<Vec<lab::Cell>, EngineFault>, shape: Shape, t0: f64, d: Drawing) {
    let mut cells = MatrixCells::new(shape.total);
    let error = match answer {
        Ok(got) => {
            for (i, cell) in got.into_iter().enumerate() {
                cells.record(i, cell);
            }
            None
        }
        Err(why) => Some(why),
    };
    let counts = cells.cells().to_vec();
    let mut reveal = RowReveal::start(shape.rows, shape.width);
    d.progress.set(Progress {
        counts: counts.clone(),
        reveal,
        error: error.clone(),
        ..Progress::default()
    });
    let Drawing {
        progress,
        slicer,
        flag,
    } = d;
    slicer.each_frame(move || {
        if flag.get() {
            return false;
        }
        let more = reveal.advance();
        // Every part keeps the engine's fault: a table that could not be
        // computed says why until it is computed again.
        progress.set(Progress {
            counts: counts.clone(),
            reveal,
            elapsed_ms: (!more && cells.is_done()).then(|| dom::now_ms() - t0),
            error: error.clone(),
            ..Progress::default()
        });
        more
    });
}

/// How many cells there are, and how many are drawn with a count (a row
/// counts once it is revealed; the previous server's column counts as it
/// arrives).
fn counted(progress: &Progress, shown: usize) -> (usize, usize) {
    let total = progress.counts.len().max(shown);
    let width = shown / Scenario::ALL.len().max(1);
    let drawn = progress.reveal.shown() * width;
    let some = |c: &&Option<lab::Cell>| c.is_some();
    let done = progress
        .counts
        .iter()
        .take(shown.min(drawn))
        .filter(some)
        .count()
        + progress.counts.iter().skip(shown).filter(some).count();
    (total, done)
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
    let init = {
        let q = p.query.clone();
        use_memo((), move |_| MatrixParams::from_query(&q))
    };
    let params = use_state(|| init.0.clone());
    let generation = use_state(|| 0u32);
    {
        let set_link = p.set_link.clone();
        use_effect_with((*params).clone(), move |m| set_link.emit(m.clone().into()));
    }
    let job = use_matrix_cells(&params, *generation);
    let m = (*params).clone();
    let shown = m.cells().len();
    let (total, done) = counted(&job.progress, shown);
    let finished = done == total;
    let (scroll_ref, overflow) = use_overflow((m.clone(), l, done > 0, finished));
    let resume = {
        let generation = generation.clone();
        Callback::from(move |()| generation.set(*generation + 1))
    };
    let progress = &*job.progress;

    html! {
        <section class={classes!("lab", "matrix", p.embed.then_some("compact"))}>
            <h1 data-testid="matrix-title">{ t(l, if m.by == MatrixBy::Server { "lab.matrix.title_by_server" } else { "lab.matrix.title" }) }</h1>
            if !p.embed { <p>{ t(l, "lab.matrix.intro") }</p> }
            <p><AppLink to={to_run(m.design)} testid="to-run">{ t(l, "lab.to_run") }</AppLink></p>
            <NoticeList lang={l} notices={init.1.clone()} />
            { view_switch(l, &params) }
            { legend(l) }
            <ul class="muted marks-note">
                <li>{ icon(Icon::Luck) }{ " " }{ t(l, "lab.matrix.lucky_note") }</li>
                <li>{ icon(Icon::Changed) }{ " " }{ t(l, "lab.matrix.changed_note") }</li>
            </ul>
            { status(l, progress, (total, done), job.cancel(), resume) }
            { table(l, &m, Computed {
                cells: progress.counts.get(..shown).unwrap_or(&[]),
                previous: progress.counts.get(shown..).unwrap_or(&[]),
                reveal: progress.reveal,
            }, Scroll { node: scroll_ref, overflow }) }
            { cures(l, &m) }
        </section>
    }
}

/// The line above the table: the engine's state, the progress with
/// «取消», what a cancel left, or how long the whole table took.
fn status(
    l: crate::i18n::Lang,
    progress: &Progress,
    (total, done): (usize, usize),
    cancel: Callback<MouseEvent>,
    resume: Callback<()>,
) -> Html {
    let finished = done == total;
    html! {
        <div class="matrix-status" role="status">
            { engine_note(l, !finished && done == 0, progress.error.as_ref(), resume.clone()) }
            if !finished && !progress.cancelled && progress.error.is_none() {
                <progress max={total.to_string()} value={done.to_string()}></progress>
                { " " }{ tf(l, "lab.matrix.progress", &[("done", done.to_string()), ("total", total.to_string())]) }
                { " " }<button type="button" data-testid="matrix-cancel" onclick={cancel}>{ t(l, "lab.matrix.cancel") }</button>
            }
            if progress.cancelled && !finished {
                { tf(l, "lab.matrix.cancelled", &[("done", done.to_string()), ("total", total.to_string())]) }
                { " " }<button type="button" onclick={resume.reform(|_| ())}>{ t(l, "lab.matrix.restart") }</button>
            }
            if let Some(ms) = progress.elapsed_ms {
                <span class="muted" data-testid="matrix-elapsed">
                    { tf(l, "lab.matrix.elapsed", &[("runs", total.to_string()), ("ms", crate::i18n::num::duration(l, ms))]) }
                </span>
            }
        </div>
    }
}

/// What each preset cures, the shown one marked.
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
fn view_switch(l: crate::i18n::Lang, params: &UseStateHandle<MatrixParams>) -> Html {
    let m = (**params).clone();
    let by = |b: MatrixBy, key: &str| {
        let params = params.clone();
        let onclick = Callback::from(move |_| {
            params.set(MatrixParams {
                by: b,
                ..(*params).clone()
            })
        });
        let id = match b {
            MatrixBy::Client => "client",
            MatrixBy::Server => "server",
        };
        html! {
            <button type="button" aria-pressed={(m.by == b).to_string()} data-testid={format!("by-{id}")} onclick={onclick}>{ t(l, key) }</button>
        }
    };
    let pickers = match m.by {
        MatrixBy::Client => Preset::ALL.iter().map(|s| {
            let (s, params) = (*s, params.clone());
            let onclick = Callback::from(move |_| params.set(MatrixParams { design: s.design(), ..(*params).clone() }));
            html! {
                <button type="button" aria-pressed={(s.design() == m.design).to_string()} data-testid={format!("server-{}", s.id())}
                    onclick={onclick} title={t(l, &format!("lab.server.{}.desc", s.id()))}>
                    { format!("{} ({})", t(l, &format!("lab.server.{}", s.id())), s.id()) }
                </button>
            }
        }).collect::<Html>(),
        MatrixBy::Server => ClientStrategy::ALL.iter().map(|c| {
            let (c, params) = (*c, params.clone());
            let onclick = Callback::from(move |_| params.set(MatrixParams { client: c, ..(*params).clone() }));
            html! {
                <button type="button" aria-pressed={(c == m.client).to_string()} data-testid={format!("client-{}", c.id())}
                    onclick={onclick} title={t(l, &format!("lab.client.{}.desc", c.id()))}>
                    { format!("{} ({})", t(l, &format!("lab.client.{}", c.id())), c.id()) }
                </button>
            }
        }).collect::<Html>(),
    };
    let (label, desc) = match m.by {
        MatrixBy::Client => (
            t(l, "lab.matrix.server"),
            crate::i18n::design_desc(l, m.design),
        ),
        MatrixBy::Server => (
            t(l, "lab.matrix.client"),
            t(l, &format!("lab.client.{}.desc", m.client.id())),
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
fn to_run(design: crate::lab::Design) -> crate::links::Link {
    crate::links::Link::Lab(crate::lab::LabParams {
        design,
        ..Default::default()
    })
}
