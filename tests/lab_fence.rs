//! The fence earns its place: in `lease_reclaimed` the key is taken over,
//! released by a failure before any work, and claimed again, so the status
//! is `in_progress` once more when the stale handler wakes (an ABA on
//! `status = 'in_progress'`). A guard alone lets the stale write-back land
//! on someone else's claim; a fencing token that grows with every claim,
//! kept in `fence_counter` apart from the key's row, refuses it. Also: a
//! 429's kind comes from its body, and a failure before any work releases
//! the key even with `store_errors`.
#![cfg(not(target_arch = "wasm32"))]

use retry_lab::lab::grading::suite::passes;
use retry_lab::lab::model::sql::{describe, Branch};
use retry_lab::lab::*;

const KEYED: [ClientStrategy; 3] = [
    ClientStrategy::StableKey,
    ClientStrategy::BusinessKey,
    ClientStrategy::QueryFirst,
];

/// Every fencing token handed out in the run, in the order of the steps
/// (claims and takeovers).
fn tokens(run: &Run) -> Vec<i64> {
    run.steps()
        .iter()
        .filter_map(|s| match &s.kind {
            StepKind::Server {
                decision: Decision::Claimed { fence } | Decision::TookOver { fence },
                ..
            } => *fence,
            _ => None,
        })
        .collect()
}

fn decisions(run: &Run) -> Vec<Decision> {
    run.steps()
        .iter()
        .filter_map(|s| match &s.kind {
            StepKind::Server { decision, .. } => Some(decision.clone()),
            _ => None,
        })
        .collect()
}

#[test]
fn a_released_and_reclaimed_key_gets_a_higher_token_than_any_before() {
    for seed in 1..=5 {
        for c in KEYED {
            let run = run(Scenario::LeaseReclaimed, c, Preset::Fenced, seed);
            let ds = decisions(&run);
            // The takeover's claim was deleted by its failure before any work ...
            assert!(
                ds.contains(&Decision::Aborted { released: true }),
                "{c:?} {seed}: {ds:?}"
            );
            // ... and the key was claimed again, under a new row.
            let claims = ds
                .iter()
                .filter(|d| matches!(d, Decision::Claimed { .. }))
                .count();
            assert_eq!(claims, 2, "{c:?} {seed}: {ds:?}");
            let t = tokens(&run);
            assert_eq!(
                t,
                vec![1, 2, 3],
                "{c:?} {seed}: «单调递增» across the release"
            );
            // The stale handler (token 1) meets the re-claim's token 3.
            let fenced = ds.iter().find_map(|d| match d {
                Decision::Fenced { held, current, .. } => Some((*held, *current)),
                _ => None,
            });
            assert_eq!(fenced, Some((1, 3)), "{c:?} {seed}: {ds:?}");
            assert_eq!(run.final_report_count(), 1);
            assert!(run.changed_body_replays().is_empty());
            assert!(passes(&run), "{c:?} {seed}");
        }
    }
}

#[test]
fn on_lease_reclaimed_the_guard_alone_answers_a_changed_body_with_the_stale_handlers_report() {
    for seed in 1..=5 {
        for c in KEYED {
            let guarded = run(Scenario::LeaseReclaimed, c, Preset::Leased, seed);
            // One report, but written by the stale handler with the old body,
            // and replayed to the re-claim's re-rendered request.
            assert_eq!(guarded.final_report_count(), 1, "{c:?} {seed}");
            assert!(decisions(&guarded)
                .iter()
                .any(|d| matches!(d, Decision::StaleCreated { .. })));
            assert!(!guarded.changed_body_replays().is_empty(), "{c:?} {seed}");
            assert_eq!(guarded.ending(), Ending::ChangedBody);
            assert!(!passes(&guarded), "{c:?} {seed}");
            // Without a condition the stale write-back adds a second report.
            let unguarded = run(Scenario::LeaseReclaimed, c, Preset::LeasedUnguarded, seed);
            assert_eq!(unguarded.final_report_count(), 2, "{c:?} {seed}");
        }
    }
}

