//! A small pool of module Web Workers (`herd-worker.js`) that compute sweep
//! points in parallel, one point per message. The pool only moves strings
//! and reports what happened; the job (`crate::herd::job`) decides what to
//! send and what to do with replies, failures and silence.

use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{Event, MessageEvent, Worker, WorkerOptions, WorkerType};

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

struct Slot {
    worker: Worker,
    ready: bool,
    _on_message: Closure<dyn FnMut(MessageEvent)>,
    _on_error: Closure<dyn FnMut(Event)>,
}

/// Running workers; dropping the pool terminates them.
pub struct Pool {
    slots: Vec<Slot>,
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
        let opts = WorkerOptions::new();
        opts.set_type(WorkerType::Module);
        let mut slots = Vec::with_capacity(n);
        for i in 0..n {
            let worker = Worker::new_with_options(&crate::ui::dom::build_file(WORKER_FILE), &opts)
                .map_err(|e| format!("new Worker: {}", describe(&e)))?;
            let on_message = {
                let f = on_event.clone();
                Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
                    match e.data().as_string() {
                        Some(s) if s == "ready" => f(i, PoolEvent::Ready),
                        Some(s) => f(i, PoolEvent::Reply(s)),
                        None => f(i, PoolEvent::Failed("non-text message".into())),
                    }
                })
            };
            let on_error = {
                let f = on_event.clone();
                Closure::<dyn FnMut(Event)>::new(move |e: Event| {
                    // Handled here: keep it from reaching the console as an
                    // uncaught error; the job falls back to the main thread.
                    e.prevent_default();
                    let msg = e
                        .dyn_ref::<web_sys::ErrorEvent>()
                        .map(|e| e.message())
                        .unwrap_or_else(|| e.type_());
                    f(i, PoolEvent::Failed(msg));
                })
            };
            worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
            worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
            worker.set_onmessageerror(Some(on_error.as_ref().unchecked_ref()));
            // The first message: this page's compiled module, so the worker
            // neither fetches nor compiles the bundle again.
            worker
                .post_message(&wasm_bindgen::module())
                .map_err(|e| format!("postMessage(module): {}", describe(&e)))?;
            slots.push(Slot {
                worker,
                ready: false,
                _on_message: on_message,
                _on_error: on_error,
            });
        }
        Ok(Pool { slots })
    }

    /// Number of workers.
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// Whether every worker has reported ready.
    pub fn all_ready(&self) -> bool {
        self.slots.iter().all(|s| s.ready)
    }

    /// Marks worker `i` ready.
    pub fn set_ready(&mut self, i: usize) {
        if let Some(s) = self.slots.get_mut(i) {
            s.ready = true;
        }
    }

    /// Sends a request (JSON) to worker `i`.
    pub fn send(&self, i: usize, request_json: &str) -> Result<(), String> {
        let slot = self.slots.get(i).ok_or("no such worker")?;
        slot.worker
            .post_message(&JsValue::from_str(request_json))
            .map_err(|e| format!("postMessage: {}", describe(&e)))
    }

    /// Stops every worker at once; nothing they send arrives any more.
    pub fn terminate(&mut self) {
        for s in &mut self.slots {
            s.worker.set_onmessage(None);
            s.worker.set_onerror(None);
            s.worker.set_onmessageerror(None);
            s.worker.terminate();
        }
    }
}

impl Drop for Pool {
    fn drop(&mut self) {
        self.terminate();
    }
}

fn describe(e: &JsValue) -> String {
    e.as_string()
        .or_else(|| js_sys::Reflect::get(e, &"message".into()).ok()?.as_string())
        .unwrap_or_else(|| format!("{e:?}"))
}
