//! The page's side of the lab engine: one module Web Worker
//! (`lab-worker.js`) that loads the second wasm file (the lab engine with
//! SQLite, `src/bin/lab_engine.rs`) the first time a lab view or a lab
//! question needs a run. Requests and replies are `lab::wire` data, so the
//! page's own bundle never links SQLite and no run blocks the page.
//!
//! Every callback is called later, never inside the caller's own update;
//! callers drop answers they no longer want (or [`cancel`] a matrix).
//!
//! A failure is never kept for the page's lifetime: the next request after
//! one starts a new worker (the network may be back). A worker that cannot
//! load is told apart by fetching its script again ([`EngineFault::from_probe`]):
//! gone (a newer version was deployed: reload), unreachable (offline: try
//! again), or there (the load failed for another reason).

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use gloo::timers::callback::Timeout;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{Event, MessageEvent, Worker, WorkerOptions, WorkerType};
use yew::prelude::*;

use crate::lab::hunt::{HuntOutcome, HuntSpec};
use crate::lab::matrix_job::Combo;
use crate::lab::player::Wanted;
use crate::lab::suite::{Fix, NextStep, SuiteRow};
use crate::lab::wire::{Answer, EngineFault, Reply, Request, Want};
use crate::lab::{Cell, ClientStrategy, Design, Measure, Preset, Run, Scenario};

/// How long a loaded engine may stay silent while requests wait (a run takes
/// well under a second, a matrix cell a few ms): then it counts as gone.
const WATCHDOG_MS: u32 = 15_000;

/// The worker script's logical name (its URL comes from [`super::super::dom::build_file`]).
const WORKER_FILE: &str = "lab-worker";

/// Where the engine is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Status {
    /// The worker is loading the engine (until its first answer).
    Starting,
    /// The engine answers requests.
    Ready,
    /// No engine, and why (the next request tries again).
    Unavailable(EngineFault),
}

/// A finished run and the nearest combination that fixes it.
pub type RunAnswer = (Rc<Run>, Option<(ClientStrategy, Preset)>);

type Pending = Box<dyn FnMut(Result<Answer, EngineFault>)>;

struct Engine {
    worker: Option<Worker>,
    status: Status,
    next_id: u64,
    pending: HashMap<u64, Pending>,
    /// Armed while a loaded engine owes answers (see [`arm`]).
    watchdog: Option<Timeout>,
    _on_message: Option<Closure<dyn FnMut(MessageEvent)>>,
    _on_error: Option<Closure<dyn FnMut(Event)>>,
}

thread_local! {
    static ENGINE: RefCell<Option<Engine>> = const { RefCell::new(None) };
    /// Set by [`answer_on_this_thread`].
    static HERE: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// For browser tests, which mount the lab views without the worker script:
/// answers requests on this thread, on a timer. Exists only with the
/// `sqlite` feature; the page's own bundle is built without it, so the page
/// has no such fallback.
#[cfg(feature = "sqlite")]
pub fn answer_on_this_thread() {
    HERE.with(|h| h.set(true));
}

/// Answers `request` on a timer on this thread (see
/// [`answer_on_this_thread`]), through the same binary messages as the
/// worker.
#[cfg(feature = "sqlite")]
fn answer_here(request: Vec<u8>, mut done: Pending) {
    Timeout::new(0, move || {
        let mut task = crate::lab::wire::Task::from_bytes(&request);
        while let Some(bytes) = task.next_bytes() {
            done(
                Reply::from_bytes(&bytes)
                    .map(|r| r.answer)
                    .map_err(EngineFault::Failed),
            );
        }
    })
    .forget();
}

/// Starts the engine ahead of its first request (a lab route is likely:
/// the page opens on one, a student points at a link to one, or the home
/// page is idle), so its wasm is fetched and compiled while the student
/// reads. Does nothing when an engine exists or has failed (the next
/// request retries), or in browser tests answering on this thread.
pub fn warm() {
    if HERE.with(|h| h.get()) {
        return;
    }
    ENGINE.with(|cell| {
        let mut slot = cell.borrow_mut();
        if slot.is_none() {
            *slot = Some(start());
        }
    });
}

/// Starts the engine as soon as a lab view is likely: at once on a lab
/// route, when the browser is next idle on the home page, and whenever the
/// pointer or the keyboard focus reaches a link to a lab view (anywhere in
/// the app, for the page's lifetime).
#[hook]
pub fn use_engine_warmup(page: &crate::route::Page) {
    use crate::route::Page;
    use_effect_with((), |_| {
        let doc = gloo::utils::document();
        let on = |kind: &'static str| {
            gloo::events::EventListener::new(&doc, kind, |e: &Event| {
                let href = e
                    .target()
                    .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
                    .and_then(|el| el.closest("a[href]").ok().flatten())
                    .and_then(|a| a.get_attribute("href"));
                if href.is_some_and(|h| crate::route::leads_to_lab(&h)) {
                    warm();
                }
            })
        };
        let listeners = [on("pointerover"), on("focusin")];
        move || drop(listeners)
    });
    use_effect_with(page.clone(), |page| match page {
        p if p.uses_lab_engine() => warm(),
        Page::Home => when_idle(warm),
        _ => {}
    });
}

