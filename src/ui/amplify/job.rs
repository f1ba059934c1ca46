//! Runs the view's [`Work`] in the page's one [`Slicer`] (slices, redraw
//! throttle, cancel by generation); its status and timing are the core's
//! [`Timing`]. Cancel stops it between two slices.

use std::cell::RefCell;
use std::rc::Rc;

use yew::prelude::*;

use crate::amplify::work::Work;
use crate::amplify::AmplifyParams;
use crate::job::{Stepped, Timing};
use crate::ui::dom::now_ms;
use crate::ui::slicer::{SliceEnd, Slicer};

pub use crate::job::JobStatus as Status;

/// The job and its timing.
pub struct JobState {
    pub work: Work,
    pub timing: Timing,
}

/// A handle the page and its views share.
#[derive(Clone)]
pub struct JobHandle {
    pub state: Rc<RefCell<Option<JobState>>>,
    redraw: UseForceUpdateHandle,
    slicer: Slicer,
}

impl PartialEq for JobHandle {
    fn eq(&self, o: &Self) -> bool {
        Rc::ptr_eq(&self.state, &o.state)
    }
}

impl JobHandle {
    /// Starts (or restarts) the job for `p`.
    pub fn start(&self, p: &AmplifyParams) {
        *self.state.borrow_mut() = Some(JobState {
            work: Work::new(p),
            timing: Timing::start(now_ms()),
        });
        self.redraw.force_update();
        let cell = self.state.clone();
        let step = move || {
            cell.borrow_mut()
                .as_mut()
                .is_some_and(|s| s.timing.is_running() && s.work.step())
        };
        let me = self.clone();
        self.slicer
            .run(step, move |end: SliceEnd| me.after_slice(end));
    }

    /// Stops the running job; what is done so far stays on the page.
    pub fn cancel(&self) {
        self.slicer.cancel();
        if let Some(s) = self.state.borrow_mut().as_mut() {
            s.timing.cancel(now_ms());
        }
        self.redraw.force_update();
    }

    fn after_slice(&self, end: SliceEnd) {
        if let Some(s) = self.state.borrow_mut().as_mut() {
            s.timing.record(end.t0_ms, end.t1_ms);
            if end.finished {
                s.timing.finish(end.t1_ms);
            }
        }
        if end.redraw {
            self.redraw.force_update();
        }
    }
}

/// The page's job handle.
#[hook]
pub fn use_job() -> JobHandle {
    let redraw = use_force_update();
    let state = use_mut_ref(|| None::<JobState>);
    let slicer = (*use_memo((), |_| Slicer::default())).clone();
    JobHandle {
        state,
        redraw,
        slicer,
    }
}
