//! Starting the lab engine before a lab view asks for its first run, so
//! its wasm is fetched and compiled while the student reads.

use gloo::timers::callback::Timeout;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use web_sys::Event;
use yew::prelude::*;

use super::engine::warm;

/// Starts the engine as soon as a lab view is likely: at once on a lab
/// route, when the browser is next idle on the home page, and whenever the
/// pointer or the keyboard focus reaches a link to a lab view (anywhere in
/// the app, for the page's lifetime).
#[hook]
pub fn use_engine_warmup(page: &crate::pages::route::Page) {
    use crate::pages::route::Page;
    use_effect_with((), |_| {
        let doc = gloo::utils::document();
        let on = |kind: &'static str| {
            gloo::events::EventListener::new(&doc, kind, |e: &Event| {
                let href = e
                    .target()
                    .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
                    .and_then(|el| el.closest("a[href]").ok().flatten())
                    .and_then(|a| a.get_attribute("href"));
                if href.is_some_and(|h| crate::pages::route::leads_to_lab(&h)) {
                    warm();
                }
            })
        };
        let listeners = [on("pointerover"), on("focusin")];
        move || drop(listeners)
    });
    use_effect_with(page.clone(), |page| match page {
        p if p.uses_lab_engine() => warm(),
        Page::Home => when_idle(warm),
        _ => {}
    });
}

/// Runs `f` when the browser is idle (`requestIdleCallback`), or after a
/// second where it has none.
fn when_idle(f: fn()) {
    let cb = Closure::once_into_js(f);
    let asked = gloo::utils::window()
        .request_idle_callback(cb.unchecked_ref())
        .is_ok();
    if !asked {
        Timeout::new(1_000, f).forget();
    }
}
