//! The outbox relay dies after a delivery, before it marks its row sent,
//! and restarts (kind `relay`, code `x` on a notifier call).

use rand::Rng;

use super::kinds::{FaultKind, KindSet};
use super::primitive::Primitive;
use super::schedule::NotifyFault;
use crate::kernel::rng::LabRng;
use crate::kernel::text::Sentence;

/// The relay dies when its call ends: past the database.
pub const PRIMITIVE: Primitive = Primitive {
    measure: Some(|s| (s.notify.iter().filter(|n| n.relay_dies).count() as u64, 0)),
    past_the_database: true,
    ..Primitive::new(FaultKind::Relay, |s| s.notify.iter().any(|n| n.relay_dies))
};

/// Its code token on a notifier call.
pub const TOKEN: &str = "x";

/// Whether the relay dies on one of the generator's notifier calls.
pub fn draw(rng: &mut LabRng, kinds: KindSet) -> bool {
    kinds.has(FaultKind::Relay) && rng.random_bool(0.3)
}

/// Its part of a notifier call's line in a hunt's schedule.
pub fn part(n: &NotifyFault) -> Option<Sentence> {
    n.relay_dies.then(|| Sentence::new("hunt.relay_dies"))
}