/// Runs `f` when the browser is idle (`requestIdleCallback`), or after a
/// second where it has none.
fn when_idle(f: fn()) {
    let cb = Closure::once_into_js(f);
    let asked = gloo::utils::window()
        .request_idle_callback(cb.unchecked_ref())
        .is_ok();
    if !asked {
        Timeout::new(1_000, f).forget();
    }
}

/// Where the engine is now (`Starting` before the first request, too).
pub fn status() -> Status {
    ENGINE.with(|e| {
        e.borrow()
            .as_ref()
            .map_or(Status::Starting, |e| e.status.clone())
    })
}

/// Asks for a whole run and its fix (a schedule of its own has none).
pub fn run(want: Wanted, done: impl FnOnce(Result<RunAnswer, EngineFault>) + 'static) {
    let mut done = Some(done);
    let want = match want {
        (combo, seed, None) => Want::Run { combo, seed },
        ((_, client, design), seed, Some(schedule)) => Want::RunSchedule {
            schedule,
            client,
            design,
            seed,
        },
    };
    send(want, move |a| {
        let Some(done) = done.take() else { return };
        done(a.and_then(|a| match a {
            Answer::Run { run, fix } => Ok((Rc::new(*run), fix)),
            other => Err(unexpected(other)),
        }))
    });
}

/// Asks for one count of a run only (its final reports, notifications,
/// attempts or leaks).
pub fn count(
    combo: Combo,
    seed: u64,
    measure: Measure,
    done: impl FnOnce(Result<usize, EngineFault>) + 'static,
) {
    let mut done = Some(done);
    let want = Want::Count {
        combo,
        seed,
        measure,
    };
    send(want, move |a| {
        let Some(done) = done.take() else { return };
        done(a.and_then(|a| match a {
            Answer::Count(n) => Ok(n),
            other => Err(unexpected(other)),
        }))
    });
}

/// Asks for matrix cells: `done` gets them all at once (in the order of
/// `combos`), or an error. Returns the request's id for [`cancel`].
pub fn matrix(
    combos: Vec<Combo>,
    seed: u64,
    done: impl FnOnce(Result<Vec<Cell>, EngineFault>) + 'static,
) -> u64 {
    single(
        Want::Matrix { combos, seed },
        |a| match a {
            Answer::Cells(c) => Ok(c),
            other => Err(other),
        },
        done,
    )
}

/// Asks for a suite: `done` gets every graded row at once (in the order of
/// `scenarios`), or an error. Returns the request's id for [`cancel`].
pub fn suite(
    design: Design,
    client: ClientStrategy,
    seed: u64,
    scenarios: Vec<Scenario>,
    done: impl FnOnce(Result<Vec<SuiteRow>, EngineFault>) + 'static,
) -> u64 {
    let want = Want::Suite {
        design,
        client,
        seed,
        scenarios,
    };
    single(
        want,
        |a| match a {
            Answer::Rows(r) => Ok(r),
            other => Err(other),
        },
        done,
    )
}

