//! A TLS handshake that fails verification (kind `tls_error`): `qs`/`ps`.
//! Nothing is sent; on a response it means the same as a lost one. The
//! chapter's first branch: never worth a retry (`001_*.txt`: «停止并核对
//! CA、主机名和代理»).

use rand::Rng;

use super::code::CodeError;
use super::kinds::{FaultKind, KindSet};
use super::primitive::{Message, OnRequest, OnResponse, Primitive, RequestReach};
use super::schedule::{Delivery, FaultSchedule};
use crate::kernel::rng::LabRng;
use crate::kernel::text::Sentence;
use crate::lab::result::Run;
use crate::lab::trace::{AttemptOutcome, GiveUp, Next, StepKind, ToolResult};

/// Certificate or host name verification fails during the handshake.
pub struct TlsFailure;

fn is_tls(d: Delivery) -> bool {
    d == Delivery::TlsFailure
}

impl Primitive for TlsFailure {
    fn past_the_database(&self) -> bool {
        true
    }

    fn off_by_default(&self) -> bool {
        true
    }

    fn kind(&self) -> FaultKind {
        FaultKind::TlsError
    }

    fn used_in(&self, s: &FaultSchedule) -> bool {
        s.attempts.iter().any(|a| is_tls(a.request))
    }

    fn measure(&self, s: &FaultSchedule) -> (u64, u64) {
        let d = s.attempts.iter().flat_map(|a| [a.request, a.response]);
        (d.filter(|d| is_tls(*d)).count() as u64, 0)
    }

    fn tool_text(&self, run: &Run, result: ToolResult, request: usize) -> Option<&'static str> {
        (result == ToolResult::NotCreated && stopped(run, request)).then_some("lab.tool.tls")
    }
}

impl Message for TlsFailure {
    fn words(&self, _d: Delivery) -> Sentence {
        Sentence::new("hunt.msg.tls")
    }

    fn code(&self, _d: Delivery) -> String {
        "s".into()
    }

    fn read(&self, rest: &str, _raw: &str) -> Option<Result<Delivery, CodeError>> {
        (rest == "s").then_some(Ok(Delivery::TlsFailure))
    }

    fn on_request(&self, _d: Delivery) -> OnRequest {
        OnRequest::TlsFailed
    }

    fn on_response(&self, _d: Delivery) -> OnResponse {
        OnResponse::Lost
    }

    fn reach(&self, _d: Delivery) -> Option<RequestReach> {
        Some(RequestReach::Ends)
    }
}

/// A failed handshake for a request the die left plain, now and then, when
/// its kind is chosen.
pub fn draw(rng: &mut LabRng, kinds: KindSet) -> Option<Delivery> {
    (kinds.has(FaultKind::TlsError) && rng.random_bool(0.08)).then_some(Delivery::TlsFailure)
}

/// Whether the harness stopped at `request`'s failed TLS verification
/// without retrying.
pub fn stopped(run: &Run, request: usize) -> bool {
    run.steps().iter().any(|s| {
        matches!(
            s.kind,
            StepKind::Received {
                request: r,
                outcome: AttemptOutcome::TlsFailed,
                next: Next::Finish {
                    give_up: Some(GiveUp::TlsVerification),
                    ..
                },
            } if r == request
        )
    })
}

/// The narration's warning when the harness retries a failed TLS check:
/// it names the trap (Requests' `SSLError` is a `ConnectionError`, which a
/// generic retry catches).
pub fn retried_warning(outcome: AttemptOutcome, next: Next) -> Option<Sentence> {
    let retried = outcome == AttemptOutcome::TlsFailed && !matches!(next, Next::Finish { .. });
    retried.then(|| Sentence::new("lab.n.tls_trap"))
}