/// A chapter-following server and harness file the one report within the
/// tool call's total deadline: in `lease_reclaimed` exactly one is reachable.
#[test]
fn on_fenced_the_model_hears_created_within_the_calls_deadline() {
    for seed in 1..=5 {
        let r = run(
            Scenario::LeaseReclaimed,
            ClientStrategy::StableKey,
            Preset::Fenced,
            seed,
        );
        let told = r.steps().iter().find_map(|s| match s.kind {
            StepKind::Received {
                next: Next::Finish { result, .. },
                ..
            } => Some((s.time_ms, result)),
            _ => None,
        });
        let (at, result) = told.expect("the call ends with an answer");
        assert!(
            matches!(result, ToolResult::Created { .. }),
            "{seed}: {result:?}"
        );
        assert!(at < CALL_DEADLINE_MS, "{seed}: told at {at} ms");
    }
}

#[test]
fn the_fence_is_what_turns_lease_reclaimed_green() {
    let fenced = Preset::Fenced.design();
    let guarded = fenced.without(Mechanism::Fence);
    for c in KEYED {
        assert!(passes(&run(Scenario::LeaseReclaimed, c, fenced, 1)));
        assert!(!passes(&run(Scenario::LeaseReclaimed, c, guarded, 1)));
    }
}

#[test]
fn the_sql_listing_shows_the_counter_in_its_own_table_and_a_release_deletes_the_claim() {
    let fenced = Preset::Fenced.design();
    let listing = describe(fenced);
    let bumps: Vec<Branch> = listing
        .iter()
        .filter(|s| s.text().starts_with("INSERT INTO fence_counter"))
        .map(|s| s.branch)
        .collect();
    assert_eq!(bumps, [Branch::KeyUnknown, Branch::LeaseExpired]);
    assert!(listing
        .iter()
        .any(|s| s.text() == "SELECT last FROM fence_counter WHERE key = ?"));
    let aborted = listing
        .iter()
        .find(|s| s.branch == Branch::Aborted)
        .expect("a release before any work");
    assert!(aborted.text().starts_with("DELETE FROM idempotency_keys"));
    // Without `fence` there is no counter.
    let leased = describe(Preset::Leased.design());
    assert!(leased.iter().all(|s| !s.text().contains("fence_counter")));
}

#[test]
fn a_failure_before_any_work_releases_the_key_even_with_store_errors() {
    let one = |server: ServerFault| AttemptFault::server(server);
    let schedule = FaultSchedule {
        attempts: vec![one(ServerFault::FailBeforeWork)],
        ..FaultSchedule::default()
    };
    for p in [Preset::Atomic, Preset::Fenced] {
        assert!(p.design().has(Mechanism::StoreErrors));
        let r = run_schedule(&schedule, ClientStrategy::StableKey, p, 1);
        assert!(decisions(&r).contains(&Decision::Aborted { released: true }));
        // The retry claims the key anew and files the one report.
        assert_eq!(r.final_report_count(), 1, "{p:?}");
        assert_eq!(r.tool_outcome(), ToolOutcome::Created);
    }
}

