//! One tool call is submitted twice at the same moment (kind
//! `double_submit`, code `d`): a double submit or a hedged request, two
//! calls with one tool_use id.

use rand::Rng;

use super::kinds::{FaultKind, KindSet};
use super::primitive::Primitive;
use super::schedule::FaultSchedule;
use super::simpler::edited;
use crate::kernel::rng::LabRng;
use crate::kernel::text::Sentence;

/// The schedule's `double_submit`.
pub struct DoubleSubmit;

/// Its code token.
pub const TOKEN: &str = "d";

impl Primitive for DoubleSubmit {
    fn kind(&self) -> FaultKind {
        FaultKind::DoubleSubmit
    }

    fn used_in(&self, s: &FaultSchedule) -> bool {
        s.double_submit
    }

    fn measure(&self, s: &FaultSchedule) -> (u64, u64) {
        (u64::from(s.double_submit), 0)
    }

    fn simpler(&self, s: &FaultSchedule) -> Vec<FaultSchedule> {
        match s.double_submit {
            true => vec![edited(s, |c| c.double_submit = false)],
            false => Vec::new(),
        }
    }

    fn shrinks_first(&self) -> bool {
        true
    }
}

/// Whether the generator's schedule has it, when its kind is chosen.
pub fn draw(rng: &mut LabRng, kinds: KindSet) -> bool {
    kinds.has(FaultKind::DoubleSubmit) && rng.random_bool(0.2)
}

/// Its line in a hunt's schedule, if the schedule has it.
pub fn line(s: &FaultSchedule) -> Option<Sentence> {
    s.double_submit.then(|| Sentence::new("hunt.double_submit"))
}
