//! The outbox relay dies after a delivery, before it marks its row sent,
//! and restarts (kind `relay`, code `x` on a notifier call).

use rand::Rng;

use super::kinds::{FaultKind, KindSet};
use super::primitive::Primitive;
use super::schedule::{FaultSchedule, NotifyFault};
use crate::kernel::rng::LabRng;
use crate::kernel::text::Sentence;

/// The relay dies when its call ends.
pub struct Relay;

/// Its code token on a notifier call.
pub const TOKEN: &str = "x";

impl Primitive for Relay {
    fn past_the_database(&self) -> bool {
        true
    }

    fn kind(&self) -> FaultKind {
        FaultKind::Relay
    }

    fn used_in(&self, s: &FaultSchedule) -> bool {
        s.notify.iter().any(|n| n.relay_dies)
    }

    fn measure(&self, s: &FaultSchedule) -> (u64, u64) {
        (s.notify.iter().filter(|n| n.relay_dies).count() as u64, 0)
    }
}

/// Whether the relay dies on one of the generator's notifier calls.
pub fn draw(rng: &mut LabRng, kinds: KindSet) -> bool {
    kinds.has(FaultKind::Relay) && rng.random_bool(0.3)
}

/// Its part of a notifier call's line in a hunt's schedule.
pub fn part(n: &NotifyFault) -> Option<Sentence> {
    n.relay_dies.then(|| Sentence::new("hunt.relay_dies"))
}
