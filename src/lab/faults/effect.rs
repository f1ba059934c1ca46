//! The tool's work is refund-like (kind `recovery`, code `e`): before the
//! service persists its result, it calls a downstream that makes an
//! irreversible effect and keeps a receipt for it (003's «下游 receipt»).
//! Not a fault by itself, but what 003's recovery faults meet: a handler
//! that raises after the effect (`fe`, drawn with it), a late receipt
//! ([`super::receipt_late`]), a revoked permission ([`super::revoked`]),
//! an expiring approval ([`super::approval`]).

use rand::Rng;

use super::kinds::{FaultKind, KindSet};
use super::primitive::Primitive;
use super::schedule::{FaultSchedule, ServerFault};
use super::simpler::edited;
use crate::kernel::rng::LabRng;
use crate::kernel::text::Sentence;

/// Its code token.
pub const TOKEN: &str = "e";

/// The generator's chance of refund-like work when the kind is chosen
/// (a handler raising after the effect makes it so anyway).
const CHANCE: f64 = 0.6;

/// Refund-like work: past the service's database (a downstream's effect),
/// and off the page's default hunt, whose harnesses cannot reconcile.
pub const PRIMITIVE: Primitive = Primitive {
    simpler,
    past_the_database: true,
    off_by_default: true,
    ..Primitive::new(FaultKind::Recovery, used_in)
};

/// Whether the schedule's work is refund-like, or has a fault of 003's
/// recovery (which the hunt's kind needs, effect or not).
fn used_in(s: &FaultSchedule) -> bool {
    s.effect || raises_after_effect(s)
}

/// Whether some attempt's handler raises after the downstream's effect.
pub fn raises_after_effect(s: &FaultSchedule) -> bool {
    s.attempts
        .iter()
        .any(|a| a.server == ServerFault::FailAfterEffect)
}

/// Plain work, unless a handler raises after the effect: without the
/// effect that fault would be a plain failure, and judge the designs on
/// another schedule than the one that failed.
fn simpler(s: &FaultSchedule) -> Vec<FaultSchedule> {
    match s.effect && !raises_after_effect(s) {
        true => vec![edited(s, |c| c.effect = false)],
        false => Vec::new(),
    }
}

/// Whether the generator's work is refund-like: drawn when the kind is
/// chosen, and always when a handler raises after the effect.
pub fn draw(rng: &mut LabRng, kinds: KindSet, attempts_raise: bool) -> bool {
    kinds.has(FaultKind::Recovery) && (rng.random_bool(CHANCE) || attempts_raise)
}

/// The generator's server fault on its die's sixth face, when the kind is
/// chosen: the handler raises after the downstream's effect.
pub fn draw_server(face: u32, kinds: KindSet) -> Option<ServerFault> {
    (face == 5 && kinds.has(FaultKind::Recovery)).then_some(ServerFault::FailAfterEffect)
}

/// Its line in a hunt's schedule.
pub fn line(s: &FaultSchedule) -> Option<Sentence> {
    s.effect.then(|| Sentence::new("hunt.effect"))
}
