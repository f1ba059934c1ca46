//! The retries of a run, read from its trace: which request retried which,
//! and why a retry could not have succeeded. One reading, so the wasted
//! count, the clauses a retry breaks and the step where it broke agree.
//!
//! A retry is a request of a tool call after an earlier request of the
//! same call (the SDK's retries inside the harness's loop included); a
//! model's re-call is a new call, not a retry. A resend from a deferral
//! queue after the harness finished the call is no retry of the call's
//! loop and is never wasted past the deadline: the queue was the point.

use borsh::{BorshDeserialize, BorshSerialize};
use serde::{Deserialize, Serialize};

use crate::lab::harness::{policy, retry_after, Class};
use crate::lab::model::result::Run;
use crate::lab::model::trace::{AttemptOutcome, Next, StepKind};

/// Why a retry could not have succeeded.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[derive(BorshSerialize, BorshDeserialize)]
pub enum Waste {
    /// After a TLS, certificate or host name failure: the same handshake
    /// fails again (001's first branch).
    Tls,
    /// After a 4xx other than 408, 409 and a 429 with `Retry-After`, or a
    /// quota 429: the same request meets the same refusal.
    Hopeless,
    /// Sent before the readable `Retry-After` of the answer before it was
    /// over: the server said it would not serve it yet.
    BeforeRetryAfter,
    /// Sent past the tool call's total deadline: the model no longer waits.
    PastDeadline,
}

/// One retry of a run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Retry {
    /// The request, and the step that sent it.
    pub request: usize,
    pub step: usize,
    /// Why it could not have succeeded, if it could not.
    pub waste: Option<Waste>,
}

/// How the request before a retry ended: its outcome, when the harness
/// learned it, its readable `Retry-After`, and what the harness did next.
struct Ended {
    outcome: AttemptOutcome,
    at_ms: u64,
    retry_after_s: Option<u64>,
    finished: bool,
}

/// The first step at which each request ended for the harness (a
/// response read, a timeout, the deadline) and the first step at which the
/// server answered it, by request id: found in one pass over the trace, so
/// reading every retry costs one pass, not one per retry (the judgement
/// reads the retries of every run of a matrix, a suite and a hunt).
#[derive(Default)]
struct RequestSteps {
    ended: Vec<Option<usize>>,
    answered: Vec<Option<usize>>,
}

impl RequestSteps {
    fn of(run: &Run) -> Self {
        let mut out = RequestSteps::default();
        for (i, s) in run.steps().iter().enumerate() {
            match &s.kind {
                StepKind::Received { request, .. }
                | StepKind::Timeout { request, .. }
                | StepKind::Deadline { request, .. } => first(&mut out.ended, *request, i),
                StepKind::Server {
                    response: Some(r), ..
                } => first(&mut out.answered, r.request, i),
                _ => {}
            }
        }
        out
    }
}

/// Keeps `at` as `slots[id]` unless an earlier step is there.
fn first(slots: &mut Vec<Option<usize>>, id: usize, at: usize) {
    if slots.len() <= id {
        slots.resize(id + 1, None);
    }
    slots[id].get_or_insert(at);
}

/// The readable `Retry-After` of the server's answer to `request`, read at
/// `now_ms` as the harness reads it (an invalid value counts as absent).
fn readable_retry_after(run: &Run, at: &RequestSteps, request: usize, now_ms: u64) -> Option<u64> {
    let i = (*at.answered.get(request)?)?;
    match &run.steps()[i].kind {
        StepKind::Server {
            response: Some(r), ..
        } => match &r.retry_after_raw {
            Some(raw) => retry_after::wait_s(raw, now_ms),
            None => r.retry_after_s,
        },
        _ => None,
    }
}

fn ended(run: &Run, at: &RequestSteps, request: usize) -> Option<Ended> {
    let s = &run.steps()[(*at.ended.get(request)?)?];
    let (outcome, next) = match s.kind {
        StepKind::Received { outcome, next, .. } => (outcome, next),
        StepKind::Timeout { next, .. } => (AttemptOutcome::Timeout, next),
        StepKind::Deadline { next, .. } => (AttemptOutcome::DeadlineFired, next),
        _ => return None,
    };
    // Only an answer the harness read carries a `Retry-After` it could
    // honour: a response that arrived after the timeout was discarded.
    let read = matches!(outcome, AttemptOutcome::Status { .. });
    Some(Ended {
        outcome,
        at_ms: s.time_ms,
        retry_after_s: read
            .then(|| readable_retry_after(run, at, request, s.time_ms))
            .flatten(),
        finished: matches!(next, Next::Finish { .. }),
    })
}

/// Why a retry sent at `sent_ms` after `before` could not have succeeded;
/// `deadline_at`: when the call's total deadline ends, if it has one.
fn waste(
    run: &Run,
    before_request: usize,
    before: &Ended,
    sent_ms: u64,
    deadline_at: Option<u64>,
) -> Option<Waste> {
    let quota = crate::lab::faults::server_error::quota_refused(run, before_request);
    let class = policy::class(before.outcome, quota, before.retry_after_s.is_some());
    if class == Some(Class::Tls) {
        Some(Waste::Tls)
    } else if class.is_some_and(Class::hopeless) {
        Some(Waste::Hopeless)
    } else if before
        .retry_after_s
        .is_some_and(|s| sent_ms < before.at_ms + s * 1000)
    {
        Some(Waste::BeforeRetryAfter)
    } else if deadline_at.is_some_and(|d| sent_ms > d) && !before.finished {
        Some(Waste::PastDeadline)
    } else {
        None
    }
}

/// When each tool call began (its `ToolCall` step's time), by call index.
fn call_starts(run: &Run) -> Vec<Option<u64>> {
    let mut starts = vec![None; run.calls().len()];
    for s in run.steps() {
        if let StepKind::ToolCall { call, .. } = s.kind {
            if let Some(slot) = starts.get_mut(call) {
                slot.get_or_insert(s.time_ms);
            }
        }
    }
    starts
}

/// Every retry of `run`, in the order they were sent.
pub fn retries(run: &Run) -> Vec<Retry> {
    let starts = call_starts(run);
    let at = RequestSteps::of(run);
    let deadline = run.harness.deadline_ms.map(u64::from);
    let mut sent: Vec<(usize, usize, usize)> = Vec::new();
    let mut out = Vec::new();
    for (i, s) in run.steps().iter().enumerate() {
        let StepKind::Send { request } = &s.kind else {
            continue;
        };
        let before = sent
            .iter()
            .rev()
            .find(|(call, tenant, _)| *call == request.call && *tenant == request.tenant)
            .map(|(_, _, id)| *id);
        sent.push((request.call, request.tenant, request.id));
        let Some(b) = before else { continue };
        let deadline_at = starts
            .get(request.call)
            .copied()
            .flatten()
            .zip(deadline)
            .map(|(t, d)| t + d);
        let waste = ended(run, &at, b).and_then(|e| waste(run, b, &e, s.time_ms, deadline_at));
        out.push(Retry {
            request: request.id,
            step: i,
            waste,
        });
    }
    out
}

/// The first step that sent a retry wasted in one of the `ways`.
pub fn first_wasted(run: &Run, ways: &[Waste]) -> Option<usize> {
    retries(run)
        .into_iter()
        .find(|r| r.waste.is_some_and(|w| ways.contains(&w)))
        .map(|r| r.step)
}
