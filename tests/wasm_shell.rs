//! Browser tier: the shell component renders routes, language and notices.
#![cfg(target_arch = "wasm32")]

use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

#[path = "common/app.rs"]
mod app;
use app::{mount, wait_for};

#[wasm_bindgen_test]
async fn unknown_route_in_english_shows_notice_and_home() {
    let root = mount("#/nowhere?lang=en");
    // The page body comes in the task after the shell.
    wait_for(&root, ".home").await;
    let text = root.text_content().unwrap();
    assert!(text.contains("There is no page “/nowhere”"), "{text}");
    assert!(text.contains("Thundering herd"), "{text}");
}

#[wasm_bindgen_test]
async fn chinese_is_the_default_and_embed_hides_the_header() {
    let root = mount("#/?embed=1");
    wait_for(&root, ".home").await;
    assert!(root.query_selector(".shell.embed").unwrap().is_some());
    assert!(root.query_selector(".site-header").unwrap().is_none());
    let text = root.text_content().unwrap();
    assert!(text.contains("超时了，再发一次安全吗？"), "{text}");
}
