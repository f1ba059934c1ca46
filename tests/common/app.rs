//! Helpers for browser tests that mount the whole app (tests/wasm_*.rs).
// Each test crate includes this file and uses only some of the helpers.
#![allow(dead_code)]

/// Mounts the whole app at a deep link (a fresh `<main id="app">`).
pub fn mount(hash: &str) -> web_sys::Element {
    let window = web_sys::window().unwrap();
    window.local_storage().unwrap().unwrap().clear().unwrap();
    // replaceState, not `location.hash =`: the latter queues a `hashchange`
    // that would reach the new app after its page has normalised the URL,
    // and remount the page with the clean query (losing its notices). A
    // student opening a link fires no such event.
    window
        .history()
        .unwrap()
        .replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(hash))
        .unwrap();
    let doc = window.document().unwrap();
    if let Some(old) = doc.get_element_by_id("app") {
        old.remove();
    }
    let root = doc.create_element("main").unwrap();
    root.set_id("app");
    doc.body().unwrap().append_child(&root).unwrap();
    yew::Renderer::<retry_lab::ui::App>::with_root_and_props(
        root.clone(),
        retry_lab::ui::AppProps {
            family: &retry_lab::ui::families::EVERY,
        },
    )
    .render();
    root
}

/// Waits (up to ~20 s) until `selector` matches inside `root`.
pub async fn wait_for(root: &web_sys::Element, selector: &str) -> web_sys::Element {
    for _ in 0..400 {
        if let Some(el) = root.query_selector(selector).unwrap() {
            return el;
        }
        gloo_timers::future::TimeoutFuture::new(50).await;
    }
    panic!("{selector} never appeared");
}
