//! The one keyboard-shortcut hook: a page says what each shortcut does, the
//! hook listens on the document and asks the core's one rule
//! ([`crate::shell::keys::shortcut`]) which presses count.

use gloo::events::{EventListener, EventListenerOptions};
use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::shell::keys::{shortcut, KeyPress, Shortcut, Target};

/// What has the focus: a field that takes typing, a button or link, or
/// anything else.
fn target_of(ev: &web_sys::KeyboardEvent) -> Target {
    let tag = ev
        .target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .map(|e| e.tag_name());
    match tag.as_deref() {
        Some("INPUT" | "TEXTAREA" | "SELECT") => Target::Field,
        Some("BUTTON" | "A") => Target::Button,
        _ => Target::Other,
    }
}

/// Calls `on` with every shortcut pressed while the component is mounted;
/// `on` returns whether it acted, and then the browser's own action (an
/// arrow or space scrolling the page) is prevented. `deps` renews the
/// handler when what it closes over changes.
#[hook]
pub fn use_shortcuts<D, F>(deps: D, on: F)
where
    D: PartialEq + 'static,
    F: Fn(Shortcut) -> bool + 'static,
{
    use_effect_with(deps, move |_| {
        // Not passive: arrows and space must not scroll the page.
        let opts = EventListenerOptions::enable_prevent_default();
        let doc = gloo::utils::document();
        let listener = EventListener::new_with_options(&doc, "keydown", opts, move |ev| {
            let Some(ev) = ev.dyn_ref::<web_sys::KeyboardEvent>() else {
                return;
            };
            let key = ev.key();
            let press = KeyPress {
                key: &key,
                ctrl: ev.ctrl_key(),
                meta: ev.meta_key(),
                alt: ev.alt_key(),
                target: target_of(ev),
                dialog_open: super::modal::modal_open(),
            };
            if shortcut(&press).is_some_and(&on) {
                ev.prevent_default();
            }
        });
        move || drop(listener)
    });
}
