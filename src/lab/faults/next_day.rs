//! The harness process dies after its first request (kind `next_day`, code
//! `n`); restarted the next day from its durable queue, it resends the
//! same request with the same key, after the server's cleanup pruned keys
//! older than the retention.

use super::kinds::FaultKind;
use super::primitive::{flag_primitive, Flag};

/// The schedule's `restart_next_day`: the harness's fault, shrunk first;
/// past the key's retention it breaks every server, so the page leaves it
/// out. Drawn one time in ten.
pub const FLAG: Flag = Flag {
    primitive: flag_primitive!(FaultKind::NextDay, restart_next_day, shrinks_first: true, off_by_default: true),
    chance: 0.1,
    line: "hunt.next_day",
};

/// Its code token.
pub const TOKEN: &str = "n";
