//! What the lab views show about the lab engine: the run page's container,
//! which waits for the first run from the engine's worker (with a progress
//! state, the page stays responsive), a status line while a run is computed,
//! and a visible message when there is no engine (workers unavailable, the
//! engine failed to load). There is no fallback on the page's thread: the
//! page's bundle does not carry SQLite.

use std::rc::Rc;

use gloo::timers::callback::Timeout;
use yew::prelude::*;

use super::engine::{self, RunAnswer, Status};
use super::run_view::LabRunView;
use super::state::{wanted, LabState};
use crate::i18n::{t, tf, Lang};
use crate::lab::LabParams;
use crate::ui::page::PageProps;

/// `#/lab`: asks the engine for the URL's run, then shows the run view.
#[function_component(LabPage)]
pub fn lab_page(p: &PageProps) -> Html {
    let l = p.lang;
    let init = {
        let q = p.query.clone();
        use_memo((), move |_| LabParams::from_query(&q))
    };
    let first = use_state(|| None::<Result<RunAnswer, String>>);
    {
        let first = first.clone();
        let (combo, seed) = wanted(&init.0);
        // In a task of its own: starting the worker is not added to the
        // task that loaded the page and drew its first frame.
        use_effect_with((), move |_| {
            let later = Timeout::new(0, move || {
                engine::run(combo, seed, move |answer| first.set(Some(answer)));
            });
            move || drop(later)
        });
    }
    match &*first {
        Some(Ok((run, fix))) => {
            let (state, notice) = LabState::first(init.0.clone(), Rc::clone(run), *fix);
            let mut notices = init.1.clone();
            notices.extend(notice);
            html! { <LabRunView page={p.clone()} first={state} notices={notices} /> }
        }
        Some(Err(why)) => engine_pending(l, p.embed, Some(why)),
        None => engine_pending(l, p.embed, None),
    }
}

/// A lab page before its first answer arrives, or without an engine.
pub fn engine_pending(l: Lang, embed: bool, error: Option<&str>) -> Html {
    html! {
        <section class={classes!("lab", embed.then_some("compact"))} data-testid="lab-pending">
            <h1>{ t(l, "lab.title") }</h1>
            { engine_note(l, true, error) }
        </section>
    }
}

/// A status line: unavailable (with the reason), starting, computing, or
/// nothing once the shown result is current.
pub fn engine_note(l: Lang, computing: bool, error: Option<&str>) -> Html {
    if let Some(why) = error {
        return unavailable(l, why);
    }
    if !computing {
        return Html::default();
    }
    let key = match engine::status() {
        Status::Starting => "lab.engine.starting",
        _ => "lab.engine.computing",
    };
    html! {
        <p class="engine-status" role="status" data-testid="engine-status">
            <progress></progress>{ " " }{ t(l, key) }
        </p>
    }
}

/// The engine cannot run here: say so, and why.
pub fn unavailable(l: Lang, why: &str) -> Html {
    html! {
        <p class="notice engine-unavailable" role="alert" data-testid="engine-unavailable">
            { tf(l, "lab.engine.unavailable", &[("reason", why.to_string())]) }
        </p>
    }
}
