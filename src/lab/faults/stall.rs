//! The server stalls between its two transactions (kind `stall`): `s<ms>`.
//! A slow request, a GC pause, a stalled process: past the lease, another
//! handler may take the key over.

use super::code::{bounded, CodeError, MAX_CODE_MS};
use super::kinds::{FaultKind, KindSet};
use super::primitive::{tally, Primitive, Server};
use super::schedule::ServerFault;
use super::simpler::{shorter, tenths};
use crate::kernel::rng::LabRng;
use crate::kernel::text::{Arg, Sentence};
use crate::lab::model::times::ATTEMPT_TIMEOUT_MS;
use crate::lab::model::trace::Decision;

/// The longest stall the generator draws, in milliseconds (past the lease).
pub const MAX_GEN_STALL_MS: u64 = 9_000;

/// The work takes this many extra milliseconds.
pub struct Stall;

fn stall_ms(f: ServerFault) -> Option<u64> {
    match f {
        ServerFault::Stall(ms) => Some(ms),
        _ => None,
    }
}

/// Stalls of the attempts' handlers, and their milliseconds.
pub const PRIMITIVE: Primitive = Primitive {
    measure: Some(|s| tally(s.attempts.iter().filter_map(|a| stall_ms(a.server)))),
    ..Primitive::new(FaultKind::Stall, |s| {
        s.attempts.iter().any(|a| stall_ms(a.server).is_some())
    })
};

impl Server for Stall {
    fn words(&self, f: ServerFault) -> Sentence {
        Sentence::new("hunt.server.stall").arg("t", Arg::ClockMs(stall_ms(f).unwrap_or(0)))
    }

    fn code(&self, f: ServerFault) -> String {
        format!("s{}", stall_ms(f).unwrap_or(0))
    }

    fn read(&self, tag: &str, n: Option<u64>, raw: &str) -> Option<Result<ServerFault, CodeError>> {
        match (tag, n) {
            ("s", Some(n)) => Some(bounded(raw, n, MAX_CODE_MS).map(ServerFault::Stall)),
            _ => None,
        }
    }

    fn extra_work_ms(&self, f: ServerFault) -> u64 {
        stall_ms(f).unwrap_or(0)
    }

    fn happened(&self, _f: ServerFault, _decisions: &[Decision], worked: bool) -> bool {
        worked
    }

    fn ms(&self, f: ServerFault) -> u64 {
        stall_ms(f).unwrap_or(0)
    }

    fn shorter(&self, f: ServerFault) -> Vec<ServerFault> {
        let ms = stall_ms(f).unwrap_or(0);
        shorter(ms, 100)
            .into_iter()
            .map(ServerFault::Stall)
            .collect()
    }

    fn outlasts_timeout(&self, f: ServerFault) -> bool {
        stall_ms(f).unwrap_or(0) >= ATTEMPT_TIMEOUT_MS
    }
}

/// The generator's draw for a server fault: a stall on its die's first two
/// faces.
pub fn draw(rng: &mut LabRng, face: u32, kinds: KindSet) -> Option<ServerFault> {
    let on = matches!(face, 0 | 1) && kinds.has(FaultKind::Stall);
    on.then(|| ServerFault::Stall(tenths(rng, MAX_GEN_STALL_MS)))
}
