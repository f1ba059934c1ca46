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

/// A question of §6 on the owner's notifications in `scenario` with a
/// stable key on `fenced`: one field per (label, mechanisms added).
fn notifications(
    id: &'static str,
    scenario: Scenario,
    fields: &[(&'static str, &'static str)],
) -> Question {
    let note = |&(label, added)| {
        let counted = Measure::Notifications;
        (
            label,
            run(scenario, C::StableKey, V::Fenced, added, counted),
        )
    };
    let kind = predict_lab(fields.iter().map(note).collect());
    q(Section::Interview, id, Source::Chapter, kind, None)
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
        notifications(
            "predict_outbox_after_crash",
            S::CrashBeforeNotify,
            &[
                ("ex.field.notify_fenced", ""),
                ("ex.field.notify_outbox", "outbox"),
            ],
        ),
        notifications(
            "predict_relay_crash",
            S::RelayCrash,
            &[
                ("ex.field.notify_outbox", "outbox"),
                ("ex.field.notify_outbox_key", "outbox,downstream_key"),
            ],
        ),
        notifications(
            "predict_lease_downstream",
            S::LeaseNotify,
            &[
                ("ex.field.notify_early", "notify_before_commit"),
                (
                    "ex.field.notify_early_fence",
                    "notify_before_commit,downstream_fence",
                ),
                ("ex.field.notify_outbox", "outbox"),
            ],
        ),
    ]
}
