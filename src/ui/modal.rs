//! The app's one modal dialog element. While it is open it has the focus
//! (its first control when it opens), Tab and Shift+Tab cycle inside it,
//! Escape closes it, and when it closes the focus goes back to the element
//! that had it before (the «?» button, or the lab's step button when «?»
//! was pressed there). The shell makes the rest of the page `inert`, and
//! the page's keyboard shortcuts ([`crate::ui::shortcuts`]) ask
//! [`modal_open`] first, so no shortcut acts behind the dialog.

use wasm_bindgen::JsCast;
use yew::prelude::*;

/// What can take the focus inside a dialog.
const FOCUSABLE: &str =
    "a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex='-1'])";

#[derive(Properties, PartialEq)]
pub struct ModalProps {
    /// Called on Escape (the caller unmounts the dialog).
    pub on_close: Callback<()>,
    /// The id of the dialog's heading.
    pub labelledby: AttrValue,
    #[prop_or_default]
    pub testid: Option<AttrValue>,
    #[prop_or_default]
    pub children: Html,
}

/// Whether a modal dialog is open in this document.
pub fn modal_open() -> bool {
    gloo::utils::document()
        .query_selector("[aria-modal='true']")
        .ok()
        .flatten()
        .is_some()
}

fn focusables(dialog: &NodeRef) -> Vec<web_sys::HtmlElement> {
    let Some(root) = dialog.cast::<web_sys::Element>() else {
        return Vec::new();
    };
    let Ok(list) = root.query_selector_all(FOCUSABLE) else {
        return Vec::new();
    };
    (0..list.length())
        .filter_map(|i| list.item(i))
        .filter_map(|n| n.dyn_into::<web_sys::HtmlElement>().ok())
        .collect()
}

/// Where Tab (or Shift+Tab) from the focused element must go to stay inside.
fn wrap_target(items: &[web_sys::HtmlElement], back: bool) -> Option<web_sys::HtmlElement> {
    let active = gloo::utils::document().active_element();
    let at = |e: Option<&web_sys::HtmlElement>| {
        e.is_some_and(|e| {
            active
                .as_ref()
                .is_some_and(|a| a == e.unchecked_ref::<web_sys::Element>())
        })
    };
    let inside = items.iter().any(|e| at(Some(e)));
    match back {
        true if !inside || at(items.first()) => items.last().cloned(),
        false if !inside || at(items.last()) => items.first().cloned(),
        _ => None,
    }
}

/// A modal dialog over a backdrop.
#[function_component(Modal)]
pub fn modal(p: &ModalProps) -> Html {
    let dialog = use_node_ref();
    {
        let dialog = dialog.clone();
        use_effect_with((), move |_| {
            let opener = gloo::utils::document()
                .active_element()
                .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok());
            match focusables(&dialog).first() {
                Some(first) => {
                    let _ = first.focus();
                }
                None => {
                    if let Some(d) = dialog.cast::<web_sys::HtmlElement>() {
                        let _ = d.focus();
                    }
                }
            }
            move || {
                if let Some(opener) = opener.filter(|o| o.is_connected()) {
                    let _ = opener.focus();
                }
            }
        });
    }
    let onkeydown = {
        let (dialog, on_close) = (dialog.clone(), p.on_close.clone());
        Callback::from(move |ev: KeyboardEvent| match ev.key().as_str() {
            "Escape" => {
                ev.prevent_default();
                on_close.emit(());
            }
            "Tab" => {
                let items = focusables(&dialog);
                if items.is_empty() {
                    ev.prevent_default();
                } else if let Some(next) = wrap_target(&items, ev.shift_key()) {
                    ev.prevent_default();
                    let _ = next.focus();
                }
            }
            _ => {}
        })
    };
    html! {
        <div class="dialog-backdrop">
            <div ref={dialog} class="dialog" role="dialog" aria-modal="true" tabindex="-1"
                aria-labelledby={p.labelledby.clone()} data-testid={p.testid.clone()} {onkeydown}>
                { p.children.clone() }
            </div>
        </div>
    }
}
