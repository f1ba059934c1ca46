//! The page's side of the lab engine: one module Web Worker
//! (`lab-worker.js`) that loads the second wasm file (the lab engine with
//! SQLite, `src/bin/lab_engine.rs`) the first time a lab view or a lab
//! question needs a run. Requests and replies are `lab::wire` data, so the
//! page's own bundle never links SQLite and no run blocks the page.
//!
//! Every callback is called later, never inside the caller's own update;
//! callers drop answers they no longer want (or [`cancel`] a request).
//!
//! Every request is a job's (a lab run, the matrix, the workbench's suite
//! and fixes, a hunt, the exercises' counts and suites): the page's one job
//! hook drives it through `super::engine_job`, and the job's watchdog times
//! it, so this module keeps no clock of its own.
//!
//! A failure is never kept for the page's lifetime: the next request after
//! one starts a new worker (the network may be back). A worker that cannot
//! load is told apart by fetching its script again ([`EngineFault::from_probe`]):
//! gone (a newer version was deployed: reload), unreachable (offline: try
//! again), or there (the load failed for another reason).

use std::cell::RefCell;

use gloo::timers::callback::Timeout;
use wasm_bindgen::JsValue;

use super::engine_worker::{
    from_worker, keep_early_worker, take_early_worker, EarlyWorker, FromWorker, ReadReply,
};
use crate::lab::answer_read::read_reply;
use crate::lab::jobs::engine_job::EngineReply;
use crate::lab::wire::{Answer, EngineFault, Reply, Request, Want, ROUTE_REQUEST_ID};
use crate::pages::links::matrix_want_for_route;
use crate::ui::worker_channel::{WorkerChannel, WorkerEvent};

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

/// A request's caller: gets each reply, and whether it is the last.
type Pending = Box<dyn FnMut(EngineReply, bool)>;

/// The callers waiting for a reply, in the order they asked: a vector, as
/// a handful wait at a time, and a hand-back's cancels and a failure's
/// callbacks then go out in that order (a hash map's order is random).
#[derive(Default)]
struct Waiting(Vec<(u64, Pending)>);

impl Waiting {
    /// Waits for `id` (in place of an earlier caller of the same id).
    fn insert(&mut self, id: u64, done: Pending) {
        self.remove(id);
        self.0.push((id, done));
    }

    fn remove(&mut self, id: u64) -> Option<Pending> {
        let at = self.0.iter().position(|(k, _)| *k == id)?;
        Some(self.0.remove(at).1)
    }

    fn contains(&self, id: u64) -> bool {
        self.0.iter().any(|(k, _)| *k == id)
    }

    fn ids(&self) -> impl Iterator<Item = u64> + '_ {
        self.0.iter().map(|(k, _)| *k)
    }

    fn take_all(&mut self) -> Vec<Pending> {
        self.0.drain(..).map(|(_, done)| done).collect()
    }
}

struct Engine {
    channel: Option<WorkerChannel>,
    status: Status,
    next_id: u64,
    pending: Waiting,
    /// What the worker computes for the route the page opened on (asked by
    /// the boot script before the page ran), until the page's first request.
    route: Option<RouteRequest>,
}

/// The request the page will send for the route it opened on
/// (`matrix_want_for_route`), which the worker answers under
/// [`ROUTE_REQUEST_ID`] before the page asks, and its reply once in.
struct RouteRequest {
    want: Want,
    reply: Option<Reply>,
}

thread_local! {
    static ENGINE: RefCell<Option<Engine>> = const { RefCell::new(None) };
    /// Set by [`answer_on_this_thread`].
    static HERE: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    /// How this page reads the engine's replies ([`reads`]).
    static READ: std::cell::Cell<ReadReply> = const { std::cell::Cell::new(read_nothing) };
}

/// Until a family says which answers it asks for, none is read.
fn read_nothing(_: &[u8]) -> Result<Reply, String> {
    Err("this page asks the lab engine for nothing".into())
}

/// Which answers this page's family asks for (`lab::answer_read::kinds`):
/// its engine reads only those (set when the family mounts, before its
/// engine starts).
pub fn reads<const KINDS: u16>() {
    READ.with(|r| r.set(read_reply::<KINDS>));
}

/// What the worker posts, read (its replies as [`reads`] set).
fn read(data: JsValue) -> Result<FromWorker, String> {
    from_worker(data, READ.with(|r| r.get()))
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
            match Reply::from_bytes(&bytes) {
                Ok(r) => done(Ok(r.answer), r.last),
                Err(why) => done(Err(EngineFault::Failed(why)), true),
            }
        }
    })
    .forget();
}

