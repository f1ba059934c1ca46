//! Beyond one tenant and one title, and past the read timeout: two
//! tenants whose keys collide as strings (`003_*.txt`: «不能让其他租户用相同
//! 字符串占用全局 key»), the model that rewrites its title (the chapter, §5:
//! «模型把标题改写了就认不出来，只能靠评测侧去重»), the TLS error that must
//! never be retried and the response that trickles in past the total
//! deadline (`001_*.txt`). Each must-hold cell holds for several seeds.
#![cfg(not(target_arch = "wasm32"))]

use retry_lab::i18n::{t, Lang};
use retry_lab::lab::grading::explain::{cause, Cause};
use retry_lab::lab::grading::suite::*;
use retry_lab::lab::*;

const SEEDS: [u64; 4] = [1, 2, 7, 42];

fn runs(sc: Scenario, c: ClientStrategy, d: impl Into<Design>) -> Vec<Run> {
    let d = d.into();
    SEEDS.iter().map(|s| run(sc, c, d, *s)).collect()
}

/// The tool result each tenant's last call handed its model.
fn result_of(r: &Run, tenant: usize) -> Option<ToolResult> {
    r.calls()
        .iter()
        .rev()
        .find(|c| c.tenant == tenant)
        .and_then(|c| c.result)
}

/// The report ids the first tenant's requests committed.
fn first_tenants_reports(r: &Run) -> Vec<i64> {
    r.survivors()
        .filter(|w| r.requests()[w.request].tenant == 0)
        .filter_map(|w| w.report())
        .collect()
}

#[test]
fn the_two_tenants_keys_are_equal_strings_from_per_tenant_counters() {
    let r = run(
        Scenario::KeyCollision,
        ClientStrategy::StableKey,
        Preset::Fenced,
        1,
    );
    let keys: Vec<(usize, String)> = r
        .requests()
        .iter()
        .map(|q| (q.tenant, q.key.clone().unwrap()))
        .collect();
    assert_eq!(
        keys,
        [
            (0, "eval-0001:toolu_01".into()),
            (1, "eval-0001:toolu_01".into())
        ]
    );
    // Their bodies differ: two different reports.
    assert_ne!(r.requests()[0].digest, r.requests()[1].digest);
}

#[test]
fn a_global_key_without_a_digest_answers_tenant_b_with_tenant_as_response() {
    for r in runs(
        Scenario::KeyCollision,
        ClientStrategy::StableKey,
        Preset::KeySplit,
    ) {
        // B's report is never created; B's model is told «created» with A's id.
        assert_eq!((r.reports_of(0), r.reports_of(1)), (1, 0));
        let a = first_tenants_reports(&r);
        assert_eq!(a.len(), 1);
        assert_eq!(
            result_of(&r, 1),
            Some(ToolResult::Created {
                report_id: a[0],
                replayed: true
            })
        );
        assert_eq!(r.leaks().len(), 1);
        assert_eq!(r.cell().leaks, 1);
        assert_eq!(r.ending(), Ending::Leak);
        assert_eq!(cause(Scenario::KeyCollision, &r), Cause::Leak);
        assert!(!passes(&r));
    }
    // A claim without a digest leaks the same way.
    let claim = Design::of(&[Mechanism::Claim]);
    let r = run(Scenario::KeyCollision, ClientStrategy::StableKey, claim, 1);
    assert_eq!(r.leaks().len(), 1);
}

#[test]
fn a_global_key_with_a_digest_refuses_tenant_b_with_422_and_says_why() {
    for r in runs(
        Scenario::KeyCollision,
        ClientStrategy::StableKey,
        Preset::Atomic,
    ) {
        assert_eq!((r.reports_of(0), r.reports_of(1)), (1, 0));
        assert_eq!(result_of(&r, 1), Some(ToolResult::Rejected));
        let refused = r.tenant_refusals();
        assert_eq!(refused.len(), 1);
        let last_of_b = r.calls().iter().rfind(|c| c.tenant == 1).unwrap();
        assert_eq!(
            last_of_b.last,
            Some(AttemptOutcome::Status {
                status: 422,
                replayed: false
            })
        );
        assert!(r.leaks().is_empty());
        assert_eq!(r.ending(), Ending::TenantRefused);
        // It says why: another tenant's record holds the key string.
        assert_eq!(cause(Scenario::KeyCollision, &r), Cause::TenantRefused);
        assert!(t(Lang::Zh, &Cause::TenantRefused.key()).contains("422"));
        assert!(!passes(&r));
    }
}

#[test]
fn with_tenant_scope_both_reports_exist_and_nothing_leaks_as_on_the_naive_server() {
    let scoped = Design::all_valid_walked()
        .into_iter()
        .filter(|d| d.has(Mechanism::TenantScope));
    for d in scoped.chain([Design::NONE]) {
        for c in ClientStrategy::ALL {
            for r in runs(Scenario::KeyCollision, c, d) {
                assert_eq!((r.reports_of(0), r.reports_of(1)), (1, 1), "{d:?} {c:?}");
                assert_eq!(r.final_report_count(), 2);
                assert!(r.leaks().is_empty() && r.tenant_refusals().is_empty());
                assert!(passes(&r), "{d:?} {c:?}");
                assert_eq!(r.ending(), Ending::OneKnown);
            }
        }
    }
}

