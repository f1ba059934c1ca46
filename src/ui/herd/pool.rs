//! A small pool of module Web Workers (`herd-worker.js`) that compute sweep
//! points in parallel, one point per message. The pool only moves strings
//! and reports what happened; the job (`crate::herd::job`) decides what to
//! send and what to do with replies, failures and silence.

use wasm_bindgen::JsValue;

use crate::ui::worker_channel::{WorkerChannel, WorkerEvent};

/// The worker script's logical name; its build-stamped URL comes from the loader.
const WORKER_FILE: &str = "herd-worker";

/// Most workers: more rarely helps a sweep of ~100 points and costs memory
/// (each worker holds its own copy of the wasm module).
const MAX_WORKERS: usize = 4;

/// What a worker said.
pub enum PoolEvent {
    /// It loaded the wasm bundle and takes requests.
    Ready,
    /// Its answer to the last request (reply JSON).
    Reply(String),
    /// It failed (script error, load error, unreadable message).
    Failed(String),
}

impl From<WorkerEvent<String>> for PoolEvent {
    fn from(event: WorkerEvent<String>) -> Self {
        match event {
            WorkerEvent::Message(s) if s == "ready" => PoolEvent::Ready,
            WorkerEvent::Message(s) => PoolEvent::Reply(s),
            WorkerEvent::Unreadable(why) => PoolEvent::Failed(why),
            // The job falls back to the main thread.
            WorkerEvent::Failed { message, kind } => PoolEvent::Failed(message.unwrap_or(kind)),
        }
    }
}

/// The herd worker speaks text only.
fn read_text(data: JsValue) -> Result<String, String> {
    data.as_string().ok_or_else(|| "non-text message".into())
}

/// Running workers; dropping the pool terminates them.
pub struct Pool {
    slots: Vec<WorkerChannel>,
}

/// How many workers to start: the cores the browser reports, 2..=4.
pub fn pool_size() -> usize {
    let cores = web_sys::window()
        .map(|w| w.navigator().hardware_concurrency())
        .filter(|c| c.is_finite() && *c >= 1.0)
        .unwrap_or(2.0) as usize;
    cores.clamp(2, MAX_WORKERS)
}

impl Pool {
    /// Starts `n` workers; `on_event(worker, event)` is called for everything
    /// they report. Fails if a worker cannot be created (e.g. on `file://`).
    pub fn spawn(
        n: usize,
        on_event: impl Fn(usize, PoolEvent) + Clone + 'static,
    ) -> Result<Pool, String> {
        let mut slots = Vec::with_capacity(n);
        for i in 0..n {
            let f = on_event.clone();
            let channel = WorkerChannel::spawn(WORKER_FILE, read_text, move |e| f(i, e.into()))
                .map_err(|e| format!("new Worker: {e}"))?;
            // The first message: this page's compiled module, so the worker
            // neither fetches nor compiles the bundle again.
            channel
                .post(&wasm_bindgen::module())
                .map_err(|e| e.replace("postMessage", "postMessage(module)"))?;
            slots.push(channel);
        }
        Ok(Pool { slots })
    }

    /// Number of workers.
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// Sends a request (JSON) to worker `i`.
    pub fn send(&self, i: usize, request_json: &str) -> Result<(), String> {
        let channel = self.slots.get(i).ok_or("no such worker")?;
        channel.post(&JsValue::from_str(request_json))
    }

    /// Stops every worker at once; nothing they send arrives any more.
    /// Their listeners are freed in a later task, as this may run inside
    /// one of them.
    pub fn close(self) {
        self.slots.into_iter().for_each(WorkerChannel::close);
    }
}
