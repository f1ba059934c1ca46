//! «Predict, then run» past the report count: how many notifications the
//! owner gets (crash before notifying, the relay's restart, the stale
//! lease holder), what crosses between tenants, how many reports a
//! rewritten title leaves, and how many attempts a TLS error costs. The
//! student types the counts first; the answers are the lab's own runs
//! ([`super::live`]), each field naming the count it asks for.

use super::bank::{predict_lab, q};
use super::sections::{Reading, Section, Source};
use super::{LabRun, Question};
use crate::lab::Measure;

/// The run of `scenario` with `client` on the preset `server` plus
/// `added` mechanisms, counting `measure`, at seed 1.
fn run(
    scenario: &'static str,
    client: &'static str,
    server: &'static str,
    added: &'static [&'static str],
    measure: Measure,
) -> LabRun {
    LabRun {
        added,
        measure,
        ..LabRun::reports(scenario, client, server)
    }
}

/// The notifications of `scenario` with a stable key on `fenced` plus `added`.
fn notes(scenario: &'static str, added: &'static [&'static str]) -> LabRun {
    run(
        scenario,
        "stable_key",
        "fenced",
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
                    run("tls_error", "careful", "fenced", &[], Measure::Attempts),
                ),
                (
                    "ex.field.tls_stable_key",
                    run("tls_error", "stable_key", "fenced", &[], Measure::Attempts),
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
                        "key_collision",
                        "stable_key",
                        "key_split",
                        &[],
                        Measure::Leaks,
                    ),
                ),
                (
                    "ex.field.key_split",
                    run("key_collision", "stable_key", "key_split", &[], reports),
                ),
                (
                    "ex.field.key_split_scoped",
                    run(
                        "key_collision",
                        "stable_key",
                        "key_split",
                        &["tenant_scope"],
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
                    run("title_rewrite", "stable_key", "fenced", &[], reports),
                ),
                (
                    "ex.field.business_key",
                    run("title_rewrite", "business_key", "fenced", &[], reports),
                ),
                (
                    "ex.field.query_first",
                    run("title_rewrite", "query_first", "fenced", &[], reports),
                ),
            ]),
            None,
        ),
        q(
            Section::Interview,
            "predict_outbox_after_crash",
            chapter,
            predict_lab(vec![
                ("ex.field.notify_fenced", notes("crash_before_notify", &[])),
                (
                    "ex.field.notify_outbox",
                    notes("crash_before_notify", &["outbox"]),
                ),
            ]),
            None,
        ),
        q(
            Section::Interview,
            "predict_relay_crash",
            chapter,
            predict_lab(vec![
                ("ex.field.notify_outbox", notes("relay_crash", &["outbox"])),
                (
                    "ex.field.notify_outbox_key",
                    notes("relay_crash", &["outbox", "downstream_key"]),
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
                    notes("lease_notify", &["notify_before_commit"]),
                ),
                (
                    "ex.field.notify_early_fence",
                    notes(
                        "lease_notify",
                        &["notify_before_commit", "downstream_fence"],
                    ),
                ),
                ("ex.field.notify_outbox", notes("lease_notify", &["outbox"])),
            ]),
            None,
        ),
    ]
}
