//! The outcomes that follow from the definitions (new scenarios and
//! clients), and what the model is told. Each holds for several seeds.

use retry_lab::lab::*;

const SEEDS: [u64; 5] = [1, 2, 7, 42, 9_999];

/// The cell for every seed; panics if it depends on the seed.
fn cell_of(scenario: Scenario, client: ClientStrategy, server: Preset) -> Cell {
    let cells: Vec<Cell> = SEEDS
        .iter()
        .map(|s| run(scenario, client, server, *s).cell())
        .collect();
    assert!(
        cells.windows(2).all(|w| w[0] == w[1]),
        "{scenario:?} {client:?} {server:?} seed-dependent: {cells:?}"
    );
    cells[0]
}

const KEY_SERVERS: [Preset; 3] = [Preset::Atomic, Preset::Leased, Preset::Fenced];

#[test]
fn connect_refused_makes_one_report_for_every_client_and_server() {
    for s in Preset::ALL {
        for c in ClientStrategy::ALL {
            let cell = cell_of(Scenario::ConnectRefused, c, s);
            assert_eq!(
                (cell.reports, cell.tool),
                (1, ToolOutcome::Created),
                "{c:?} {s:?}"
            );
        }
    }
    // Even the careful client retries it: nothing was sent.
    let r = run(
        Scenario::ConnectRefused,
        ClientStrategy::Careful,
        Preset::Naive,
        1,
    );
    assert_eq!(r.requests().len(), 2);
    assert!(r.steps().iter().any(|s| matches!(
        s.kind,
        StepKind::Received {
            outcome: AttemptOutcome::Refused,
            next: Next::Backoff { .. },
            ..
        }
    )));
}

#[test]
fn retry_after_long_and_quota_429_create_nothing_and_say_so() {
    for s in Preset::ALL {
        for c in ClientStrategy::ALL {
            for sc in [Scenario::RetryAfterLong, Scenario::Quota429] {
                let cell = cell_of(sc, c, s);
                assert_eq!(
                    (cell.reports, cell.tool),
                    (0, ToolOutcome::NotCreated),
                    "{sc:?} {c:?} {s:?}"
                );
            }
        }
    }
    // Fail fast: one request, no truncated wait.
    let r = run(
        Scenario::RetryAfterLong,
        ClientStrategy::StableKey,
        Preset::Fenced,
        1,
    );
    assert_eq!(r.requests().len(), 1);
    assert!(matches!(
        r.final_call().unwrap().give_up,
        Some(GiveUp::RetryAfterTooLong {
            retry_after_s: RETRY_AFTER_LONG_S,
            ..
        })
    ));
    // A quota 429 is never retried.
    let r = run(
        Scenario::Quota429,
        ClientStrategy::StableKey,
        Preset::Fenced,
        1,
    );
    assert_eq!(r.requests().len(), 1);
    assert_eq!(r.final_call().unwrap().give_up, Some(GiveUp::NotRetryable));
}

#[test]
fn rate_limited_429_waits_for_retry_after_then_creates_one() {
    for s in Preset::ALL {
        for c in [
            ClientStrategy::StableKey,
            ClientStrategy::BusinessKey,
            ClientStrategy::Naive,
        ] {
            assert_eq!(cell_of(Scenario::RateLimited429, c, s).reports, 1);
        }
    }
    let r = run(
        Scenario::RateLimited429,
        ClientStrategy::StableKey,
        Preset::Atomic,
        1,
    );
    assert!(r.steps().iter().any(|s| matches!(
        s.kind,
        StepKind::Received {
            outcome: AttemptOutcome::Status { status: 429, .. },
            next: Next::RetryAfter { wait_ms: 1_000 },
            ..
        }
    )));
    // The careful client does not retry a 429, but knows nothing was done.
    let c = cell_of(
        Scenario::RateLimited429,
        ClientStrategy::Careful,
        Preset::Atomic,
    );
    assert_eq!((c.reports, c.tool), (0, ToolOutcome::NotCreated));
}

#[test]
fn stored_500_is_replayed_and_the_harness_stops() {
    for s in KEY_SERVERS {
        for c in [
            ClientStrategy::StableKey,
            ClientStrategy::QueryFirst,
            ClientStrategy::BusinessKey,
        ] {
            let cell = cell_of(Scenario::Stored500, c, s);
            assert_eq!(
                (cell.reports, cell.tool),
                (0, ToolOutcome::Unknown),
                "{c:?} {s:?}"
            );
        }
        let r = run(Scenario::Stored500, ClientStrategy::StableKey, s, 1);
        assert_eq!(r.requests().len(), 2, "stops at the first replayed 500");
        assert_eq!(
            r.final_outcome(),
            Some(AttemptOutcome::Status {
                status: 500,
                replayed: true
            })
        );
        assert_eq!(r.final_call().unwrap().give_up, Some(GiveUp::StoredError));
    }
    // Without a stored response the retry simply works.
    for s in [Preset::Naive, Preset::KeySplit] {
        assert_eq!(
            cell_of(Scenario::Stored500, ClientStrategy::StableKey, s).reports,
            1
        );
    }
}

