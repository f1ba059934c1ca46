//! Which layer sent each request of a run, and why it waited first: the
//! SDK's retries sit inside the harness's attempts, which sit inside the
//! model's calls (002's «重试放大»: 4 × 3 = 12 requests for one call). The
//! trace says it without a field of its own: a `Next::SdkRetry` before a
//! send makes it the SDK's next retry inside the same harness attempt, a
//! backoff or `Retry-After` wait makes it the harness's next attempt, and
//! a tool call starts the model's next call. Data only; the narration and
//! the run view word it.

use crate::lab::harness::retry_after::wait_s;
use crate::lab::harness::RetryAfterChoice;
use crate::lab::{Next, ResponseInfo, Run, StepKind};

/// What a wait before a retry was drawn from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WaitCause {
    /// The harness's backoff draw.
    Backoff,
    /// The server's `Retry-After`, as the harness read it.
    RetryAfter,
    /// The SDK's own backoff draw, inside the harness's attempt.
    SdkBackoff,
    /// The SDK waited as `Retry-After` asked.
    SdkRetryAfter,
}

/// What became of the `Retry-After` of the answer before a retry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RetryAfterSeen {
    /// The answer had none.
    Absent,
    /// The wait is the header's.
    Honoured,
    /// A valid header, and the wait is a backoff draw anyway.
    Ignored,
    /// The header was no delta-seconds and no HTTP date (001: «负数、非 ASCII
    /// 数字和任意文本视为无效值»): counted as absent.
    Invalid,
}

/// The wait before a retry, and its cause.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Wait {
    pub ms: u64,
    pub cause: WaitCause,
    pub retry_after: RetryAfterSeen,
}

/// One request's place in the layers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layer {
    /// The request's global number.
    pub request: usize,
    /// The model's call (0-based): a re-call is the model's layer.
    pub call: usize,
    /// The harness's attempt (1-based).
    pub attempt: u32,
    /// The SDK's retry inside that attempt (0: the attempt's first send).
    pub sdk_retry: u32,
    /// The wait before this request, for a retry.
    pub wait: Option<Wait>,
}

/// The layer of every request of `run`, in the order they were sent.
pub fn layers(run: &Run) -> Vec<Layer> {
    let mut out: Vec<Layer> = Vec::new();
    // The wait decided after the last answer, per call.
    let mut pending: Vec<Option<Wait>> = Vec::new();
    for step in run.steps() {
        let (request, next) = match &step.kind {
            StepKind::Send { request } => {
                out.push(place(&out, &mut pending, request.id, request.call));
                continue;
            }
            StepKind::Received { request, next, .. }
            | StepKind::Timeout { request, next }
            | StepKind::Deadline { request, next } => (*request, *next),
            _ => continue,
        };
        let Some(call) = out.iter().find(|l| l.request == request).map(|l| l.call) else {
            continue;
        };
        if pending.len() <= call {
            pending.resize(call + 1, None);
        }
        pending[call] = wait_after(run, request, next, step.time_ms);
    }
    out
}

/// The layer of request `id` of `call`, after the wait decided for it.
fn place(out: &[Layer], pending: &mut [Option<Wait>], id: usize, call: usize) -> Layer {
    let wait = pending.get_mut(call).and_then(Option::take);
    let prev = out.iter().rev().find(|l| l.call == call);
    let (attempt, sdk_retry) = match (prev, wait.map(|w| w.cause)) {
        (None, _) => (1, 0),
        (Some(p), Some(WaitCause::SdkBackoff | WaitCause::SdkRetryAfter)) => {
            (p.attempt, p.sdk_retry + 1)
        }
        (Some(p), _) => (p.attempt + 1, 0),
    };
    Layer {
        request: id,
        call,
        attempt,
        sdk_retry,
        wait,
    }
}

