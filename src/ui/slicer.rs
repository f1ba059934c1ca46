//! The page's one way to run a long computation on the main thread: in
//! slices of at most [`SLICE_MS`] (measured with `performance.now()`), each
//! its own task ([`post_task`]), so no task comes near the 50 ms limit; a
//! redraw at most every [`REDRAW_MS`] while computing and once at the end,
//! each in a task of its own after its slice (a slice and a redraw together
//! made 35–60 ms tasks); cancelled by a generation token, so a slice
//! scheduled for an older run does nothing. The job hook (`ui::job_hook`)
//! uses that generation as its only one.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use gloo::timers::callback::Timeout;

use crate::ui::dom::{after_next_frame, now_ms, post_task, FRAME_FALLBACK_MS};

/// Work per slice: far inside the 50 ms task limit even with the slice's
/// last step and a redraw after it.
pub const SLICE_MS: f64 = 16.0;

/// Least time between two redraws while computing.
pub const REDRAW_MS: f64 = 200.0;

/// How a slice ended.
#[derive(Clone, Copy, Debug)]
pub struct SliceEnd {
    /// `performance.now()` at the start and the end of the slice.
    pub t0_ms: f64,
    pub t1_ms: f64,
    /// Whether the work is finished (no more slices follow).
    pub finished: bool,
    /// Whether to redraw now (always when finished).
    pub redraw: bool,
}

/// Calls `f` once, in a task after the next frame (or after
/// [`FRAME_FALLBACK_MS`] if no frame comes). Holds no handle: a cancelled
/// run is stopped by its generation.
fn after_frame(f: impl FnOnce() + 'static) {
    std::mem::forget(after_next_frame(FRAME_FALLBACK_MS, f));
}

struct Run {
    step: Box<dyn FnMut() -> bool>,
    on_slice: Box<dyn FnMut(SliceEnd)>,
}

/// Runs one computation at a time; clones share it.
#[derive(Clone, Default)]
pub struct Slicer {
    generation: Rc<Cell<u64>>,
    /// Whether a chain of slices of the current generation is under way.
    active: Rc<Cell<bool>>,
    last_redraw: Rc<Cell<f64>>,
    /// The pending slice's timer, when `scheduler.postTask` is missing.
    timer: Rc<RefCell<Option<Timeout>>>,
}

impl Slicer {
    /// Stops the running computation (between two slices).
    pub fn cancel(&self) {
        self.generation.set(self.generation.get() + 1);
        self.active.set(false);
        self.timer.borrow_mut().take();
    }

    /// The current generation: bumped by every cancel and every new run.
    pub fn generation(&self) -> u64 {
        self.generation.get()
    }

    /// Runs `step` (a small piece of work; returns whether more remains) in
    /// slices until it returns false or the run is cancelled or replaced;
    /// `on_slice` follows every slice.
    pub fn run(
        &self,
        step: impl FnMut() -> bool + 'static,
        on_slice: impl FnMut(SliceEnd) + 'static,
    ) {
        self.cancel();
        self.resume(step, on_slice);
    }

    /// Like [`Slicer::run`] within the current generation: starts slices
    /// unless a chain of them is under way (its `step` then does the work).
    pub fn resume(
        &self,
        step: impl FnMut() -> bool + 'static,
        on_slice: impl FnMut(SliceEnd) + 'static,
    ) {
        if self.active.replace(true) {
            return;
        }
        let run = Rc::new(RefCell::new(Run {
            step: Box::new(step),
            on_slice: Box::new(on_slice),
        }));
        self.schedule(self.generation.get(), run);
    }

    /// Runs `part` in a task after each drawn frame (a table shown a few
    /// rows at a time: a part's work is the render and the layout it
    /// causes, which a slice cannot time, and each part gets its own
    /// layout) until it returns false or the run is cancelled or replaced,
    /// within the current generation: starts the parts unless slices or
    /// parts are under way. Without frames (a hidden tab, an off-screen
    /// embed) a part follows after [`FRAME_FALLBACK_MS`].
    pub fn frames(&self, part: impl FnMut() -> bool + 'static) {
        if self.active.replace(true) {
            return;
        }
        self.frame_part(self.generation.get(), Rc::new(RefCell::new(part)));
    }

    fn frame_part(&self, generation: u64, part: Rc<RefCell<dyn FnMut() -> bool>>) {
        let me = self.clone();
        after_frame(move || {
            if me.generation.get() != generation {
                return;
            }
            let more = (part.borrow_mut())();
            if !more {
                me.active.set(false);
            } else if me.generation.get() == generation {
                me.frame_part(generation, part);
            }
        });
    }

    /// Whether a redraw is due at `now_ms` (at most one per [`REDRAW_MS`]);
    /// if so, counts it as done. `force` always redraws.
    pub fn redraw_due(&self, now_ms: f64, force: bool) -> bool {
        let due = force || now_ms - self.last_redraw.get() >= REDRAW_MS;
        if due {
            self.last_redraw.set(now_ms);
        }
        due
    }

    fn schedule(&self, generation: u64, run: Rc<RefCell<Run>>) {
        let me = self.clone();
        let timer = post_task(move || {
            if me.generation.get() != generation {
                return;
            }
            let t0_ms = now_ms();
            let more = {
                let step = &mut run.borrow_mut().step;
                let mut more = step();
                while more && now_ms() - t0_ms < SLICE_MS {
                    more = step();
                }
                more
            };
            let t1_ms = now_ms();
            if !more {
                // No slice of this chain follows: a resume from now on starts
                // a new one, also before this end is delivered (the page's
                // work may come back in between, e.g. a worker that failed
                // to load hands its points to the page; a chain still marked
                // under way would then never compute them).
                me.active.set(false);
            }
            let end = SliceEnd {
                t0_ms,
                t1_ms,
                finished: !more,
                redraw: me.redraw_due(t1_ms, !more),
            };
            if end.redraw {
                me.deliver_later(generation, run, end);
            } else {
                me.deliver(generation, run, end);
            }
        });
        *self.timer.borrow_mut() = timer;
    }

    /// Hands a redrawing slice's end to `on_slice` in the next task.
    fn deliver_later(&self, generation: u64, run: Rc<RefCell<Run>>, end: SliceEnd) {
        let me = self.clone();
        let timer = post_task(move || {
            if me.generation.get() == generation {
                me.deliver(generation, run, end);
            }
        });
        if end.finished {
            // Not kept where a new chain's timer would replace (and cancel)
            // it; a cancel stops it by the generation.
            let _ = timer.map(Timeout::forget);
        } else {
            *self.timer.borrow_mut() = timer;
        }
    }

    /// Calls `on_slice`, then schedules the next slice unless the work is
    /// done or `on_slice` cancelled or replaced this run. (A finished chain
    /// is no longer under way since its last slice, see [`Slicer::schedule`].)
    fn deliver(&self, generation: u64, run: Rc<RefCell<Run>>, end: SliceEnd) {
        (run.borrow_mut().on_slice)(end);
        if !end.finished && self.generation.get() == generation {
            self.schedule(generation, run);
        }
    }
}
