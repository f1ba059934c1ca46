//! The page's one way to talk to a Web Worker: spawn (or adopt) a module
//! worker, send it a message, hear what it says, and terminate it. The herd's
//! pool and the lab engine both use it; what a message means, what to send
//! and when to give up is theirs (a job's watchdog decides when a silence is
//! too long, `ui::job_hook`).
//!
//! Everything a worker can say arrives through one callback, read by the
//! caller's reader first: a message, a message the reader cannot read, or a
//! failure (`onerror`, `onmessageerror`). Errors are handled here, so none
//! reaches the console as an uncaught error.

use gloo::timers::callback::Timeout;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{Event, MessageEvent, Worker, WorkerOptions, WorkerType};

use crate::ui::dom::{build_file, post_task};

/// What a worker said, read.
pub enum WorkerEvent<M> {
    /// A message its reader understood.
    Message(M),
    /// A message its reader could not read, and why.
    Unreadable(String),
    /// The worker failed (a script or load error, a message that could not
    /// be cloned): the error's message, if it has one, and the event's type.
    Failed {
        message: Option<String>,
        kind: String,
    },
}

type OnMessage = Closure<dyn FnMut(MessageEvent)>;
type OnError = Closure<dyn FnMut(Event)>;

/// One worker and its listeners; dropping it terminates the worker.
pub struct WorkerChannel {
    worker: Worker,
    listeners: Option<(OnMessage, OnError)>,
    /// Handed on running ([`WorkerChannel::release`]): dropping it leaves
    /// the worker alone.
    released: bool,
}

impl WorkerChannel {
    /// Starts the module worker of the build file `file` (its logical name).
    /// Fails if the browser refuses (e.g. on `file://`), with its reason.
    pub fn spawn<M: 'static>(
        file: &str,
        read: fn(JsValue) -> Result<M, String>,
        on_event: impl Fn(WorkerEvent<M>) + 'static,
    ) -> Result<WorkerChannel, String> {
        let opts = WorkerOptions::new();
        opts.set_type(WorkerType::Module);
        let worker =
            Worker::new_with_options(&build_file(file), &opts).map_err(|e| describe(&e))?;
        Ok(WorkerChannel::adopt(worker, read, on_event))
    }

    /// Listens to a worker started elsewhere (the boot script's early one).
    pub fn adopt<M: 'static>(
        worker: Worker,
        read: fn(JsValue) -> Result<M, String>,
        on_event: impl Fn(WorkerEvent<M>) + 'static,
    ) -> WorkerChannel {
        let on_event = std::rc::Rc::new(on_event);
        let on_message = {
            let f = on_event.clone();
            OnMessage::new(move |e: MessageEvent| {
                f(match read(e.data()) {
                    Ok(m) => WorkerEvent::Message(m),
                    Err(why) => WorkerEvent::Unreadable(why),
                })
            })
        };
        let on_error = OnError::new(move |e: Event| {
            e.prevent_default();
            let message = e
                .dyn_ref::<web_sys::ErrorEvent>()
                .map(|e| e.message())
                .filter(|m| !m.is_empty());
            on_event(WorkerEvent::Failed {
                message,
                kind: e.type_(),
            })
        });
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        worker.set_onmessageerror(Some(on_error.as_ref().unchecked_ref()));
        WorkerChannel {
            worker,
            listeners: Some((on_message, on_error)),
            released: false,
        }
    }

    /// Sends `message` (structured-cloned).
    pub fn post(&self, message: &JsValue) -> Result<(), String> {
        self.worker
            .post_message(message)
            .map_err(|e| format!("postMessage: {}", describe(&e)))
    }

    /// Sends `bytes` as a `Uint8Array` whose buffer moves to the worker (a
    /// copy outside the wasm memory, so nothing is cloned twice).
    pub fn post_bytes(&self, bytes: &[u8]) -> Result<(), String> {
        let message = js_sys::Uint8Array::from(bytes);
        let transfer = js_sys::Array::of1(&message.buffer());
        self.worker
            .post_message_with_transfer(&message, &transfer)
            .map_err(|e| format!("postMessage: {}", describe(&e)))
    }

    /// Stops the worker; nothing it sends arrives any more.
    pub fn terminate(&self) {
        self.stop_listening();
        self.worker.terminate();
    }

    /// Stops listening and hands the worker on, running: whoever takes it
    /// sets its own listeners.
    pub fn release(mut self) -> Worker {
        self.stop_listening();
        self.released = true;
        self.worker.clone()
    }

    fn stop_listening(&self) {
        self.worker.set_onmessage(None);
        self.worker.set_onerror(None);
        self.worker.set_onmessageerror(None);
    }

    /// Terminates the worker and frees its listeners (see [`Drop`]).
    pub fn close(self) {
        drop(self);
    }
}

/// Terminates the worker and frees its listeners in a later task, as this
/// may run inside one of them (a worker that fails ends its own channel),
/// and a listener freed while it runs is an error.
impl Drop for WorkerChannel {
    fn drop(&mut self) {
        if !self.released {
            self.terminate();
        }
        if let Some(listeners) = self.listeners.take() {
            let _ = post_task(move || drop(listeners)).map(Timeout::forget);
        }
    }
}

/// A thrown value's message (an `Error`'s, a string, or its debug form).
pub fn describe(e: &JsValue) -> String {
    e.as_string()
        .or_else(|| js_sys::Reflect::get(e, &"message".into()).ok()?.as_string())
        .unwrap_or_else(|| format!("{e:?}"))
}