/// One reply of a hunt: its progress, or its outcome (the last).
pub enum HuntReply {
    Progress {
        tried: u32,
        shrinking: bool,
        shrink_steps: usize,
    },
    Done(HuntOutcome),
}

/// Starts a counterexample hunt: `on_reply` gets every progress reply and
/// the outcome, or one error. Returns the request's id for [`cancel`].
pub fn hunt(
    spec: HuntSpec,
    mut on_reply: impl FnMut(Result<HuntReply, EngineFault>) + 'static,
) -> u64 {
    send(Want::Hunt { spec }, move |a| {
        on_reply(a.and_then(|a| match a {
            Answer::HuntProgress {
                tried,
                shrinking,
                shrink_steps,
            } => Ok(HuntReply::Progress {
                tried,
                shrinking,
                shrink_steps,
            }),
            Answer::Hunt(o) => Ok(HuntReply::Done(o)),
            other => Err(unexpected(other)),
        }))
    })
}

/// Asks for one answer of a single-reply request (a fix or the next
/// step), read by `read`. Returns the request's id for [`cancel`].
fn single<T: 'static>(
    want: Want,
    read: fn(Answer) -> Result<T, Answer>,
    done: impl FnOnce(Result<T, EngineFault>) + 'static,
) -> u64 {
    let mut done = Some(done);
    send(want, move |a| {
        let Some(done) = done.take() else { return };
        done(a.and_then(|a| read(a).map_err(unexpected)))
    })
}

/// Asks for the smallest fix of a failing row of a suite.
pub fn fix(want: Want, done: impl FnOnce(Result<Option<Fix>, EngineFault>) + 'static) -> u64 {
    single(
        want,
        |a| match a {
            Answer::Fix(f) => Ok(f),
            other => Err(other),
        },
        done,
    )
}

/// Asks for the chapter's next step and what it does to a suite.
pub fn next(want: Want, done: impl FnOnce(Result<Option<NextStep>, EngineFault>) + 'static) -> u64 {
    single(
        want,
        |a| match a {
            Answer::Next(n) => Ok(n),
            other => Err(other),
        },
        done,
    )
}

/// Stops a request (a matrix, a suite, a fix): the worker computes no
/// further reply to it, and no further callback runs.
pub fn cancel(id: u64) {
    ENGINE.with(|cell| {
        let mut slot = cell.borrow_mut();
        let Some(engine) = slot.as_mut() else { return };
        engine.pending.remove(&id);
        if let Some(w) = &engine.worker {
            let msg = js_sys::Object::new();
            let _ = js_sys::Reflect::set(&msg, &"cancel".into(), &JsValue::from_f64(id as f64));
            let _ = w.post_message(&msg);
        }
    });
    arm();
}

fn unexpected(a: Answer) -> EngineFault {
    EngineFault::Failed(match a {
        Answer::Error(e) => e,
        other => format!("unexpected answer {other:?}"),
    })
}

fn send(want: Want, done: impl FnMut(Result<Answer, EngineFault>) + 'static) -> u64 {
    let mut done = Some(Box::new(done) as Pending);
    let (id, refused) = ENGINE.with(|cell| {
        let mut slot = cell.borrow_mut();
        let here = HERE.with(|h| h.get());
        let engine = slot.get_or_insert_with(|| if here { Engine::idle() } else { start() });
        if !here && engine.worker.is_none() {
            // The last engine failed: try a new one (the network may be
            // back, a stuck worker is gone).
            let next_id = engine.next_id;
            *engine = start();
            engine.next_id = next_id;
        }
        engine.next_id += 1;
        let id = engine.next_id;
        #[cfg(feature = "sqlite")]
        if HERE.with(|h| h.get()) {
            let request = Request { id, want }.to_bytes();
            answer_here(request, done.take().expect("not sent yet"));
            return (id, None);
        }
        let Some(worker) = engine.worker.as_ref() else {
            let why = match &engine.status {
                Status::Unavailable(why) => why.clone(),
                _ => EngineFault::NoWorkers("no worker".into()),
            };
            return (id, Some(why));
        };
        // A copy outside the wasm memory, whose buffer moves to the worker.
        let request = js_sys::Uint8Array::from(&Request { id, want }.to_bytes()[..]);
        let transfer = js_sys::Array::of1(&request.buffer());
        if let Err(e) = worker.post_message_with_transfer(&request, &transfer) {
            return (id, Some(EngineFault::Failed(format!("postMessage: {e:?}"))));
        }
        engine
            .pending
            .insert(id, done.take().expect("not sent yet"));
        (id, None)
    });
    arm();
    if let (Some(why), Some(mut done)) = (refused, done) {
        Timeout::new(0, move || done(Err(why))).forget();
    }
    id
}

