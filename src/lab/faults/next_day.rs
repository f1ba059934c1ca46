//! The harness process dies after its first request (kind `next_day`, code
//! `n`); restarted the next day from its durable queue, it resends the
//! same request with the same key, after the server's cleanup pruned keys
//! older than the retention.

use rand::Rng;

use super::kinds::{FaultKind, KindSet};
use super::primitive::Primitive;
use super::schedule::FaultSchedule;
use super::simpler::edited;
use crate::kernel::rng::LabRng;
use crate::kernel::text::Sentence;

/// The schedule's `restart_next_day`.
pub struct NextDay;

/// Its code token.
pub const TOKEN: &str = "n";

impl Primitive for NextDay {
    fn off_by_default(&self) -> bool {
        true
    }

    fn kind(&self) -> FaultKind {
        FaultKind::NextDay
    }

    fn used_in(&self, s: &FaultSchedule) -> bool {
        s.restart_next_day
    }

    fn measure(&self, s: &FaultSchedule) -> (u64, u64) {
        (u64::from(s.restart_next_day), 0)
    }

    fn simpler(&self, s: &FaultSchedule) -> Vec<FaultSchedule> {
        match s.restart_next_day {
            true => vec![edited(s, |c| c.restart_next_day = false)],
            false => Vec::new(),
        }
    }

    fn shrinks_first(&self) -> bool {
        true
    }
}

/// Whether the generator's schedule has it, when its kind is chosen.
pub fn draw(rng: &mut LabRng, kinds: KindSet) -> bool {
    kinds.has(FaultKind::NextDay) && rng.random_bool(0.1)
}

/// Its line in a hunt's schedule, if the schedule has it.
pub fn line(s: &FaultSchedule) -> Option<Sentence> {
    s.restart_next_day.then(|| Sentence::new("hunt.next_day"))
}
