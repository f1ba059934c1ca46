//! «Predict, then run» past the report count: how many notifications the
//! owner gets (crash before notifying, the relay's restart, the stale
//! lease holder), what crosses between tenants, how many reports a
//! rewritten title leaves, and how many attempts a TLS error costs. The
//! student types the counts first; the answers are the lab's own runs
//! ([`super::live`]), each field naming the count it asks for.

use super::compose::{predict_lab, q};
use super::sections::{Reading, Section, Source};
use super::{LabRun, Question};
use crate::lab::{
    ClientStrategy as C, ClientStrategy, Measure, Preset as V, Preset, Scenario as S, Scenario,
};

/// The run of `scenario` with `client` on the preset `server` plus
/// the mechanisms `added` (a comma list of ids), counting `measure`, at seed 1.
const fn run(
    scenario: Scenario,
    client: ClientStrategy,
    server: Preset,
    added: &'static str,
    measure: Measure,
) -> LabRun {
    LabRun {
        added,
        measure,
        ..LabRun::reports(scenario, client, server)
    }
}

/// The notifications of `scenario` with a stable key on `fenced` plus `added`.
const fn notes(scenario: Scenario, added: &'static str) -> LabRun {
    run(
        scenario,
        C::StableKey,
        V::Fenced,
        added,
        Measure::Notifications,
    )
}

/// The questions, in page order within their sections.
pub(super) fn questions() -> Vec<Question> {
    let chapter = Source::Chapter;
    let reports = Measure::Reports;
    vec![
        q(
            Section::Truths,
            "predict_tls_attempts",
            Source::Reading(Reading::Timeouts),
            predict_lab(vec![
                (
                    "ex.field.tls_careful",
                    run(S::TlsError, C::Careful, V::Fenced, "", Measure::Attempts),
                ),
                (
                    "ex.field.tls_stable_key",
                    run(S::TlsError, C::StableKey, V::Fenced, "", Measure::Attempts),
                ),
            ]),
            None,
        ),
        q(
            Section::Keys,
            "predict_key_collision",
            Source::Reading(Reading::Observability),
            predict_lab(vec![
                (
                    "ex.field.key_split",
                    run(
                        S::KeyCollision,
                        C::StableKey,
                        V::KeySplit,
                        "",
                        Measure::Leaks,
                    ),
                ),
                (
                    "ex.field.key_split",
                    run(S::KeyCollision, C::StableKey, V::KeySplit, "", reports),
                ),
                (
                    "ex.field.key_split_scoped",
                    run(
                        S::KeyCollision,
                        C::StableKey,
                        V::KeySplit,
                        "tenant_scope",
                        reports,
                    ),
                ),
            ]),
            None,
        ),
        q(
            Section::Agent,
            "predict_title_rewrite",
            chapter,
            predict_lab(vec![
                (
                    "ex.field.tool_use_key",
                    run(S::TitleRewrite, C::StableKey, V::Fenced, "", reports),
                ),
                (
                    "ex.field.business_key",
                    run(S::TitleRewrite, C::BusinessKey, V::Fenced, "", reports),
                ),
                (
                    "ex.field.query_first",
                    run(S::TitleRewrite, C::QueryFirst, V::Fenced, "", reports),
                ),
            ]),
            None,
        ),
        q(
            Section::Interview,
            "predict_outbox_after_crash",
            chapter,
            predict_lab(vec![
                ("ex.field.notify_fenced", notes(S::CrashBeforeNotify, "")),
                (
                    "ex.field.notify_outbox",
                    notes(S::CrashBeforeNotify, "outbox"),
                ),
            ]),
            None,
        ),
        q(
            Section::Interview,
            "predict_relay_crash",
            chapter,
            predict_lab(vec![
                ("ex.field.notify_outbox", notes(S::RelayCrash, "outbox")),
                (
                    "ex.field.notify_outbox_key",
                    notes(S::RelayCrash, "outbox,downstream_key"),
                ),
            ]),
            None,
        ),
        q(
            Section::Interview,
            "predict_lease_downstream",
            chapter,
            predict_lab(vec![
                (
                    "ex.field.notify_early",
                    notes(S::LeaseNotify, "notify_before_commit"),
                ),
                (
                    "ex.field.notify_early_fence",
                    notes(S::LeaseNotify, "notify_before_commit,downstream_fence"),
                ),
                ("ex.field.notify_outbox", notes(S::LeaseNotify, "outbox")),
            ]),
            None,
        ),
    ]
}
