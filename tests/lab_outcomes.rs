//! The outcomes the course material claims, confirmed by running the model
//! (issue 3, "Tests"). Each test runs several seeds: an outcome must not hinge
//! on one lucky draw of latencies and jitter.

use retry_lab::lab::*;

const SEEDS: [u64; 5] = [1, 2, 7, 42, 9_999];

fn count(scenario: Scenario, client: ClientStrategy, server: Preset) -> usize {
    let counts: Vec<usize> = SEEDS
        .iter()
        .map(|s| run(scenario, client, server, *s).final_report_count())
        .collect();
    assert!(
        counts.windows(2).all(|w| w[0] == w[1]),
        "seed-dependent: {counts:?}"
    );
    counts[0]
}

#[test]
fn naive_server_with_lost_response_makes_two_reports() {
    // Every client that retries a timeout (`careful` does not).
    for client in ClientStrategy::ALL
        .into_iter()
        .filter(|c| *c != ClientStrategy::Careful)
    {
        let r = run(Scenario::ResponseLost, client, Preset::Naive, 1);
        assert_eq!(r.final_report_count(), 2, "{client:?}");
        assert_eq!(r.verdict(), Verdict::Duplicate);
    }
    assert_eq!(
        count(Scenario::ResponseLost, ClientStrategy::Naive, Preset::Naive),
        2
    );
}

#[test]
fn stable_key_on_a_correct_server_makes_one_report() {
    for server in [Preset::Atomic, Preset::Leased, Preset::Fenced] {
        for scenario in [
            Scenario::None,
            Scenario::RequestLost,
            Scenario::ResponseLost,
            Scenario::SlowServer,
            Scenario::BodyMismatch,
            Scenario::RetryAfter503,
        ] {
            assert_eq!(
                count(scenario, ClientStrategy::StableKey, server),
                1,
                "{scenario:?} {server:?}"
            );
        }
    }
    // Lost response: the retry gets the stored 201 replayed.
    let r = run(
        Scenario::ResponseLost,
        ClientStrategy::StableKey,
        Preset::Fenced,
        1,
    );
    assert_eq!(r.verdict(), Verdict::One);
    assert_eq!(
        r.final_outcome(),
        Some(AttemptOutcome::Status {
            status: 201,
            replayed: true
        })
    );
    assert!(matches!(
        r.tool_result(),
        Some(ToolResult::Created {
            report_id: 1,
            replayed: true
        })
    ));
}

#[test]
fn new_key_per_attempt_duplicates_like_no_key() {
    for server in Preset::ALL {
        assert_eq!(
            count(Scenario::ResponseLost, ClientStrategy::NewKey, server),
            2,
            "{server:?}"
        );
    }
}

#[test]
fn key_split_crash_between_commits_makes_two_reports() {
    for client in [ClientStrategy::StableKey, ClientStrategy::BusinessKey] {
        let r = run(Scenario::CrashBetweenCommits, client, Preset::KeySplit, 1);
        assert_eq!(r.final_report_count(), 2);
        // The crash rolled back the open key transaction.
        let crash = r
            .steps()
            .iter()
            .find(|s| {
                matches!(
                    s.kind,
                    StepKind::Server {
                        decision: Decision::Crashed,
                        ..
                    }
                )
            })
            .expect("the server crashed");
        assert_eq!(
            crash.sql.last().unwrap().outcome,
            SqlOutcome::RolledBack { crash: true }
        );
        assert_eq!(crash.report_count(), 1);
        assert!(crash.keys.is_empty());
    }
    assert_eq!(
        count(
            Scenario::CrashBetweenCommits,
            ClientStrategy::StableKey,
            Preset::KeySplit
        ),
        2
    );
}

#[test]
fn crash_without_lease_leaves_a_stuck_key_and_the_lease_cures_it() {
    let r = run(
        Scenario::CrashBetweenCommits,
        ClientStrategy::StableKey,
        Preset::Atomic,
        1,
    );
    assert_eq!(r.verdict(), Verdict::NoReport);
    assert_eq!(r.tool_result(), Some(ToolResult::Unknown));
    assert_eq!(
        r.final_outcome(),
        Some(AttemptOutcome::Status {
            status: 409,
            replayed: false
        })
    );
    assert_eq!(
        count(
            Scenario::CrashBetweenCommits,
            ClientStrategy::StableKey,
            Preset::Leased
        ),
        1
    );
    assert_eq!(
        count(
            Scenario::CrashBetweenCommits,
            ClientStrategy::StableKey,
            Preset::Fenced
        ),
        1
    );
}

#[test]
fn lease_expired_the_status_guard_stops_the_stale_writer() {
    for server in [Preset::Leased, Preset::Fenced] {
        for client in [ClientStrategy::StableKey, ClientStrategy::BusinessKey] {
            assert_eq!(count(Scenario::LeaseExpired, client, server), 1);
        }
    }
    // On `leased` the stale writer wakes after the taker finished: its
    // status-guarded UPDATE matches no row, so it rolls back and replays.
    let r = run(
        Scenario::LeaseExpired,
        ClientStrategy::StableKey,
        Preset::Leased,
        1,
    );
    let guarded = r
        .steps()
        .iter()
        .find(|s| {
            matches!(
                s.kind,
                StepKind::Server {
                    decision: Decision::Guarded { replayed: true },
                    ..
                }
            )
        })
        .expect("the status guard stopped the stale writer");
    assert!(guarded
        .sql
        .iter()
        .any(|q| q.sql.contains("status = 'in_progress'")
            && !q.sql.contains("fence = ?")
            && q.outcome == SqlOutcome::Rows(0)));
    assert!(guarded
        .sql
        .iter()
        .any(|q| q.outcome == SqlOutcome::RolledBack { crash: false }));
    assert_eq!(guarded.report_count(), 1);
}

