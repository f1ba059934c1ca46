//! The model files several different reports at once, one tool call each
//! (code `r<n>`): not a fault of its own but the load the run's other
//! faults meet (002: «20 个 Tool 各重试 3 次仍很危险»), so it has no kind and
//! the hunt never draws it. Each call's report is numbered
//! ([`crate::lab::model::harness::task_title`]).

use super::code::{bounded, CodeError};
use super::schedule::FaultSchedule;
use crate::kernel::text::{Arg, Sentence};

/// Its code token's tag.
pub const TOKEN: &str = "r";

/// The most tool calls a code may ask for at once.
pub const MAX_CODE_TOOL_CALLS: u64 = 50;

/// Its code token, if the model files more than one report.
pub fn code(s: &FaultSchedule) -> Option<String> {
    s.tool_calls.map(|n| format!("{TOKEN}{n}"))
}

/// Reads `r<n>`.
pub fn read(raw: &str, n: u64) -> Result<u32, CodeError> {
    bounded(raw, n, MAX_CODE_TOOL_CALLS).map(|n| n as u32)
}

/// Its line in a hunt's schedule.
pub fn line(s: &FaultSchedule) -> Option<Sentence> {
    s.tool_calls
        .map(|n| Sentence::new("hunt.tool_calls").arg("n", Arg::raw(n)))
}
