//! Browser tier smoke test: the translation table and the route parser work
//! in wasm exactly as natively.
#![cfg(target_arch = "wasm32")]

use retry_lab::i18n::{t, Lang};
use retry_lab::pages::route::{Location, Page};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen_test]
fn table_and_routes_work_in_the_browser() {
    assert_eq!(t(Lang::Zh, "common.nav.herd"), "惊群模拟器");
    assert_eq!(
        Location::parse("#/lab/matrix?server=fenced").page,
        Page::LabMatrix
    );
}

#[wasm_bindgen_test]
fn panic_overlay_shows_the_message_in_the_page() {
    retry_lab::ui::panic::show("boom: index out of bounds");
    let doc = web_sys::window().unwrap().document().unwrap();
    let el = doc.get_element_by_id("panic").expect("panic overlay");
    assert_eq!(el.get_attribute("role").as_deref(), Some("alert"));
    let text = el.text_content().unwrap();
    assert!(text.contains("boom: index out of bounds"), "{text}");
    assert!(text.contains("页面出错了"), "{text}");
}