impl Engine {
    fn idle() -> Self {
        Engine {
            worker: None,
            status: Status::Starting,
            next_id: 0,
            pending: HashMap::new(),
            watchdog: None,
            _on_message: None,
            _on_error: None,
        }
    }
}

/// The worker `static/boot.js` started when the page opened on a lab
/// view, with the messages and load errors it kept until now (taken once:
/// a later start creates its own worker).
struct EarlyWorker {
    worker: Worker,
    messages: Vec<JsValue>,
    errors: Vec<String>,
}

const EARLY_WORKER: &str = "retryLabEarlyWorker";

fn take_early_worker() -> Option<EarlyWorker> {
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
    })
}

/// The boot script's worker, or a new one.
fn new_worker() -> Result<EarlyWorker, EngineFault> {
    if let Some(early) = take_early_worker() {
        return Ok(early);
    }
    let opts = WorkerOptions::new();
    opts.set_type(WorkerType::Module);
    let url = super::super::dom::build_file(WORKER_FILE);
    match Worker::new_with_options(&url, &opts) {
        Ok(worker) => Ok(EarlyWorker {
            worker,
            messages: Vec::new(),
            errors: Vec::new(),
        }),
        Err(e) => Err(EngineFault::NoWorkers(
            e.dyn_ref::<js_sys::Error>()
                .map(|e| String::from(e.message()))
                .unwrap_or_else(|| format!("{e:?}")),
        )),
    }
}

/// A message from the worker: «ready», a reply, or a load failure.
fn on_data(data: JsValue) {
    match from_worker(&data) {
        FromWorker::Ready => set_status(Status::Ready),
        FromWorker::Reply(reply) => on_reply(reply),
        FromWorker::LoadFailed(why) => fail_after_probe(why),
    }
}

/// Creates the worker (once per page), or takes over the boot script's.
fn start() -> Engine {
    let mut engine = Engine::idle();
    let EarlyWorker {
        worker,
        messages,
        errors,
    } = match new_worker() {
        Ok(w) => w,
        Err(why) => {
            engine.status = Status::Unavailable(why);
            return engine;
        }
    };
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(|e: MessageEvent| on_data(e.data()));
    let on_error = Closure::<dyn FnMut(Event)>::new(|e: Event| {
        // Handled: shown in the lab view, not as an uncaught error.
        e.prevent_default();
        let msg = e
            .dyn_ref::<web_sys::ErrorEvent>()
            .map(|e| e.message())
            .filter(|m| !m.is_empty())
            .unwrap_or_else(|| format!("the lab worker failed to load ({})", e.type_()));
        fail_after_probe(msg);
    });
    if !messages.is_empty() || !errors.is_empty() {
        // Handled once this engine is in place (the caller holds its slot).
        Timeout::new(0, move || {
            messages.into_iter().for_each(on_data);
            errors.into_iter().for_each(fail_after_probe);
        })
        .forget();
    }
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    worker.set_onmessageerror(Some(on_error.as_ref().unchecked_ref()));
    engine.worker = Some(worker);
    engine._on_message = Some(on_message);
    engine._on_error = Some(on_error);
    engine
}

fn set_status(s: Status) {
    ENGINE.with(|e| {
        if let Some(e) = e.borrow_mut().as_mut() {
            e.status = s;
        }
    });
    arm();
}

fn owes_answers() -> bool {
    ENGINE.with(|e| {
        e.borrow()
            .as_ref()
            .is_some_and(|e| e.status == Status::Ready && !e.pending.is_empty())
    })
}

