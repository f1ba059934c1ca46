//! Every time and cap of the lab, in one place, apart from the engine that
//! uses them, so the page (built without the engine) shows the same numbers
//! the engine runs. The chapter's rule between them (the lease outlasts the
//! client timeout plus the longest normal processing) is checked when the
//! crate compiles, at the end of this file.

use crate::kernel::params::Bound;

// The harness: «harness 4 次尝试», 200 ms × 2ⁿ⁻¹ × [0.9, 1.1).

/// Per-attempt timeout: the client waits 2 s for an answer.
pub const ATTEMPT_TIMEOUT_MS: u64 = 2_000;
/// Attempts per tool call (the first one and three retries).
pub const MAX_ATTEMPTS: u32 = 4;
/// Backoff base: retry `n` waits 200 ms × 2ⁿ⁻¹ × uniform[0.9, 1.1).
pub const BACKOFF_BASE_MS: f64 = 200.0;
/// Deadline of one tool call, from the model's call to the tool result.
pub const CALL_DEADLINE_MS: u64 = 12_000;
/// How long the model takes before it calls the tool again.
pub const MODEL_THINK_MS: u64 = 1_500;

// The network and the server.

/// One-way network latency: 20 ms plus up to 10 ms.
pub const LATENCY_MS: u64 = 20;
pub const LATENCY_JITTER_MS: u64 = 10;
/// Normal work between a handler's two phases: 40 ms plus up to 20 ms.
pub const WORK_MS: u64 = 40;
pub const WORK_JITTER_MS: u64 = 20;
/// The longest normal work between a handler's two phases (no stall).
pub const WORK_MAX_MS: u64 = WORK_MS + WORK_JITTER_MS;
/// A crashed server process is back after this long.
pub const RESTART_MS: u64 = 1_000;
/// Lease on an `in_progress` claim (`lease`). Longer than the client's
/// timeout plus the slowest normal processing, as the chapter advises.
pub const LEASE_MS: u64 = 5_000;
/// How long the server keeps idempotency keys (the chapter: at least 24 h).
pub const KEY_RETENTION_MS: u64 = 24 * 3_600_000;
/// Safety net against a schedule that would never settle; a run that hits
/// it ends with a visible `StepKind::Truncated` step.
pub const MAX_EVENTS: usize = 2_000;

// The notifier (a separate service with its own database). Its calls take
// fixed times: they draw nothing from the run's RNG, so the harness and the
// handlers draw exactly what they drew before the notifier existed.

/// One-way latency of a call between the service and the notifier.
pub const NOTIFY_LATENCY_MS: u64 = 15;
/// How long a sender waits for the notifier's answer before it calls again.
pub const NOTIFY_TIMEOUT_MS: u64 = 2_000;
/// Calls a handler makes for one notification (the relay retries until the
/// notifier answers: its row stays pending until then).
pub const NOTIFY_ATTEMPTS: u32 = 3;
/// The relay polls the outbox this long after a commit that wrote a row.
pub const RELAY_POLL_MS: u64 = 100;
/// A relay that died is back after this long and polls the outbox.
pub const RELAY_RESTART_MS: u64 = 1_000;

// The named scenarios' faults.

/// The extra processing time of `slow_server`: longer than the client's
/// per-attempt timeout, and the longest *normal* processing time the lease
/// is sized for (lease > client timeout + this + normal work).
pub const SLOW_MS: u64 = 2_500;
/// The pause of `lease_expired`: longer than the lease (a GC pause, the
/// exception the fencing token exists for). The handler wakes after the
/// taker has finished.
pub const STALL_MS: u64 = 7_000;
/// The pause of `lease_overlap`: longer than the lease, but the handler
/// wakes while the taker is still working.
pub const OVERLAP_STALL_MS: u64 = 6_000;
/// The pause of `lease_reclaimed`: past the lease, the taker's failure
/// and the next retry's claim, so the handler wakes while that claim works.
pub const RECLAIM_STALL_MS: u64 = 7_000;
/// The taker's (normal, if slow) extra processing time in `lease_overlap`
/// (and the re-claimer's in `lease_reclaimed`).
pub const TAKER_MS: u64 = 1_500;
/// `lease_notify`: the notifier answers the taker's call this much later,
/// so the stale handler wakes and notifies before the taker commits.
pub const NOTIFIER_SLOW_MS: u64 = 1_000;
/// `Retry-After` of `retry_after_503`, in seconds.
pub const RETRY_AFTER_503_S: u64 = 1;
/// `Retry-After` of `retry_after_long`: longer than a tool call's deadline.
pub const RETRY_AFTER_LONG_S: u64 = 30;
/// `Retry-After` of `rate_limited_429`, in seconds.
pub const RETRY_AFTER_429_S: u64 = 1;
/// `key_expired`: the harness process dies this long after the run starts
/// (before its timeout fires), ...
pub const HARNESS_DIES_MS: u64 = 1_000;
/// ... the server's cleanup job runs at this time, ...
pub const CLEANUP_AT_MS: u64 = KEY_RETENTION_MS + 1_800_000;
/// ... and the harness is back the next day at this time.
pub const HARNESS_BACK_MS: u64 = KEY_RETENTION_MS + 3_600_000;

