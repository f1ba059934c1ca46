//! Where the notifier meets the second tenant, the rewritten title and the
//! TLS error: faults the two features were built without seeing together.

#![cfg(not(target_family = "wasm"))]

use retry_lab::lab::grading::suite::{broken_clauses, Clause};
use retry_lab::lab::*;

use Mechanism::{DownstreamKey, NotifyBeforeCommit, Outbox, TenantScope};

const NOTE_CLAUSES: [Clause; 3] = [
    Clause::NoLostNotification,
    Clause::NoDuplicateNotification,
    Clause::NoPhantomNotification,
];

/// Two tenants' agents file two reports with one key string, on every valid
/// design: each tenant's committed report is notified exactly once, and a
/// leaked tenant (its report never created) is notified about nothing. The
/// one exception is the hurried notification with a delivery key and a
/// global key namespace: before its commit the handler has only the key
/// string to pass on, the notifier already saw that string from the other
/// tenant and ignores the call, so one report is never notified. With
/// `tenant_scope` the key passed downstream is the namespaced one, and the
/// notifier keeps the two apart.
#[test]
fn key_collision_notifies_each_tenants_report_once() {
    let mut global_key_downstream = 0;
    for d in Design::all_valid_walked() {
        let r = run(Scenario::KeyCollision, ClientStrategy::StableKey, d, 1);
        let n = r.note_counts();
        let both = r.tenants().all(|t| r.reports_of(t) == 1);
        let collides_downstream = both
            && !d.has(TenantScope)
            && d.has(NotifyBeforeCommit)
            && !d.has(Outbox)
            && d.has(DownstreamKey);
        global_key_downstream += usize::from(collides_downstream);
        let label = d.label();
        assert_eq!(n.lost, usize::from(collides_downstream), "{label}: {n:?}");
        assert_eq!((n.duplicated, n.phantom), (0, 0), "{label}: {n:?}");
        assert_eq!(n.delivered + n.lost, r.final_report_count(), "{label}");
        let leaked = !r.leaks().is_empty();
        if leaked {
            // The leaked tenant's report was never created: one report, one
            // notification (the other tenant's), and the run fails for the
            // leak, not for a notification.
            assert_eq!((r.final_report_count(), r.leaks().len()), (1, 1), "{label}");
            assert!(broken_clauses(&r).contains(&Clause::NoLeak), "{label}");
        }
        if d.has(TenantScope) {
            assert!(both && !leaked, "{label}");
            assert!(r.tenant_refusals().is_empty(), "{label}");
            assert!(
                broken_clauses(&r).is_empty(),
                "{label}: {:?}",
                broken_clauses(&r)
            );
        }
    }
    // Only naive (no key record, so both reports exist) with the hurried,
    // keyed notification; walked twice: alone and with the approval, the
    // one recovery mechanism a keyless design takes.
    assert_eq!(global_key_downstream, 2);
}

/// The cells the report gives: `key_split` leaks with and without the
/// notifier's dedupe; `tenant_scope` keeps both tenants' notifications.
#[test]
fn key_collision_cells_with_the_notifier() {
    let cell = |ids: &str| {
        let (d, notices) = Design::parse(ids);
        assert!(notices.is_empty(), "{ids}: {notices:?}");
        run(Scenario::KeyCollision, ClientStrategy::StableKey, d, 1).cell()
    };
    let leak = cell("record_after,outbox,downstream_key");
    assert_eq!((leak.reports, leak.notes.delivered, leak.leaks), (1, 1, 1));
    assert!(leak.notes.is_exact());
    let scoped = cell("claim,digest,tenant_scope,notify_before_commit,downstream_key");
    assert_eq!((scoped.reports, scoped.notes.delivered), (2, 2));
    assert!(scoped.notes.is_exact());
    let global = cell("notify_before_commit,downstream_key");
    assert_eq!(
        (global.reports, global.notes.delivered, global.notes.lost),
        (2, 1, 1)
    );
}

/// A rewritten title is a second report, not a second notification about
/// one: on every design each of the reports is notified once, and only «at
/// most one report» (and what the model was told) can fail.
#[test]
fn title_rewrite_notifies_each_report_once() {
    for d in Design::all_valid_walked() {
        for c in ClientStrategy::ALL {
            let r = run(Scenario::TitleRewrite, c, d, 1);
            let n = r.note_counts();
            let label = format!("{} {c:?}", d.label());
            assert!(n.is_exact(), "{label}: {n:?}");
            assert_eq!(n.delivered, r.final_report_count(), "{label}");
            let broken = broken_clauses(&r);
            assert!(NOTE_CLAUSES.iter().all(|c| !broken.contains(c)), "{label}");
        }
    }
    let r = run(
        Scenario::TitleRewrite,
        ClientStrategy::BusinessKey,
        Preset::Fenced.design().with(Outbox).with(DownstreamKey),
        1,
    );
    assert_eq!((r.final_report_count(), r.note_counts().delivered), (2, 2));
    assert_eq!(broken_clauses(&r), [Clause::AtMostOneReport]);
}

/// A failed TLS handshake sends nothing: no report, no notification, on
/// every design and client, whatever the number of attempts.
#[test]
fn tls_error_notifies_nothing() {
    for d in Design::all_valid_walked() {
        for c in ClientStrategy::ALL {
            let r = run(Scenario::TlsError, c, d, 1);
            let label = format!("{} {c:?}", d.label());
            assert_eq!(r.final_report_count(), 0, "{label}");
            assert_eq!(r.note_counts(), NoteCounts::default(), "{label}");
            assert!(r.note_calls().is_empty(), "{label}");
            let attempts = if c == ClientStrategy::Careful { 1 } else { 4 };
            assert_eq!(r.attempts(), attempts, "{label}");
        }
    }
}

/// A crash right after the commit (`crash_before_notify`'s fault) on
/// `record_after` has stored the key's record and its 201 before the
/// process dies: when the second tenant's equal key string is replayed that
/// response, it is a leak, counted like any other (found by the truth
/// property over schedules that combine both features' faults).
#[test]
fn a_response_stored_before_a_crash_leaks_like_any_other() {
    let s = FaultSchedule {
        attempts: vec![AttemptFault::server(ServerFault::CrashAfterCommit)],
        second_tenant: Some(9),
        ..FaultSchedule::default()
    };
    let r = run_schedule(&s, ClientStrategy::StableKey, Preset::KeySplit, 930);
    assert_eq!((r.reports_of(0), r.reports_of(1)), (1, 0));
    assert_eq!(r.tool_outcome_of(1), ToolOutcome::Created);
    assert_eq!(r.leaks().len(), 1);
    assert!(broken_clauses(&r).contains(&Clause::NoLeak));
    // The report's own notification was lost with the process.
    assert_eq!(r.note_counts().lost, 1);
}
