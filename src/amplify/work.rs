//! What the page computes for the current view, as one incremental job the
//! UI advances in time slices (the page state of the demo; pure).

use super::fanout_run::FanoutJob;
use super::load::job::LoadJob;
use super::params::{AmplifyParams, View};
use super::sweep::SweepJob;
use crate::kernel::job::Stepped;

/// The job of one view.
pub enum Work {
    Fanout(Box<FanoutJob>),
    Load(Box<LoadJob>),
    Sweep(Box<SweepJob>),
}

/// Units of work per `advance` call: small enough that one call takes well
/// under a millisecond, so the slicer can check the clock often.
pub const CHUNK: u32 = 4096;

impl Work {
    /// The job for the parameters' view.
    pub fn new(p: &AmplifyParams) -> Work {
        match p.view {
            View::Fanout => Work::Fanout(Box::new(FanoutJob::new(&p.fanout, p.trials, p.seed))),
            View::Load => Work::Load(Box::new(LoadJob::new(p.lanes(), p.seed))),
            View::Sweep => Work::Sweep(Box::new(SweepJob::new(p))),
        }
    }

    /// Advances by about [`CHUNK`] units; returns whether all is done.
    pub fn advance(&mut self) -> bool {
        match self {
            Work::Fanout(j) => j.advance(u64::from(CHUNK)),
            Work::Load(j) => j.advance(CHUNK),
            Work::Sweep(j) => j.advance(CHUNK),
        }
    }

    /// Share done, 0–1.
    pub fn progress(&self) -> f64 {
        match self {
            Work::Fanout(j) => j.progress(),
            Work::Load(j) => j.progress(),
            Work::Sweep(j) => j.progress(),
        }
    }
}

impl Stepped for Work {
    fn step(&mut self) -> bool {
        !self.advance()
    }

    fn progress(&self) -> f64 {
        Work::progress(self)
    }
}
