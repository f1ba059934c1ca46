//! The questions past the database: each count is what the lab's runs
//! show, and the build challenge's only solution within its limit is the
//! chapter's pair (outbox, delivery dedupe) on the atomic server.
#![cfg(not(target_arch = "wasm32"))]

use retry_lab::exercises::grade::{grade, ModelValue, Response};
use retry_lab::exercises::{find, Kind};
use retry_lab::lab::{run, ClientStrategy, Design, Mechanism as M, Preset, Run, Scenario};

fn fenced_with(added: &[M]) -> Design {
    Preset::Fenced.design().with_all(added).resolve().0
}

fn go(sc: Scenario, added: &[M]) -> Run {
    run(sc, ClientStrategy::StableKey, fenced_with(added), 1)
}

#[test]
fn an_outbox_delivers_what_a_crash_after_the_commit_lost() {
    let plain = go(Scenario::CrashBeforeNotify, &[]);
    assert_eq!(
        (plain.final_report_count(), plain.note_counts().delivered),
        (1, 0)
    );
    let outbox = go(Scenario::CrashBeforeNotify, &[M::Outbox]);
    // Once («1 次»), not twice (the retry replays), and the report is there
    // (no rollback).
    assert_eq!(
        (outbox.final_report_count(), outbox.note_counts().delivered),
        (1, 1)
    );
}

/// The «predict, then run» questions past the report count: the model's
/// answers are the must-hold numbers (notifications, leaks,
/// reports, attempts), and each field's unit names what it counts.
#[test]
fn the_predicted_counts_are_the_runs_the_chapter_describes() {
    use retry_lab::exercises::live::run_model;
    use retry_lab::exercises::{PredictInput, Unit};
    let cases: [(&str, &[f64], Unit); 6] = [
        (
            "predict_outbox_after_crash",
            &[0.0, 1.0],
            Unit::Notifications,
        ),
        ("predict_relay_crash", &[2.0, 1.0], Unit::Notifications),
        (
            "predict_lease_downstream",
            &[2.0, 1.0, 1.0],
            Unit::Notifications,
        ),
        ("predict_title_rewrite", &[2.0, 2.0, 2.0], Unit::Reports),
        ("predict_tls_attempts", &[1.0, 4.0], Unit::Attempts),
        ("predict_key_collision", &[1.0, 1.0, 2.0], Unit::Leaks),
    ];
    for (id, want, first_unit) in cases {
        let q = find(id).unwrap_or_else(|| panic!("{id}"));
        let Kind::Predict {
            input: PredictInput::Numbers(fields),
            model,
        } = &q.kind
        else {
            panic!("{id} predicts numbers")
        };
        assert_eq!(fields[0].unit, first_unit, "{id}");
        let Ok(ModelValue::Numbers { values }) = run_model(model) else {
            panic!("{id} runs")
        };
        assert_eq!(values, want, "{id}");
    }
}

#[test]
fn a_relay_that_dies_before_marking_delivers_twice_without_dedupe() {
    let r = go(Scenario::RelayCrash, &[M::Outbox]);
    assert_eq!((r.final_report_count(), r.note_counts().delivered), (1, 2));
    assert_eq!(r.note_counts().lost, 0, "nothing is lost");
    let r = go(Scenario::RelayCrash, &[M::Outbox, M::DownstreamKey]);
    assert_eq!(r.note_counts().delivered, 1);
}

#[test]
fn the_write_back_fence_does_not_stop_a_sent_notification_the_resource_or_the_outbox_does() {
    let r = go(Scenario::LeaseNotify, &[M::NotifyBeforeCommit]);
    assert_eq!((r.final_report_count(), r.note_counts().delivered), (1, 2));
    let with_fence = go(
        Scenario::LeaseNotify,
        &[M::NotifyBeforeCommit, M::DownstreamFence],
    );
    assert_eq!(with_fence.note_counts().delivered, 1);
    assert_eq!(
        go(Scenario::LeaseNotify, &[M::Outbox])
            .note_counts()
            .delivered,
        1
    );
    // A longer lease is no answer the lab shows: the pause outlasts any lease.
}

#[test]
fn the_build_challenge_needs_the_claim_the_outbox_and_delivery_dedupe() {
    let q = find("build_downstream").unwrap();
    let Kind::Build(c) = q.kind.clone() else {
        panic!("{:?}", q.kind)
    };
    let passes = |d: Design| {
        let rows = c.run(d);
        grade(&q, &Response::Design(d), Some(&ModelValue::Suite { rows }))
            .unwrap()
            .correct
    };
    let solutions: Vec<String> = Design::all_valid()
        .into_iter()
        .filter(|d| passes(*d))
        .map(|d| d.to_ids())
        .collect();
    // The chapter's atomic server (the claim, its digest, and its answer
    // to a failed handler: Stripe's stored error, or 003's scope recorded
    // as unknown), the outbox and delivery dedupe: K = 5.
    assert_eq!(
        solutions,
        [
            "claim,digest,store_errors,outbox,downstream_key",
            "claim,digest,outbox,downstream_key,unknown_on_failure"
        ]
    );
    let base = [M::Claim, M::Digest, M::StoreErrors];
    let with = |m: &[M]| Design::of(&base).with_all(m);
    // Without either half of the follow-up, a row fails.
    assert!(!passes(with(&[M::Outbox])));
    assert!(!passes(with(&[M::DownstreamKey])));
    // Notifying before the commit instead of the outbox: the failing
    // handler of stored_500 has notified the owner of a report it never
    // files.
    let early = with(&[M::NotifyBeforeCommit, M::DownstreamKey]);
    let rows = c.run(early);
    let row = rows
        .iter()
        .find(|r| r.scenario == Scenario::Stored500)
        .unwrap();
    assert_eq!((row.pass, row.reports, row.notes.phantom), (false, 0, 1));
    // Without the stored error, stored_500's retry runs the failed write
    // again (003: a failed write is unknown, its re-run blocked).
    let rerun = Design::of(&[M::Claim, M::Digest, M::Outbox, M::DownstreamKey]);
    let rows = c.run(rerun);
    assert!(rows
        .iter()
        .all(|r| r.pass == (r.scenario != Scenario::Stored500)));
}
