//! Whether a good ending was luck, recorded with every run (the matrix
//! marks such cells).

use super::Run;
use crate::lab::model::trace::{AttemptOutcome, StepKind};

/// A good ending that a retry without a covering key reached by luck: some
/// attempt may have run, and the retry carried no key or a different one
/// (e.g. `new_key` after a crash that rolled the first report back).
pub(super) fn lucky(run: &Run) -> bool {
    if !run.ending().is_good() {
        return false;
    }
    let maybe_ran = |req: usize| {
        run.steps().iter().any(|s| match s.kind {
            StepKind::Timeout { request, .. } => request == req,
            StepKind::Received {
                request,
                outcome: AttemptOutcome::Status { status, .. },
                ..
            } => request == req && matches!(status, 409 | 500 | 502 | 504),
            _ => false,
        })
    };
    let reqs = run.requests();
    reqs.iter().enumerate().any(|(i, r)| {
        reqs[..i]
            .iter()
            .rev()
            .find(|p| p.call == r.call)
            .is_some_and(|p| maybe_ran(p.id) && (r.key.is_none() || r.key != p.key))
    })
}
