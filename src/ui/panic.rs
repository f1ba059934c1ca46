//! A panic must never leave a dead page: this hook shows the message in the
//! page (in both languages, since the table may be what failed) and logs it.

use wasm_bindgen::JsCast;

/// Installs the hook; called once at start-up.
pub fn install_hook() {
    std::panic::set_hook(Box::new(|info| {
        let msg = info.to_string();
        web_sys::console::error_1(&msg.clone().into());
        show(&msg);
    }));
}

/// Shows `msg` in an alert box at the top of the page (what the hook does).
pub fn show(msg: &str) {
    let Some(doc) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
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
    if let Ok(el) = div.dyn_into::<web_sys::HtmlElement>() {
        let _ = body.prepend_with_node_1(&el);
    }
}
