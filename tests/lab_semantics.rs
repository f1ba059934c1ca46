//! The idempotency-key semantics of the IETF draft and Stripe, as the server
//! implementations must show them: same key + same digest, completed → replay
//! (errors included); different digest → 422; still in progress → 409.

use retry_lab::lab::*;

fn server_steps(r: &Run) -> Vec<(&Decision, Option<&ResponseInfo>)> {
    r.steps()
        .iter()
        .filter_map(|s| match &s.kind {
            StepKind::Server {
                decision, response, ..
            } => Some((decision, response.as_ref())),
            _ => None,
        })
        .collect()
}

#[test]
fn in_progress_key_gets_409_and_a_lease_adds_retry_after() {
    let r = run(
        Scenario::SlowServer,
        ClientStrategy::StableKey,
        Preset::Atomic,
        1,
    );
    let conflicts: Vec<_> = server_steps(&r)
        .into_iter()
        .filter(|(d, _)| **d == Decision::InProgress)
        .map(|(_, resp)| resp.unwrap().clone())
        .collect();
    assert!(!conflicts.is_empty());
    assert!(conflicts
        .iter()
        .all(|c| c.status == 409 && c.retry_after_s.is_none()));
    // The slow first request finishes; a later retry gets its 201 replayed.
    assert_eq!(
        r.final_outcome(),
        Some(AttemptOutcome::Status {
            status: 201,
            replayed: true
        })
    );

    let r = run(
        Scenario::SlowServer,
        ClientStrategy::StableKey,
        Preset::Leased,
        1,
    );
    let c409 = server_steps(&r)
        .into_iter()
        .find(|(d, _)| **d == Decision::InProgress)
        .map(|(_, resp)| resp.unwrap().clone())
        .unwrap();
    let ra = c409
        .retry_after_s
        .expect("a leased 409 says when the lease ends");
    assert!((1..=LEASE_MS / 1000).contains(&ra));
}

#[test]
fn same_key_different_body_gets_422_and_is_not_retried() {
    for server in [Preset::Atomic, Preset::Leased, Preset::Fenced] {
        for client in [ClientStrategy::StableKey, ClientStrategy::BusinessKey] {
            let r = run(Scenario::BodyMismatch, client, server, 1);
            assert_eq!(
                r.final_outcome(),
                Some(AttemptOutcome::Status {
                    status: 422,
                    replayed: false
                })
            );
            // The first attempt timed out and may have run (it did): the
            // model must hear «unknown», never «rejected».
            assert_eq!(r.tool_result(), Some(ToolResult::Unknown));
            assert_eq!(r.final_call().unwrap().give_up, Some(GiveUp::NotRetryable));
            assert_eq!(r.final_call().unwrap().attempts, 2);
            let reqs = r.requests();
            assert_eq!(reqs[0].key, reqs[1].key);
            assert_ne!(reqs[0].digest, reqs[1].digest);
            assert_eq!(r.final_report_count(), 1);
        }
    }
    // key_split never compares digests: it replays whatever it stored.
    let r = run(
        Scenario::BodyMismatch,
        ClientStrategy::StableKey,
        Preset::KeySplit,
        1,
    );
    assert_eq!(
        r.final_outcome(),
        Some(AttemptOutcome::Status {
            status: 201,
            replayed: true
        })
    );
}

#[test]
fn completed_key_replays_the_stored_response_including_errors() {
    // Attempt 0's work fails (500, stored); its answer is lost; the retry
    // with the same key gets that 500 replayed and nothing is executed again.
    // The harness stops there: retrying the same key would only replay it.
    let schedule = FaultSchedule {
        attempts: vec![AttemptFault {
            server: ServerFault::Fail,
            response: Delivery::Lose,
            ..AttemptFault::default()
        }],
        ..FaultSchedule::default()
    };
    for server in [Preset::Atomic, Preset::Leased, Preset::Fenced] {
        let r = run_schedule(&schedule, ClientStrategy::StableKey, server, 1);
        let replays: Vec<_> = server_steps(&r)
            .into_iter()
            .filter(|(d, _)| **d == Decision::Replay)
            .map(|(_, resp)| resp.unwrap().clone())
            .collect();
        assert_eq!(replays.len(), 1, "{server:?}");
        assert!(replays.iter().all(|x| x.status == 500 && x.replayed));
        let last = r.steps().last().unwrap();
        assert_eq!(last.keys[0].status, "done");
        assert_eq!(last.keys[0].response_status, Some(500));
        assert_eq!(r.final_report_count(), 0);
        // The stored outcome of this key is an error, which proves nothing
        // about side effects (003): the outcome is unknown.
        assert_eq!(r.tool_result(), Some(ToolResult::Unknown));
        assert_eq!(r.final_call().unwrap().give_up, Some(GiveUp::StoredError));
    }
}

