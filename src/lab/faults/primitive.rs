//! What a fault primitive is to the rest of the lab: the traits its module
//! implements and the effects the simulation knows how to apply. A module
//! under [`super`] holds one primitive; the registry ([`super::PRIMITIVES`])
//! lists them, and the hunt's generator, shrinker and code compose them.

use super::code::CodeError;
use super::kinds::FaultKind;
use super::schedule::{Delivery, FaultSchedule, ServerFault};
use crate::kernel::text::Sentence;
use crate::lab::result::Run;
use crate::lab::trace::{Decision, ToolResult};

/// One fault primitive as the schedule as a whole sees it.
pub trait Primitive: Sync {
    /// The hunt's kind it belongs to (the student's checkbox).
    fn kind(&self) -> FaultKind;

    /// Whether `s` uses it (what a shrunk counterexample needs).
    fn used_in(&self, s: &FaultSchedule) -> bool;

    /// Its share of the shrinker's measure: faults it adds, and their
    /// milliseconds (a `Retry-After` counts in milliseconds too).
    fn measure(&self, s: &FaultSchedule) -> (u64, u64);

    /// Its schedule-wide simplifications, boldest first (the faults of one
    /// attempt are simplified through [`Message`] and [`Server`]).
    fn simpler(&self, _s: &FaultSchedule) -> Vec<FaultSchedule> {
        Vec::new()
    }

    /// Whether the shrinker tries [`Primitive::simpler`] before the
    /// attempts (the faults of the harness and the model) or after them
    /// (the faults past the service's own database).
    fn shrinks_first(&self) -> bool {
        false
    }

    /// Whether it lies past the service's own database and its network
    /// (the notifier, a second tenant, the model's wording, TLS, a
    /// trickling response): the hunt's database-only sets leave it out.
    fn past_the_database(&self) -> bool {
        false
    }

    /// Whether the page's hunt leaves it out by default: it breaks every
    /// server, or only the harness can stop it.
    fn off_by_default(&self) -> bool {
        false
    }

    /// The translation key of the tool result the model read, when this
    /// primitive's fault ended the call with its own text.
    fn tool_text(&self, _run: &Run, _result: ToolResult, _request: usize) -> Option<&'static str> {
        None
    }
}

/// What the network does with a request, as the simulation applies it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OnRequest {
    /// It reaches the server this much later than the normal latency.
    Arrives {
        extra_ms: u64,
    },
    Lost,
    /// The connection is refused before anything is sent.
    Refused,
    /// The TLS handshake fails verification: nothing is sent.
    TlsFailed,
}

/// What the network does with a response.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OnResponse {
    Arrives {
        extra_ms: u64,
    },
    Lost,
    /// Its first bytes arrive after the normal latency, the rest trickles in.
    Trickles {
        every_ms: u64,
        total_ms: u64,
    },
}

/// What a request's fault means for reaching a working server (the
/// reachability derivation, [`crate::lab::reach`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RequestReach {
    /// Nothing was sent, and a retry may still reach the server.
    Retried,
    /// Nothing was sent, and the call ends: never retried.
    Ends,
}

/// What a fault inside the server means for reaching a working server.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ServerReach {
    /// The handler goes to work.
    Works,
    /// It answers before any work (or fails its work); `retried`: the
    /// harness retries that answer within the call's deadline.
    Answers { retried: bool },
    /// A check before any work failed: retried, provably nothing done.
    Retried,
    /// The process dies inside the handler: a claim may be left behind.
    Crashes,
}

/// A fault of one message on the network (a [`Delivery`] other than plain
/// delivery): its effect, its schedule code and how it shrinks.
pub trait Message: Sync {
    /// Its code after the side's letter (`q` request, `p` response).
    fn code(&self, d: Delivery) -> String;

    /// Reads `rest` (the token `raw` after the side's letter); `None` when
    /// the token is not this primitive's.
    fn read(&self, rest: &str, raw: &str) -> Option<Result<Delivery, CodeError>>;

    fn on_request(&self, d: Delivery) -> OnRequest;

    /// It in words, as a hunt's schedule line says it.
    fn words(&self, d: Delivery) -> Sentence;

    fn on_response(&self, d: Delivery) -> OnResponse;

    /// The milliseconds it lasts (the shrinker's size).
    fn ms(&self, _d: Delivery) -> u64 {
        0
    }

    /// Shorter versions of it.
    fn shorter(&self, _d: Delivery) -> Vec<Delivery> {
        Vec::new()
    }

    /// What it means on a request for reaching a working server; `None`:
    /// the request arrives.
    fn reach(&self, _d: Delivery) -> Option<RequestReach> {
        None
    }

    /// Whether a request it delays arrives after the harness gave up on
    /// it (so the harness's retry may meet the server first).
    fn outlasts_timeout(&self, _d: Delivery) -> bool {
        false
    }
}

/// A fault inside the server while it handles one request.
pub trait Server: Sync {
    /// Its code token.
    fn code(&self, f: ServerFault) -> String;

    /// Reads a token split into its letters and number; `None` when the
    /// token is not this primitive's.
    fn read(&self, tag: &str, n: Option<u64>, raw: &str) -> Option<Result<ServerFault, CodeError>>;

    /// It in words, as a hunt's schedule line says it.
    fn words(&self, f: ServerFault) -> Sentence;

    /// The extra milliseconds of work it causes.
    fn extra_work_ms(&self, _f: ServerFault) -> u64 {
        0
    }

    /// Whether a trace shows it happening in a handler of the request (its
    /// decisions, and whether it went to work).
    fn happened(&self, f: ServerFault, decisions: &[Decision], worked: bool) -> bool;

    /// The milliseconds it lasts (a `Retry-After` in milliseconds).
    fn ms(&self, _f: ServerFault) -> u64 {
        0
    }

    fn shorter(&self, _f: ServerFault) -> Vec<ServerFault> {
        Vec::new()
    }

    /// What it means for reaching a working server.
    fn reach(&self, _f: ServerFault) -> ServerReach {
        ServerReach::Works
    }

    /// Whether the handler outlasts the harness's timeout.
    fn outlasts_timeout(&self, _f: ServerFault) -> bool {
        false
    }

    /// Whether it may undo another attempt's work: a crash kills every
    /// handler of the process; a failure stored first under the key wins
    /// over a handler that is `slow` (past the harness's timeout).
    fn undoes_others(&self, _f: ServerFault, _slow: bool) -> bool {
        false
    }
}
