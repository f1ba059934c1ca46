//! The lab past its own database: the notifier (a second SQLite database
//! that no `COMMIT` of the bug tracker covers), the placements of its call
//! (after the commit, `notify_before_commit`, `outbox`), delivery dedupe
//! (`downstream_key`) and the fencing token at the resource
//! (`downstream_fence`). Each must-hold cell on the `fenced` preset with
//! `stable_key`, and the verdict «只有一份» with its notification clauses.
#![cfg(not(target_arch = "wasm32"))]

use retry_lab::lab::grading::suite::{broken_clauses, passes, Clause};
use retry_lab::lab::*;

use Mechanism as M;

fn fenced_with(added: &[Mechanism]) -> Design {
    let (d, problems) = Preset::Fenced.design().with_all(added).resolve();
    assert!(problems.is_empty(), "{problems:?}");
    d
}

fn go(sc: Scenario, added: &[Mechanism]) -> Run {
    run(sc, ClientStrategy::StableKey, fenced_with(added), 1)
}

/// (reports, notifications the notifier sent).
fn counts(r: &Run) -> (usize, usize) {
    (r.final_report_count(), r.note_counts().delivered)
}

#[test]
fn crash_before_notify_loses_the_notification_and_the_outbox_delivers_it() {
    let r = go(Scenario::CrashBeforeNotify, &[]);
    assert_eq!(counts(&r), (1, 0));
    assert_eq!(r.note_counts().lost, 1);
    assert_eq!(broken_clauses(&r), [Clause::NoLostNotification]);
    let r = go(Scenario::CrashBeforeNotify, &[M::Outbox]);
    assert_eq!(counts(&r), (1, 1));
    assert!(passes(&r));
    // The relay, not the dead handler, delivered it.
    let sender = r.note_calls()[r.notices()[0].call].sender;
    assert!(matches!(sender, NoteSender::Relay { .. }), "{sender:?}");
}

#[test]
fn notify_then_crash_sends_a_phantom_before_commit_and_none_with_the_outbox() {
    // The default placement notifies only after a commit: the same crash
    // is then just `crash_between_commits`.
    let r = go(Scenario::NotifyThenCrash, &[]);
    assert_eq!(counts(&r), (1, 1));
    assert!(passes(&r));
    let r = go(Scenario::NotifyThenCrash, &[M::NotifyBeforeCommit]);
    let phantoms = r.phantom_notices();
    assert_eq!(phantoms.len(), 1, "{:?}", r.note_counts());
    assert_eq!(broken_clauses(&r), [Clause::NoPhantomNotification]);
    // It was sent by the handler whose transaction the crash rolled back,
    // and the rollback did not take it back: it is still in the notifier's
    // table at the end, in a database of its own.
    let call = &r.note_calls()[phantoms[0].call];
    let NoteSender::Handler {
        request,
        before_commit: true,
    } = call.sender
    else {
        panic!("{call:?}");
    };
    assert!(r
        .writes()
        .iter()
        .all(|w| w.request != request || w.report().is_none()));
    let last = r.steps().last().unwrap();
    assert_eq!(last.notifications.len(), 2);
    assert_eq!(last.reports.len(), 1);
    let r = go(Scenario::NotifyThenCrash, &[M::Outbox]);
    assert_eq!(r.note_counts().phantom, 0);
    assert_eq!(counts(&r), (1, 1));
}

#[test]
fn a_lost_answer_from_the_notifier_notifies_twice_unless_delivery_dedupes() {
    let r = go(Scenario::NotifierTimeout, &[]);
    assert_eq!(counts(&r), (1, 2));
    assert_eq!(r.note_counts().duplicated, 1);
    assert_eq!(broken_clauses(&r), [Clause::NoDuplicateNotification]);
    let r = go(Scenario::NotifierTimeout, &[M::DownstreamKey]);
    assert_eq!(counts(&r), (1, 1));
    assert!(passes(&r));
    // The second call reached the notifier, which ignored the repeat.
    let ignored = r
        .notices()
        .iter()
        .filter(|n| matches!(n.outcome, NoticeOutcome::Ignored { .. }))
        .count();
    assert_eq!(ignored, 1);
}

