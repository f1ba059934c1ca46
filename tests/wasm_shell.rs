//! Browser tier: the shell component renders routes, language and notices.
#![cfg(target_arch = "wasm32")]

use gloo_timers::future::TimeoutFuture;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn mount(hash: &str) -> web_sys::Element {
    let window = web_sys::window().unwrap();
    // Each test starts without a stored language preference.
    window.local_storage().unwrap().unwrap().clear().unwrap();
    window.location().set_hash(hash).unwrap();
    let doc = window.document().unwrap();
    if let Some(old) = doc.get_element_by_id("app") {
        old.remove();
    }
    let root = doc.create_element("main").unwrap();
    root.set_id("app");
    doc.body().unwrap().append_child(&root).unwrap();
    yew::Renderer::<retry_lab::ui::App>::with_root(root.clone()).render();
    root
}

async fn settle() {
    TimeoutFuture::new(30).await;
}

#[wasm_bindgen_test]
async fn unknown_route_in_english_shows_notice_and_home() {
    let root = mount("#/nowhere?lang=en");
    settle().await;
    let text = root.text_content().unwrap();
    assert!(text.contains("There is no page “/nowhere”"), "{text}");
    assert!(text.contains("Thundering herd"), "{text}");
    assert!(root.query_selector(".home").unwrap().is_some());
}

#[wasm_bindgen_test]
async fn chinese_is_the_default_and_embed_hides_the_header() {
    let root = mount("#/?embed=1");
    settle().await;
    assert!(root.query_selector(".shell.embed").unwrap().is_some());
    assert!(root.query_selector(".site-header").unwrap().is_none());
    let text = root.text_content().unwrap();
    assert!(text.contains("超时了，再发一次安全吗？"), "{text}");
}
