//! `#/lab`'s container: waits for the first run from the engine's worker
//! (with a progress state, the page stays responsive), then shows the run
//! view.

use std::rc::Rc;

use gloo::timers::callback::Timeout;
use yew::prelude::*;

use super::engine_job::use_engine_runner;
use super::engine_view::{engine_note, engine_pending};
use super::run_view::LabRunView;
use crate::lab::jobs::engine_job::{run_job, EngineJob, RunOut};
use crate::lab::view::player::{wanted, LabState};
use crate::lab::LabParams;
use crate::ui::dom::now_ms;
use crate::ui::page::PageProps;

/// `#/lab`: asks the engine for the URL's run, then shows the run view.
#[function_component(LabPage)]
pub fn lab_page(p: &PageProps) -> Html {
    let l = p.lang;
    let init = {
        let q = p.query.clone();
        use_memo((), move |_| LabParams::from_query(&q))
    };
    let jobs = use_engine_runner::<EngineJob<RunOut>>();
    {
        let jobs = jobs.clone();
        let want = wanted(&init.0);
        // In a task of its own: starting the worker is not added to the
        // task that loaded the page and drew its first frame.
        use_effect_with((), move |_| {
            let later = Timeout::new(0, move || jobs.start(run_job(want, now_ms()), None));
            move || drop(later)
        });
    }
    let retry = {
        let (jobs, want) = (jobs.clone(), wanted(&init.0));
        Callback::from(move |()| jobs.start(run_job(want.clone(), now_ms()), None))
    };
    let job = jobs.runner.job.borrow();
    match job.as_ref().and_then(|j| j.out.0.as_ref()) {
        Some(Ok((run, fix))) => {
            let (state, notice) = LabState::first(init.0.clone(), Rc::clone(run), *fix);
            let mut notices = init.1.clone();
            notices.extend(notice);
            html! { <LabRunView page={p.clone()} first={state} notices={notices} /> }
        }
        Some(Err(why)) => engine_pending(l, p.embed, engine_note(l, true, Some(why), retry)),
        None => engine_pending(l, p.embed, engine_note(l, true, None, retry)),
    }
}
