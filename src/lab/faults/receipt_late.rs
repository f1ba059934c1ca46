//! The downstream's receipt for an effect can be looked up only some
//! milliseconds after the effect (kind `recovery`, code `l<ms>`): a status
//! query before then finds no evidence yet, and must say «unknown», never
//! «done» nor «not started».

use rand::Rng;

use super::code::{bounded, CodeError, MAX_CODE_MS};
use super::kinds::{FaultKind, KindSet};
use super::primitive::Primitive;
use super::schedule::FaultSchedule;
use super::simpler::{none_or_earlier, tenths};
use crate::kernel::rng::LabRng;
use crate::kernel::text::{Arg, Sentence};

/// Its code token's tag.
pub const TOKEN: &str = "l";

/// The latest the generator's receipt comes: past the reconciling
/// harness's status queries (1 s, 2 s, 4 s after the answer).
pub const MAX_GEN_RECEIPT_MS: u64 = 12_000;

/// The generator's chance of a late receipt, with refund-like work.
const CHANCE: f64 = 0.4;

/// A late receipt, past the database (the downstream's).
pub const PRIMITIVE: Primitive = Primitive {
    measure: Some(|s| {
        let ms = s.receipt_after_ms;
        (u64::from(ms.is_some()), ms.unwrap_or(0))
    }),
    simpler,
    past_the_database: true,
    off_by_default: true,
    ..Primitive::new(FaultKind::Recovery, |s| s.receipt_after_ms.is_some())
};

/// A receipt at once, then an earlier one.
fn simpler(s: &FaultSchedule) -> Vec<FaultSchedule> {
    none_or_earlier(s, |c| &mut c.receipt_after_ms)
}

/// When the generator's receipt comes, if late: only for refund-like work.
pub fn draw(rng: &mut LabRng, kinds: KindSet, effect: bool) -> Option<u64> {
    (effect && kinds.has(FaultKind::Recovery) && rng.random_bool(CHANCE))
        .then(|| tenths(rng, MAX_GEN_RECEIPT_MS))
}

/// Its code token, if the receipt is late.
pub fn code(s: &FaultSchedule) -> Option<String> {
    s.receipt_after_ms.map(|ms| format!("{TOKEN}{ms}"))
}

/// Reads `l<ms>`.
pub fn read(raw: &str, n: u64) -> Result<u64, CodeError> {
    bounded(raw, n, MAX_CODE_MS)
}

/// Its line in a hunt's schedule.
pub fn line(s: &FaultSchedule) -> Option<Sentence> {
    s.receipt_after_ms
        .map(|ms| Sentence::new("hunt.receipt_late").arg("t", Arg::ClockMs(ms)))
}