#[test]
fn a_429s_kind_is_read_from_its_body_not_from_a_missing_retry_after() {
    let one = |retry_after_s, quota| FaultSchedule {
        attempts: vec![AttemptFault::server(ServerFault::RateLimited {
            retry_after_s,
            quota,
        })],
        ..FaultSchedule::default()
    };
    let attempts = |s: &FaultSchedule| {
        let r = run_schedule(s, ClientStrategy::StableKey, Preset::Fenced, 1);
        (r.attempts(), r.tool_outcome())
    };
    // A quota ends the call, with or without Retry-After.
    assert_eq!(attempts(&one(None, true)), (1, ToolOutcome::NotCreated));
    assert_eq!(attempts(&one(Some(1), true)), (1, ToolOutcome::NotCreated));
    // Another 429 is retried only with Retry-After.
    assert_eq!(attempts(&one(Some(1), false)), (2, ToolOutcome::Created));
    assert_eq!(attempts(&one(None, false)), (1, ToolOutcome::NotCreated));
    // A quota after an attempt that may have run: still no retry, but the
    // outcome is unknown, not «not created».
    let after_lost = FaultSchedule {
        attempts: vec![
            AttemptFault {
                response: Delivery::Lose,
                ..AttemptFault::default()
            },
            AttemptFault::server(ServerFault::RateLimited {
                retry_after_s: None,
                quota: true,
            }),
        ],
        ..FaultSchedule::default()
    };
    let r = run_schedule(&after_lost, ClientStrategy::BusinessKey, Preset::Fenced, 1);
    assert_eq!(
        (r.final_report_count(), r.attempts(), r.tool_outcome()),
        (1, 2, ToolOutcome::Unknown)
    );
    // The tool's text names the kind.
    let text = |s: &FaultSchedule| {
        let r = run_schedule(s, ClientStrategy::StableKey, Preset::Fenced, 1);
        let call = &r.calls()[0];
        r.tool_text_key(call.result.unwrap(), Some(0))
    };
    assert_eq!(text(&one(None, true)), "lab.tool.quota");
    assert_eq!(text(&one(None, false)), "lab.tool.rate_limited");
    assert_eq!(
        Scenario::Quota429.schedule().attempts[0].server,
        ServerFault::RateLimited {
            retry_after_s: None,
            quota: true
        }
    );
}

#[test]
fn a_replayed_stored_500_tells_the_model_the_outcome_is_unknown() {
    for p in [Preset::Atomic, Preset::Fenced] {
        let r = run(Scenario::Stored500, ClientStrategy::StableKey, p, 1);
        assert_eq!(r.final_report_count(), 0);
        assert_eq!(r.tool_outcome(), ToolOutcome::Unknown, "{p:?}");
        let call = &r.calls()[0];
        let last = r.attempts() - 1;
        assert_eq!(
            r.tool_text_key(call.result.unwrap(), Some(last)),
            "lab.tool.stored_error"
        );
        // Without store_errors the failure releases the key and the retry
        // runs the work again: the outcome store_errors changes.
        let released = run(
            Scenario::Stored500,
            ClientStrategy::StableKey,
            p.design().without(Mechanism::StoreErrors),
            1,
        );
        assert_eq!(released.final_report_count(), 1, "{p:?}");
        assert!(decisions(&released).contains(&Decision::Released));
    }
}

#[test]
fn the_schedule_code_names_a_before_work_failure_and_each_kind_of_429() {
    use retry_lab::lab::grading::hunt::code::{decode, encode};
    let rate = |retry_after_s, quota| ServerFault::RateLimited {
        retry_after_s,
        quota,
    };
    for (code, server) in [
        ("1.a.fb", ServerFault::FailBeforeWork),
        ("1.a.t", rate(None, true)),
        ("1.a.t2", rate(Some(2), false)),
        ("1.a.tn", rate(None, false)),
        ("1.a.tq5", rate(Some(5), true)),
    ] {
        let s = decode(code).unwrap();
        assert_eq!(s.attempts[0].server, server, "{code}");
        assert_eq!(encode(&s), code);
    }
}

#[test]
fn the_fix_offered_for_lease_reclaimed_on_leased_is_the_fence() {
    use retry_lab::lab::grading::suite::{smallest_fix, suite, Fix};
    let d = Preset::Leased.design();
    let rows = suite(d, ClientStrategy::StableKey, 1, &Scenario::ALL);
    let fix = smallest_fix(
        d,
        ClientStrategy::StableKey,
        1,
        Scenario::LeaseReclaimed,
        &rows,
    );
    let Some(Fix::Change { change, .. }) = fix else {
        panic!("{fix:?}");
    };
    assert_eq!(change.add, [Mechanism::Fence]);
    assert_eq!(
        nearest_fix(
            Scenario::LeaseReclaimed,
            ClientStrategy::StableKey,
            Preset::Leased,
            1
        ),
        Some((ClientStrategy::StableKey, Preset::Fenced))
    );
}
