//! What the lab engine's worker (`static/lab-worker.js`) says, read, and
//! the worker the boot script (`static/boot.js`) started early for a page
//! that opened on a lab view.

use wasm_bindgen::{JsCast, JsValue};
use web_sys::Worker;

use crate::lab::wire::{Answer, Reply};

/// The worker `static/boot.js` started when the page opened on a lab
/// view, with the messages and load errors it kept until now (taken once:
/// a later start creates its own worker).
pub(super) struct EarlyWorker {
    pub worker: Worker,
    pub messages: Vec<JsValue>,
    pub errors: Vec<String>,
    /// The route the boot script asked the worker to answer ahead of the
    /// page (`{route}`, see `static/lab-worker.js`), if it did.
    pub route: Option<String>,
}

const EARLY_WORKER: &str = "retryLabEarlyWorker";

pub(super) fn take_early_worker() -> Option<EarlyWorker> {
    let global = js_sys::global();
    let early = js_sys::Reflect::get(&global, &JsValue::from_str(EARLY_WORKER)).ok()?;
    let _ = js_sys::Reflect::delete_property(
        global.unchecked_ref::<js_sys::Object>(),
        &JsValue::from_str(EARLY_WORKER),
    );
    let field = |name: &str| js_sys::Reflect::get(&early, &JsValue::from_str(name)).ok();
    let worker = field("worker")?.dyn_into::<Worker>().ok()?;
    let list = |name: &str| {
        field(name)
            .and_then(|v| v.dyn_into::<js_sys::Array>().ok())
            .map(|a| a.iter().collect::<Vec<_>>())
            .unwrap_or_default()
    };
    Some(EarlyWorker {
        worker,
        messages: list("messages"),
        errors: list("errors")
            .into_iter()
            .filter_map(|e| e.as_string())
            .collect(),
        route: field("route").and_then(|r| r.as_string()),
    })
}

/// What the worker posts (`static/lab-worker.js`).
pub(super) enum FromWorker {
    /// The engine loaded.
    Ready,
    /// A reply (binary, [`Reply::from_bytes`]), or an engine trap reported
    /// as an error reply.
    Reply(Reply),
    /// The engine could not load, and why.
    LoadFailed(String),
}

pub(super) fn from_worker(data: JsValue) -> Result<FromWorker, String> {
    if data.as_string().is_some_and(|s| s == "ready") {
        return Ok(FromWorker::Ready);
    }
    if let Some(bytes) = data.dyn_ref::<js_sys::Uint8Array>() {
        return Reply::from_bytes(&bytes.to_vec()).map(FromWorker::Reply);
    }
    let field = |name: &str| {
        js_sys::Reflect::get(&data, &name.into())
            .ok()
            .filter(|v| !v.is_undefined())
    };
    if let Some(why) = field("failed") {
        return Ok(FromWorker::LoadFailed(why.as_string().unwrap_or_default()));
    }
    let id = field("id").and_then(|v| v.as_f64());
    match (id, field("error").and_then(|v| v.as_string())) {
        (Some(id), Some(error)) => Ok(FromWorker::Reply(Reply {
            id: id as u64,
            answer: Answer::Error(error),
            last: true,
        })),
        _ => Err("a message the page cannot read".into()),
    }
}
