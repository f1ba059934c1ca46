//! One tool call is submitted twice at the same moment (kind
//! `double_submit`, code `d`): a double submit or a hedged request, two
//! calls with one tool_use id.

use super::kinds::FaultKind;
use super::primitive::{flag_primitive, Flag};

/// The schedule's `double_submit`: the harness's fault, shrunk first.
/// Drawn one time in five.
pub const FLAG: Flag = Flag {
    primitive: flag_primitive!(FaultKind::DoubleSubmit, double_submit, shrinks_first: true),
    chance: 0.2,
    line: "hunt.double_submit",
};

/// Its code token.
pub const TOKEN: &str = "d";
