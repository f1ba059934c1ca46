//! «Predict, then run» on 003's recovery protocol: a handler that raised
//! after its downstream refunded (release, Stripe's stored 500, 003's
//! unknown), a cached replay after the permission was revoked, a resend
//! against a status query after a crash before persisting, and a receipt
//! not there yet. The student types the counts first; the answers are the
//! lab's own runs ([`super::live`]), most of them with 003's harness
//! (`reconciling`), which no client of the lab stands for.

use super::compose::{predict_lab, In};
use super::sections::{Reading, Source};
use super::{LabRun, Question};
use crate::lab::{
    ClientStrategy as C, HarnessPreset as H, Measure, Preset as V, Preset, Scenario as S, Scenario,
};

/// The run of `scenario` with the harness `harness` on the preset `server`
/// plus the mechanisms `added`, counting `measure`, at seed 1. The client
/// is the stable key, the one the harness presets keep.
const fn run(
    scenario: Scenario,
    harness: H,
    server: Preset,
    added: &'static str,
    measure: Measure,
) -> LabRun {
    LabRun {
        added,
        measure,
        harness: Some(harness),
        ..LabRun::reports(scenario, C::StableKey, server)
    }
}

/// The questions, in page order (after create_refund's cases).
pub(super) fn questions(here: In) -> Vec<Question> {
    let mut all = after_the_effect(here);
    all.extend(unknown_outcomes(here));
    all
}

/// A handler that raised after the refund, and a revoked permission.
fn after_the_effect(here: In) -> Vec<Question> {
    let src = Source::Reading(Reading::Observability);
    let (reports, leaks) = (Measure::Reports, Measure::Leaks);
    let rec = H::Reconciling;
    let fae = S::FailAfterEffect;
    vec![
        here.at(
            "predict_fail_after_effect",
            src,
            predict_lab(vec![
                ("ex.field.fae_naive", run(fae, rec, V::Naive, "", reports)),
                ("ex.field.fae_fenced", run(fae, rec, V::Fenced, "", reports)),
                (
                    "ex.field.fae_reconciled",
                    run(fae, rec, V::Reconciled, "", reports),
                ),
            ]),
            None,
        ),
        here.at(
            "predict_revoked_replay",
            src,
            predict_lab(vec![
                (
                    "ex.field.revoked_fenced",
                    run(S::PermissionRevoked, rec, V::Fenced, "", leaks),
                ),
                (
                    "ex.field.revoked_recheck",
                    run(S::PermissionRevoked, rec, V::Fenced, "recheck_auth", leaks),
                ),
            ]),
            None,
        ),
    ]
}

/// An unknown outcome: resent or queried, and a receipt not there yet.
fn unknown_outcomes(here: In) -> Vec<Question> {
    let src = Source::Reading(Reading::Observability);
    let reports = Measure::Reports;
    let rec = H::Reconciling;
    vec![
        here.at(
            "predict_resend_or_query",
            src,
            predict_lab(vec![
                (
                    "ex.field.unknown_resend",
                    run(
                        S::DownstreamDoneCrash,
                        H::Chapter,
                        V::Reconciled,
                        "",
                        reports,
                    ),
                ),
                (
                    "ex.field.unknown_query",
                    run(S::DownstreamDoneCrash, rec, V::Reconciled, "", reports),
                ),
            ]),
            None,
        ),
        here.at(
            "predict_receipt_late",
            src,
            predict_lab(vec![
                (
                    "ex.field.late_fenced",
                    run(S::ReceiptLate, rec, V::Fenced, "", reports),
                ),
                (
                    "ex.field.late_reconciled",
                    run(S::ReceiptLate, rec, V::Reconciled, "", reports),
                ),
            ]),
            None,
        ),
    ]
}
