//! One tool call is submitted twice at the same moment (kind
//! `double_submit`, code `d`): a double submit or a hedged request, two
//! calls with one tool_use id.

use rand::Rng;

use super::kinds::{FaultKind, KindSet};
use super::primitive::Primitive;
use super::schedule::FaultSchedule;
use super::simpler::without;
use crate::kernel::rng::LabRng;
use crate::kernel::text::Sentence;

/// The schedule's `double_submit`: the harness's fault, shrunk first.
pub const PRIMITIVE: Primitive = Primitive {
    simpler: |s| without(s, |c| &mut c.double_submit),
    shrinks_first: true,
    ..Primitive::new(FaultKind::DoubleSubmit, |s| s.double_submit)
};

/// Its code token.
pub const TOKEN: &str = "d";

/// Whether the generator's schedule has it, when its kind is chosen.
pub fn draw(rng: &mut LabRng, kinds: KindSet) -> bool {
    kinds.has(FaultKind::DoubleSubmit) && rng.random_bool(0.2)
}

/// Its line in a hunt's schedule, if the schedule has it.
pub fn line(s: &FaultSchedule) -> Option<Sentence> {
    s.double_submit.then(|| Sentence::new("hunt.double_submit"))
}
