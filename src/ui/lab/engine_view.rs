//! What the lab views show about the lab engine: a status line while a run
//! is computed, and a visible message when there is no engine, naming the
//! cause and its remedy: «重新加载» after a redeploy, «重试» after a dropped
//! network or a failed engine. There is no fallback on the page's thread:
//! the page's bundle does not carry SQLite.

use yew::prelude::*;

use super::engine::{self, Status};
use crate::i18n::{t, tf, Lang};
use crate::lab::wire::EngineFault;
use crate::ui::dom;

/// A lab page before its first answer arrives, or without an engine:
/// the title and the engine's `note` ([`engine_note`]).
pub fn engine_pending(l: Lang, embed: bool, note: Html) -> Html {
    html! {
        <section class={classes!("lab", embed.then_some("compact"))} data-testid="lab-pending">
            <h1>{ t(l, "lab.title") }</h1>
            { note }
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
