//! The lab engine as the channel of a job (`crate::lab::jobs::engine_job`, the
//! exercises' live runs): the page's one job hook drives the job; this
//! sends its requests to the engine (channel 0), one at a time, hands back
//! the replies, tells the engine to stop computing a request the page no
//! longer wants, and gives the engine up when the job's watchdog finds it
//! silent. A slow load is not silence: while the engine is still starting,
//! the job's clock starts again.

use std::cell::Cell;
use std::rc::Rc;

use yew::prelude::*;

use super::engine::{self, Status};
use crate::kernel::job::Job;
use crate::lab::jobs::engine_job::{EngineReply, ENGINE_WATCHDOG_MS};
use crate::lab::wire::{EngineFault, Want};
use crate::ui::dom::now_ms;
use crate::ui::job_hook::{use_job_runner, After, JobRunner};

/// A job the lab engine computes.
pub trait EngineWork: Job<Request = Want, Reply = EngineReply> + 'static {}

impl<J: Job<Request = Want, Reply = EngineReply> + 'static> EngineWork for J {}

/// A handle to a component's engine job; clones share it.
pub struct EngineRunner<J> {
    pub runner: JobRunner<J>,
    /// The engine's id of the request in flight.
    asked: Rc<Cell<Option<u64>>>,
}

impl<J> Clone for EngineRunner<J> {
    fn clone(&self) -> Self {
        EngineRunner {
            runner: self.runner.clone(),
            asked: self.asked.clone(),
        }
    }
}

impl<J> PartialEq for EngineRunner<J> {
    fn eq(&self, other: &Self) -> bool {
        self.runner == other.runner
    }
}

impl<J: EngineWork> EngineRunner<J> {
    /// Starts `job` (the old one stops, and the engine drops its request);
    /// `after` follows its every reply and slice. Each request goes out
    /// once the engine is free of the last: after the answer, or after
    /// the page's work (a table drawn in parts) that came of it.
    pub fn start(&self, job: J, after: Option<After>) {
        let me = self.clone();
        let after: After = Rc::new(move |generation, redraw| {
            if let Some(after) = &after {
                after(generation, redraw);
            }
            me.send(generation);
        });
        let generation = self.runner.begin(job, Some(after));
        self.send(generation);
        let me = self.clone();
        self.runner.watch(move |channel| me.on_late(channel));
        self.runner.run_slices();
        self.runner.redraw();
    }

    /// Stops the job, keeping what it has; the engine stops computing it.
    pub fn cancel(&self) {
        self.runner.cancel();
    }

    /// Stops the job without a redraw (its view is gone or replaced).
    pub fn stop(&self) {
        self.runner.stop();
    }

    /// Sends the job's next request, if the engine is free and the job has
    /// one.
    fn send(&self, generation: u64) {
        if self.asked.get().is_some() || !self.runner.is_current(generation) {
            return;
        }
        let Some(want) = self.runner.request(0, true) else {
            return;
        };
        let me = self.clone();
        let id = engine::request(want, move |reply, last| {
            me.on_reply(generation, reply, last)
        });
        self.asked.set(Some(id));
    }

    /// A reply (or the engine's failure) for the job of `generation`;
    /// `last` says whether the request is answered.
    fn on_reply(&self, generation: u64, reply: EngineReply, last: bool) {
        if !self.runner.is_current(generation) {
            return;
        }
        if last {
            self.asked.set(None);
        }
        let t0 = now_ms();
        if self.runner.reply(generation, 0, reply, t0).is_err() {
            self.runner.fall_back();
        }
        self.runner.replied(generation, t0, last);
        self.send(generation);
    }

    /// The job's watchdog found its reply overdue.
    fn on_late(&self, channel: usize) {
        if engine::status() != Status::Ready {
            return self.runner.heard(channel);
        }
        engine::give_up(EngineFault::Failed(format!(
            "no answer from the lab engine within {} s",
            ENGINE_WATCHDOG_MS / 1000.0
        )));
    }
}

/// The engine job of a component; it stops (and the engine drops its
/// request) when a new job starts, on cancel, and when the component
/// unmounts.
#[hook]
pub fn use_engine_runner<J: EngineWork>() -> EngineRunner<J> {
    let runner = use_job_runner::<J>();
    let asked = (*use_memo((), |_| Rc::new(Cell::new(None)))).clone();
    // Registered once: the request in flight is dropped with its generation.
    let (stops, forget) = (runner.clone(), asked.clone());
    use_memo((), move |_| {
        stops.on_stop(move || {
            if let Some(id) = forget.take() {
                engine::cancel(id);
            }
        })
    });
    EngineRunner { runner, asked }
}
