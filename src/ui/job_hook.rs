//! The page's one way to drive a [`Job`]: its slices in the one
//! [`Slicer`], whose generation is the job's only one (a slice, a reply or a
//! timer of an older run does nothing), the redraw throttle, and one
//! watchdog for replies that are overdue. A page adds only its channel (the
//! herd's worker pool, the lab engine): it sends what [`JobRunner::request`]
//! gives, hands back what comes of it ([`JobRunner::reply`]), and lets its
//! channel go when a job ends early ([`JobRunner::on_stop`]).
//!
//! The job lives in an `Rc<RefCell<…>>` because it is advanced in place by
//! the slices and the replies, between renders, and read by the views at
//! their next render; a reducer would copy the whole job (a herd sweep's
//! boards, an amplify fleet) on every slice.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use gloo::timers::callback::{Interval, Timeout};
use yew::prelude::*;

use crate::kernel::job::{Job, Need};
use crate::ui::dom::{now_ms, post_task};
use crate::ui::slicer::{SliceEnd, Slicer};

/// How often the watchdog looks for an overdue reply.
const WATCHDOG_EVERY_MS: u32 = 500;

/// Called after the job made progress (a slice or a reply) in generation
/// `generation`; `redraw` says whether the page redraws now.
pub type After = Rc<dyn Fn(u64, bool)>;

/// Called whenever a job's generation ends before it is over.
type OnStop = Rc<RefCell<Option<Rc<dyn Fn()>>>>;

/// A handle to the job of a component; clones share it.
pub struct JobRunner<J> {
    /// The current job; `None` before the first start.
    pub job: Rc<RefCell<Option<J>>>,
    slicer: Slicer,
    ticks: Rc<Cell<u64>>,
    update: Callback<()>,
    watchdog: Rc<RefCell<Option<Interval>>>,
    after: Rc<RefCell<Option<After>>>,
    on_stop: OnStop,
    /// When the part of a drawing in parts being rendered began (and in
    /// which generation), until the render is over.
    part_since: Rc<Cell<Option<(u64, f64)>>>,
}

impl<J> Clone for JobRunner<J> {
    fn clone(&self) -> Self {
        JobRunner {
            job: self.job.clone(),
            slicer: self.slicer.clone(),
            ticks: self.ticks.clone(),
            update: self.update.clone(),
            watchdog: self.watchdog.clone(),
            after: self.after.clone(),
            on_stop: self.on_stop.clone(),
            part_since: self.part_since.clone(),
        }
    }
}

impl<J> PartialEq for JobRunner<J> {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.job, &other.job)
    }
}