#[test]
fn a_relay_that_dies_before_marking_its_row_delivers_again_unless_delivery_dedupes() {
    // Without the outbox there is no relay to die.
    assert_eq!(counts(&go(Scenario::RelayCrash, &[])), (1, 1));
    let r = go(Scenario::RelayCrash, &[M::Outbox]);
    assert_eq!(counts(&r), (1, 2));
    assert!(r.steps().iter().any(|s| s.kind == StepKind::RelayDown));
    assert_eq!(broken_clauses(&r), [Clause::NoDuplicateNotification]);
    let r = go(Scenario::RelayCrash, &[M::Outbox, M::DownstreamKey]);
    assert_eq!(counts(&r), (1, 1));
    assert!(passes(&r));
    // In the end the row is marked sent.
    let last = r.steps().last().unwrap();
    assert!(
        last.outbox.iter().all(|o| o.sent_ms.is_some()),
        "{:?}",
        last.outbox
    );
}

#[test]
fn lease_notify_the_fence_on_the_write_back_does_not_stop_the_second_notification() {
    let r = go(Scenario::LeaseNotify, &[M::NotifyBeforeCommit]);
    assert_eq!(counts(&r), (1, 2));
    // The stale handler's report was rolled back by the fence, its
    // notification was not.
    assert!(r.writes().iter().any(|w| matches!(
        w.outcome,
        WriteOutcome::RolledBack {
            why: RollbackCause::Fence { .. }
        }
    )));
    assert_eq!(r.note_counts().phantom, 1);
    // The fence at the notifier refuses it: the taker's higher token came first.
    let r = go(
        Scenario::LeaseNotify,
        &[M::NotifyBeforeCommit, M::DownstreamFence],
    );
    assert_eq!(counts(&r), (1, 1));
    assert!(passes(&r));
    let refused: Vec<_> = r
        .notices()
        .iter()
        .filter_map(|n| match n.outcome {
            NoticeOutcome::Refused { token, highest } => Some((token, highest)),
            _ => None,
        })
        .collect();
    assert_eq!(refused, [(1, 2)]);
    // Only the committed transaction's row is relayed.
    let r = go(Scenario::LeaseNotify, &[M::Outbox]);
    assert_eq!(counts(&r), (1, 1));
    assert!(passes(&r));
}

/// The fence at the notifier refuses only a lower token that arrives after a
/// higher one: in `lease_overlap` the stale handler wakes and notifies
/// before the taker does, so both are accepted (the outbox still helps).
#[test]
fn a_fence_at_the_resource_cannot_refuse_a_lower_token_that_came_first() {
    let r = go(
        Scenario::LeaseOverlap,
        &[M::NotifyBeforeCommit, M::DownstreamFence],
    );
    assert_eq!(counts(&r), (1, 2));
    assert_eq!(r.note_counts().phantom, 1);
    assert_eq!(counts(&go(Scenario::LeaseOverlap, &[M::Outbox])), (1, 1));
}

#[test]
fn the_placements_are_alternatives_and_the_fence_downstream_needs_the_fence() {
    let (d, problems) = Design::parse("claim,notify_before_commit,outbox");
    assert_eq!(d, Design::of(&[M::Claim, M::Outbox]));
    assert_eq!(
        problems,
        [DesignProblem::Excludes {
            dropped: M::NotifyBeforeCommit,
            with: M::Outbox
        }]
    );
    let (d, problems) = Design::parse("claim,lease,downstream_fence");
    assert_eq!(d, Design::of(&[M::Claim, M::Lease]));
    assert_eq!(
        problems,
        [DesignProblem::Needs {
            dropped: M::DownstreamFence,
            needs: vec![M::Fence]
        }]
    );
    for m in [
        M::NotifyBeforeCommit,
        M::Outbox,
        M::DownstreamKey,
        M::DownstreamFence,
    ] {
        assert_eq!(m.group(), Group::Downstream);
    }
}

/// Every scenario on the named designs: the notifier never sends more than
/// it was called for, a refused or ignored call sends nothing, and the
/// counts add up (each sent notification is about one committed report, a
/// repeat, or a phantom).
#[test]
fn the_counts_add_up_on_every_scenario() {
    for added in [
        vec![],
        vec![M::NotifyBeforeCommit],
        vec![M::Outbox],
        vec![M::Outbox, M::DownstreamKey],
        vec![M::NotifyBeforeCommit, M::DownstreamFence],
    ] {
        for sc in Scenario::ALL {
            for c in ClientStrategy::ALL {
                let r = run(sc, c, fenced_with(&added), 1);
                let n = r.note_counts();
                let notified = r.final_report_count() - n.lost;
                assert_eq!(
                    n.delivered,
                    notified + n.duplicated + n.phantom,
                    "{sc:?} {c:?}"
                );
                assert!(r.notices().len() <= r.note_calls().len());
                assert_eq!(r.cell().notes, n);
            }
        }
    }
}

