//! `#/lab/matrix?server=<id>`: every scenario × client strategy for one
//! server; `#/lab/matrix?by=server&client=<id>`: every scenario × server for
//! one client. The lab engine's worker computes the cells and sends them
//! all in one message ([`super::engine::matrix`]), so the page never
//! freezes and draws the whole table once; each cell links to its run.

use std::cell::Cell;
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

/// The matrix page.
#[function_component(MatrixPage)]
pub fn matrix_page(p: &PageProps) -> Html {
    let l = p.lang;
    let init = {
        let q = p.query.clone();
        use_memo((), move |_| MatrixParams::from_query(&q))
    };
    let params = use_state(|| init.0.clone());
    let progress = use_state(Progress::default);
    let generation = use_state(|| 0u32);
    let cancel_flag = use_mut_ref(|| Rc::new(Cell::new(false)));
    let cancel_id = use_mut_ref(|| None::<u64>);
    let slicer = use_memo((), |_| Slicer::default());

    {
        let set_link = p.set_link.clone();
        use_effect_with((*params).clone(), move |m| set_link.emit(m.clone().into()));
    }

    // (Re)compute whenever the server, the seed or the generation changes:
    // the engine's worker streams the cells, each answer redraws the table.
    {
        let progress = progress.clone();
        let cancel_flag = cancel_flag.clone();
        let cancel_id = cancel_id.clone();
        let slicer = (*slicer).clone();
        let m = (*params).clone();
        use_effect_with((m, *generation), move |(m, _)| {
            let mut all = m.cells();
            all.extend(m.previous_cells().unwrap_or_default());
            let cancelled = Rc::new(Cell::new(false));
            *cancel_flag.borrow_mut() = cancelled.clone();
            let total = all.len();
            let rows = Scenario::ALL.len();
            let width = m.cells().len() / rows.max(1);
            progress.set(Progress {
                counts: MatrixCells::new(total).cells().to_vec(),
                ..Progress::default()
            });
            let slicer = slicer.clone();
            slicer.cancel();
            let t0 = dom::now_ms();
            let flag = cancelled.clone();
            let id = engine::matrix(all, m.seed, move |answer| {
                if flag.get() {
                    return;
                }
                let mut cells = MatrixCells::new(total);
                let error = match answer {
                    Ok(got) => {
                        for (i, cell) in got.into_iter().enumerate() {
                            cells.record(i, cell);
                        }
                        None
                    }
                    Err(why) => Some(why),
                };
                // The table a few rows per frame (see `RowReveal`); the
                // elapsed time once every row is drawn.
                let counts = cells.cells().to_vec();
                let mut reveal = RowReveal::start(rows, width);
                progress.set(Progress {
                    counts: counts.clone(),
                    reveal,
                    error,
                    ..Progress::default()
                });
                let (progress, flag) = (progress.clone(), flag.clone());
                slicer.each_frame(move || {
                    if flag.get() {
                        return false;
                    }
                    let more = reveal.advance();
                    progress.set(Progress {
                        counts: counts.clone(),
                        reveal,
                        elapsed_ms: (!more && cells.is_done()).then(|| dom::now_ms() - t0),
                        ..Progress::default()
                    });
                    more
                });
            });
            *cancel_id.borrow_mut() = Some(id);
            move || {
                cancelled.set(true);
                engine::cancel(id);
            }
        });
    }

    let m = (*params).clone();
    let shown = m.cells().len();
    let total = progress.counts.len().max(shown);
    // Cells drawn (a row counts once it is revealed).
    let width = shown / Scenario::ALL.len().max(1);
    let drawn = progress.reveal.shown() * width;
    let done = progress
        .counts
        .iter()
        .take(shown.min(drawn))
        .filter(|c| c.is_some())
        .count()
        + progress
            .counts
            .iter()
            .skip(shown)
            .filter(|c| c.is_some())
            .count();
    let finished = done == total;

    // Whether the table is wider than its box (a phone): then a cue above it
    // says that more columns follow. Measured a frame after the table's
    // shape may have changed (new view, first cells, all cells), never
    // inside the render.
    let scroll_ref = use_node_ref();
    let overflow = use_state(|| false);
    {
        let (scroll_ref, overflow) = (scroll_ref.clone(), overflow.clone());
        use_effect_with((m.clone(), l, done > 0, finished), move |_| {
            let later = dom::after_next_frame(100, move || {
                if let Some(el) = scroll_ref.cast::<web_sys::Element>() {
                    overflow.set(el.scroll_width() > el.client_width());
                }
            });
            move || drop(later)
        });
    }
    let cancel = {
        let progress = progress.clone();
        let cancel_flag = cancel_flag.clone();
        let cancel_id = cancel_id.clone();
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
    };
    let resume = {
        let generation = generation.clone();
        Callback::from(move |()| generation.set(*generation + 1))
    };

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
            { table(l, &m, Computed {
                cells: progress.counts.get(..shown).unwrap_or(&[]),
                previous: progress.counts.get(shown..).unwrap_or(&[]),
                reveal: progress.reveal,
            }, Scroll { node: scroll_ref, overflow: *overflow }) }
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
        </section>
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
