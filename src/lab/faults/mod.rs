//! The lab's faults, one module per primitive: what the network, the
//! server, the harness or the model does wrong, as the simulation applies
//! it, the hunt draws, writes (`schedule=` code) and shrinks it, and the
//! run's readers that belong to it. A schedule ([`schedule`]) is the wire
//! form; a named scenario ([`scenarios`]) is a row composing primitives.
//!
//! Adding a primitive: its module (its facts one `const` [`Primitive`];
//! a schedule-wide flag's a `const` [`primitive::Flag`]), its place in [`PRIMITIVES`] (and in
//! [`message`] or [`server`] if it is a variant of one message or one
//! handler), its kind ([`kinds`]), its draw in the hunt's generator and, for
//! a schedule-wide fault, its token in the hunt's code.

pub mod approval;
pub mod code;
pub mod crash;
pub mod delayed;
pub mod double_submit;
pub mod drip;
pub mod effect;
pub mod kinds;
pub mod lost;
pub mod many_calls;
pub mod model_recall;
pub mod next_day;
pub mod notifier;
pub mod primitive;
pub mod receipt_late;
pub mod relay;
pub mod rerender;
pub mod revoked;
mod scenarios;
mod schedule;
pub mod second_tenant;
pub mod server_error;
pub mod simpler;
pub mod stall;
pub mod title_rewrite;
pub mod tls;

pub use drip::{DripTimers, Timer};
pub use primitive::{Message, OnRequest, OnResponse, Primitive, RequestReach, Server, ServerReach};
pub use schedule::*;

use crate::kernel::text::Sentence;
use crate::lab::model::result::Run;
use crate::lab::model::trace::{Decision, ToolResult};
use kinds::KindSet;

/// Every primitive. Their order is the shrinker's (the schedule-wide
/// simplifications, boldest first) and the order in which a tool result's
/// own text is looked for.
pub const PRIMITIVES: [&Primitive; 19] = [
    &next_day::FLAG.primitive,
    &double_submit::FLAG.primitive,
    &model_recall::PRIMITIVE,
    &second_tenant::PRIMITIVE,
    &title_rewrite::FLAG.primitive,
    &notifier::PRIMITIVE,
    &relay::PRIMITIVE,
    &lost::PRIMITIVE,
    &delayed::PRIMITIVE,
    &stall::PRIMITIVE,
    &crash::PRIMITIVE,
    &server_error::PRIMITIVE,
    &rerender::PRIMITIVE,
    &tls::PRIMITIVE,
    &drip::PRIMITIVE,
    &revoked::PRIMITIVE,
    &approval::PRIMITIVE,
    &receipt_late::PRIMITIVE,
    &effect::PRIMITIVE,
];

/// Every message primitive (a code token is read by the first that knows it).
const MESSAGES: [&dyn Message; 6] = [
    &lost::LOSE,
    &lost::REFUSE,
    &lost::NEVER_CONNECTS,
    &delayed::Delay,
    &tls::FAILURE,
    &drip::Drip,
];

/// Every server primitive.
const SERVERS: [&dyn Server; 3] = [&stall::Stall, &crash::Crash, &server_error::ServerError];

/// The primitive of a message's fault (`None` for plain delivery).
pub fn message(d: Delivery) -> Option<&'static dyn Message> {
    match d {
        Delivery::Deliver => None,
        Delivery::Lose => Some(&lost::LOSE),
        Delivery::Refuse => Some(&lost::REFUSE),
        Delivery::NeverConnects => Some(&lost::NEVER_CONNECTS),
        Delivery::Delay(_) => Some(&delayed::Delay),
        Delivery::TlsFailure => Some(&tls::FAILURE),
        Delivery::Drip { .. } => Some(&drip::Drip),
    }
}

/// The primitive of a server fault (`None` for none).
pub fn server(f: ServerFault) -> Option<&'static dyn Server> {
    match f {
        ServerFault::None => None,
        ServerFault::Stall(_) => Some(&stall::Stall),
        ServerFault::Crash | ServerFault::CrashBeforeCommit | ServerFault::CrashAfterCommit => {
            Some(&crash::Crash)
        }
        ServerFault::Unavailable { .. }
        | ServerFault::RateLimited { .. }
        | ServerFault::Fail
        | ServerFault::FailBeforeWork
        | ServerFault::FailAfterEffect
        | ServerFault::UnavailableDated { .. }
        | ServerFault::UnavailableInvalid(_)
        | ServerFault::UnavailableBare => Some(&server_error::ServerError),
    }
}

impl Delivery {
    /// What the simulation does with a request sent this way.
    pub fn on_request(self) -> OnRequest {
        message(self).map_or(OnRequest::Arrives { extra_ms: 0 }, |m| m.on_request(self))
    }

    /// What the simulation does with a response sent this way.
    pub fn on_response(self) -> OnResponse {
        message(self).map_or(OnResponse::Arrives { extra_ms: 0 }, |m| m.on_response(self))
    }

    /// Its code after the side's letter; `None` for plain delivery.
    pub fn code(self) -> Option<String> {
        message(self).map(|m| m.code(self))
    }

    /// Reads a message token after its side's letter.
    pub fn read(rest: &str, raw: &str) -> Option<Result<Delivery, code::CodeError>> {
        MESSAGES.iter().find_map(|m| m.read(rest, raw))
    }

    /// It in words, as a hunt's schedule line says it.
    pub fn words(self) -> Sentence {
        message(self).map_or_else(|| Sentence::new("hunt.msg.deliver"), |m| m.words(self))
    }

