//! `#/lab/matrix?server=<id>`: every scenario × client strategy for one
//! server. Cells are computed in time-boxed slices on timers so the page never
//! freezes; each finished cell links to its run.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use gloo::timers::callback::Timeout;
use yew::prelude::*;

use super::run_view::symbol;
use crate::i18n::{t, tf, Lang};
use crate::lab::{self, ClientStrategy, LabParams, MatrixParams, Scenario, ServerImpl, Verdict};
use crate::ui::dom;
use crate::ui::page::PageProps;
use crate::ui::widgets::NoticeList;

/// Work per slice before yielding to the browser.
const SLICE_MS: f64 = 20.0;

fn cells() -> Vec<(Scenario, ClientStrategy)> {
    Scenario::ALL
        .iter()
        .flat_map(|s| ClientStrategy::ALL.iter().map(move |c| (*s, *c)))
        .collect()
}

/// The self-rescheduling slice of work (held weakly by its own timer).
type SliceFn = Rc<RefCell<Option<Box<dyn Fn()>>>>;

/// Progress of the background computation.
#[derive(Clone, PartialEq, Default)]
struct Progress {
    counts: Vec<Option<usize>>,
    cancelled: bool,
    elapsed_ms: Option<f64>,
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

    {
        let set_query = p.set_query.clone();
        use_effect_with((*params).clone(), move |m| set_query.emit(m.to_query()));
    }

    // (Re)compute whenever the server, the seed or the generation changes.
    {
        let progress = progress.clone();
        let cancel_flag = cancel_flag.clone();
        let m = (*params).clone();
        use_effect_with((m, *generation), move |(m, _)| {
            let (server, seed) = (m.server, m.seed);
            let all = cells();
            let total = all.len();
            let cancelled = Rc::new(Cell::new(false));
            *cancel_flag.borrow_mut() = cancelled.clone();
            let counts = Rc::new(RefCell::new(vec![None; total]));
            let timer: Rc<RefCell<Option<Timeout>>> = Rc::new(RefCell::new(None));
            let busy = Rc::new(Cell::new(0.0));
            progress.set(Progress {
                counts: vec![None; total],
                cancelled: false,
                elapsed_ms: None,
            });
            let slice: SliceFn = Rc::new(RefCell::new(None));
            let slice_weak = Rc::downgrade(&slice);
            {
                let (timer, cancelled, counts) = (timer.clone(), cancelled.clone(), counts.clone());
                *slice.borrow_mut() = Some(Box::new(move || {
                    if cancelled.get() {
                        return;
                    }
                    let t0 = dom::now_ms();
                    let mut c = counts.borrow_mut();
                    while let Some(i) = c.iter().position(Option::is_none) {
                        let (sc, cl) = all[i];
                        c[i] = Some(lab::final_count(sc, cl, server, seed));
                        if dom::now_ms() - t0 > SLICE_MS {
                            break;
                        }
                    }
                    busy.set(busy.get() + dom::now_ms() - t0);
                    let done = c.iter().all(Option::is_some);
                    progress.set(Progress {
                        counts: c.clone(),
                        cancelled: false,
                        elapsed_ms: done.then(|| busy.get()),
                    });
                    if !done {
                        let next = slice_weak.clone();
                        *timer.borrow_mut() = Some(Timeout::new(0, move || {
                            if let Some(f) = next.upgrade() {
                                if let Some(f) = &*f.borrow() {
                                    f();
                                }
                            }
                        }));
                    }
                }));
            }
            let first = Rc::downgrade(&slice);
            *timer.borrow_mut() = Some(Timeout::new(0, move || {
                if let Some(f) = first.upgrade() {
                    if let Some(f) = &*f.borrow() {
                        f();
                    }
                }
            }));
            move || {
                cancelled.set(true);
                timer.borrow_mut().take();
                drop(slice);
            }
        });
    }

    let m = (*params).clone();
    let total = cells().len();
    let done = progress.counts.iter().filter(|c| c.is_some()).count();
    let finished = done == total;
    let cancel = {
        let progress = progress.clone();
        let cancel_flag = cancel_flag.clone();
        Callback::from(move |_| {
            cancel_flag.borrow().set(true);
            progress.set(Progress {
                cancelled: true,
                ..(*progress).clone()
            });
        })
    };
    let resume = {
        let generation = generation.clone();
        Callback::from(move |_| generation.set(*generation + 1))
    };

