//! What a fault primitive is to the rest of the lab: the facts its module
//! declares, the traits a message's or a handler's fault implements, and
//! the effects the simulation knows how to apply. A module under [`super`]
//! holds one primitive; the registry ([`super::PRIMITIVES`]) lists them,
//! and the hunt's generator, shrinker and code compose them.

use rand::Rng;

use super::code::CodeError;
use super::kinds::{FaultKind, KindSet};
use super::schedule::{Delivery, FaultSchedule, ServerFault};
use crate::kernel::rng::LabRng;
use crate::kernel::text::Sentence;
use crate::lab::model::result::Run;
use crate::lab::model::trace::{Decision, ToolResult};

/// One fault primitive as the schedule as a whole sees it, declared as
/// data: each module exports one `const` of it (its facts, and its readers
/// of a schedule as plain functions), so a new primitive is its module and
/// one registry line, without a trait's skeleton of one-line methods.
#[derive(Clone, Copy)]
pub struct Primitive {
    /// The hunt's kind it belongs to (the student's checkbox).
    pub kind: FaultKind,

    /// Whether a schedule uses it (what a shrunk counterexample needs).
    pub used_in: fn(&FaultSchedule) -> bool,

    /// Its share of the shrinker's measure: faults it adds, and their
    /// milliseconds (a `Retry-After` counts in milliseconds too). `None`:
    /// one fault while the schedule uses it, lasting no time (a
    /// schedule-wide flag).
    pub measure: Option<Measure>,

    /// Its schedule-wide simplifications, boldest first (the faults of one
    /// attempt are simplified through [`Message`] and [`Server`]).
    pub simpler: fn(&FaultSchedule) -> Vec<FaultSchedule>,

    /// Whether the shrinker tries its simplifications before the attempts
    /// (the faults of the harness and the model) or after them (the faults
    /// past the service's own database).
    pub shrinks_first: bool,

    /// Whether it lies past the service's own database and its network
    /// (the notifier, a second tenant, the model's wording, TLS, a
    /// trickling response): the hunt's database-only sets leave it out.
    pub past_the_database: bool,

    /// Whether the page's hunt leaves it out by default: it breaks every
    /// server, or only the harness can stop it.
    pub off_by_default: bool,

    /// The translation key of the tool result the model read, when this
    /// primitive's fault ended the call (at a request) with its own text.
    pub tool_text: fn(&Run, ToolResult, usize) -> Option<&'static str>,
}

/// A primitive's share of the shrinker's measure: faults, milliseconds.
pub type Measure = fn(&FaultSchedule) -> (u64, u64);

impl Primitive {
    /// A primitive of `kind` that a schedule uses where `used_in` says,
    /// with the common rest: a flag's measure, no simplifications of its
    /// own, shrunk after the attempts, inside the database, on by default,
    /// no text of its own. A module overrides what differs with `..`.
    pub const fn new(kind: FaultKind, used_in: fn(&FaultSchedule) -> bool) -> Self {
        Self {
            kind,
            used_in,
            measure: None,
            simpler: |_| Vec::new(),
            shrinks_first: false,
            past_the_database: false,
            off_by_default: false,
            tool_text: |_, _, _| None,
        }
    }

    /// Its share of the shrinker's measure, a flag's where it declares
    /// none.
    pub fn measure(&self, s: &FaultSchedule) -> (u64, u64) {
        match self.measure {
            Some(measure) => measure(s),
            None => (u64::from((self.used_in)(s)), 0),
        }
    }
}

/// A schedule-wide flag fault (the harness's double submit and next-day
/// restart, the model's rewritten title), declared as data: its primitive
/// ([`flag_primitive!`]), the chance the generator draws it with, and its
/// line's key. The generator and the lines read it; its code token stays a
/// `const` of its module, for the code reader's patterns.
pub struct Flag {
    pub primitive: Primitive,
    /// The generator's chance of it, when its kind is chosen.
    pub chance: f64,
    /// The translation key of its line in a hunt's schedule.
    pub line: &'static str,
}

impl Flag {
    /// Whether the generator's schedule has it, when its kind is chosen.
    pub fn draw(&self, rng: &mut LabRng, kinds: KindSet) -> bool {
        kinds.has(self.primitive.kind) && rng.random_bool(self.chance)
    }

    /// Its line in a hunt's schedule, if the schedule has it.
    pub fn line(&self, s: &FaultSchedule) -> Option<Sentence> {
        (self.primitive.used_in)(s).then(|| Sentence::new(self.line))
    }
}

/// The [`Primitive`] of a flag of kind `$kind` in the schedule's field
/// `$field`: used while the field is set, simplified by clearing it; the
/// facts that differ from [`Primitive::new`]'s follow as `name: value`.
/// (A field is named once; `fn` pointers cannot be built from a field at
/// run time.)
macro_rules! flag_primitive {
    ($kind:expr, $field:ident $(, $fact:ident: $value:expr)* $(,)?) => {
        $crate::lab::faults::Primitive {
            simpler: |s| $crate::lab::faults::simpler::without(s, |c| &mut c.$field),
            $($fact: $value,)*
            ..$crate::lab::faults::Primitive::new($kind, |s| s.$field)
        }
    };
}

pub(crate) use flag_primitive;

/// The messages of a schedule's attempts: each request, then its response.
pub fn messages(s: &FaultSchedule) -> impl Iterator<Item = Delivery> + '_ {
    s.attempts.iter().flat_map(|a| [a.request, a.response])
}

/// A share of the shrinker's measure: one fault for each duration of `ms`,
/// and their milliseconds.
pub fn tally(ms: impl Iterator<Item = u64>) -> (u64, u64) {
    ms.fold((0, 0), |(n, t), ms| (n + 1, t + ms))
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
    /// The connection is never established: nothing is sent, and the
    /// harness's connect timeout ends the attempt.
    NeverConnects,
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
/// reachability derivation, [`crate::lab::grading::reach`]).
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

/// A message fault without a parameter (a lost message, a refused
/// connection, a failed TLS check), declared as data. On a response each
/// means the same as a lost one: no answer arrives.
pub struct Plain {
    pub delivery: Delivery,
    /// Its code after the side's letter, and the whole token it reads.
    pub code: &'static str,
    /// The translation key of its words.
    pub words: &'static str,
    pub on_request: OnRequest,
    /// What it means on a request for reaching a working server.
    pub reach: RequestReach,
}

impl Message for Plain {
    fn code(&self, _d: Delivery) -> String {
        self.code.into()
    }

    fn read(&self, rest: &str, _raw: &str) -> Option<Result<Delivery, CodeError>> {
        (rest == self.code).then_some(Ok(self.delivery))
    }

    fn on_request(&self, _d: Delivery) -> OnRequest {
        self.on_request
    }

    fn words(&self, _d: Delivery) -> Sentence {
        Sentence::new(self.words)
    }

    fn on_response(&self, _d: Delivery) -> OnResponse {
        OnResponse::Lost
    }

    fn reach(&self, _d: Delivery) -> Option<RequestReach> {
        Some(self.reach)
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
