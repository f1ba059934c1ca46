//! The server process dies (kind `crash`): after its first commit (`c`),
//! inside the transaction that holds the report before its `COMMIT` (`cb`),
//! or right after its last `COMMIT` (`ca`). The last two are the
//! notifier's lessons, so the generator draws them with its kind.

use rand::Rng;

use super::code::CodeError;
use super::kinds::{FaultKind, KindSet};
use super::primitive::{Primitive, Server, ServerReach};
use super::schedule::ServerFault;
use crate::kernel::rng::LabRng;
use crate::kernel::text::Sentence;
use crate::lab::model::trace::Decision;

/// The process dies while it handles the request.
pub struct Crash;

/// Whether `f` is one of the crashes.
pub fn is_crash(f: ServerFault) -> bool {
    matches!(
        f,
        ServerFault::Crash | ServerFault::CrashBeforeCommit | ServerFault::CrashAfterCommit
    )
}

/// Whether `f` is a crash around the report's `COMMIT` (the notifier's).
pub fn around_commit(f: ServerFault) -> bool {
    matches!(
        f,
        ServerFault::CrashBeforeCommit | ServerFault::CrashAfterCommit
    )
}

/// Crashes of the attempts' handlers.
pub const PRIMITIVE: Primitive = Primitive {
    measure: Some(|s| {
        (
            s.attempts.iter().filter(|a| is_crash(a.server)).count() as u64,
            0,
        )
    }),
    ..Primitive::new(FaultKind::Crash, |s| {
        s.attempts.iter().any(|a| is_crash(a.server))
    })
};

impl Server for Crash {
    fn words(&self, f: ServerFault) -> Sentence {
        Sentence::new(match f {
            ServerFault::CrashBeforeCommit => "hunt.server.crash_before_commit",
            ServerFault::CrashAfterCommit => "hunt.server.crash_after_commit",
            _ => "hunt.server.crash",
        })
    }

    fn code(&self, f: ServerFault) -> String {
        match f {
            ServerFault::CrashBeforeCommit => "cb",
            ServerFault::CrashAfterCommit => "ca",
            _ => "c",
        }
        .into()
    }

    fn read(
        &self,
        tag: &str,
        n: Option<u64>,
        _raw: &str,
    ) -> Option<Result<ServerFault, CodeError>> {
        match (tag, n) {
            ("c", None) => Some(Ok(ServerFault::Crash)),
            ("cb", None) => Some(Ok(ServerFault::CrashBeforeCommit)),
            ("ca", None) => Some(Ok(ServerFault::CrashAfterCommit)),
            _ => None,
        }
    }

    fn happened(&self, _f: ServerFault, decisions: &[Decision], _worked: bool) -> bool {
        decisions.iter().any(|d| matches!(d, Decision::Crashed))
    }

    /// Dying right after the last `COMMIT` leaves the work done.
    fn reach(&self, f: ServerFault) -> ServerReach {
        match f {
            ServerFault::CrashAfterCommit => ServerReach::Works,
            _ => ServerReach::Crashes,
        }
    }

    fn undoes_others(&self, _f: ServerFault, _slow: bool) -> bool {
        true
    }
}

/// The generator's draw for a server fault, on its die's third and fourth
/// faces: between the two commits, or (with the notifier's kinds) before
/// the `COMMIT` or right after it.
pub fn draw(rng: &mut LabRng, face: u32, kinds: KindSet) -> Option<ServerFault> {
    if !(matches!(face, 2 | 3) && kinds.has(FaultKind::Crash)) {
        return None;
    }
    if !kinds.has(FaultKind::Notifier) {
        return Some(ServerFault::Crash);
    }
    Some(match rng.random_range(0..3) {
        0 => ServerFault::Crash,
        1 => ServerFault::CrashBeforeCommit,
        _ => ServerFault::CrashAfterCommit,
    })
}
