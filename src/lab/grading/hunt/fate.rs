//! What actually happened to each attempt a schedule lists, read from the
//! run's trace. A schedule says what the network and the server were told
//! to do; the run decides what came of it: a response «delivered» by the
//! network still reaches a harness that stopped waiting (late, discarded),
//! a server that crashes right after its COMMIT sends nothing at all, a
//! stall scheduled for a request that is answered from the stored response
//! never happens. The schedule's lines ([`super::lines`]) are worded from
//! these fates, so they cannot contradict the timeline they open.

use borsh::{BorshDeserialize, BorshSerialize};
use serde::{Deserialize, Serialize};

use crate::lab::faults::{FaultSchedule, ServerFault};
use crate::lab::model::result::Run;
use crate::lab::model::trace::{AttemptOutcome, StepKind};

/// What came of one attempt's request.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[derive(BorshSerialize, BorshDeserialize)]
pub enum RequestFate {
    /// The run ended before this attempt was sent.
    NotSent,
    Lost,
    /// Connection refused (scheduled, or the process was down).
    Refused,
    TlsFailed,
    /// It reached the server.
    Arrived,
    /// Sent, and nothing more is in the trace (still in flight at the end).
    InFlight,
    /// The connection was never established: the connect timeout ended it.
    NeverConnected,
}

/// What came of one attempt's response.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[derive(BorshSerialize, BorshDeserialize)]
pub enum ResponseFate {
    /// No response was ever sent (no request reached the server, or its
    /// process died first).
    None,
    /// Sent and lost on the way back.
    Lost { status: u16 },
    /// Read by the harness while it was waiting.
    Read { status: u16 },
    /// Arrived after the harness had stopped waiting: discarded.
    Late { status: u16 },
    /// Still trickling in when the call's total deadline fired.
    CutOff { status: u16 },
}

/// What came of one attempt.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[derive(BorshSerialize, BorshDeserialize)]
pub struct AttemptFate {
    pub request: RequestFate,
    /// Whether the scheduled server fault came into play (false when none
    /// was scheduled).
    pub server_fault: bool,
    pub response: ResponseFate,
}

/// The fate of request `n` (global, 0-based) in `run`.
fn fate_of(run: &Run, n: usize, fault: ServerFault) -> AttemptFate {
    let mut fate = AttemptFate {
        request: RequestFate::NotSent,
        server_fault: false,
        response: ResponseFate::None,
    };
    let (mut decisions, mut worked) = (Vec::new(), false);
    for step in run.steps() {
        match &step.kind {
            StepKind::Send { request } if request.id == n => fate.request = RequestFate::InFlight,
            StepKind::RequestLost { request } if *request == n => fate.request = RequestFate::Lost,
            StepKind::Refused { request } if *request == n => fate.request = RequestFate::Refused,
            StepKind::Server {
                request,
                decision,
                works_until_ms,
                ..
            } if *request == n => {
                fate.request = RequestFate::Arrived;
                decisions.push(decision.clone());
                worked |= works_until_ms.is_some();
            }
            StepKind::Received {
                request, outcome, ..
            } if *request == n => match outcome {
                AttemptOutcome::TlsFailed => fate.request = RequestFate::TlsFailed,
                AttemptOutcome::Refused => fate.request = RequestFate::Refused,
                AttemptOutcome::ConnectTimeout => fate.request = RequestFate::NeverConnected,
                AttemptOutcome::Status { status, .. } => {
                    fate.response = ResponseFate::Read { status: *status }
                }
                _ => {}
            },
            StepKind::ResponseLost { request, status } if *request == n => {
                fate.response = ResponseFate::Lost { status: *status }
            }
            StepKind::Late { request, status } if *request == n => {
                fate.response = ResponseFate::Late { status: *status }
            }
            StepKind::Dripping {
                request, status, ..
            } if *request == n => fate.response = ResponseFate::CutOff { status: *status },
            _ => {}
        }
    }
    fate.server_fault = fault.happened(&decisions, worked);
    fate
}

/// The fate of every attempt `schedule` lists, in order, in `run` (the
/// run of that schedule). A trickle read to its end becomes
/// [`ResponseFate::Read`] (its read comes after its first bytes).
pub fn fates(schedule: &FaultSchedule, run: &Run) -> Vec<AttemptFate> {
    (0..schedule.attempts.len())
        .map(|n| fate_of(run, n, schedule.attempt(n).server))
        .collect()
}
