//! Golden runs of 003's recovery protocol, shared by the native test
//! (tests/lab_recovery_golden.rs) and the browser test (tests/wasm_lab.rs):
//! the refund-like downstream, status references and queries, a failure
//! recorded as unknown, authorisation on replay, the approval and the
//! request's deadline run bit for bit the same on native SQLite and in
//! wasm. The counts are 003's expected outcomes (tests/lab_recovery.rs
//! asserts them over several seeds); the digests pin the traces.

use retry_lab::lab::{run, Design, HarnessPreset, Preset, Run, Scenario};

/// `reconciled` without `recheck_auth`.
pub const NO_RECHECK: &str = "claim,digest,lease,guard,fence,outbox,downstream_key,tenant_scope,\
                              status_ref,unknown_on_failure,approval";

/// (scenario, harness preset, design: a preset's id or mechanism ids, seed,
/// SHA-256 of the trace JSON, reports, downstream effects, what the model
/// was told, the ending).
pub type Golden = (
    Scenario,
    &'static str,
    &'static str,
    u64,
    &'static str,
    usize,
    usize,
    &'static str,
    &'static str,
);

pub const GOLDEN_RECOVERY: [Golden; 9] = [
    // Reconciled from the receipt: one effect, «created» after the check.
    (
        Scenario::DownstreamDoneCrash,
        "reconciling",
        "reconciled",
        1,
        "656945eeb9189de761a885e503b0ed652f6039c666fb44d7bfbad2a066a88ea2",
        1,
        1,
        "created",
        "one_known",
    ),
    // No receipt by the last query: «结果未知» with the status_ref.
    (
        Scenario::ReceiptLate,
        "reconciling",
        "reconciled",
        1,
        "a8302a61a3cced830a26fe5f966b241212b32be50bc8ac84e080d4d468601602",
        0,
        1,
        "unknown",
        "one_unknown",
    ),
    // 003: the failure is recorded unknown, the query proves the effect.
    (
        Scenario::FailAfterEffect,
        "reconciling",
        "reconciled",
        1,
        "4e2aac2e42bc509852528a936fd59ea319a15f292376226fe77a42df812f4218",
        1,
        1,
        "created",
        "one_known",
    ),
    // Stripe: the stored 500 is replayed; it hides the effect it made.
    (
        Scenario::FailAfterEffect,
        "chapter",
        "fenced",
        1,
        "31edfc1547ab8abde488e4e2601069fd57736dbf44b6840c6d17d46ed6be83e5",
        0,
        1,
        "unknown",
        "one_unknown",
    ),
    // Authorisation first: 403, nothing shown, the truth told.
    (
        Scenario::PermissionRevoked,
        "reconciling",
        "reconciled",
        1,
        "80cb0fd499ed7d43f23497dd40b590dc392fd252ad1ddbe1a445234cdb3bd4bb",
        1,
        1,
        "denied",
        "one_unknown",
    ),
    // Without it the cached answer reaches a revoked principal.
    (
        Scenario::PermissionRevoked,
        "reconciling",
        NO_RECHECK,
        1,
        "ac87ca18242085fa9cb54cc3961134ef094939b03cbc032a5c3abcdb6d4d6799",
        1,
        1,
        "created",
        "leak",
    ),
    // A new execution past the expired approval is refused: nothing runs.
    (
        Scenario::ApprovalExpired,
        "reconciling",
        "reconciled",
        1,
        "1f1bc189d8224bc77ccba4adff92fa30a8cd19635a9f72f253f1f809b16ca07a",
        0,
        0,
        "unknown",
        "none_unknown",
    ),
    // Never started past its deadline: a retry is harmless.
    (
        Scenario::DeadlinePassed,
        "reconciling",
        "reconciled",
        1,
        "6efe3907b1456060359f822cee70bacb4721dba4071b6ab317875c0d21477a23",
        1,
        1,
        "created",
        "one_known",
    ),
    // A resend without a downstream key makes a second effect.
    (
        Scenario::DownstreamDoneCrash,
        "chapter",
        "fenced",
        1,
        "06a418083d53cdec9f18efb2f32b83e5553819c2aee8cc74608c0a6f0b4434d4",
        1,
        2,
        "created",
        "duplicate",
    ),
];

fn design(ids: &str) -> Design {
    Preset::from_id(ids).map_or_else(
        || {
            let (d, problems) = Design::parse(ids);
            assert!(problems.is_empty(), "{ids}: {problems:?}");
            d
        },
        Preset::design,
    )
}

/// The run of one golden row.
pub fn golden_run(g: &Golden) -> Run {
    let harness = HarnessPreset::from_id(g.1).expect("a harness preset");
    run(g.0, harness.harness(), design(g.2), g.3)
}

/// Runs every golden run and asserts its counts and trace digest.
pub fn check_recovery() {
    for g in &GOLDEN_RECOVERY {
        let r = golden_run(g);
        let cell = r.cell();
        let effects = r.effect_calls().iter().filter(|e| e.made()).count();
        let what = format!("{:?} {} {} {}", g.0, g.1, g.2, g.3);
        assert_eq!(
            (cell.reports, effects, cell.tool.id(), cell.ending().id()),
            (g.5, g.6, g.7, g.8),
            "{what}"
        );
        assert_eq!(r.trace_digest(), g.4, "{what}");
    }
}