/// (Re)starts the watchdog while a loaded engine owes answers, stops it
/// otherwise: a worker that hangs ends as «unavailable», never as a lab
/// view computing forever. Loading is not timed (a slow network may take
/// long; a load failure is reported by the worker).
fn arm() {
    ENGINE.with(|e| {
        let mut slot = e.borrow_mut();
        let Some(engine) = slot.as_mut() else { return };
        let owed = engine.status == Status::Ready && !engine.pending.is_empty();
        engine.watchdog = owed.then(|| {
            Timeout::new(WATCHDOG_MS, || {
                if owes_answers() {
                    fail(EngineFault::Failed(format!(
                        "no answer from the lab engine within {} s",
                        WATCHDOG_MS / 1000
                    )))
                }
            })
        });
    });
}

/// What the worker posts (`static/lab-worker.js`).
enum FromWorker {
    /// The engine loaded.
    Ready,
    /// A reply (binary, [`Reply::from_bytes`]), an engine trap reported as
    /// an error reply, or a message no reader knows.
    Reply(Result<Reply, String>),
    /// The engine could not load, and why.
    LoadFailed(String),
}

fn from_worker(data: &JsValue) -> FromWorker {
    if data.as_string().is_some_and(|s| s == "ready") {
        return FromWorker::Ready;
    }
    if let Some(bytes) = data.dyn_ref::<js_sys::Uint8Array>() {
        return FromWorker::Reply(Reply::from_bytes(&bytes.to_vec()));
    }
    let field = |name: &str| {
        js_sys::Reflect::get(data, &name.into())
            .ok()
            .filter(|v| !v.is_undefined())
    };
    if let Some(why) = field("failed") {
        return FromWorker::LoadFailed(why.as_string().unwrap_or_default());
    }
    let id = field("id").and_then(|v| v.as_f64());
    match (id, field("error").and_then(|v| v.as_string())) {
        (Some(id), Some(error)) => FromWorker::Reply(Ok(Reply {
            id: id as u64,
            answer: Answer::Error(error),
            last: true,
        })),
        _ => FromWorker::Reply(Err("a message the page cannot read".into())),
    }
}

/// Hands a reply to its caller, outside the borrow (the caller may send
/// again); an unreadable one ends the engine with a visible failure.
fn on_reply(reply: Result<Reply, String>) {
    let reply = match reply {
        Ok(r) => r,
        Err(e) => return fail(EngineFault::Failed(e)),
    };
    let callback = ENGINE.with(|e| {
        let mut slot = e.borrow_mut();
        let engine = slot.as_mut()?;
        engine.status = Status::Ready;
        engine.pending.remove(&reply.id)
    });
    let Some(mut done) = callback else {
        return arm();
    };
    let last = reply.last || matches!(reply.answer, Answer::Error(_));
    if last {
        // Drawn in a task of its own: reading a whole run and drawing the
        // lab view that shows it made one long task together.
        let answer = reply.answer;
        let _ = super::super::dom::post_task(move || done(Ok(answer))).map(Timeout::forget);
        return arm();
    }
    done(Ok(reply.answer));
    ENGINE.with(|e| {
        if let Some(engine) = e.borrow_mut().as_mut() {
            engine.pending.insert(reply.id, done);
        }
    });
    arm();
}

/// The worker could not load (`why`): fetches its script again to tell a
/// redeploy (the file is gone) from a dropped network, then fails with
/// that cause. Requests sent meanwhile wait and learn it too.
fn fail_after_probe(why: String) {
    let url = super::super::dom::build_file(WORKER_FILE);
    wasm_bindgen_futures::spawn_local(async move {
        let status = super::super::dom::probe(&url).await;
        fail(EngineFault::from_probe(status, why));
    });
}

/// The engine is gone: every waiting caller learns why. The next request
/// starts a new one.
fn fail(why: EngineFault) {
    let waiting: Vec<Pending> = ENGINE.with(|e| {
        let mut slot = e.borrow_mut();
        let Some(engine) = slot.as_mut() else {
            return Vec::new();
        };
        if let Some(w) = engine.worker.take() {
            w.terminate();
        }
        engine.status = Status::Unavailable(why.clone());
        engine.watchdog = None;
        engine.pending.drain().map(|(_, f)| f).collect()
    });
    for mut done in waiting {
        done(Err(why.clone()));
    }
}
