//! The lab's fixed times and caps, apart from the engine that uses them, so
//! the page (built without the engine) shows the same numbers the engine runs.

/// Normal work between a handler's two phases: 40 ms plus up to 20 ms.
pub(super) const WORK_MS: u64 = 40;
pub(super) const WORK_JITTER_MS: u64 = 20;
/// The longest normal work between a handler's two phases (no stall).
pub const WORK_MAX_MS: u64 = WORK_MS + WORK_JITTER_MS;
/// A crashed server process is back after this long.
pub const RESTART_MS: u64 = 1_000;
/// Safety net against a schedule that would never settle; a run that hits
/// it ends with a visible `StepKind::Truncated` step.
pub const MAX_EVENTS: usize = 2_000;
/// Lease on an `in_progress` claim (`leased`, `fenced`). Longer than the
/// client's timeout plus the slowest normal processing, as the chapter advises.
pub const LEASE_MS: u64 = 5_000;