    /// Shorter versions of its fault.
    pub fn shorter(self) -> Vec<Delivery> {
        message(self).map_or_else(Vec::new, |m| m.shorter(self))
    }

    /// What it means on a request for reaching a working server.
    pub fn reach(self) -> Option<RequestReach> {
        message(self).and_then(|m| m.reach(self))
    }

    /// Whether a request sent this way arrives after the harness's timeout.
    pub fn outlasts_timeout(self) -> bool {
        message(self).is_some_and(|m| m.outlasts_timeout(self))
    }
}

impl ServerFault {
    /// The extra milliseconds of work it causes.
    pub fn extra_work_ms(self) -> u64 {
        server(self).map_or(0, |s| s.extra_work_ms(self))
    }

    /// Its code token; `None` for no fault.
    pub fn code(self) -> Option<String> {
        server(self).map(|s| s.code(self))
    }

    /// Reads a server token split into its letters and number.
    pub fn read(tag: &str, n: Option<u64>, raw: &str) -> Option<Result<Self, code::CodeError>> {
        SERVERS.iter().find_map(|s| s.read(tag, n, raw))
    }

    /// Whether a trace's decisions (and whether the handler went to work)
    /// show it happening.
    pub fn happened(self, decisions: &[Decision], worked: bool) -> bool {
        server(self).is_some_and(|s| s.happened(self, decisions, worked))
    }

    /// It in words, as a hunt's schedule line says it; `None` for no fault.
    pub fn words(self) -> Option<Sentence> {
        server(self).map(|s| s.words(self))
    }

    /// Shorter versions of its fault.
    pub fn shorter(self) -> Vec<ServerFault> {
        server(self).map_or_else(Vec::new, |s| s.shorter(self))
    }

    /// What it means for reaching a working server.
    pub fn reach(self) -> ServerReach {
        server(self).map_or(ServerReach::Works, |s| s.reach(self))
    }

    /// Whether the handler outlasts the harness's timeout.
    pub fn outlasts_timeout(self) -> bool {
        server(self).is_some_and(|s| s.outlasts_timeout(self))
    }

    /// Whether it may undo another attempt's work (see [`Server::undoes_others`]).
    pub fn undoes_others(self, slow: bool) -> bool {
        server(self).is_some_and(|s| s.undoes_others(self, slow))
    }
}

impl KindSet {
    /// The kinds inside the service's own database and its network: every
    /// kind but those past it ([`Primitive::past_the_database`]: the
    /// notifier's, the relay's, a second tenant, a rewritten title, TLS
    /// errors and trickling responses).
    pub fn database() -> Self {
        kinds_where(|p| !p.past_the_database)
    }

    /// Every kind a server may be able to defend against, the page's
    /// default ([`Primitive::off_by_default`]): a next-day restart past the
    /// key's retention and a title the model rewrites break every server
    /// (the suite's `key_expired` and `title_rewrite` rows show them), and
    /// a TLS failure is the harness's alone to stop (001's first branch:
    /// never retried; the suite's `tls_error` row shows it), so the first
    /// thing a student's hunt shows is new. A model re-call stays: with a
    /// business key a server fixes it, and where none does the hunt labels
    /// it so. 003's recovery (refund-like work and what it meets) is left
    /// out too: only a harness that reconciles an unknown outcome answers
    /// it, and the page's clients do not.
    pub fn page_default() -> Self {
        kinds_where(|p| !p.off_by_default)
    }
}

/// The kinds of the primitives for which `keep` holds.
fn kinds_where(keep: fn(&Primitive) -> bool) -> KindSet {
    PRIMITIVES
        .into_iter()
        .filter(|p| keep(p))
        .map(|p| p.kind)
        .collect()
}

/// The kinds a schedule uses (what the shrunk counterexample needs).
pub fn kinds_of(s: &FaultSchedule) -> KindSet {
    PRIMITIVES
        .iter()
        .filter(|p| (p.used_in)(s))
        .map(|p| p.kind)
        .collect()
}

/// What shrinking makes smaller, compared in order: attempts and notifier
/// calls listed, faults in them (each model re-call counts one), then
/// milliseconds of delays, stalls and `Retry-After`s.
pub fn measure(s: &FaultSchedule) -> (usize, u64, u64) {
    let (faults, size) = PRIMITIVES
        .iter()
        .map(|p| p.measure(s))
        .fold((0, 0), |(n, t), (a, b)| (n + a, t + b));
    (s.attempts.len() + s.notify.len(), faults, size)
}

impl Run {
    /// The translation key of the tool result `result` that ended with the
    /// answer to `request`: a fault's own text where one applies (a quota
    /// 429, a stored error, a failed TLS check), else the result's.
    pub fn tool_text_key(&self, result: ToolResult, request: Option<usize>) -> &'static str {
        request
            .and_then(|r| {
                PRIMITIVES
                    .iter()
                    .find_map(|p| (p.tool_text)(self, result, r))
            })
            .unwrap_or_else(|| result.key())
    }
}

#[cfg(test)]
mod tests {
    use super::kinds::FaultKind;
    use super::*;

    #[test]
    fn every_kind_is_one_primitive_but_recovery_four() {
        // 003's recovery is one switch: the refund-like work and the three
        // faults it meets (a late receipt, a revoked permission, an
        // expiring approval), each its own primitive.
        for k in FaultKind::ALL {
            let of_kind = PRIMITIVES.iter().filter(|p| p.kind == k).count();
            let want = if k == FaultKind::Recovery { 4 } else { 1 };
            assert_eq!(of_kind, want, "{k:?}");
        }
    }
}