impl<J: Job + 'static> JobRunner<J> {
    /// Starts `job` in a new generation (the old one stops); `after` follows
    /// its every slice and reply. The page's slices start if it needs them.
    pub fn start(&self, job: J, after: Option<After>) {
        self.begin(job, after);
        self.run_slices();
        self.redraw();
    }

    /// Installs `job` in a new generation without starting anything, so a
    /// page can open its channels first; returns the generation.
    pub fn begin(&self, job: J, after: Option<After>) -> u64 {
        self.bump();
        *self.job.borrow_mut() = Some(job);
        *self.after.borrow_mut() = after;
        self.generation()
    }

    /// Stops the job, keeping what it computed.
    pub fn cancel(&self) {
        self.bump();
        if let Some(job) = self.job.borrow_mut().as_mut() {
            job.cancel(now_ms());
        }
        self.redraw();
    }

    /// Stops without a redraw (component going away).
    pub fn stop(&self) {
        self.bump();
        self.job.borrow_mut().take();
        self.after.borrow_mut().take();
    }

    /// What the page's channel does when a generation ends (a new job,
    /// a cancel, the component going away): drops its messages in flight,
    /// its timers, its workers.
    pub fn on_stop(&self, stop: impl Fn() + 'static) {
        *self.on_stop.borrow_mut() = Some(Rc::new(stop));
    }

    /// A new generation: no slice, reply or timer of the old one acts.
    fn bump(&self) {
        self.slicer.cancel();
        self.unwatch();
        let stop = self.on_stop.borrow().clone();
        if let Some(stop) = stop {
            stop();
        }
    }

    /// Stops the watchdog; its closure is freed in a later task, as this
    /// may run inside the watchdog's own tick.
    fn unwatch(&self) {
        if let Some(watchdog) = self.watchdog.borrow_mut().take() {
            let closure = watchdog.cancel();
            let _ = post_task(move || drop(closure)).map(Timeout::forget);
        }
    }

    /// The current generation.
    pub fn generation(&self) -> u64 {
        self.slicer.generation()
    }

    pub fn is_current(&self, generation: u64) -> bool {
        self.slicer.generation() == generation
    }

    /// Runs the page's share of the job, if it has one now and none is
    /// under way: in slices, or a step after each drawn frame (each part
    /// redrawn in its own frame).
    pub fn run_slices(&self) {
        let need = self.job.borrow().as_ref().map(Job::need);
        let cell = self.job.clone();
        let step = move || cell.borrow_mut().as_mut().is_some_and(|j| j.step());
        let me = self.clone();
        let generation = self.generation();
        match need {
            Some(Need::Slice) => self
                .slicer
                .resume(step, move |end: SliceEnd| me.after_slice(generation, end)),
            Some(Need::Frames) => self.slicer.frames(move || {
                let t0_ms = now_ms();
                let more = step();
                me.after_slice(
                    generation,
                    SliceEnd {
                        t0_ms,
                        t1_ms: now_ms(),
                        finished: !more,
                        redraw: true,
                    },
                );
                me.time_part(generation, t0_ms);
                more
            }),
            _ => {}
        }
    }

    fn after_slice(&self, generation: u64, end: SliceEnd) {
        if let Some(job) = self.job.borrow_mut().as_mut() {
            job.record_slice(end.t0_ms, end.t1_ms);
        }
        self.progressed(generation, end.redraw);
        if end.redraw && self.is_current(generation) {
            self.count_redraw();
        }
    }

    /// Calls the job's `after` (progress outside a slice or a reply).
    pub fn progressed(&self, generation: u64, redraw: bool) {
        let after = self.after.borrow().clone();
        if let Some(after) = after {
            after(generation, redraw);
        }
    }

    /// The next message for `channel`, if the job has one.
    pub fn request(&self, channel: usize, fresh: bool) -> Option<J::Request> {
        self.job
            .borrow_mut()
            .as_mut()
            .and_then(|j| j.request(channel, fresh, now_ms()))
    }

    /// A reply on `channel` in `generation`, taken from `t0_ms` on; a reply
    /// of an older generation is dropped. An error means the channel failed.
    pub fn reply(
        &self,
        generation: u64,
        channel: usize,
        reply: J::Reply,
        t0_ms: f64,
    ) -> Result<(), String> {
        if !self.is_current(generation) {
            return Ok(());
        }
        match self.job.borrow_mut().as_mut() {
            Some(j) => j.on_reply(channel, reply, t0_ms),
            None => Ok(()),
        }
    }

    /// Ends the handling of a reply that started at `t0_ms`: counts its
    /// time, follows it, redraws when due (always when `news` says the
    /// reply was an answer, not progress, and once the job is over or its
    /// page work starts), and starts the page's work it brought.
    pub fn replied(&self, generation: u64, t0_ms: f64, news: bool) {
        if !self.is_current(generation) {
            return;
        }
        let (over, frames) = match self.job.borrow_mut().as_mut() {
            Some(j) => {
                j.record_slice(t0_ms, now_ms());
                (j.need() == Need::Nothing, j.need() == Need::Frames)
            }
            None => return,
        };
        let redraw = self.slicer.redraw_due(now_ms(), news || over || frames);
        self.progressed(generation, redraw);
        if redraw {
            self.count_redraw();
        }
        if frames {
            self.time_part(generation, t0_ms);
            self.run_slices();
        }
    }

    /// Times the part of the job's drawing that a step (or an answer)
    /// begun at `t0_ms` shows, until its render is over ([`Self::rendered`]).
    fn time_part(&self, generation: u64, t0_ms: f64) {
        self.part_since.set(Some((generation, t0_ms)));
    }

    /// The component's render is over (its children's too, and any yield
    /// of Yew's scheduler in between): the job learns how long the part
    /// being timed took, so it sizes its next part ([`Job::part_drawn`]).
    pub fn rendered(&self) {
        let Some((generation, t0_ms)) = self.part_since.take() else {
            return;
        };
        if !self.is_current(generation) {
            return;
        }
        crate::ui::dom::lay_out();
        if let Some(job) = self.job.borrow_mut().as_mut() {
            job.part_drawn(now_ms() - t0_ms);
        }
    }

    /// Channel `channel` is alive though its reply is not ready.
    pub fn heard(&self, channel: usize) {
        if let Some(j) = self.job.borrow_mut().as_mut() {
            j.heard(channel, now_ms());
        }
    }

    /// The channels are gone: the job takes back what it sent, and the page
    /// computes the rest (or the job fails visibly).
    pub fn fall_back(&self) {
        if let Some(j) = self.job.borrow_mut().as_mut() {
            j.fall_back();
        }
        self.redraw();
        self.run_slices();
        self.progressed(self.generation(), true);
    }

    /// Watches for an overdue reply in this generation until the job is
    /// over; `on_late` gets the late channel.
    pub fn watch(&self, on_late: impl Fn(usize) + 'static) {
        let generation = self.generation();
        let me = self.clone();
        *self.watchdog.borrow_mut() = Some(Interval::new(WATCHDOG_EVERY_MS, move || {
            if !me.is_current(generation) {
                return;
            }
            let (over, late) = match me.job.borrow().as_ref() {
                Some(j) => (j.need() == Need::Nothing, j.overdue(now_ms())),
                None => (true, None),
            };
            if over {
                return me.unwatch();
            }
            if let Some(channel) = late {
                on_late(channel);
            }
        }));
    }

    /// Counts redraws, so child views see new props after every redraw.
    pub fn tick(&self) -> u64 {
        self.ticks.get()
    }

    /// Redraws now.
    pub fn redraw(&self) {
        self.slicer.redraw_due(now_ms(), true);
        self.count_redraw();
    }

    fn count_redraw(&self) {
        self.ticks.set(self.ticks.get() + 1);
        self.update.emit(());
    }
}

