//! The lab engine: computes the idempotency lab's runs (with its SQLite
//! database) on request. In the browser Trunk builds this binary, with the
//! `sqlite` feature, as the second wasm file, which only the lab's Web Worker
//! (`static/lab-worker.js`) loads; the page's own wasm is built without the
//! feature and never carries SQLite. In the browser the messages are binary
//! (`lab::wire`); natively it answers the same requests as JSON, one per
//! line on stdin, so the wire format is easy to try.

/// One request's work for the worker script: `next()` gives the next reply
/// as bytes (a hunt sends its progress first), `undefined` once all are
/// sent, so the script can yield between replies and drop a cancelled
/// request.
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen::prelude::wasm_bindgen]
pub struct LabTask(retry_lab::lab::wire::Task);

#[cfg(target_arch = "wasm32")]
#[wasm_bindgen::prelude::wasm_bindgen]
impl LabTask {
    /// Reads a request (`lab::wire::Request::to_bytes`); never panics on
    /// bad input.
    #[wasm_bindgen::prelude::wasm_bindgen(constructor)]
    pub fn new(request: &[u8]) -> LabTask {
        LabTask(retry_lab::lab::wire::Task::from_bytes(request))
    }

    /// The request the page opened on `hash` will send
    /// (`matrix_want_for_route`), under [`ROUTE_REQUEST_ID`], or `undefined`
    /// when that page sends none this early.
    ///
    /// [`ROUTE_REQUEST_ID`]: retry_lab::lab::wire::ROUTE_REQUEST_ID
    #[wasm_bindgen::prelude::wasm_bindgen(js_name = forRoute)]
    pub fn for_route(hash: &str) -> Option<LabTask> {
        use retry_lab::lab::wire::{Request, Task, ROUTE_REQUEST_ID};
        let want = retry_lab::pages::links::matrix_want_for_route(hash)?;
        Some(LabTask(Task::new(Request {
            id: ROUTE_REQUEST_ID,
            want,
        })))
    }

    /// The request's id (what a cancel names).
    pub fn id(&self) -> f64 {
        self.0.id() as f64
    }

    /// The next reply (`lab::wire::Reply::to_bytes`), if any.
    #[allow(clippy::should_implement_trait)]
    pub fn next(&mut self) -> Option<Vec<u8>> {
        self.0.next_bytes()
    }
}

/// The worker script drives [`LabTask`]s; nothing to do at start.
#[cfg(target_arch = "wasm32")]
fn main() {}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    use std::io::{BufRead, Write};
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    for line in std::io::stdin().lock().lines() {
        let Ok(line) = line else { break };
        if line.trim().is_empty() {
            continue;
        }
        let mut task = retry_lab::lab::wire::Task::from_json(&line);
        while let Some(reply) = task.next_json() {
            if writeln!(out, "{reply}").is_err() {
                return;
            }
        }
    }
}
