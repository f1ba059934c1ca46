//! What the lab views show about the lab engine: the run page's container,
//! which waits for the first run from the engine's worker (with a progress
//! state, the page stays responsive), a status line while a run is computed,
//! and a visible message when there is no engine, naming the cause and its
//! remedy: «重新加载» after a redeploy, «重试» after a dropped network or
//! a failed engine. There is no fallback on the page's thread: the page's
//! bundle does not carry SQLite.

use std::rc::Rc;

use gloo::timers::callback::Timeout;
use yew::prelude::*;

use super::engine::{self, RunAnswer, Status};
use super::run_view::LabRunView;
use super::state::{wanted, LabState};
use crate::i18n::{t, tf, Lang};
use crate::lab::wire::EngineFault;
use crate::lab::LabParams;
use crate::ui::dom;
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
        let (combo, seed) = wanted(&init.0);
        // In a task of its own: starting the worker is not added to the
        // task that loaded the page and drew its first frame.
        use_effect_with(*attempt, move |_| {
            let later = Timeout::new(0, move || {
                engine::run(combo, seed, move |answer| first.set(Some(answer)));
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

/// A lab page before its first answer arrives, or without an engine.
pub fn engine_pending(
    l: Lang,
    embed: bool,
    error: Option<&EngineFault>,
    retry: Callback<()>,
) -> Html {
    html! {
        <section class={classes!("lab", embed.then_some("compact"))} data-testid="lab-pending">
            <h1>{ t(l, "lab.title") }</h1>
            { engine_note(l, true, error, retry) }
        </section>
    }
}

/// A status line: unavailable (with the cause and its remedy), starting,
/// computing, or nothing once the shown result is current. `retry` asks
/// again (the engine restarts on the next request).
pub fn engine_note(
    l: Lang,
    computing: bool,
    error: Option<&EngineFault>,
    retry: Callback<()>,
) -> Html {
    if let Some(why) = error {
        return unavailable(l, why, retry);
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

/// The engine cannot run now: say why, and offer the remedy.
pub fn unavailable(l: Lang, why: &EngineFault, retry: Callback<()>) -> Html {
    let action = if *why == EngineFault::Redeployed {
        html! {
            <button type="button" data-testid="engine-reload" onclick={Callback::from(|_| dom::reload())}>
                { t(l, "lab.engine.reload") }
            </button>
        }
    } else if why.retryable() {
        html! {
            <button type="button" data-testid="engine-retry" onclick={retry.reform(|_| ())}>
                { t(l, "lab.engine.retry") }
            </button>
        }
    } else {
        Html::default()
    };
    html! {
        <p class="notice engine-unavailable" role="alert" data-testid="engine-unavailable"
            data-cause={why.message_key().trim_start_matches("lab.engine.")}>
            { tf(l, why.message_key(), &[("reason", why.detail().to_string())]) }
            { " " }{ action }
        </p>
    }
}
