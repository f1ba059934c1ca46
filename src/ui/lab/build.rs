//! `#/lab/build`: the workbench. The student ticks mechanisms (or starts
//! from a preset); the lab engine's worker grades the design on the whole
//! suite in one answer ([`engine::suite`]), then answers the smallest fix of each
//! failing row and the chapter's next step. A new design cancels whatever
//! the previous one still had the worker compute. The page state is
//! [`SuiteState`] (pure, natively tested); this module only wires it.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use yew::prelude::*;

use super::build_view::{controls, score_block, suite_table, Actions, SqlListing};
use super::engine;
use super::engine_view::engine_note;
use super::hunt::HuntPanel;
use crate::i18n::{t, tf, Lang};
use crate::lab::build::{toggle, SuiteState};
use crate::lab::hunt::KindSet;
use crate::lab::reveal::RowReveal;
use crate::lab::wire::{EngineFault, Want};
use crate::lab::{BuildParams, ClientStrategy, Design, Mechanism};
use crate::params::Notice;
use crate::ui::page::PageProps;
use crate::ui::slicer::Slicer;
use crate::ui::widgets::NoticeList;

/// The suite table's cells per row (for [`RowReveal`]).
const SUITE_COLUMNS: usize = 6;

/// The requests the current suite has with the worker, to cancel.
type Asked = Rc<RefCell<Vec<u64>>>;

/// The workbench page.
#[function_component(BuildPage)]
pub fn build_page(p: &PageProps) -> Html {
    let l = p.lang;
    let init = {
        let q = p.query.clone();
        use_memo((), move |_| BuildParams::from_query(&q))
    };
    let params = use_state(|| init.0.clone());
    let notices = use_state(|| init.1.clone());
    let shown = use_state(|| SuiteState::start(init.0.clone(), None));
    let error = use_state(|| None::<EngineFault>);
    let generation = use_state(|| 0u32);
    let last = use_mut_ref(|| None::<SuiteState>);
    // The first suite is drawn a few rows per frame; later ones at once
    // (their rows replace drawn rows, which costs far less).
    let reveal = use_state(|| RowReveal::all(0));
    let slicer = use_memo((), |_| Slicer::default());
    let drawn_before = use_mut_ref(|| false);

    {
        let set_link = p.set_link.clone();
        use_effect_with((*params).clone(), move |b| set_link.emit(b.clone().into()));
    }
    {
        let (shown, error, last) = (shown.clone(), error.clone(), last.clone());
        let (reveal, slicer, drawn_before) =
            (reveal.clone(), (*slicer).clone(), drawn_before.clone());
        use_effect_with(((*params).clone(), *generation), move |(b, _)| {
            let state = SuiteState::start(b.clone(), last.borrow().as_ref());
            let cancelled = Rc::new(Cell::new(false));
            let asked: Asked = Rc::default();
            let run = Run {
                state: Rc::new(RefCell::new(state)),
                shown,
                last,
                error,
                reveal,
                slicer,
                drawn_before,
                cancelled: cancelled.clone(),
                asked: asked.clone(),
            };
            run.publish();
            run.error.set(None);
            run.grade();
            move || {
                cancelled.set(true);
                for id in asked.borrow().iter() {
                    engine::cancel(*id);
                }
            }
        });
    }

    let actions = actions(&params, &notices);
    let retry = {
        let generation = generation.clone();
        Callback::from(move |()| generation.set(*generation + 1))
    };
    let set_kinds = kinds_setter(&params);
    let b = (*params).clone();
    html! {
        <section class={classes!("lab", "build", p.embed.then_some("compact"))}>
            <h1 data-testid="build-title">{ t(l, "build.title") }</h1>
            if !p.embed { <p>{ t(l, "build.intro") }</p> }
            <NoticeList lang={l} notices={(*notices).clone()} />
            { controls(l, &b, &actions) }
            { build_status(l, &shown, error.as_ref(), retry) }
            if reveal.is_done() { { score_block(l, &shown, &actions) } }
            { suite_table(l, &shown, *reveal, &actions) }
            <HuntPanel lang={l} spec={b.hunt_spec()} on_kinds={set_kinds} />
            <SqlListing lang={l} design={b.design} />
        </section>
    }
}