    html! {
        <section class={classes!("lab", "matrix", p.embed.then_some("compact"))}>
            <h1>{ t(l, "lab.matrix.title") }</h1>
            if !p.embed { <p>{ t(l, "lab.matrix.intro") }</p> }
            <p><a href={format!("#/lab?server={}", m.server.id())} data-testid="to-run">{ t(l, "lab.to_run") }</a></p>
            <NoticeList lang={l} notices={init.1.clone()} />
            <div class="server-picker" role="group" aria-label={t(l, "lab.matrix.server")} data-testid="matrix-server">
                <span class="picker-label">{ t(l, "lab.matrix.server") }</span>
                { for ServerImpl::ALL.iter().map(|s| {
                    let s = *s;
                    let params = params.clone();
                    let onclick = Callback::from(move |_| params.set(MatrixParams { server: s, ..(*params).clone() }));
                    html! {
                        <button type="button" aria-pressed={(s == m.server).to_string()}
                            data-testid={format!("server-{}", s.id())} onclick={onclick}
                            title={t(l, &format!("lab.server.{}.desc", s.id()))}>
                            { t(l, &format!("lab.server.{}", s.id())) }
                        </button>
                    }
                }) }
            </div>
            <p class="muted">{ t(l, &format!("lab.server.{}.desc", m.server.id())) }</p>
            <div class="matrix-status" role="status">
                if !finished && !progress.cancelled {
                    <progress max={total.to_string()} value={done.to_string()}></progress>
                    { " " }{ tf(l, "lab.matrix.progress", &[("done", done.to_string()), ("total", total.to_string())]) }
                    { " " }<button type="button" data-testid="matrix-cancel" onclick={cancel}>{ t(l, "lab.matrix.cancel") }</button>
                }
                if progress.cancelled && !finished {
                    { tf(l, "lab.matrix.cancelled", &[("done", done.to_string()), ("total", total.to_string())]) }
                    { " " }<button type="button" onclick={resume}>{ t(l, "lab.matrix.restart") }</button>
                }
                if let Some(ms) = progress.elapsed_ms {
                    <span class="muted" data-testid="matrix-elapsed">
                        { tf(l, "lab.matrix.elapsed", &[("runs", total.to_string()), ("ms", format!("{ms:.1}"))]) }
                    </span>
                }
            </div>
            <div class="scroll-x">
                <table class="data matrix-table" data-testid="matrix">
                    <thead><tr>
                        <th scope="col">{ t(l, "lab.matrix.scenario") }</th>
                        { for ClientStrategy::ALL.iter().map(|c| html! {
                            <th scope="col" title={t(l, &format!("lab.client.{}.desc", c.id()))}>{ t(l, &format!("lab.client.{}", c.id())) }</th>
                        }) }
                    </tr></thead>
                    <tbody>
                        { for Scenario::ALL.iter().enumerate().map(|(i, sc)| html! {
                            <tr>
                                <th scope="row" title={t(l, &format!("lab.scenario.{}.desc", sc.id()))}>{ t(l, &format!("lab.scenario.{}", sc.id())) }</th>
                                { for ClientStrategy::ALL.iter().enumerate().map(|(j, c)| {
                                    let count = progress.counts.get(i * ClientStrategy::ALL.len() + j).copied().flatten();
                                    cell(l, *sc, *c, &m, count)
                                }) }
                            </tr>
                        }) }
                    </tbody>
                </table>
            </div>
            <div class="panel legend">
                <h2>{ t(l, "lab.matrix.legend") }</h2>
                <ul class="verdict-legend">
                    { for [Verdict::Duplicate, Verdict::ExactlyOnce, Verdict::NoReport].iter().map(|v| html! {
                        <li><span class={classes!("swatch", format!("verdict-{}", v.id()))}>{ symbol(*v) }</span>{ " " }{ t(l, &format!("lab.verdict.{}", v.id())) }</li>
                    }) }
                </ul>
                <h3>{ t(l, "lab.matrix.cures") }</h3>
                <dl class="cures">
                    { for ServerImpl::ALL.iter().map(|s| html! {
                        <>
                            <dt class={classes!((*s == m.server).then_some("current"))}>{ t(l, &format!("lab.server.{}", s.id())) }</dt>
                            <dd>{ t(l, &format!("lab.server.{}.cures", s.id())) }</dd>
                        </>
                    }) }
                </dl>
            </div>
        </section>
    }
}

fn cell(l: Lang, sc: Scenario, c: ClientStrategy, m: &MatrixParams, count: Option<usize>) -> Html {
    let href = LabParams::link(sc, c, m.server, m.seed);
    let testid = format!("cell-{}-{}", sc.id(), c.id());
    match count {
        None => html! { <td class="cell pending"><span data-testid={testid}>{ "…" }</span></td> },
        Some(n) => {
            let v = Verdict::from_count(n);
            let label = tf(
                l,
                "lab.matrix.cell_label",
                &[
                    ("scenario", t(l, &format!("lab.scenario.{}", sc.id()))),
                    ("client", t(l, &format!("lab.client.{}", c.id()))),
                    ("count", n.to_string()),
                    ("verdict", t(l, &format!("lab.verdict.{}", v.id()))),
                ],
            );
            html! {
                <td class={classes!("cell", format!("verdict-{}", v.id()))}>
                    <a href={href} aria-label={label.clone()} title={label}>
                        <span class="cell-count" data-testid={testid} data-verdict={v.id()}>{ n }</span>
                        <span class="cell-symbol" aria-hidden="true">{ symbol(v) }</span>
                    </a>
                </td>
            }
        }
    }
}