#[test]
fn concurrent_same_key_is_one_report_only_where_the_key_is_claimed() {
    for s in KEY_SERVERS {
        assert_eq!(
            cell_of(Scenario::ConcurrentSameKey, ClientStrategy::StableKey, s).reports,
            1
        );
    }
    for s in [Preset::Naive, Preset::KeySplit] {
        assert_eq!(
            cell_of(Scenario::ConcurrentSameKey, ClientStrategy::StableKey, s).reports,
            2
        );
    }
    // Two calls with one tool_use id, so one key.
    let r = run(
        Scenario::ConcurrentSameKey,
        ClientStrategy::StableKey,
        Preset::Atomic,
        1,
    );
    assert_eq!(r.calls().len(), 2);
    assert_eq!(r.calls()[0].tool_use_id, r.calls()[1].tool_use_id);
    assert_eq!(r.requests()[0].key, r.requests()[1].key);
}

#[test]
fn model_retry_with_query_first_is_one_report_everywhere() {
    for s in Preset::ALL {
        let cell = cell_of(Scenario::ModelRetry, ClientStrategy::QueryFirst, s);
        assert_eq!(
            (cell.reports, cell.tool),
            (1, ToolOutcome::Created),
            "{s:?}"
        );
        let r = run(Scenario::ModelRetry, ClientStrategy::QueryFirst, s, 1);
        assert_eq!(r.calls().len(), 1, "the query found it: no second call");
        assert_eq!(r.calls()[0].query, Some(Some(1)));
        assert!(r.steps().iter().any(|s| s
            .sql
            .iter()
            .any(|q| q.sql.starts_with("SELECT id FROM reports"))));
    }
}

#[test]
fn careful_never_retries_what_may_have_run() {
    for s in Preset::ALL {
        for sc in [
            Scenario::ResponseLost,
            Scenario::SlowServer,
            Scenario::ModelRetry,
        ] {
            let cell = cell_of(sc, ClientStrategy::Careful, s);
            assert_eq!(
                (cell.reports, cell.tool),
                (1, ToolOutcome::Unknown),
                "{sc:?} {s:?}"
            );
        }
        let r = run(Scenario::ResponseLost, ClientStrategy::Careful, s, 1);
        assert_eq!(r.requests().len(), 1);
        assert_eq!(r.final_call().unwrap().give_up, Some(GiveUp::Careful));
        // A request lost after it was sent looks the same: a timeout, unknown.
        let cell = cell_of(Scenario::RequestLost, ClientStrategy::Careful, s);
        assert_eq!((cell.reports, cell.tool), (0, ToolOutcome::Unknown));
    }
}

#[test]
fn a_422_after_a_possibly_executed_attempt_is_unknown_not_rejected() {
    for s in KEY_SERVERS {
        let r = run(Scenario::BodyMismatch, ClientStrategy::StableKey, s, 1);
        assert_eq!(r.final_report_count(), 1);
        assert_eq!(
            r.final_outcome(),
            Some(AttemptOutcome::Status {
                status: 422,
                replayed: false
            })
        );
        assert_eq!(r.tool_result(), Some(ToolResult::Unknown));
        assert_eq!(r.tool_outcome(), ToolOutcome::Unknown);
    }
}

#[test]
fn key_expired_resends_after_retention_and_makes_a_second_report() {
    for s in KEY_SERVERS {
        for c in [ClientStrategy::StableKey, ClientStrategy::BusinessKey] {
            let cell = cell_of(Scenario::KeyExpired, c, s);
            assert_eq!(cell.reports, 2, "{c:?} {s:?}");
        }
        let r = run(Scenario::KeyExpired, ClientStrategy::StableKey, s, 1);
        // The cleanup pruned the key before the resend, which carries the same key.
        let cleanup = r
            .steps()
            .iter()
            .position(|s| matches!(s.kind, StepKind::Cleanup { pruned: 1 }))
            .expect("the key was pruned");
        assert!(r.steps()[cleanup].keys.is_empty());
        assert_eq!(r.requests().len(), 2);
        assert_eq!(r.requests()[0].key, r.requests()[1].key);
        assert_eq!(r.requests()[0].body, r.requests()[1].body);
        assert!(r.requests()[1].call == 0, "not a model re-call");
        assert!(r.steps()[cleanup].time_ms > KEY_RETENTION_MS);
    }
    // The careful harness cannot know whether its request went out: unknown, no resend.
    let cell = cell_of(
        Scenario::KeyExpired,
        ClientStrategy::Careful,
        Preset::Fenced,
    );
    assert_eq!((cell.reports, cell.tool), (1, ToolOutcome::Unknown));
}

#[test]
fn verdict_names_the_count_not_exactly_once() {
    assert_eq!(Verdict::from_count(1), Verdict::One);
    let zh = retry_lab::i18n::t(retry_lab::i18n::Lang::Zh, "lab.ending.one_known");
    assert!(zh.starts_with("只有一份"), "{zh}");
    assert!(!zh.contains("恰好一次"), "{zh}");
}