#[test]
fn a_run_with_a_leak_or_a_cross_tenant_refusal_never_passes() {
    let mut seen = (0, 0);
    for d in Design::all_valid_walked() {
        for c in ClientStrategy::ALL {
            let r = run_fast(&Scenario::KeyCollision.schedule(), c, d, 1);
            let (leaks, refused) = (r.leaks().len(), r.tenant_refusals().len());
            seen.0 += leaks;
            seen.1 += refused;
            if leaks + refused > 0 {
                assert!(!passes(&r), "{d:?} {c:?}");
                assert!(matches!(r.ending(), Ending::Leak | Ending::TenantRefused));
            }
        }
    }
    assert!(seen.0 > 0 && seen.1 > 0, "{seen:?}");
}

#[test]
fn with_two_tenants_at_most_one_report_is_counted_per_tenants_request() {
    // Two reports in the database, one per tenant's request: no duplicate.
    let r = run(
        Scenario::KeyCollision,
        ClientStrategy::StableKey,
        Preset::Naive,
        1,
    );
    assert_eq!(r.final_report_count(), 2);
    assert!(passes(&r));
    // The same two reports from one tenant's one request are a duplicate.
    let r = run(
        Scenario::ResponseLost,
        ClientStrategy::StableKey,
        Preset::Naive,
        1,
    );
    assert_eq!(r.final_report_count(), 2);
    assert!(!passes(&r));
}

#[test]
fn tenant_scope_fixes_the_collision_and_the_workbench_finds_it() {
    let client = ClientStrategy::StableKey;
    let d = Preset::Fenced.design();
    let rows = suite(d, client, 1, &Scenario::ALL);
    let fix = smallest_fix(d, client, 1, Scenario::KeyCollision, &rows);
    let Some(Fix::Change { change, breaks }) = fix else {
        panic!("{fix:?}");
    };
    assert_eq!(change.add, [Mechanism::TenantScope]);
    assert!(breaks.is_empty());
    // The rule is data: it needs a key record to scope.
    assert_eq!(
        Design::parse("tenant_scope").1,
        vec![DesignProblem::Needs {
            dropped: Mechanism::TenantScope,
            needs: vec![Mechanism::RecordAfter, Mechanism::Claim],
        }]
    );
}

#[test]
fn a_rewritten_title_defeats_every_key_and_the_query() {
    for d in Design::all_valid_walked() {
        for c in [
            ClientStrategy::BusinessKey,
            ClientStrategy::QueryFirst,
            ClientStrategy::StableKey,
        ] {
            let r = run_fast(&Scenario::TitleRewrite.schedule(), c, d, 1);
            assert_eq!(r.final_report_count(), 2, "{d:?} {c:?}");
            assert!(!passes(&r), "{d:?} {c:?}");
            assert!(retry_lab::lab::faults::title_rewrite::rewritten(&r));
        }
    }
    // The same re-call in the same words: the business key and the query hold.
    for c in [ClientStrategy::BusinessKey, ClientStrategy::QueryFirst] {
        let r = run(Scenario::ModelRetry, c, Preset::Fenced, 1);
        assert_eq!(r.final_report_count(), 1, "{c:?}");
    }
    // query_first asked, in the new words, and found nothing.
    let r = run(
        Scenario::TitleRewrite,
        ClientStrategy::QueryFirst,
        Preset::Fenced,
        1,
    );
    assert_eq!(r.calls()[0].query, Some(None));
}

#[test]
fn no_server_design_passes_a_rewritten_title_and_the_workbench_names_evaluation_side_dedupe() {
    let client = ClientStrategy::BusinessKey;
    let d = Preset::Fenced.design();
    let rows = suite(d, client, 1, &Scenario::ALL);
    let fix = smallest_fix(d, client, 1, Scenario::TitleRewrite, &rows);
    let Some(Fix::NoServerFix { why, .. }) = fix else {
        panic!("{fix:?}");
    };
    assert_eq!(why, Unfixable::TitleRewritten);
    assert!(t(Lang::Zh, &why.key()).contains("评测侧去重"));
    assert!(t(Lang::En, &why.key()).contains("evaluation side"));
}

