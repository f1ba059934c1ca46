//! A panic must never leave a dead page without a word: this hook logs the
//! message and shows it at the top of the page, in the page's language (read
//! from `<html lang>`), with a button that reloads the page. Only the first
//! panic gets a box: later ones (a panic often brings others) are logged.

use wasm_bindgen::JsCast;

/// Installs the hook; called once at start-up.
pub fn install_hook() {
    std::panic::set_hook(Box::new(|info| {
        let msg = info.to_string();
        web_sys::console::error_1(&msg.clone().into());
        show(&msg);
    }));
}

/// Shows `msg` in an alert box at the top of the page (what the hook does),
/// unless a box is shown already.
pub fn show(msg: &str) {
    let Some(doc) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    if doc.get_element_by_id("panic").is_some() {
        return;
    }
    let Some(body) = doc.body() else { return };
    let Ok(div) = doc.create_element("div") else {
        return;
    };
    div.set_id("panic");
    let _ = div.set_attribute("role", "alert");
    let _ = div.set_attribute("data-testid", "panic");
    let lang = doc
        .document_element()
        .and_then(|e| e.get_attribute("lang"))
        .unwrap_or_default();
    let lang = crate::i18n::Lang::from_code(&lang).unwrap_or_default();
    let title = doc.create_element("h2").ok();
    let p = doc.create_element("p").ok();
    let pre = doc.create_element("pre").ok();
    if let (Some(title), Some(p), Some(pre)) = (title, p, pre) {
        title.set_text_content(Some(&crate::i18n::t(lang, "common.panic.title")));
        p.set_text_content(Some(&crate::i18n::t(lang, "common.panic.body")));
        pre.set_text_content(Some(msg));
        let _ = div.append_child(&title);
        let _ = div.append_child(&p);
        let _ = div.append_child(&pre);
    }
    if let Some(button) = reload_button(&doc, lang) {
        let _ = div.append_child(&button);
    }
    if let Ok(el) = div.dyn_into::<web_sys::HtmlElement>() {
        let _ = body.prepend_with_node_1(&el);
    }
}

/// A button that reloads the page. Its listener lives as long as the page
/// (`forget`): the box is never removed.
fn reload_button(doc: &web_sys::Document, lang: crate::i18n::Lang) -> Option<web_sys::Element> {
    let button = doc.create_element("button").ok()?;
    let _ = button.set_attribute("type", "button");
    let _ = button.set_attribute("data-testid", "panic-reload");
    button.set_text_content(Some(&crate::i18n::t(lang, "common.panic.reload")));
    let reload = wasm_bindgen::closure::Closure::<dyn FnMut()>::new(|| {
        if let Some(w) = web_sys::window() {
            let _ = w.location().reload();
        }
    });
    let _ = button.add_event_listener_with_callback("click", reload.as_ref().unchecked_ref());
    reload.forget();
    Some(button)
}
