//! The harness re-renders the body before an attempt (kind `rerender`,
//! code `b`): a fresh timestamp in the details, so its digest differs.

use rand::Rng;

use super::kinds::{FaultKind, KindSet};
use super::primitive::Primitive;
use crate::kernel::rng::LabRng;
use crate::kernel::text::Sentence;

/// The attempt's body is rendered anew.
pub const PRIMITIVE: Primitive = Primitive {
    measure: Some(|s| (s.attempts.iter().filter(|a| a.rerender).count() as u64, 0)),
    ..Primitive::new(FaultKind::Rerender, |s| {
        s.attempts.iter().any(|a| a.rerender)
    })
};

/// Its code token on an attempt.
pub const TOKEN: &str = "b";

/// Whether the generator re-renders an attempt's body.
pub fn draw(rng: &mut LabRng, kinds: KindSet) -> bool {
    kinds.has(FaultKind::Rerender) && rng.random_bool(0.15)
}

/// Its part of an attempt's line in a hunt's schedule.
pub fn part() -> Sentence {
    Sentence::new("hunt.rerender")
}
