//! §4 再发一次会不会多一份：幂等键: the key, the IETF draft's table, the
//! chapter's server implementations in the lab (key_split, atomic, leased,
//! fenced), and the reading «幂等、超时与可观测性» (digests, storage,
//! authorisation, logs, monitoring; its 动手实践 is `bank_refund`).

use super::compose::{choice, predict_reports, In};
use super::demos::lab_run;
use super::sections::{Reading, Source};
use super::Question;
use crate::lab::{ClientStrategy as C, Preset as V, Scenario as S};

const READING: Source = Source::Reading(Reading::Observability);

/// Which value Codex uses as the key of «use one rate-limit reset».
pub const KEY_CODEX: &[&str] = &[
    "http_request_id",
    "fresh_uuid_per_attempt",
    "logical_op_uuid",
    "account_and_day",
];
/// A retry with the same key and body while the first is still running:
/// the key and the ways a server runs the work twice (section 1's third
/// truth, a takeover inside the lease, a lock that serialises but does not
/// deduplicate).
pub const IN_PROGRESS: &[&str] = &[
    "reject_409",
    "execute_parallel",
    "take_over_claim",
    "queue_then_execute",
];
/// Who writes the report that stays (lease overlap, no fence).
pub const OVERLAP_WRITER: &[&str] = &["stale_handler", "taker", "both_write", "neither_writes"];
/// What next after a replayed stored error.
pub const STORED_ERROR_NEXT: &[&str] = &[
    "retry_same_key",
    "retry_new_key",
    "stop_not_created",
    "stop_unknown",
];

/// The section's questions, in page order.
pub(super) fn questions(here: In) -> Vec<Question> {
    let mut v = vec![
        here.at(
            "predict_lost_response",
            Source::Chapter,
            predict_reports(&[
                ("ex.field.naive_naive", S::ResponseLost, C::Naive, V::Naive),
                (
                    "ex.field.new_key_atomic",
                    S::ResponseLost,
                    C::NewKey,
                    V::Atomic,
                ),
                (
                    "ex.field.stable_key_atomic",
                    S::ResponseLost,
                    C::StableKey,
                    V::Atomic,
                ),
            ]),
            None,
        ),
        here.statement("tf_idempotency_key_status", Source::Chapter, false, None),
        here.at(
            "which_key_codex_reset",
            Source::Chapter,
            choice(KEY_CODEX, "logical_op_uuid"),
            // The first attempt is still running when the retry comes: one
            // key per logical operation gets 409, then the stored 201.
            // (Not response_lost: predict_lost_response asks that count.)
            lab_run(S::SlowServer, C::StableKey, V::Atomic),
        ),
        here.at(
            "same_key_in_progress",
            Source::Chapter,
            choice(IN_PROGRESS, "reject_409"),
            lab_run(S::SlowServer, C::StableKey, V::Atomic),
        ),
    ];
    v.extend(lab_questions(here));
    v.extend(stored_error_questions(here));
    v.extend(reading_questions(here));
    v
}

/// The lab's server implementations under crashes and leases.
fn lab_questions(here: In) -> Vec<Question> {
    vec![
        here.at(
            "predict_key_split_crash",
            Source::Chapter,
            predict_reports(&[
                (
                    "ex.field.key_split",
                    S::CrashBetweenCommits,
                    C::StableKey,
                    V::KeySplit,
                ),
                (
                    "ex.field.atomic",
                    S::CrashBetweenCommits,
                    C::StableKey,
                    V::Atomic,
                ),
                (
                    "ex.field.leased",
                    S::CrashBetweenCommits,
                    C::StableKey,
                    V::Leased,
                ),
            ]),
            None,
        ),
        here.at(
            "predict_lease_write_back",
            Source::Chapter,
            predict_reports(&[
                (
                    "ex.field.unguarded_lease_expired",
                    S::LeaseExpired,
                    C::StableKey,
                    V::LeasedUnguarded,
                ),
                (
                    "ex.field.unguarded_lease_overlap",
                    S::LeaseOverlap,
                    C::StableKey,
                    V::LeasedUnguarded,
                ),
                (
                    "ex.field.guarded_lease_expired",
                    S::LeaseExpired,
                    C::StableKey,
                    V::Leased,
                ),
            ]),
            None,
        ),
        here.at(
            "lab_overlap_writer",
            Source::Chapter,
            choice(OVERLAP_WRITER, "stale_handler"),
            lab_run(S::LeaseOverlap, C::StableKey, V::Leased),
        ),
    ]
}

/// The lab's server implementations under stored errors, and a key kept
/// too short.
fn stored_error_questions(here: In) -> Vec<Question> {
    vec![
        here.at(
            "predict_stored_500",
            Source::Chapter,
            predict_reports(&[
                (
                    "ex.field.server_atomic",
                    S::Stored500,
                    C::StableKey,
                    V::Atomic,
                ),
                (
                    "ex.field.server_naive",
                    S::Stored500,
                    C::StableKey,
                    V::Naive,
                ),
            ]),
            None,
        ),
        here.at(
            "lab_stored_error_next",
            Source::Chapter,
            choice(STORED_ERROR_NEXT, "stop_unknown"),
            // No demo: every stored_500 run with a stable key shows the
            // count predict_stored_500 asks for.
            None,
        ),
        here.statement(
            "tf_key_retention_next_day",
            Source::Chapter,
            false,
            lab_run(S::KeyExpired, C::StableKey, V::Fenced),
        ),
    ]
}

/// The reading «幂等、超时与可观测性».
fn reading_questions(here: In) -> Vec<Question> {
    vec![
        here.statement("tf_key_store_memory", READING, false, None),
        here.statement("tf_log_fields", READING, true, None),
        here.statement(
            "tf_monitor_success_rate",
            READING,
            false,
            // Every attempt succeeds and two reports stay (not
            // response_lost: predict_lost_response asks that count).
            lab_run(S::SlowServer, C::NewKey, V::Atomic),
        ),
    ]
}
