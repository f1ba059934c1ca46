//! What the lab engine's worker (`static/lab-worker.js`) says, read, and
//! the worker the boot script (`static/boot.js`) started early for a page
//! that opened on a lab view.

use wasm_bindgen::{JsCast, JsValue};
use web_sys::Worker;

use crate::lab::wire::{Answer, Reply};
use crate::ui::dom::{loader_function, loader_global};

/// The worker `static/boot.js` started when the page opened on a lab
/// view (or kept when a family that used it left the screen), with the
/// messages and load errors it kept until now (taken once: a later start
/// creates its own worker).
pub(super) struct EarlyWorker {
    pub worker: Worker,
    pub messages: Vec<JsValue>,
    pub errors: Vec<String>,
    /// The route the boot script asked the worker to answer ahead of the
    /// page (`{route}`, see `static/lab-worker.js`), if it did.
    pub route: Option<String>,
    /// The last request id the engine's previous owner used (0 if none):
    /// the next owner numbers its requests after it, so a late reply to a
    /// cancelled request is never taken for one of its own.
    pub last_id: u64,
}

const EARLY_WORKER: &str = "retryLabEarlyWorker";

pub(super) fn take_early_worker() -> Option<EarlyWorker> {
    let early = loader_global(EARLY_WORKER)?;
    let _ = js_sys::Reflect::delete_property(
        js_sys::global().unchecked_ref::<js_sys::Object>(),
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
        last_id: field("lastId").and_then(|n| n.as_f64()).unwrap_or(0.0) as u64,
    })
}

const KEEP_WORKER: &str = "retryLabKeepEngine";

/// Gives a running engine's worker back to the boot script, which keeps it
/// (and what it says) for the next family that computes with it; `false`
/// where there is no boot script (browser tests): the caller stops it.
pub(super) fn keep_early_worker(worker: &Worker, ready: bool, last_id: u64) -> bool {
    loader_function(KEEP_WORKER).is_some_and(|keep| {
        keep.call3(
            &JsValue::NULL,
            worker,
            &JsValue::from_bool(ready),
            &JsValue::from_f64(last_id as f64),
        )
        .is_ok()
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

/// A reader of the engine's binary replies (`lab::answer_read::read_reply`
/// for the answers the page family asks for, so its wasm keeps only their
/// readers).
pub(super) type ReadReply = fn(&[u8]) -> Result<Reply, String>;

/// Reads what the worker posts, its replies with `read`.
pub(super) fn from_worker(data: JsValue, read: ReadReply) -> Result<FromWorker, String> {
    if data.as_string().is_some_and(|s| s == "ready") {
        return Ok(FromWorker::Ready);
    }
    if let Some(bytes) = data.dyn_ref::<js_sys::Uint8Array>() {
        return read(&bytes.to_vec()).map(FromWorker::Reply);
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
