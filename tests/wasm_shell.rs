//! Browser tier: the shell component renders routes, language and notices.
#![cfg(target_arch = "wasm32")]

use gloo_timers::future::TimeoutFuture;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

#[path = "common/app.rs"]
mod app;
use app::mount;

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
