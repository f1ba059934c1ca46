//! Property tests over random fault schedules: lost and delayed messages,
//! stalls, crashes, failures, 503s, re-rendered bodies and model re-calls.

#![cfg(not(target_family = "wasm"))]

use proptest::prelude::*;
use retry_lab::lab::*;

fn delivery() -> impl Strategy<Value = Delivery> {
    prop_oneof![
        3 => Just(Delivery::Deliver),
        2 => Just(Delivery::Lose),
        1 => (0u64..6_000).prop_map(Delivery::Delay),
    ]
}

fn server_fault() -> impl Strategy<Value = ServerFault> {
    prop_oneof![
        3 => Just(ServerFault::None),
        1 => (0u64..20).prop_map(|retry_after_s| ServerFault::Unavailable { retry_after_s }),
        2 => (0u64..9_000).prop_map(ServerFault::Stall),
        2 => Just(ServerFault::Crash),
        1 => Just(ServerFault::Fail),
    ]
}

fn attempt() -> impl Strategy<Value = AttemptFault> {
    (
        delivery(),
        delivery(),
        server_fault(),
        prop::bool::weighted(0.15),
    )
        .prop_map(|(request, response, server, rerender)| AttemptFault {
            request,
            response,
            server,
            rerender,
        })
}

fn schedule(max_recalls: u32) -> impl Strategy<Value = FaultSchedule> {
    (prop::collection::vec(attempt(), 0..10), 0..=max_recalls).prop_map(
        |(attempts, model_recalls)| FaultSchedule {
            attempts,
            model_recalls,
        },
    )
}

fn client() -> impl Strategy<Value = ClientStrategy> {
    prop::sample::select(ClientStrategy::ALL.to_vec())
}

fn server() -> impl Strategy<Value = ServerImpl> {
    prop::sample::select(ServerImpl::ALL.to_vec())
}

/// Replays the recorded SQL: report inserts that were committed (not rolled
/// back) in the trace.
fn committed_inserts(r: &Run) -> usize {
    let mut committed = 0;
    let mut pending = 0;
    for s in r.steps() {
        for q in &s.sql {
            match &q.outcome {
                SqlOutcome::Begun => pending = 0,
                SqlOutcome::Rows(n) if q.sql.starts_with("INSERT INTO reports") => pending += n,
                SqlOutcome::Committed => {
                    committed += pending;
                    pending = 0;
                }
                SqlOutcome::RolledBack { .. } => pending = 0,
                _ => {}
            }
        }
    }
    committed
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn stable_key_with_fencing_never_duplicates(s in schedule(0), seed in 0u64..1000) {
        let r = run_schedule(&s, ClientStrategy::StableKey, ServerImpl::Fenced, seed);
        prop_assert!(r.final_report_count() <= 1, "{} reports", r.final_report_count());
    }

    #[test]
    fn business_key_with_fencing_never_duplicates_even_across_model_calls(s in schedule(2), seed in 0u64..1000) {
        let r = run_schedule(&s, ClientStrategy::BusinessKey, ServerImpl::Fenced, seed);
        prop_assert!(r.final_report_count() <= 1, "{} reports", r.final_report_count());
    }

    #[test]
    fn every_committed_report_appears_in_the_trace(
        s in schedule(2), c in client(), srv in server(), seed in 0u64..1000
    ) {
        let r = run_schedule(&s, c, srv, seed);
        prop_assert_eq!(committed_inserts(&r), r.final_report_count());
        let last = r.steps().last().expect("a run has steps");
        prop_assert_eq!(last.report_count(), r.final_report_count());
        // Every stored report was created at a step whose SQL committed it.
        for rep in &last.reports {
            let at = r.steps().iter().any(|st| {
                st.time_ms as i64 == rep.created_ms
                    && st.sql.iter().any(|q| q.sql.starts_with("INSERT INTO reports"))
                    && st.sql.iter().any(|q| q.outcome == SqlOutcome::Committed)
            });
            prop_assert!(at, "report {} has no committing step", rep.id);
        }
        // Reports are never deleted: the count never goes down.
        let counts: Vec<usize> = r.steps().iter().map(Step::report_count).collect();
        prop_assert!(counts.windows(2).all(|w| w[0] <= w[1]));
    }

    #[test]
    fn every_tool_call_ends_with_a_result_and_runs_are_deterministic(
        s in schedule(2), c in client(), srv in server(), seed in 0u64..1000
    ) {
        let a = run_schedule(&s, c, srv, seed);
        for call in a.calls() {
            prop_assert!(call.result.is_some());
            prop_assert!(call.attempts >= 1 && call.attempts <= retry_lab::lab::harness::MAX_ATTEMPTS);
        }
        // A "created" tool result is never a lie.
        if let Some(ToolResult::Created { .. }) = a.tool_result() {
            prop_assert!(a.final_report_count() >= 1);
        }
        let b = run_schedule(&s, c, srv, seed);
        prop_assert_eq!(a.trace_digest(), b.trace_digest());
    }
}