#[test]
fn unique_key_race_in_key_split_is_a_real_sqlite_error() {
    // slow_server: the retry records the key first; the slow original's
    // INSERT then violates the primary key and is rolled back (after its
    // report was already committed).
    let r = run(
        Scenario::SlowServer,
        ClientStrategy::StableKey,
        Preset::KeySplit,
        1,
    );
    let err = r
        .steps()
        .iter()
        .flat_map(|s| s.sql.iter())
        .find(|q| matches!(q.outcome, SqlOutcome::Error(_)))
        .expect("a constraint error");
    assert!(format!("{:?}", err.outcome).contains("UNIQUE"), "{err:?}");
    assert_eq!(r.final_report_count(), 2);
}

#[test]
fn retry_after_longer_than_the_deadline_fails_fast() {
    let schedule = FaultSchedule {
        attempts: vec![AttemptFault {
            server: ServerFault::Unavailable { retry_after_s: 30 },
            ..AttemptFault::default()
        }],
        ..FaultSchedule::default()
    };
    let r = run_schedule(&schedule, ClientStrategy::StableKey, Preset::Fenced, 1);
    let call = r.final_call().unwrap();
    assert_eq!(call.attempts, 1, "no truncated retry");
    assert!(matches!(
        call.give_up,
        Some(GiveUp::RetryAfterTooLong {
            retry_after_s: 30,
            ..
        })
    ));
    // A 503 before any work proves nothing was created.
    assert_eq!(call.result, Some(ToolResult::NotCreated));
    assert_eq!(r.final_report_count(), 0);
}

#[test]
fn same_seed_same_trace_and_seeds_differ() {
    for scenario in Scenario::ALL {
        let a = run(scenario, ClientStrategy::NewKey, Preset::Fenced, 5);
        let b = run(scenario, ClientStrategy::NewKey, Preset::Fenced, 5);
        assert_eq!(a, b);
        assert_eq!(a.trace_digest(), b.trace_digest());
    }
    let a = run(
        Scenario::ResponseLost,
        ClientStrategy::NewKey,
        Preset::Atomic,
        5,
    );
    let b = run(
        Scenario::ResponseLost,
        ClientStrategy::NewKey,
        Preset::Atomic,
        6,
    );
    assert_ne!(a.trace_digest(), b.trace_digest());
    assert_eq!(a.final_report_count(), b.final_report_count());
}

/// A second tenant's call that arrives at the moment the harness dies is
/// never sent before the crash. Restarted the next day, every harness sends
/// it, `careful` included: nothing of it can have run, so «outcome unknown»
/// would be a guess, and a call with no attempt would end without one.
#[test]
fn a_call_the_harness_died_before_sending_is_sent_after_the_restart() {
    let s = FaultSchedule {
        restart_next_day: true,
        second_tenant: Some(HARNESS_DIES_MS),
        ..FaultSchedule::default()
    };
    for client in ClientStrategy::ALL {
        let r = run_schedule(&s, client, Preset::Naive, 1);
        let b = r
            .calls()
            .iter()
            .find(|c| c.tenant == 1)
            .expect("the second tenant calls");
        assert!(b.attempts >= 1, "{client:?}: {b:?}");
        assert_ne!(b.result, Some(ToolResult::Unknown), "{client:?}: {b:?}");
        assert!(r.calls().iter().all(|c| c.result.is_some()), "{client:?}");
    }
}