#[test]
fn lease_overlap_only_the_fence_stops_the_stale_writer() {
    // The stale writer wakes while the taker is still working.
    let r = run(
        Scenario::LeaseOverlap,
        ClientStrategy::StableKey,
        Preset::Leased,
        1,
    );
    // The status guard lets it through: the report is written by a handler
    // whose lease had ended; the taker's own write-back is rolled back.
    let stale = r
        .steps()
        .iter()
        .find_map(|s| match s.kind {
            StepKind::Server {
                request: 0,
                decision: Decision::StaleCreated { lease_until_ms, .. },
                ..
            } => Some((s.time_ms, lease_until_ms)),
            _ => None,
        })
        .expect("the stale writer committed on leased");
    assert!(stale.0 > stale.1);
    // On `fenced` it is refused: fence 1 ≠ 2, 0 rows, ROLLBACK.
    let r = run(
        Scenario::LeaseOverlap,
        ClientStrategy::StableKey,
        Preset::Fenced,
        1,
    );
    let fenced = r
        .steps()
        .iter()
        .find(|s| {
            matches!(
                s.kind,
                StepKind::Server {
                    request: 0,
                    decision: Decision::Fenced {
                        held: 1,
                        current: 2,
                        ..
                    },
                    ..
                }
            )
        })
        .expect("the stale writer was fenced off");
    assert!(fenced
        .sql
        .iter()
        .any(|q| q.sql.contains("fence = ?") && q.outcome == SqlOutcome::Rows(0)));
    assert_eq!(fenced.report_count(), 0, "the taker has not written yet");
    assert_eq!(
        count(
            Scenario::LeaseOverlap,
            ClientStrategy::StableKey,
            Preset::Fenced
        ),
        1
    );
    // The taker's report is the one that stays.
    let last = r.steps().last().unwrap();
    assert_eq!(last.reports.len(), 1);
    assert!(r.steps().iter().any(|s| matches!(
        s.kind,
        StepKind::Server {
            request: 2,
            decision: Decision::Created { .. },
            ..
        }
    )));
}

#[test]
fn tool_use_key_and_model_recall_make_two_business_key_makes_one() {
    for server in [Preset::Atomic, Preset::Leased, Preset::Fenced] {
        assert_eq!(
            count(Scenario::ModelRetry, ClientStrategy::StableKey, server),
            2,
            "{server:?}"
        );
        assert_eq!(
            count(Scenario::ModelRetry, ClientStrategy::BusinessKey, server),
            1,
            "{server:?}"
        );
    }
    let r = run(
        Scenario::ModelRetry,
        ClientStrategy::StableKey,
        Preset::Fenced,
        1,
    );
    assert_eq!(r.calls().len(), 2);
    assert_ne!(r.calls()[0].tool_use_id, r.calls()[1].tool_use_id);
    // The first call ends "unknown", not "failed".
    assert_eq!(r.calls()[0].result, Some(ToolResult::Unknown));
    assert_eq!(r.calls()[0].give_up, Some(GiveUp::AttemptsExhausted));
    assert_eq!(r.calls()[0].attempts, 4);
    // With a business key the re-call is recognised: the stored 201 is replayed.
    let r = run(
        Scenario::ModelRetry,
        ClientStrategy::BusinessKey,
        Preset::Fenced,
        1,
    );
    assert_eq!(r.calls().len(), 2);
    assert_eq!(r.requests()[0].key, r.requests().last().unwrap().key);
    assert!(matches!(
        r.tool_result(),
        Some(ToolResult::Created {
            report_id: 1,
            replayed: true
        })
    ));
    assert_eq!(ToolResult::Unknown.key(), "lab.tool.unknown");
    assert_eq!(
        retry_lab::i18n::t(retry_lab::i18n::Lang::Zh, "lab.tool.unknown"),
        UNKNOWN_OUTCOME_ZH
    );
}

#[test]
fn naive_and_retry_after_are_clean_when_nothing_ran_twice() {
    for server in Preset::ALL {
        for client in ClientStrategy::ALL {
            assert_eq!(count(Scenario::None, client, server), 1);
            if client == ClientStrategy::Careful {
                continue; // it retries neither a timeout nor a 503
            }
            assert_eq!(count(Scenario::RequestLost, client, server), 1);
            let r = run(Scenario::RetryAfter503, client, server, 1);
            assert_eq!(r.final_report_count(), 1);
        }
    }
    // Retry-After is honoured exactly: the retry goes out 1 s after the 503 arrived.
    let r = run(
        Scenario::RetryAfter503,
        ClientStrategy::StableKey,
        Preset::Atomic,
        1,
    );
    let (t503, next) = r
        .steps()
        .iter()
        .find_map(|s| match &s.kind {
            StepKind::Received {
                outcome: AttemptOutcome::Status { status: 503, .. },
                next,
                ..
            } => Some((s.time_ms, *next)),
            _ => None,
        })
        .unwrap();
    assert_eq!(
        next,
        Next::RetryAfter {
            wait_ms: RETRY_AFTER_503_S * 1000
        }
    );
    let resend = r
        .steps()
        .iter()
        .filter(|s| matches!(s.kind, StepKind::Send { .. }))
        .nth(1)
        .unwrap();
    assert_eq!(resend.time_ms, t503 + RETRY_AFTER_503_S * 1000);
}
