//! A TLS handshake that fails verification (kind `tls_error`): `qs`/`ps`.
//! Nothing is sent; on a response it means the same as a lost one. The
//! chapter's first branch: never worth a retry (`001_*.txt`: «停止并核对
//! CA、主机名和代理»).

use rand::Rng;

use super::kinds::{FaultKind, KindSet};
use super::primitive::{messages, OnRequest, Plain, Primitive, RequestReach};
use super::schedule::Delivery;
use crate::kernel::rng::LabRng;
use crate::kernel::text::Sentence;
use crate::lab::model::result::Run;
use crate::lab::model::trace::{AttemptOutcome, GiveUp, Next, StepKind, ToolResult};

/// Certificate or host name verification fails during the handshake.
pub const FAILURE: Plain = Plain {
    delivery: Delivery::TlsFailure,
    code: "s",
    words: "hunt.msg.tls",
    on_request: OnRequest::TlsFailed,
    reach: RequestReach::Ends,
};

fn is_tls(d: Delivery) -> bool {
    d == Delivery::TlsFailure
}

/// Failed handshakes of the attempts' requests (its measure counts those
/// of responses too): past the database, and only the harness can stop
/// it, so the page leaves it out.
pub const PRIMITIVE: Primitive = Primitive {
    measure: Some(|s| (messages(s).filter(|d| is_tls(*d)).count() as u64, 0)),
    past_the_database: true,
    off_by_default: true,
    tool_text: |run, result, request| {
        (result == ToolResult::NotCreated && stopped(run, request)).then_some("lab.tool.tls")
    },
    ..Primitive::new(FaultKind::TlsError, |s| {
        s.attempts.iter().any(|a| is_tls(a.request))
    })
};

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
