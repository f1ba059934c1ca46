//! The page's side of the lab engine: one module Web Worker
//! (`lab-worker.js`) that loads the second wasm file (the lab engine with
//! SQLite, `src/bin/lab_engine.rs`) the first time a lab view or a lab
//! question needs a run. Requests and replies are `lab::wire` data, so the
//! page's own bundle never links SQLite and no run blocks the page.
//!
//! Every callback is called later, never inside the caller's own update;
//! callers drop answers they no longer want (or [`cancel`] a request).
//!
//! A view's long work (a lab run, the matrix) is a job of the page's one job
//! hook ([`request`], driven by `super::engine_job`), timed by the job's
//! watchdog. The calls below it are single requests answered in one reply
//! with nothing to show meanwhile but a «计算中» line (a suite, a fix, the
//! next step, a count) or the hunt's own progress; they stay plain requests,
//! timed by this module's watchdog.
//!
//! A failure is never kept for the page's lifetime: the next request after
//! one starts a new worker (the network may be back). A worker that cannot
//! load is told apart by fetching its script again ([`EngineFault::from_probe`]):
//! gone (a newer version was deployed: reload), unreachable (offline: try
//! again), or there (the load failed for another reason).

use std::cell::RefCell;
use std::collections::HashMap;

use gloo::timers::callback::Timeout;
use wasm_bindgen::JsValue;

use super::engine_worker::{from_worker, take_early_worker, EarlyWorker, FromWorker};
use crate::lab::engine_job::unexpected;
use crate::lab::hunt::{HuntOutcome, HuntSpec};
use crate::lab::matrix_job::Combo;
use crate::lab::suite::{Fix, NextStep, SuiteRow};
use crate::lab::wire::{Answer, EngineFault, Reply, Request, Want};
use crate::lab::{ClientStrategy, Design, Measure, Scenario};
use crate::ui::worker_channel::{WorkerChannel, WorkerEvent};

/// How long a loaded engine may stay silent while requests that no job
/// watches wait: then it counts as gone (a job's own watchdog times the
/// requests it sends, [`crate::lab::engine_job::ENGINE_WATCHDOG_MS`]).
const WATCHDOG_MS: u32 = crate::lab::engine_job::ENGINE_WATCHDOG_MS as u32;

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

type Pending = Box<dyn FnMut(Result<Answer, EngineFault>)>;

/// A request's caller, and whether the engine's own watchdog times it
/// (no job does).
struct Waiting {
    done: Pending,
    untimed: bool,
}

struct Engine {
    channel: Option<WorkerChannel>,
    status: Status,
    next_id: u64,
    pending: HashMap<u64, Waiting>,
    /// Armed while a loaded engine owes answers to callers no job times
    /// (see [`arm`]).
    watchdog: Option<Timeout>,
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

/// Where the engine is now (`Starting` before the first request, too).
pub fn status() -> Status {
    ENGINE.with(|e| {
        e.borrow()
            .as_ref()
            .map_or(Status::Starting, |e| e.status.clone())
    })
}

/// Asks for one count of a run only (its final reports, notifications,
/// attempts or leaks).
pub fn count(
    combo: Combo,
    seed: u64,
    measure: Measure,
    done: impl FnOnce(Result<usize, EngineFault>) + 'static,
) {
    let want = Want::Count {
        combo,
        seed,
        measure,
    };
    single(
        want,
        |a| match a {
            Answer::Count(n) => Ok(n),
            other => Err(other),
        },
        done,
    );
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
    send(Want::Hunt { spec }, true, move |a| {
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
    send(want, true, move |a| {
        let Some(done) = done.take() else { return };
        done(a.and_then(|a| read(a).map_err(unexpected)))
    })
}

/// Sends a job's request (`ui::lab::engine_job`): `done` gets every reply,
/// or one error; the job's watchdog times it. Returns the id for [`cancel`].
pub(super) fn request(want: Want, done: impl FnMut(Result<Answer, EngineFault>) + 'static) -> u64 {
    send(want, false, done)
}

/// A job's watchdog found the engine silent: it is gone, and every waiting
/// caller learns `why`. The next request starts a new one.
pub(super) fn give_up(why: EngineFault) {
    fail(why);
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
        if let Some(channel) = &engine.channel {
            let msg = js_sys::Object::new();
            let _ = js_sys::Reflect::set(&msg, &"cancel".into(), &JsValue::from_f64(id as f64));
            let _ = channel.post(&msg);
        }
    });
    arm();
}

fn send(want: Want, untimed: bool, done: impl FnMut(Result<Answer, EngineFault>) + 'static) -> u64 {
    let mut done = Some(Box::new(done) as Pending);
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
        let done = done.take().expect("not sent yet");
        engine.pending.insert(id, Waiting { done, untimed });
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
            channel: None,
            status: Status::Starting,
            next_id: 0,
            pending: HashMap::new(),
            watchdog: None,
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
    on_event(match from_worker(data) {
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
        }) => {
            if !messages.is_empty() || !errors.is_empty() {
                // Handled once this engine is in place (the caller holds its slot).
                Timeout::new(0, move || {
                    messages.into_iter().for_each(on_data);
                    errors.into_iter().for_each(fail_after_probe);
                })
                .forget();
            }
            Ok(WorkerChannel::adopt(worker, from_worker, on_event))
        }
        None => WorkerChannel::spawn(WORKER_FILE, from_worker, on_event),
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
    arm();
}

/// Whether a loaded engine owes answers to callers that no job times.
fn owes_untimed(engine: &Engine) -> bool {
    engine.status == Status::Ready && engine.pending.values().any(|w| w.untimed)
}

/// (Re)starts the watchdog while a loaded engine owes answers that no job
/// times, stops it otherwise: a worker that hangs ends as «unavailable»,
/// never as a lab view computing forever. Loading is not timed (a slow
/// network may take long; a load failure is reported by the worker).
fn arm() {
    ENGINE.with(|e| {
        let mut slot = e.borrow_mut();
        let Some(engine) = slot.as_mut() else { return };
        engine.watchdog = owes_untimed(engine).then(|| {
            Timeout::new(WATCHDOG_MS, || {
                let owed = ENGINE.with(|e| e.borrow().as_ref().is_some_and(owes_untimed));
                if owed {
                    fail(EngineFault::Failed(format!(
                        "no answer from the lab engine within {} s",
                        WATCHDOG_MS / 1000
                    )))
                }
            })
        });
    });
}

/// Hands a reply to its caller, outside the borrow (the caller may send
/// again).
fn on_reply(reply: Reply) {
    let callback = ENGINE.with(|e| {
        let mut slot = e.borrow_mut();
        let engine = slot.as_mut()?;
        engine.status = Status::Ready;
        engine.pending.remove(&reply.id)
    });
    let Some(Waiting { mut done, untimed }) = callback else {
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
            engine.pending.insert(reply.id, Waiting { done, untimed });
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
        if let Some(channel) = engine.channel.take() {
            channel.close();
        }
        engine.status = Status::Unavailable(why.clone());
        engine.watchdog = None;
        engine.pending.drain().map(|(_, w)| w.done).collect()
    });
    for mut done in waiting {
        done(Err(why.clone()));
    }
}
