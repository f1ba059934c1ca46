//! The view's [`Work`] as a job of the page's one job hook (slices, redraw
//! throttle, cancel by generation); its status and timing are the core's
//! [`Timed`]. Cancel stops it between two slices.

use crate::amplify::work::Work;
use crate::amplify::AmplifyParams;
use crate::kernel::job::Timed;
use crate::ui::dom::now_ms;
use crate::ui::job_hook::{use_job_runner, JobRunner};

pub use crate::kernel::job::JobStatus as Status;

/// The job and its timing.
pub type JobState = Timed<Work>;

/// A handle the page and its views share.
pub type JobHandle = JobRunner<JobState>;

/// Starts (or restarts) the job for `p`.
pub fn start(job: &JobHandle, p: &AmplifyParams) {
    job.start(Timed::start(Work::new(p), now_ms()), None);
}

/// The page's job handle.
#[yew::hook]
pub fn use_job() -> JobHandle {
    use_job_runner()
}
