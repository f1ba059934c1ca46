//! Browser tier smoke test: the translation table and the route parser work
//! in wasm exactly as natively.
#![cfg(target_arch = "wasm32")]

use retry_lab::i18n::{t, Lang};
use retry_lab::route::{Location, Page};
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
