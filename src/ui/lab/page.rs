//! `#/lab`'s container: waits for the first run from the engine's worker
//! (with a progress state, the page stays responsive), then shows the run
//! view.

use std::rc::Rc;

use gloo::timers::callback::Timeout;
use yew::prelude::*;

use super::engine::{self, RunAnswer};
use super::engine_view::engine_pending;
use super::run_view::LabRunView;
use crate::lab::player::{wanted, LabState};
use crate::lab::wire::EngineFault;
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
    let first = use_state(|| None::<Result<RunAnswer, EngineFault>>);
    let attempt = use_state(|| 0u32);
    {
        let first = first.clone();
        let want = wanted(&init.0);
        // In a task of its own: starting the worker is not added to the
        // task that loaded the page and drew its first frame.
        use_effect_with(*attempt, move |_| {
            let later = Timeout::new(0, move || {
                engine::run(want, move |answer| first.set(Some(answer)));
            });
            move || drop(later)
        });
    }
    let retry = {
        let (first, attempt) = (first.clone(), attempt.clone());
        Callback::from(move |()| {
            first.set(None);
            attempt.set(*attempt + 1);
        })
    };
    match &*first {
        Some(Ok((run, fix))) => {
            let (state, notice) = LabState::first(init.0.clone(), Rc::clone(run), *fix);
            let mut notices = init.1.clone();
            notices.extend(notice);
            html! { <LabRunView page={p.clone()} first={state} notices={notices} /> }
        }
        Some(Err(why)) => engine_pending(l, p.embed, Some(why), retry),
        None => engine_pending(l, p.embed, None, retry),
    }
}
