//! The herd pages' wasm (`page-herd`): the shell and this family's views
//! only; `static/boot.js` loads it when one of its routes is opened.
retry_lab::page_wasm!(retry_lab::ui::families::HERD_PAGES);

/// The sweep workers' entry point (`static/herd-worker.js` loads this
/// wasm): one sweep point, a `PointRequest` as JSON in, a `PointReply` as
/// JSON out. Only the herd's wasm exports it.
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen::prelude::wasm_bindgen]
pub fn herd_worker_point(request_json: &str) -> String {
    retry_lab::ui::herd::worker::herd_worker_point(request_json)
}