/// A lab view's start: its answers ([`reads`]), and its engine at once.
pub fn warm<const KINDS: u16>() {
    reads::<KINDS>();
    start_early();
}

/// Starts the engine ahead of its first request (the page opened on a lab
/// view), so its wasm is fetched and compiled while the view draws. Does
/// nothing when an engine exists or has failed (the next request retries),
/// or in browser tests answering on this thread.
fn start_early() {
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

/// Gives the engine back to the boot script when this family leaves the
/// screen, so the next family that computes with it (another lab view, the
/// exercises) takes it over loaded instead of loading a second engine. Its
/// requests are cancelled, and the next owner numbers its own after them.
/// An engine that failed, or whose answer to the route is still to come
/// (it would be taken for the next route's), is stopped instead.
pub fn hand_back() {
    let Some(engine) = ENGINE.with(|e| e.borrow_mut().take()) else {
        return;
    };
    let Some(channel) = engine.channel else {
        return;
    };
    for id in engine.pending.ids() {
        let _ = channel.post(&cancel_message(id));
    }
    let route_coming = engine.pending.contains(ROUTE_REQUEST_ID)
        || engine.route.is_some_and(|r| r.reply.is_none());
    if route_coming || matches!(engine.status, Status::Unavailable(_)) {
        return;
    }
    let ready = engine.status == Status::Ready;
    let worker = channel.release();
    if !keep_early_worker(&worker, ready, engine.next_id) {
        worker.terminate();
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

/// Sends a job's request (`super::engine_job`): `done` gets every reply
/// and whether it is the last, or one error (the last); the job's watchdog
/// times it. Returns the id for [`cancel`].
pub(super) fn request(want: Want, done: impl FnMut(EngineReply, bool) + 'static) -> u64 {
    send(want, Box::new(done))
}

/// A job's watchdog found the engine silent: it is gone, and every waiting
/// caller learns `why`. The next request starts a new one.
pub(super) fn give_up(why: EngineFault) {
    fail(why);
}

/// Stops a request (a matrix, a suite, a hunt): the worker computes no
/// further reply to it, and no further callback runs.
pub fn cancel(id: u64) {
    ENGINE.with(|cell| {
        let mut slot = cell.borrow_mut();
        let Some(engine) = slot.as_mut() else { return };
        engine.pending.remove(id);
        if let Some(channel) = &engine.channel {
            let _ = channel.post(&cancel_message(id));
        }
    });
}

fn send(want: Want, done: Pending) -> u64 {
    let mut done = Some(done);
    let (id, refused) = ENGINE.with(|cell| {
        let mut slot = cell.borrow_mut();
        let here = HERE.with(|h| h.get());
        let engine = slot.get_or_insert_with(|| if here { Engine::idle() } else { start() });
        if !here && engine.channel.is_none() {
            // The last engine failed: try a new one (the network may be
            // back, a stuck worker is gone).
            let next_id = engine.next_id;
            *engine = start();
            engine.next_id = next_id;
        }
        if let Some(id) = adopt_route_reply(engine, &want, &mut done) {
            return (id, None);
        }
        engine.next_id += 1;
        let id = engine.next_id;
        #[cfg(feature = "sqlite")]
        if HERE.with(|h| h.get()) {
            let request = Request { id, want }.to_bytes();
            answer_here(request, done.take().expect("not sent yet"));
            return (id, None);
        }
        let Some(channel) = engine.channel.as_ref() else {
            let why = match &engine.status {
                Status::Unavailable(why) => why.clone(),
                _ => EngineFault::NoWorkers("no worker".into()),
            };
            return (id, Some(why));
        };
        if let Err(e) = channel.post_bytes(&Request { id, want }.to_bytes()) {
            return (id, Some(EngineFault::Failed(e)));
        }
        engine
            .pending
            .insert(id, done.take().expect("not sent yet"));
        (id, None)
    });
    if let (Some(why), Some(mut done)) = (refused, done) {
        Timeout::new(0, move || done(Err(why), true)).forget();
    }
    id
}

/// The page's first request: when it equals the one the worker was asked
/// for the route (the page's first render not yet drawn then), its reply,
/// in or coming, is this request's; else the worker drops that one. Returns
/// the request's id when adopted.
fn adopt_route_reply(engine: &mut Engine, want: &Want, done: &mut Option<Pending>) -> Option<u64> {
    let route = engine.route.take()?;
    if route.want != *want {
        if route.reply.is_none() {
            if let Some(channel) = &engine.channel {
                let _ = channel.post(&cancel_message(ROUTE_REQUEST_ID));
            }
        }
        return None;
    }
    let done = done.take()?;
    match route.reply {
        Some(reply) => hand_over(reply, done),
        None => {
            engine.pending.insert(ROUTE_REQUEST_ID, done);
        }
    }
    Some(ROUTE_REQUEST_ID)
}

fn cancel_message(id: u64) -> JsValue {
    let msg = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&msg, &"cancel".into(), &JsValue::from_f64(id as f64));
    msg.into()
}

impl Engine {
    fn idle() -> Self {
        Engine {
            channel: None,
            status: Status::Starting,
            next_id: 0,
            pending: Waiting::default(),
            route: None,
        }
    }
}

/// What the worker said: a message read, an unreadable one (the engine
/// ends with a visible failure), or a load failure (told apart by a probe).
fn on_event(event: WorkerEvent<FromWorker>) {
    match event {
        WorkerEvent::Message(FromWorker::Ready) => set_status(Status::Ready),
        WorkerEvent::Message(FromWorker::Reply(reply)) => on_reply(reply),
        WorkerEvent::Message(FromWorker::LoadFailed(why)) => fail_after_probe(why),
        WorkerEvent::Unreadable(why) => fail(EngineFault::Failed(why)),
        WorkerEvent::Failed { message, kind } => fail_after_probe(
            message.unwrap_or_else(|| format!("the lab worker failed to load ({kind})")),
        ),
    }
}

/// A message the boot script kept, read as the channel reads one.
fn on_data(data: JsValue) {
    on_event(match read(data) {
        Ok(m) => WorkerEvent::Message(m),
        Err(why) => WorkerEvent::Unreadable(why),
    });
}

/// Creates the worker (once per page), or takes over the boot script's.
fn start() -> Engine {
    let mut engine = Engine::idle();
    let channel = match take_early_worker() {
        Some(EarlyWorker {
            worker,
            messages,
            errors,
            route,
            last_id,
        }) => {
            engine.next_id = last_id;
            engine.route = route
                .as_deref()
                .and_then(matrix_want_for_route)
                .map(|want| RouteRequest { want, reply: None });
            if !messages.is_empty() || !errors.is_empty() {
                // Handled once this engine is in place (the caller holds its slot).
                Timeout::new(0, move || {
                    messages.into_iter().for_each(on_data);
                    errors.into_iter().for_each(fail_after_probe);
                })
                .forget();
            }
            Ok(WorkerChannel::adopt(worker, read, on_event))
        }
        None => WorkerChannel::spawn(WORKER_FILE, read, on_event),
    };
    match channel {
        Ok(channel) => engine.channel = Some(channel),
        Err(why) => engine.status = Status::Unavailable(EngineFault::NoWorkers(why)),
    }
    engine
}

fn set_status(s: Status) {
    ENGINE.with(|e| {
        if let Some(e) = e.borrow_mut().as_mut() {
            e.status = s;
        }
    });
}

/// Hands a reply to its caller, outside the borrow (the caller may send
/// again).
fn on_reply(reply: Reply) {
    let (callback, reply) = ENGINE.with(|e| {
        let mut slot = e.borrow_mut();
        let Some(engine) = slot.as_mut() else {
            return (None, None);
        };
        engine.status = Status::Ready;
        match (engine.pending.remove(reply.id), engine.route.as_mut()) {
            (Some(done), _) => (Some(done), Some(reply)),
            // The route's reply before the page asked: kept for it.
            (None, Some(route)) if reply.id == ROUTE_REQUEST_ID && reply.last => {
                route.reply = Some(reply);
                (None, None)
            }
            (None, _) => (None, None),
        }
    });
    if let (Some(done), Some(reply)) = (callback, reply) {
        hand_over(reply, done);
    }
}

/// Gives `reply` to its caller: the last one in a task of its own (reading
/// a whole run and drawing the lab view that shows it made one long task
/// together), an earlier one at once, its caller kept for the next.
fn hand_over(reply: Reply, mut done: Pending) {
    let last = reply.last || matches!(reply.answer, Answer::Error(_));
    if last {
        let answer = reply.answer;
        let _ = super::super::dom::post_task(move || done(Ok(answer), true)).map(Timeout::forget);
        return;
    }
    done(Ok(reply.answer), false);
    ENGINE.with(|e| {
        if let Some(engine) = e.borrow_mut().as_mut() {
            engine.pending.insert(reply.id, done);
        }
    });
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
        if let Some(channel) = engine.channel.take() {
            channel.close();
        }
        engine.route = None;
        engine.status = Status::Unavailable(why.clone());
        engine.pending.take_all()
    });
    for mut done in waiting {
        done(Err(why.clone()), true);
    }
}