#[test]
fn tls_errors_are_retried_to_the_limit_by_every_client_but_careful() {
    use retry_lab::lab::grading::judgement::{judge, FailureClass};
    for d in [Preset::Naive, Preset::KeySplit, Preset::Fenced] {
        for c in ClientStrategy::ALL {
            for r in runs(Scenario::TlsError, c, d) {
                assert_eq!(r.final_report_count(), 0);
                assert_eq!(r.tool_outcome(), ToolOutcome::NotCreated);
                // 001's first branch: a TLS failure is never retried; a
                // client that retries it breaks the rule in the run.
                let j = judge(&r);
                assert_eq!(passes(&r), c == ClientStrategy::Careful, "{c:?}");
                if c != ClientStrategy::Careful {
                    assert_eq!(j.classes(), [FailureClass::RuleBroken], "{c:?}");
                    assert_eq!(j.wasted, MAX_ATTEMPTS as usize - 1);
                }
                let (want, stopped) = match c {
                    ClientStrategy::Careful => (1, true),
                    _ => (MAX_ATTEMPTS as usize, false),
                };
                assert_eq!(r.attempts(), want, "{c:?}");
                assert_eq!(r.cell().attempts, want);
                assert_eq!(retry_lab::lab::faults::tls::stopped(&r, 0), stopped);
                // careful tells the model to check the CA, host name and proxy.
                let key = r.tool_text_key(r.tool_result().unwrap(), r.final_request());
                assert_eq!(key == "lab.tool.tls", stopped, "{c:?}");
            }
        }
    }
    let tls = t(Lang::Zh, "lab.tool.tls");
    assert!(tls.contains("CA") && tls.contains("主机名") && tls.contains("代理"));
    // The narration names the trap: SSLError is a ConnectionError.
    let trap = t(Lang::En, "lab.n.tls_trap");
    assert!(trap.contains("SSLError") && trap.contains("ConnectionError"));
}

#[test]
fn a_response_that_trickles_in_is_ended_by_the_total_deadline_only() {
    for d in [Preset::Naive, Preset::Atomic, Preset::Fenced] {
        for c in ClientStrategy::ALL {
            for r in runs(Scenario::SlowDrip, c, d) {
                assert_eq!(r.final_report_count(), 1);
                // The tool result says the outcome is unknown (query_first
                // then finds the report with its query).
                assert_eq!(r.calls()[0].result, Some(ToolResult::Unknown), "{c:?}");
                assert_eq!(r.calls()[0].give_up, Some(GiveUp::DeadlineFired));
                let timers =
                    retry_lab::lab::faults::drip::timers(&r).expect("a response trickled in");
                assert_eq!(timers.fired, Some(Timer::Deadline));
                assert_eq!(timers.read_timeout_ms, ATTEMPT_TIMEOUT_MS);
                assert_eq!(timers.deadline_ms, CALL_DEADLINE_MS);
                assert!(timers.every_ms < timers.read_timeout_ms);
                assert!(timers.complete_ms > timers.deadline_ms);
                // The read timeout never fired.
                let idle = r
                    .steps()
                    .iter()
                    .any(|s| matches!(s.kind, StepKind::Timeout { .. }));
                assert!(!idle, "{c:?}");
                assert_eq!(r.attempts(), 1);
            }
        }
    }
}

#[test]
fn bytes_further_apart_than_the_read_timeout_trip_it_first() {
    // The same drip, a byte every 3 s: the idle timer fires, not the deadline.
    let s = FaultSchedule {
        attempts: vec![AttemptFault {
            response: Delivery::Drip {
                every_ms: 3_000,
                total_ms: DRIP_TOTAL_MS,
            },
            ..AttemptFault::default()
        }],
        ..FaultSchedule::default()
    };
    let r = run_schedule(&s, ClientStrategy::Careful, Preset::Fenced, 1);
    assert_eq!(
        retry_lab::lab::faults::drip::timers(&r).unwrap().fired,
        Some(Timer::Read)
    );
}

#[path = "common/lab_golden_tenants.rs"]
mod golden;

#[test]
fn the_new_scenarios_match_their_golden_values() {
    golden::check_all();
}

/// Found by the release truth property (the schedule as it drew it): on
/// `record_after` without `store_errors`, tenant B's failed attempt writes
/// nothing to the key's record, so tenant A's stored 201 is still A's. B's
/// retry that gets it replayed is a leak: B has no report, yet its model
/// hears «created».
#[test]
fn a_failed_attempt_writes_no_response_so_a_later_replay_still_leaks() {
    use Delivery::{Delay, Deliver, Lose, Refuse};
    let at = |request, response, server, rerender| AttemptFault {
        request,
        response,
        server,
        rerender,
    };
    let note = |request, response| NotifyFault {
        request,
        response,
        relay_dies: false,
    };
    let s = FaultSchedule {
        attempts: vec![
            at(Lose, Deliver, ServerFault::None, true),
            at(Deliver, Lose, ServerFault::None, true),
            at(Lose, Lose, ServerFault::None, false),
            at(Deliver, Deliver, ServerFault::Fail, false),
            at(Refuse, Deliver, ServerFault::None, false),
            at(Deliver, Deliver, ServerFault::None, false),
        ],
        notify: vec![
            note(Deliver, Lose),
            note(Delay(3300), Deliver),
            note(Delay(1200), Deliver),
        ],
        second_tenant: Some(2400),
        ..FaultSchedule::default()
    };
    let d = Design::from(Preset::KeySplit).with(Mechanism::NotifyBeforeCommit);
    let r = run_schedule(&s, ClientStrategy::StableKey, d, 15225);
    assert_eq!(r.reports_of(1), 0, "tenant B's report was never created");
    assert_eq!(r.tool_outcome_of(1), ToolOutcome::Created);
    assert_eq!(r.leaks().len(), 1, "B's «created» is A's response");
}
