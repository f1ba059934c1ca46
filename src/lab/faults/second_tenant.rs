//! A second tenant's agent files its own, different report some
//! milliseconds after the first one's call (kind `second_tenant`, code
//! `k<ms>`). Both agents number their evaluations and tool calls per
//! tenant, so their `run_id:tool_use_id` keys are equal strings.

use rand::Rng;

use super::code::{bounded, CodeError, MAX_CODE_MS};
use super::kinds::{FaultKind, KindSet};
use super::primitive::Primitive;
use super::schedule::FaultSchedule;
use super::simpler::{edited, shorter};
use crate::kernel::rng::LabRng;
use crate::kernel::text::{Arg, Sentence};

/// The latest the generator's second tenant files its report.
pub const MAX_GEN_SECOND_TENANT_MS: u64 = 3_000;

/// A second tenant files its own report: past the database.
pub const PRIMITIVE: Primitive = Primitive {
    measure: Some(|s| {
        (
            u64::from(s.second_tenant.is_some()),
            s.second_tenant.unwrap_or(0),
        )
    }),
    simpler,
    past_the_database: true,
    ..Primitive::new(FaultKind::SecondTenant, |s| s.second_tenant.is_some())
};

/// No second tenant, then an earlier one.
fn simpler(s: &FaultSchedule) -> Vec<FaultSchedule> {
    let Some(at) = s.second_tenant else {
        return Vec::new();
    };
    let earlier = shorter(at, 100).into_iter().map(Some);
    std::iter::once(None)
        .chain(earlier)
        .map(|t| edited(s, |c| c.second_tenant = t))
        .collect()
}

/// When the generator's second tenant files, if it does.
pub fn draw(rng: &mut LabRng, kinds: KindSet) -> Option<u64> {
    (kinds.has(FaultKind::SecondTenant) && rng.random_bool(0.3))
        .then(|| rng.random_range(0..=MAX_GEN_SECOND_TENANT_MS / 100) * 100)
}

/// Its code token, if the schedule has a second tenant.
pub fn code(s: &FaultSchedule) -> Option<String> {
    s.second_tenant.map(|ms| format!("k{ms}"))
}

/// Reads `k<ms>`.
pub fn read(raw: &str, n: u64) -> Result<u64, CodeError> {
    bounded(raw, n, MAX_CODE_MS)
}

/// Its line in a hunt's schedule: when the second tenant files.
pub fn line(s: &FaultSchedule) -> Option<Sentence> {
    s.second_tenant
        .map(|ms| Sentence::new("hunt.second_tenant").arg("t", Arg::ClockMs(ms)))
}
