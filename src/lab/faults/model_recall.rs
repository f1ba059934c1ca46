//! The model calls `submit_bug_report` again after a tool result that is
//! not a success (kind `model_recall`, code `m<n>`): a new tool_use id, so
//! with a per-tool-use key, a new key.

use rand::Rng;

use super::code::{bounded, CodeError};
use super::kinds::{FaultKind, KindSet};
use super::primitive::Primitive;
use super::schedule::FaultSchedule;
use super::simpler::edited;
use crate::kernel::rng::LabRng;
use crate::kernel::text::Sentence;

/// The most model re-calls the generator asks for.
pub const MAX_GEN_RECALLS: u32 = 2;
/// The most model re-calls a code may ask for.
pub const MAX_CODE_RECALLS: u32 = 3;

/// The model calls the tool again: shrunk first.
pub const PRIMITIVE: Primitive = Primitive {
    measure: Some(|s| (u64::from(s.model_recalls), 0)),
    simpler,
    shrinks_first: true,
    ..Primitive::new(FaultKind::ModelRecall, |s| s.model_recalls > 0)
};

/// None at all, then one fewer.
fn simpler(s: &FaultSchedule) -> Vec<FaultSchedule> {
    let mut out = Vec::new();
    if s.model_recalls > 0 {
        out.push(edited(s, |c| c.model_recalls = 0));
    }
    if s.model_recalls > 1 {
        out.push(edited(s, |c| c.model_recalls -= 1));
    }
    out
}

/// How many times the generator's model calls again.
pub fn draw(rng: &mut LabRng, kinds: KindSet) -> u32 {
    match kinds.has(FaultKind::ModelRecall) {
        true => rng.random_range(0..=MAX_GEN_RECALLS),
        false => 0,
    }
}

/// Its code token, if the schedule has re-calls.
pub fn code(s: &FaultSchedule) -> Option<String> {
    (s.model_recalls > 0).then(|| format!("m{}", s.model_recalls))
}

/// Reads `m<n>`.
pub fn read(raw: &str, n: u64) -> Result<u32, CodeError> {
    Ok(bounded(raw, n, MAX_CODE_RECALLS.into())? as u32)
}

/// Its line in a hunt's schedule: the model calls again at most so many times.
pub fn line(s: &FaultSchedule) -> Option<Sentence> {
    (s.model_recalls > 0).then(|| {
        let n = u64::from(s.model_recalls);
        let times = Sentence::counted(n, "hunt.times.one", "hunt.times.other");
        Sentence::new("hunt.model_recalls").arg("times", times)
    })
}