/// `key_collision`: the second tenant's agent calls this long after the
/// first (about the same time, after the first has finished).
pub const SECOND_TENANT_MS: u64 = 300;
/// `slow_drip`: a few bytes every second, well under the read timeout ...
pub const DRIP_EVERY_MS: u64 = 1_000;
/// ... for longer than the tool call's total deadline.
pub const DRIP_TOTAL_MS: u64 = 20_000;

/// `retry_after_date`: the 503's `Retry-After`, written as an HTTP date
/// this many seconds after the server's clock.
pub const RETRY_AFTER_DATE_S: u64 = 3;
/// `outage`: the service answers 503 for this long from the start, longer
/// than a tool call's deadline, then recovers.
pub const OUTAGE_MS: u64 = 30_000;
/// `many_tools`: the tool calls one run makes during the outage (002: «20
/// 个 Tool 各重试 3 次仍很危险»).
pub const MANY_TOOL_CALLS: u32 = 20;
/// `connect_timeout`: the first attempts whose connection is never
/// established, before the network recovers.
pub const CONNECT_LOST_ATTEMPTS: usize = 2;

// The chapter's rule, checked when the crate compiles: the lease outlasts
// the client timeout plus the longest normal processing; only the two
// pauses (the exception a fencing token exists for) outlive it.
const _: () = {
    let normal_max = SLOW_MS + WORK_MAX_MS;
    assert!(LEASE_MS > ATTEMPT_TIMEOUT_MS + normal_max);
    assert!(TAKER_MS < SLOW_MS);
    assert!(STALL_MS > LEASE_MS && OVERLAP_STALL_MS > LEASE_MS && RECLAIM_STALL_MS > LEASE_MS);
    assert!(HARNESS_DIES_MS < ATTEMPT_TIMEOUT_MS);
    assert!(NOTIFIER_SLOW_MS + 2 * NOTIFY_LATENCY_MS < NOTIFY_TIMEOUT_MS);
    // `001_*.txt`: a read timeout is idle time between bytes, not a deadline.
    assert!(DRIP_EVERY_MS < ATTEMPT_TIMEOUT_MS && DRIP_TOTAL_MS > CALL_DEADLINE_MS);
    assert!(KEY_RETENTION_MS < CLEANUP_AT_MS && CLEANUP_AT_MS < HARNESS_BACK_MS);
    // No harness with a total deadline outlives the outage.
    assert!(OUTAGE_MS > CALL_DEADLINE_MS);
    assert!(RETRY_AFTER_DATE_S * 1_000 < CALL_DEADLINE_MS);
    assert!((CONNECT_LOST_ATTEMPTS as u32) < MAX_ATTEMPTS);
};

/// The lab's seed range (`seed` of its pages): six digits at most, unlike the herd's and the
/// amplification's (any integer JavaScript holds), so a seed a student
/// reads off a run, types in or hands on stays short; the hunt's
/// `hunt_seed` wraps inside the same range.
pub const SEED: Bound<i64> = Bound {
    name: "seed",
    min: 0,
    max: 999_999,
    default: 1,
};

/// `unknown_reconcile`: the wait before the first status query; each
/// later one waits twice as long.
pub const STATUS_QUERY_WAIT_MS: u64 = 1_000;

/// `unknown_reconcile`: status queries per tool call before the model is
/// told the outcome is unknown, with its `status_ref`.
pub const MAX_STATUS_QUERIES: u32 = 3;

/// `receipt_late`: how long after the effect the downstream's receipt can
/// be looked up (longer than the reconciling harness's queries).
pub const RECEIPT_LATE_MS: u64 = 20_000;

/// `permission_revoked`: when the tenant's permission is revoked (after
/// the first attempt's work, before its retry).
pub const REVOKE_AT_MS: u64 = 1_500;

/// `approval_expired`: when the one-time approval expires (after the
/// first attempt's work, before its retry).
pub const APPROVAL_UNTIL_MS: u64 = 1_500;

/// `deadline_passed`: how much longer than usual the first request takes
/// to reach the service (past its attempt's deadline).
pub const LATE_REQUEST_MS: u64 = 3_000;