/// The hunt's fault kinds go into the page's parameters (and so the URL).
fn kinds_setter(params: &UseStateHandle<BuildParams>) -> Callback<KindSet> {
    let params = params.clone();
    Callback::from(move |kinds| {
        params.set(BuildParams {
            kinds,
            ..(*params).clone()
        })
    })
}

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
/// client), and the notices say what was not used.
fn actions(params: &UseStateHandle<BuildParams>, notices: &UseStateHandle<Vec<Notice>>) -> Actions {
    let toggle_cb = {
        let (params, notices) = (params.clone(), notices.clone());
        Callback::from(move |(m, on): (Mechanism, bool)| {
            let (design, why) = toggle(params.design, m, on);
            notices.set(why);
            params.set(params.with_design(design));
        })
    };
    let set_design = {
        let (params, notices) = (params.clone(), notices.clone());
        Callback::from(move |design: Design| {
            notices.set(Vec::new());
            params.set(params.with_design(design));
        })
    };
    let set_client = {
        let params = params.clone();
        Callback::from(move |client: ClientStrategy| {
            params.set(BuildParams {
                client,
                ..(*params).clone()
            })
        })
    };
    Actions {
        toggle: toggle_cb,
        set_design,
        set_client,
    }
}

/// One design's grading in flight: the state the answers fill in, and
/// where the page reads it.
#[derive(Clone)]
struct Run {
    state: Rc<RefCell<SuiteState>>,
    shown: UseStateHandle<SuiteState>,
    last: Rc<RefCell<Option<SuiteState>>>,
    error: UseStateHandle<Option<EngineFault>>,
    reveal: UseStateHandle<RowReveal>,
    slicer: Slicer,
    /// Whether a whole suite was drawn on this page before.
    drawn_before: Rc<RefCell<bool>>,
    cancelled: Rc<Cell<bool>>,
    asked: Asked,
}

impl Run {
    /// Shows the state (and keeps it as what the next design compares with).
    fn publish(&self) {
        let now = self.state.borrow().clone();
        *self.last.borrow_mut() = Some(now.clone());
        self.shown.set(now);
    }

    /// Shows the complete suite, the first on this page a few rows per
    /// frame and any later one at once; then asks for the follow-ups
    /// (each of their answers redraws the page, which slowed the parts).
    fn show_rows(&self) {
        let total = self.state.borrow().shown().len();
        self.publish();
        if self.drawn_before.replace(true) {
            self.slicer.cancel();
            self.reveal.set(RowReveal::all(total));
            return self.follow_up();
        }
        let mut reveal = RowReveal::start(total, SUITE_COLUMNS);
        self.reveal.set(reveal);
        let run = self.clone();
        self.slicer.each_frame(move || {
            if run.cancelled.get() {
                run.reveal.set(RowReveal::all(total));
                return false;
            }
            let more = reveal.advance();
            run.reveal.set(reveal);
            if !more {
                run.follow_up();
            }
            more
        });
    }

    fn fail(&self, why: EngineFault) {
        self.error.set(Some(why));
    }

    /// Asks for every row; once all are in, for the follow-ups.
    fn grade(&self) {
        let b = self.state.borrow().params.clone();
        let run = self.clone();
        let id = engine::suite(b.design, b.client, b.seed, b.suite, move |answer| {
            if run.cancelled.get() {
                return;
            }
            match answer {
                Ok(rows) => {
                    for (i, row) in rows.into_iter().enumerate() {
                        run.state.borrow_mut().record_row(i, row);
                    }
                    if run.state.borrow().done() == run.state.borrow().shown().len() {
                        run.show_rows();
                    } else {
                        run.publish();
                    }
                }
                Err(why) => run.fail(why),
            }
        });
        self.asked.borrow_mut().push(id);
    }

    /// Asks for the chapter's next step, then each failing row's smallest fix.
    fn follow_up(&self) {
        let (b, rows, owed) = {
            let s = self.state.borrow();
            (
                s.params.clone(),
                s.rows().unwrap_or_default(),
                s.fixes_owed(),
            )
        };
        let next = Want::Next {
            design: b.design,
            client: b.client,
            seed: b.seed,
            rows: rows.clone(),
        };
        let run = self.clone();
        let id = engine::next(next, move |answer| {
            if !run.cancelled.get() {
                match answer {
                    Ok(n) => run.state.borrow_mut().record_next(n),
                    Err(why) => return run.fail(why),
                }
                run.publish();
            }
        });
        self.asked.borrow_mut().push(id);
        for scenario in owed {
            let want = Want::Fix {
                design: b.design,
                client: b.client,
                seed: b.seed,
                scenario,
                rows: rows.clone(),
            };
            let run = self.clone();
            let id = engine::fix(want, move |answer| {
                if !run.cancelled.get() {
                    match answer {
                        Ok(f) => run.state.borrow_mut().record_fix(scenario, f),
                        Err(why) => return run.fail(why),
                    }
                    run.publish();
                }
            });
            self.asked.borrow_mut().push(id);
        }
    }
}
