//! The first tenant's permission on the resource is revoked at some time
//! (kind `recovery`, code `z<ms>`): from then on it may neither act nor
//! read a result, so a retry that replays a cached response to it leaks
//! (003: «若权限已撤销，不能因为缓存存在就泄露数据»).

use rand::Rng;

use super::code::{bounded, CodeError, MAX_CODE_MS};
use super::kinds::{FaultKind, KindSet};
use super::primitive::Primitive;
use super::schedule::FaultSchedule;
use super::simpler::{none_or_earlier, tenths};
use crate::kernel::rng::LabRng;
use crate::kernel::text::{Arg, Sentence};

/// Its code token's tag.
pub const TOKEN: &str = "z";

/// The latest the generator revokes: within two attempts' timeouts, so
/// the revocation falls between a first attempt and its retries.
pub const MAX_GEN_REVOKE_MS: u64 = 6_000;

/// The generator's chance of a revocation, when the kind is chosen.
const CHANCE: f64 = 0.3;

/// A revoked permission, past the database (the service's authorisation).
pub const PRIMITIVE: Primitive = Primitive {
    measure: Some(|s| {
        let ms = s.revoke_at_ms;
        (u64::from(ms.is_some()), ms.unwrap_or(0))
    }),
    simpler: |s| none_or_earlier(s, |c| &mut c.revoke_at_ms),
    past_the_database: true,
    off_by_default: true,
    ..Primitive::new(FaultKind::Recovery, |s| s.revoke_at_ms.is_some())
};

/// When the generator revokes, if it does.
pub fn draw(rng: &mut LabRng, kinds: KindSet) -> Option<u64> {
    (kinds.has(FaultKind::Recovery) && rng.random_bool(CHANCE))
        .then(|| tenths(rng, MAX_GEN_REVOKE_MS))
}

/// Its code token, if the permission is revoked.
pub fn code(s: &FaultSchedule) -> Option<String> {
    s.revoke_at_ms.map(|ms| format!("{TOKEN}{ms}"))
}

/// Reads `z<ms>`.
pub fn read(raw: &str, n: u64) -> Result<u64, CodeError> {
    bounded(raw, n, MAX_CODE_MS)
}

/// Its line in a hunt's schedule.
pub fn line(s: &FaultSchedule) -> Option<Sentence> {
    s.revoke_at_ms
        .map(|ms| Sentence::new("hunt.revoked").arg("t", Arg::ClockMs(ms)))
}
