//! The one-time approval of the first tenant's request expires at some
//! time (kind `recovery`, code `g<ms>`): a retry that executes anew after
//! it needs an approval it no longer has (003: an uncertain record must not
//! be treated as a first execution to get past approval).

use rand::Rng;

use super::code::{bounded, CodeError, MAX_CODE_MS};
use super::kinds::{FaultKind, KindSet};
use super::primitive::Primitive;
use super::schedule::FaultSchedule;
use super::simpler::{none_or_earlier, tenths};
use crate::kernel::rng::LabRng;
use crate::kernel::text::{Arg, Sentence};

/// Its code token's tag.
pub const TOKEN: &str = "g";

/// The latest the generator's approval expires: within two attempts'
/// timeouts, between a first attempt and its retries.
pub const MAX_GEN_APPROVAL_MS: u64 = 6_000;

/// The generator's chance of an expiring approval, when the kind is chosen.
const CHANCE: f64 = 0.3;

/// An expiring approval, past the database (a human's).
pub const PRIMITIVE: Primitive = Primitive {
    measure: Some(|s| {
        let ms = s.approval_until_ms;
        (u64::from(ms.is_some()), ms.unwrap_or(0))
    }),
    simpler: |s| none_or_earlier(s, |c| &mut c.approval_until_ms),
    past_the_database: true,
    off_by_default: true,
    ..Primitive::new(FaultKind::Recovery, |s| s.approval_until_ms.is_some())
};

/// When the generator's approval expires, if it does.
pub fn draw(rng: &mut LabRng, kinds: KindSet) -> Option<u64> {
    (kinds.has(FaultKind::Recovery) && rng.random_bool(CHANCE))
        .then(|| tenths(rng, MAX_GEN_APPROVAL_MS))
}

/// Its code token, if the approval expires.
pub fn code(s: &FaultSchedule) -> Option<String> {
    s.approval_until_ms.map(|ms| format!("{TOKEN}{ms}"))
}

/// Reads `g<ms>`.
pub fn read(raw: &str, n: u64) -> Result<u64, CodeError> {
    bounded(raw, n, MAX_CODE_MS)
}

/// Its line in a hunt's schedule.
pub fn line(s: &FaultSchedule) -> Option<Sentence> {
    s.approval_until_ms
        .map(|ms| Sentence::new("hunt.approval_expires").arg("t", Arg::ClockMs(ms)))
}
