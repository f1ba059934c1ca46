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

/// Whether every chart of the load view's cards is drawn at its card's
/// width (so its 12 px labels are not scaled down on a phone).
fn charts_at_card_width(root: &web_sys::Element) -> Result<usize, String> {
    let boxes = root.query_selector_all(".amp-charts").unwrap();
    let mut n = 0;
    for i in 0..boxes.length() {
        let card: web_sys::Element = wasm_bindgen::JsCast::unchecked_into(boxes.item(i).unwrap());
        let svgs = card.query_selector_all("svg").unwrap();
        for j in 0..svgs.length() {
            let svg: web_sys::Element = wasm_bindgen::JsCast::unchecked_into(svgs.item(j).unwrap());
            let w: f64 = svg
                .get_attribute("width")
                .unwrap_or_default()
                .parse()
                .unwrap_or(0.0);
            let view = svg.get_attribute("viewBox").unwrap_or_default();
            let card_w = f64::from(card.client_width());
            if (w - card_w).abs() > 1.5 || !view.contains(&format!(" {w:.1} ")) {
                return Err(format!(
                    "svg {w} px (viewBox {view}) in a card {card_w} px wide"
                ));
            }
            n += 1;
        }
    }
    Ok(n)
}

#[wasm_bindgen_test]
async fn load_charts_are_drawn_at_the_width_of_a_phone_card() {
    let root = mount("#/amplify?view=load&preset=codex&lang=en");
    let el: &web_sys::HtmlElement = wasm_bindgen::JsCast::unchecked_ref(&root);
    el.style().set_property("width", "340px").unwrap();
    wait_for(&root, "[data-testid=load-done]").await;
    wait_for(&root, "[data-testid=chart-first-call-retry_after]").await;
    let mut last = Err(String::new());
    for _ in 0..200 {
        last = charts_at_card_width(&root);
        if matches!(last, Ok(n) if n >= 4) {
            break;
        }
        gloo_timers::future::TimeoutFuture::new(50).await;
    }
    let n = last.unwrap();
    assert!(n >= 4, "{n} charts");
    // The numeric settings start folded away.
    let more = wait_for(&root, "[data-testid=more-params]").await;
    assert!(!more.has_attribute("open"));
}