/// The job runner of a component; its job stops when the component
/// unmounts.
#[hook]
pub fn use_job_runner<J: Job + 'static>() -> JobRunner<J> {
    let job = use_mut_ref(|| None::<J>);
    let slicer = (*use_memo((), |_| Slicer::default())).clone();
    let ticks = (*use_memo((), |_| Rc::new(Cell::new(0u64)))).clone();
    let watchdog = use_mut_ref(|| None::<Interval>);
    let after = use_mut_ref(|| None::<After>);
    let on_stop = use_mut_ref(|| None::<Rc<dyn Fn()>>);
    let part_since = (*use_memo((), |_| Rc::new(Cell::new(None)))).clone();
    let force = use_force_update();
    let update = Callback::from(move |_| force.force_update());
    let runner = JobRunner {
        job,
        slicer,
        ticks,
        update,
        watchdog,
        after,
        on_stop,
        part_since,
    };
    use_stop_on_unmount(&runner, JobRunner::stop);
    {
        // After every render of the component, its children's included
        // (Yew runs a parent's effects after its children's renders).
        let runner = runner.clone();
        use_effect(move || runner.rendered());
    }
    runner
}

/// Calls `stop` with (a clone of) `handle` when the component unmounts: a
/// job's slices, replies and timers end with its page.
#[hook]
pub fn use_stop_on_unmount<H: Clone + 'static>(handle: &H, stop: fn(&H)) {
    let handle = handle.clone();
    use_effect_with((), move |_| move || stop(&handle));
}