/// The scenarios of a suite's failing rows, in order.
fn failing_rows(rows: &[retry_lab::lab::grading::suite::SuiteRow]) -> Vec<Scenario> {
    rows.iter()
        .filter(|r| !r.pass)
        .map(|r| r.scenario)
        .collect()
}

/// The workbench's suite (every scenario by default) grades the new ones
/// with the same rule: on `fenced` the lost and the repeated notification
/// fail, and the smallest fix the workbench names is the chapter's: the
/// outbox for the lost one (which turns `relay_crash` red: now there is a
/// relay to die), delivery dedupe for the repeat; the second tenant's
/// equal key string stays red until `tenant_scope`; 003's refund-like
/// cases need its recovery mechanisms.
#[test]
fn the_workbench_suite_grades_the_new_scenarios_and_names_their_fixes() {
    use retry_lab::lab::grading::suite::{smallest_fix, suite, Fix};
    let params = BuildParams::default().with_design(Preset::Fenced.design());
    assert_eq!(params.suite, Scenario::ALL);
    let c = params.harness;
    let rows = suite(params.design, c, params.seed, &params.suite);
    let failing = failing_rows(&rows);
    assert_eq!(
        failing,
        [
            Scenario::ModelRetry,
            Scenario::KeyExpired,
            Scenario::CrashBeforeNotify,
            Scenario::NotifierTimeout,
            Scenario::KeyCollision,
            Scenario::TitleRewrite,
            Scenario::TlsError,
            // 003's cases: no downstream key (a second effect after the
            // crash), no authorisation on replay (the leak), no approval
            // (a refund past its expiry).
            Scenario::DownstreamDoneCrash,
            Scenario::ReceiptLate,
            Scenario::PermissionRevoked,
            Scenario::ApprovalExpired,
        ]
    );
    let fix = |sc| match smallest_fix(params.design, c, params.seed, sc, &rows) {
        Some(Fix::Change { change, breaks }) => (change.add, breaks),
        other => panic!("{sc:?}: {other:?}"),
    };
    assert_eq!(
        fix(Scenario::CrashBeforeNotify),
        (vec![M::Outbox], vec![Scenario::RelayCrash])
    );
    assert_eq!(
        fix(Scenario::NotifierTimeout),
        (vec![M::DownstreamKey], vec![])
    );
    let all = fenced_with(&[M::Outbox, M::DownstreamKey]);
    let rows = suite(all, c, params.seed, &params.suite);
    let failing = failing_rows(&rows);
    // What stays red: the second tenant's equal key string, until
    // `tenant_scope`, and what no server mechanism fixes (the TLS failure
    // this client retries among them).
    assert_eq!(
        failing,
        [
            Scenario::ModelRetry,
            Scenario::KeyExpired,
            Scenario::KeyCollision,
            Scenario::TitleRewrite,
            Scenario::TlsError,
            Scenario::DownstreamDoneCrash,
            Scenario::ReceiptLate,
            Scenario::PermissionRevoked,
            Scenario::ApprovalExpired,
        ]
    );
    assert_eq!(fix(Scenario::KeyCollision), (vec![M::TenantScope], vec![]));
    let rows = suite(all.with(M::TenantScope), c, params.seed, &params.suite);
    let failing = failing_rows(&rows);
    assert_eq!(
        failing,
        [
            Scenario::ModelRetry,
            Scenario::KeyExpired,
            Scenario::TitleRewrite,
            Scenario::TlsError,
            Scenario::DownstreamDoneCrash,
            Scenario::ReceiptLate,
            Scenario::PermissionRevoked,
            Scenario::ApprovalExpired,
        ]
    );
    // 003's recovery mechanisms turn its cases green with this harness
    // too: its resend is answered «outcome unknown» instead of running the
    // work again, and one effect with «unknown» is honest.
    let recovered = all.with(M::TenantScope).without(M::StoreErrors).with_all(&[
        M::StatusRef,
        M::UnknownOnFailure,
        M::RecheckAuth,
        M::Approval,
    ]);
    let failing = failing_rows(&suite(recovered, c, params.seed, &params.suite));
    assert_eq!(
        failing,
        [
            Scenario::ModelRetry,
            Scenario::KeyExpired,
            Scenario::TitleRewrite,
            Scenario::TlsError,
        ]
    );
}
