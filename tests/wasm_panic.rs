//! Browser tier: after a panic the page shows one box with a reload button,
//! however many panics follow.
#![cfg(target_arch = "wasm32")]

use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen_test]
fn one_panic_box_with_a_reload_button() {
    let doc = web_sys::window().unwrap().document().unwrap();
    retry_lab::ui::panic::show("first failure");
    retry_lab::ui::panic::show("second failure");
    let boxes = doc.query_selector_all("[data-testid=panic]").unwrap();
    assert_eq!(boxes.length(), 1);
    let text = doc
        .get_element_by_id("panic")
        .unwrap()
        .text_content()
        .unwrap();
    assert!(text.contains("first failure") && !text.contains("second failure"));
    let button = doc
        .query_selector("#panic [data-testid=panic-reload]")
        .unwrap()
        .expect("a reload button");
    assert_eq!(button.get_attribute("type").as_deref(), Some("button"));
    assert!(!button.text_content().unwrap().is_empty());
}
