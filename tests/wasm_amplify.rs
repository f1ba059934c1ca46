//! Browser tier: the amplification models give the SAME golden numbers in
//! wasm as natively (`tests/amplify_golden.rs` asserts the same table), and
//! the page renders them.
#![cfg(target_arch = "wasm32")]

use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

#[path = "common/amplify_golden.rs"]
mod golden;

#[path = "common/app.rs"]
mod app;
use app::{mount, wait_for};

#[wasm_bindgen_test]
fn fanout_matches_the_native_golden_values() {
    golden::check_fanout();
}

#[wasm_bindgen_test]
fn metastable_matches_the_native_golden_values() {
    golden::check_metastable();
}

/// Waits until the element's text equals `want` (the page computes in slices).
async fn wait_text(root: &web_sys::Element, selector: &str, want: &str) {
    let el = wait_for(root, selector).await;
    for _ in 0..400 {
        if el.text_content().unwrap_or_default() == want {
            return;
        }
        gloo_timers::future::TimeoutFuture::new(50).await;
    }
    panic!("{selector}: {:?}, wanted {want}", el.text_content());
}

#[wasm_bindgen_test]
async fn fanout_page_renders_the_golden_numbers() {
    let root = mount("#/amplify?view=fanout&layers=4,3&p=0.5&trials=1000&seed=42&lang=en");
    wait_text(&root, "[data-testid=amplification]", "2.032").await;
    wait_text(&root, "[data-testid=amplification-expected]", "2.000").await;
    wait_text(&root, "[data-testid=first-bottom]", "1").await;
    let text = root.text_content().unwrap();
    assert!(text.contains("Retry amplification"), "{text}");
}

#[wasm_bindgen_test]
async fn bad_values_show_notices() {
    let root = mount("#/amplify?layers=0,3&p=NaN&base=abc");
    wait_for(&root, "[data-testid=notice-layers]").await;
    wait_for(&root, "[data-testid=notice-p]").await;
    // The page's own field: the load model's backoff base, in seconds.
    let base = wait_for(&root, "[data-testid=notice-base]").await;
    let text = base.text_content().unwrap();
    assert!(
        text.contains("退避基数 base（秒）") && !text.contains("毫秒"),
        "{text}"
    );
    wait_text(&root, "[data-testid=max-bottom]", "3").await;
}
