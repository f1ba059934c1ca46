//! The harness process dies after its first request (kind `next_day`, code
//! `n`); restarted the next day from its durable queue, it resends the
//! same request with the same key, after the server's cleanup pruned keys
//! older than the retention.

use rand::Rng;

use super::kinds::{FaultKind, KindSet};
use super::primitive::Primitive;
use super::schedule::FaultSchedule;
use super::simpler::without;
use crate::kernel::rng::LabRng;
use crate::kernel::text::Sentence;

/// The schedule's `restart_next_day`: the harness's fault, shrunk first;
/// past the key's retention it breaks every server, so the page leaves it
/// out.
pub const PRIMITIVE: Primitive = Primitive {
    simpler: |s| without(s, |c| &mut c.restart_next_day),
    shrinks_first: true,
    off_by_default: true,
    ..Primitive::new(FaultKind::NextDay, |s| s.restart_next_day)
};

/// Its code token.
pub const TOKEN: &str = "n";

/// Whether the generator's schedule has it, when its kind is chosen.
pub fn draw(rng: &mut LabRng, kinds: KindSet) -> bool {
    kinds.has(FaultKind::NextDay) && rng.random_bool(0.1)
}

/// Its line in a hunt's schedule, if the schedule has it.
pub fn line(s: &FaultSchedule) -> Option<Sentence> {
    s.restart_next_day.then(|| Sentence::new("hunt.next_day"))
}
