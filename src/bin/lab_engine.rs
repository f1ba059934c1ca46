//! The lab engine: computes the idempotency lab's runs (with its SQLite
//! database) on request. In the browser Trunk builds this binary, with the
//! `sqlite` feature, as the second wasm file, which only the lab's Web Worker
//! (`static/lab-worker.js`) loads; the page's own wasm is built without the
//! feature and never carries SQLite. Natively it answers the same JSON
//! requests, one per line on stdin, so the wire format is easy to try.

/// One request's work for the worker script: `next()` gives the next reply
/// as JSON (one per matrix cell), `undefined` once all are sent, so the
/// script can yield between cells and drop a cancelled request.
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen::prelude::wasm_bindgen]
pub struct LabTask(retry_lab::lab::wire::Task);

#[cfg(target_arch = "wasm32")]
#[wasm_bindgen::prelude::wasm_bindgen]
impl LabTask {
    /// Reads a request (`lab::wire::Request` as JSON); never panics on bad input.
    #[wasm_bindgen::prelude::wasm_bindgen(constructor)]
    pub fn new(request_json: &str) -> LabTask {
        LabTask(retry_lab::lab::wire::Task::from_json(request_json))
    }

    /// The request's id (what a cancel names).
    pub fn id(&self) -> f64 {
        self.0.id() as f64
    }

    /// The next reply (`lab::wire::Reply` as JSON), if any.
    #[allow(clippy::should_implement_trait)]
    pub fn next(&mut self) -> Option<String> {
        self.0.next_json()
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