/// The wait `next` decides after the answer to `request` (at `now_ms`),
/// with what became of that answer's `Retry-After`.
pub fn wait_after(run: &Run, request: usize, next: Next, now_ms: u64) -> Option<Wait> {
    let (ms, cause) = match next {
        Next::Backoff { wait_ms } => (wait_ms, WaitCause::Backoff),
        Next::RetryAfter { wait_ms } => (wait_ms, WaitCause::RetryAfter),
        Next::SdkRetry {
            wait_ms,
            retry_after,
        } => match retry_after {
            true => (wait_ms, WaitCause::SdkRetryAfter),
            false => (wait_ms, WaitCause::SdkBackoff),
        },
        Next::Reconcile { .. } | Next::Resend | Next::Finish { .. } => return None,
    };
    let honoured = matches!(cause, WaitCause::RetryAfter | WaitCause::SdkRetryAfter);
    let retry_after = match header(run, request, now_ms) {
        Header::Absent => RetryAfterSeen::Absent,
        Header::Invalid => RetryAfterSeen::Invalid,
        Header::Valid if honoured => RetryAfterSeen::Honoured,
        Header::Valid => RetryAfterSeen::Ignored,
    };
    Some(Wait {
        ms,
        cause,
        retry_after,
    })
}

enum Header {
    Absent,
    Valid,
    Invalid,
}

/// The server's (last) answer to `request`.
pub fn response(run: &Run, request: usize) -> Option<&ResponseInfo> {
    run.steps().iter().rev().find_map(|s| match &s.kind {
        StepKind::Server {
            request: r,
            response: Some(resp),
            ..
        } if *r == request => Some(resp),
        _ => None,
    })
}

/// The `Retry-After` of the server's answer to `request`, read as the
/// harness reads it.
fn header(run: &Run, request: usize, now_ms: u64) -> Header {
    match response(run, request) {
        Some(r) if r.retry_after_s.is_some() => Header::Valid,
        Some(r) => match r.retry_after_raw.as_deref().map(|raw| wait_s(raw, now_ms)) {
            Some(Some(_)) => Header::Valid,
            Some(None) => Header::Invalid,
            None => Header::Absent,
        },
        None => Header::Absent,
    }
}

/// Whether the run's narration names each request's layer: only when a
/// second retrying layer (the SDK) can send inside one attempt, or when the
/// harness ignores `Retry-After` (the six old clients never do either, so
/// their narration is as it was).
pub fn worth_telling(run: &Run) -> bool {
    run.harness.sdk || run.harness.retry_after == RetryAfterChoice::Ignore
}

#[cfg(all(test, feature = "sqlite"))]
mod tests {
    use super::*;
    use crate::lab::{Harness, Preset, Scenario};

    #[test]
    fn sdk_retries_sit_inside_the_harness_attempts() {
        let h = Harness::parse("stable_key,sdk,deadline_none,ra_honour").0;
        let run = crate::lab::run(Scenario::RetryAfter503, h, Preset::Fenced, 1);
        let ls = layers(&run);
        assert_eq!(ls.len(), run.requests().len());
        assert_eq!((ls[0].attempt, ls[0].sdk_retry, ls[0].wait), (1, 0, None));
        for (l, r) in ls.iter().zip(run.requests()) {
            assert_eq!(l.request, r.id);
            assert!(l.sdk_retry <= 2, "the SDK retries at most twice: {l:?}");
        }
        // Every send after the first waited for a cause.
        assert!(ls[1..].iter().all(|l| l.wait.is_some()), "{ls:?}");
    }

    #[test]
    fn the_six_old_clients_have_one_layer() {
        let run = crate::lab::run(
            Scenario::RetryAfter503,
            crate::lab::ClientStrategy::StableKey,
            Preset::Fenced,
            1,
        );
        assert!(!worth_telling(&run));
        let ls = layers(&run);
        assert!(ls.iter().all(|l| l.sdk_retry == 0));
        let attempts: Vec<u32> = ls.iter().map(|l| l.attempt).collect();
        let want: Vec<u32> = run.requests().iter().map(|r| r.attempt).collect();
        assert_eq!(attempts, want);
    }
}
