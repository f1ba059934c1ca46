//! The entry point of the sweep workers (`static/herd-worker.js`): the worker
//! loads the herd's wasm (`src/bin/page_herd.rs` exports this) and calls
//! [`herd_worker_point`] once per message. Everything it does is in the pure [`crate::herd::wire`].

/// Computes one sweep point: a `PointRequest` as JSON in, a `PointReply` as
/// JSON out (`{"summary":{…}}` or `{"error":"…"}`). Never panics on bad input.
pub fn herd_worker_point(request_json: &str) -> String {
    crate::herd::wire::answer_point_json(request_json)
}
