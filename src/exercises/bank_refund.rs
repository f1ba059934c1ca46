//! 003's 动手实践 (lines 162–174 of «幂等、超时与可观测性»): design
//! `create_refund`'s persistence and recovery for seven cases, and «为每步写出
//! 状态转移、是否可重试和用户可见状态». Each case is answered in those three
//! parts, each a pick from one list shared by all seven cases, so that no
//! list pairs off with the cases; several cases share an answer where 003
//! says they do. The keys are written once, here, from 003's rules (cited
//! per case); `tests/exercise_keys.rs` re-derives what 003 fixes.
//!
//! Each case runs in the lab as 003 says (the `reconciled` server, the
//! `reconciling` harness), next to the run that breaks when one piece is
//! missing; `tests/exercises_refund_runs.rs` checks each pair's judgement.

use super::compose::In;
use super::sections::{Reading, Source};
use super::{CasePart, CaseRow, CaseRun, Cases, Kind, Missing, Question, Recovery};
use crate::lab::grading::judgement::Clause;
use crate::lab::Scenario as S;

/// The question's id (it names the exercise, not a verdict).
pub const ID: &str = "create_refund_design";

/// The record's state before → after the step, in 003's states (line 28:
/// `in_progress | succeeded | failed`, and unknown for an outcome nobody
/// can tell, lines 75 and 83). `refund_tr_none` is the truth where nothing
/// executes: a failed or in_progress record left behind would answer the
/// next attempt of the same key with that state (line 35) instead of
/// executing it.
pub const TRANSITIONS: &[&str] = &[
    "refund_tr_created",
    "refund_tr_kept",
    "refund_tr_unknown",
    "refund_tr_none",
    "refund_tr_failed",
    "refund_tr_rerun",
];

/// Whether, and how, the call may be retried: 003's finite recovery (line
/// 79: retry_after, query_status, human_review) and its «默认不自动重试»
/// (line 117); the last two are the «常见错误» of lines 181–185.
pub const RETRIES: &[&str] = &[
    "refund_re_replay",
    "refund_re_wait",
    "refund_re_query",
    "refund_re_authz",
    "refund_re_stop",
    "refund_re_new_key",
    "refund_re_backoff",
];

/// What the user sees; `refund_user_failed` is «Timeout 后直接再发» seen
/// from the user's side (line 183), `refund_user_done` the answer of a
/// cache hit that skips the digest or the authorisation (lines 181, 185).
pub const USER_SEES: &[&str] = &[
    "refund_user_done",
    "refund_user_conflict",
    "refund_user_checking",
    "refund_user_approval",
    "refund_user_denied",
    "refund_user_later",
    "refund_user_failed",
];

/// The three parts, in the order 003 names them.
pub const PARTS: &[CasePart] = &[
    CasePart {
        label: "ex.part.refund_transition",
        options: TRANSITIONS,
    },
    CasePart {
        label: "ex.part.refund_retry",
        options: RETRIES,
    },
    CasePart {
        label: "ex.part.refund_user",
        options: USER_SEES,
    },
];

/// A case the lab runs as 003 says, and what its broken run lacks: the
/// mechanisms taken out of the server, the tokens that change the harness,
/// and the clause that then breaks.
fn lab(scenario: S, missing: Option<(&'static str, &'static str, Clause)>) -> CaseRun {
    let broken = missing.map(|(mechanisms, harness, breaks)| Missing {
        mechanisms,
        harness,
        breaks,
    });
    CaseRun::Recovery(Recovery { scenario, broken })
}

fn case(n: usize, keys: &'static [&'static str]) -> CaseRow {
    const LABELS: [&str; 7] = [
        "ex.case.refund_1",
        "ex.case.refund_2",
        "ex.case.refund_3",
        "ex.case.refund_4",
        "ex.case.refund_5",
        "ex.case.refund_6",
        "ex.case.refund_7",
    ];
    CaseRow {
        label: LABELS[n - 1],
        keys,
        run: run(n),
    }
}

/// The seven cases of lines 164–170, with their keys.
pub fn rows() -> Vec<CaseRow> {
    vec![
        // Line 37: no key yet → claim in_progress atomically, execute,
        // persist; line 35: a same-key retry would only replay.
        case(
            1,
            &["refund_tr_created", "refund_re_replay", "refund_user_done"],
        ),
        // Line 35 and 129: same key, same digest → the original result,
        // after re-checking that the caller may still read it.
        case(
            2,
            &["refund_tr_kept", "refund_re_replay", "refund_user_done"],
        ),
        // Line 36: IDEMPOTENCY_CONFLICT; line 117: a conflict is not
        // retried automatically; a changed amount is another intent
        // (the key is «对同一业务意图稳定», line 90).
        case(
            3,
            &["refund_tr_kept", "refund_re_stop", "refund_user_conflict"],
        ),
        // Lines 49–67, 75, 81, 126: OUTCOME_UNKNOWN; resending only
        // returns unknown; query_operation_status(status_ref), human
        // review without evidence.
        case(
            4,
            &[
                "refund_tr_unknown",
                "refund_re_query",
                "refund_user_checking",
            ],
        ),
        // Lines 123–124: the approval is bound before a new execution, so
        // nothing runs and nothing is recorded; line 117: an invalid
        // approval is not retried automatically.
        case(
            5,
            &["refund_tr_none", "refund_re_authz", "refund_user_approval"],
        ),
        // Lines 123 and 129: schema/auth comes first; a revoked permission
        // must not read the cached result; line 117: no automatic retry.
        case(
            6,
            &["refund_tr_kept", "refund_re_authz", "refund_user_denied"],
        ),
        // Lines 79, 110–111: retry_after only for a transient failure known
        // not to have started; honour Retry-After within the deadline left.
        case(
            7,
            &["refund_tr_none", "refund_re_wait", "refund_user_later"],
        ),
    ]
}

/// Case `n`'s lab runs: its scenario, and what its broken run lacks.
fn run(n: usize) -> CaseRun {
    match n {
        // Nothing breaks a first success: every server without one of
        // 003's mechanisms passes it too.
        1 => lab(S::None, None),
        // Without a stable key each retry is a new operation.
        2 => lab(
            S::ResponseLost,
            Some(("", "key_per_attempt", Clause::AtMostOneReport)),
        ),
        // Without the digest the changed amount gets the old result.
        3 => lab(
            S::BodyMismatch,
            Some(("digest", "", Clause::NoChangedBodyReplay)),
        ),
        // Without status_ref the record is not unknown: the retry
        // executes the refund again.
        4 => lab(
            S::DownstreamDoneCrash,
            Some(("status_ref", "", Clause::NoReExecution)),
        ),
        // The lab's approval_expired: the refund never ran when its
        // approval expired; without the approval check the retry executes
        // it past the expiry.
        5 => lab(
            S::ApprovalExpired,
            Some(("approval", "", Clause::NoUnapprovedEffect)),
        ),
        // Without recheck_auth the cached result is replayed.
        6 => lab(
            S::PermissionRevoked,
            Some(("recheck_auth", "", Clause::NoLeak)),
        ),
        // A harness that ignores Retry-After retries too early.
        _ => lab(
            S::RateLimited429,
            Some(("", "ra_ignore", Clause::NoEarlyRetry)),
        ),
    }
}

/// The section's question (the end of §4, after the reading's statements).
pub(super) fn questions(here: In) -> Vec<Question> {
    vec![here.at(
        ID,
        Source::Reading(Reading::Observability),
        Kind::Cases(Cases {
            parts: PARTS,
            rows: rows(),
        }),
        None,
    )]
}
