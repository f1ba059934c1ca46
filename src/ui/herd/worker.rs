//! The entry point of the sweep workers (`static/herd-worker.js`): the worker
//! loads this same wasm bundle and calls [`herd_worker_point`] once per
//! message. Everything it does is in the pure [`crate::herd::wire`].

use wasm_bindgen::prelude::wasm_bindgen;

/// Computes one sweep point: a `PointRequest` as JSON in, a `PointReply` as
/// JSON out (`{"summary":{…}}` or `{"error":"…"}`). Never panics on bad input.
#[wasm_bindgen]
pub fn herd_worker_point(request_json: &str) -> String {
    crate::herd::wire::answer_point_json(request_json)
}
