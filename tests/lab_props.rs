//! Property tests over random fault schedules: lost and delayed messages,
//! refused connections, failed TLS handshakes, responses that trickle in,
//! stalls, crashes, failures, 503s, re-rendered bodies, model re-calls
//! (some with a rewritten title), a second tenant whose keys collide, and
//! lost, late or repeated calls to the notifier and relay crashes, on every
//! valid server design. The schedules come from the same generator as the
//! workbench's counterexample hunt.

#![cfg(not(target_family = "wasm"))]

use proptest::prelude::*;
use rand::SeedableRng;
use retry_lab::lab::grading::hunt;
use retry_lab::lab::*;

/// Schedules as the workbench's counterexample hunt draws them
/// ([`hunt::generate`]): a generator seed and a set of fault kinds (every
/// kind half the time, any subset otherwise), so the property tests and the
/// page explore the same space (the page's default leaves out 003's
/// recovery, and so do these). Without `recalls`, the model never calls
/// the tool again.
fn schedule(recalls: bool) -> impl Strategy<Value = FaultSchedule> {
    let kinds = prop_oneof![
        Just(hunt::KindSet::all()),
        prop::collection::vec(any::<bool>(), hunt::FaultKind::ALL.len()).prop_map(|on| {
            hunt::FaultKind::ALL
                .into_iter()
                .zip(on)
                .filter_map(|(k, on)| on.then_some(k))
                .collect()
        }),
    ];
    (any::<u64>(), kinds).prop_map(move |(seed, kinds)| {
        // 003's recovery (a revoked permission, refund-like work) asks
        // for its own mechanisms: `lab_recovery_props` holds its property.
        let kinds = kinds.without(hunt::FaultKind::Recovery);
        let kinds = if recalls {
            kinds
        } else {
            kinds.without(hunt::FaultKind::ModelRecall)
        };
        hunt::generate(&mut rand_pcg::Pcg64::seed_from_u64(seed), kinds)
    })
}

/// The designs of the service's own database (no mechanism of the
/// downstream group): the truth property runs each of them once per
/// schedule, with one downstream placement drawn per schedule, so adding the
/// notifier does not multiply its cost.
fn local_designs() -> Vec<Design> {
    Design::all_valid_walked()
        .into_iter()
        .filter(|d| {
            d.mechanisms()
                .iter()
                .all(|m| m.group() != Group::Downstream)
        })
        .collect()
}

/// A set of the downstream group's mechanisms (resolved per design:
/// `downstream_fence` is dropped where there is no `fence`, and
/// `notify_before_commit` gives way to `outbox`).
fn downstream() -> impl Strategy<Value = Vec<Mechanism>> {
    let group: Vec<Mechanism> = Mechanism::ALL
        .into_iter()
        .filter(|m| m.group() == Group::Downstream)
        .collect();
    prop::sample::subsequence(group.clone(), 0..=group.len())
}

fn with_downstream(d: Design, extra: &[Mechanism]) -> Design {
    d.with_all(extra).resolve().0
}

/// The designs whose stored answer a later commit can contradict: they
/// store a failure's 500 under the key while another handler of that key
/// may still commit its report afterwards (`record_after` records the key
/// only after the report, so a concurrent handler is not stopped; a lease
/// without a guard or a fence lets the stale handler write over the stored
/// 500). A retry that hears the 500 replayed is told «unknown» (003: a
/// failed write proves nothing about side effects), so even then no model
/// is lied to; `stored_error_contradicted_later` shows each of them.
fn stored_error_contradicted(d: Design) -> bool {
    use Mechanism::*;
    let stale_writer = d.has(RecordAfter) || (d.has(Lease) && !d.has(Guard) && !d.has(Fence));
    d.has(StoreErrors) && stale_writer
}

/// The designs that keep one report per key within its retention: a claim
/// taken atomically, and, if a lease lets a claim be taken over, a write-back
/// condition (guard or fence) that lets only one holder commit.
fn keeps_one(d: Design) -> bool {
    use Mechanism::*;
    d.has(Claim) && (!d.has(Lease) || d.has(Guard) || d.has(Fence))
}

/// For one schedule, every valid design (with the downstream mechanisms
/// `extra`) and every client, for each tenant: every run settles before the
/// event cap; «created» is never a lie but by a cross-tenant leak; the model
/// hears the truth (if a report exists it was told «created» or «unknown»;
/// «not created» and «rejected» only if none does) unless another tenant's
/// response leaked to it; a design that
/// [`keeps_one`] keeps one report per tenant for a key that covers every
/// attempt (stable_key without a model re-call, business_key unless the
/// model rewrote the title) within the retention; and with `tenant_scope`
/// nothing ever leaks across tenants and no tenant is refused for another's
/// key.
fn truth_for_every_design(
    s: &FaultSchedule,
    seed: u64,
    extra: &[Mechanism],
) -> Result<(), TestCaseError> {
    for d in local_designs() {
        let d = with_downstream(d, extra);
        for c in ClientStrategy::ALL {
            let r = run_fast(s, c, d, seed);
            prop_assert!(!r.truncated, "{c:?} {d:?}: hit the event cap");
            let leaked = !r.leaks().is_empty();
            if d.has(Mechanism::TenantScope) {
                prop_assert!(!leaked, "{c:?} {d:?}: a leak across tenants");
                prop_assert!(r.tenant_refusals().is_empty(), "{c:?} {d:?}: refused");
            }
            for t in r.tenants().collect::<Vec<_>>() {
                let (n, tool) = (r.reports_of(t), r.tool_outcome_of(t));
                if tool == ToolOutcome::Created && !leaked {
                    prop_assert!(n > 0, "{c:?} {d:?}: told «created» with no report");
                }
                prop_assert!(
                    leaked || tool.is_truthful(n),
                    "{c:?} {d:?}: tenant {t}: {n} report(s) but its model was told {tool:?}"
                );
                let covered = match c {
                    ClientStrategy::StableKey => s.model_recalls == 0,
                    ClientStrategy::BusinessKey => !s.rewrite_title || s.model_recalls == 0,
                    _ => false,
                };
                if keeps_one(d) && covered && !s.restart_next_day {
                    prop_assert!(n <= 1, "{c:?} {d:?}: tenant {t}: {n} reports");
                }
            }
        }
    }
    Ok(())
}

/// The most reports one tenant's requests left.
fn most_per_tenant(r: &Run) -> usize {
    r.tenants().map(|t| r.reports_of(t)).max().unwrap_or(0)
}

/// Schedules for the large release-mode run (see scripts/test.sh): each
/// runs on every valid design with every client.
const MANY_SCHEDULES: u32 = 2_000;

/// The large run: `cargo test --profile props --test lab_props -- --ignored`.
#[test]
#[ignore = "release-mode run of 2,000 schedules on every design, from scripts/test.sh"]
fn the_model_hears_the_truth_on_every_design() {
    let cases = std::env::var("LAB_PROP_SCHEDULES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(MANY_SCHEDULES);
    let mut config = ProptestConfig::with_cases(cases);
    config.failure_persistence = None;
    let mut runner = proptest::test_runner::TestRunner::new(config);
    let t0 = std::time::Instant::now();
    runner
        .run(
            &(schedule(true), 0u64..1_000_000, downstream()),
            |(s, seed, extra)| {
                truth_for_every_design(&s, seed, &extra)?;
                outbox_notifies_every_report_once(&s, seed)
            },
        )
        .unwrap();
    let designs = local_designs().len();
    let runs = cases as usize * designs * ClientStrategy::ALL.len();
    println!(
        "{cases} schedules × {designs} designs × {} clients = {runs} runs in {:.1} s",
        ClientStrategy::ALL.len(),
        t0.elapsed().as_secs_f64()
    );
}

/// The exception is real: each design [`may_lie`] says so on a schedule of
/// its own, and every other design tells the truth there.
#[test]
fn stored_error_contradicted_later() {
    let stall = |ms| AttemptFault::server(ServerFault::Stall(ms));
    let fail = AttemptFault::server(ServerFault::Fail);
    // A slow first attempt; the retry runs beside it and fails: the 500 is
    // recorded, the next retry hears it replayed, then the slow one commits.
    let beside = FaultSchedule {
        attempts: vec![stall(SLOW_MS), fail],
        ..FaultSchedule::default()
    };
    // A stall past the lease; the taker fails and stores the 500, the next
    // retry hears it replayed, then the stale handler wakes and writes back.
    let after_takeover = FaultSchedule {
        attempts: vec![stall(STALL_MS), AttemptFault::default(), fail],
        ..FaultSchedule::default()
    };
    for d in Design::all_valid_walked() {
        let runs =
            [&beside, &after_takeover].map(|s| run_schedule(s, ClientStrategy::StableKey, d, 1));
        for r in &runs {
            assert!(
                r.tool_outcome().is_truthful(r.final_report_count()),
                "{d:?}"
            );
        }
        // Where the stored 500 is contradicted by a later commit, the retry
        // was told «unknown», which stays true.
        let contradicted = runs.iter().any(|r| {
            r.final_report_count() > 0
                && r.final_call().unwrap().give_up == Some(GiveUp::StoredError)
        });
        assert_eq!(contradicted, stored_error_contradicted(d), "{d:?}");
    }
}

#[test]
fn a_run_that_hits_the_event_cap_says_so() {
    // Every request is lost and the model calls again 400 times: about
    // 13 events per call, far more than the cap allows.
    let s = FaultSchedule {
        attempts: vec![
            AttemptFault {
                request: Delivery::Lose,
                ..AttemptFault::default()
            };
            2_000
        ],
        model_recalls: 400,
        ..FaultSchedule::default()
    };
    let r = run_schedule(&s, ClientStrategy::NewKey, Preset::Naive, 1);
    assert!(r.truncated);
    assert_eq!(
        r.steps().last().map(|s| &s.kind),
        Some(&StepKind::Truncated)
    );
    let fine = run(
        Scenario::ModelRetry,
        ClientStrategy::NewKey,
        Preset::Naive,
        1,
    );
    assert!(!fine.truncated);
    assert!(fine.steps().len() < MAX_EVENTS);
}

fn client() -> impl Strategy<Value = ClientStrategy> {
    prop::sample::select(ClientStrategy::ALL.to_vec())
}

fn server() -> impl Strategy<Value = Preset> {
    prop::sample::select(Preset::ALL.to_vec())
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

/// With `outbox` and `downstream_key` on any design that claims its key,
/// whatever the notifier's network and the relay do: every committed report
/// is notified exactly once in the end, and no notification names a report
/// that does not exist (the outbox row commits or rolls back with its
/// report; the relay delivers until answered; the notifier ignores a repeat).
fn outbox_notifies_every_report_once(s: &FaultSchedule, seed: u64) -> Result<(), TestCaseError> {
    let claiming = local_designs()
        .into_iter()
        .filter(|d| d.has(Mechanism::Claim));
    let fix = [Mechanism::Outbox, Mechanism::DownstreamKey];
    notified_once_without_leaks(s, seed, claiming, &fix)
}

/// On each of `designs` with the mechanisms `fix`, every client: every run
/// settles, every committed report is notified exactly once, none names a
/// report that does not exist, nothing leaks across tenants and no tenant
/// is refused for the other's key.
fn notified_once_without_leaks(
    s: &FaultSchedule,
    seed: u64,
    designs: impl Iterator<Item = Design>,
    fix: &[Mechanism],
) -> Result<(), TestCaseError> {
    for d in designs {
        let d = with_downstream(d, fix);
        for c in ClientStrategy::ALL {
            let r = run_fast(s, c, d, seed);
            prop_assert!(!r.truncated, "{c:?} {d:?}: hit the event cap");
            let n = r.note_counts();
            prop_assert!(n.is_exact(), "{c:?} {d:?}: {n:?}");
            prop_assert_eq!(n.delivered, r.final_report_count(), "{:?} {:?}", c, d);
            if d.has(Mechanism::TenantScope) {
                prop_assert!(r.leaks().is_empty(), "{c:?} {d:?}: {:?}", r.leaks());
                prop_assert!(r.tenant_refusals().is_empty(), "{c:?} {d:?}");
            }
        }
    }
    Ok(())
}

/// Cases of the per-commit outbox property (the release run has 2,000).
const OUTBOX_CASES: u32 = 40;

proptest! {
    // Each case is 57 designs × 6 clients.
    #![proptest_config(ProptestConfig::with_cases(50))]

    /// The per-commit share of the truth property (the release run has 2,000).
    #[test]
    fn the_model_always_hears_the_truth(
        s in schedule(true), seed in 0u64..1_000_000, extra in downstream()
    ) {
        truth_for_every_design(&s, seed, &extra)?;
    }
}

proptest! {
    // Each case is 48 claiming designs (with or without tenant_scope) × 6 clients.
    #![proptest_config(ProptestConfig::with_cases(OUTBOX_CASES))]

    #[test]
    fn outbox_with_downstream_key_notifies_every_committed_report_once(
        s in schedule(true), seed in 0u64..1_000_000
    ) {
        outbox_notifies_every_report_once(&s, seed)?;
    }
}

/// Both features' faults at once: a second tenant whose key string
/// collides, on top of random notifier faults, relay crashes, rewritten
/// titles and every other fault. With `outbox`, `downstream_key` and
/// `tenant_scope` on any claiming design, every committed report of either
/// tenant is notified exactly once, nothing leaks and no tenant is refused
/// for the other's key.
fn two_tenants_and_the_notifier(s: &FaultSchedule, seed: u64) -> Result<(), TestCaseError> {
    let claiming = Preset::ALL
        .map(|p| p.design())
        .into_iter()
        .filter(|d| d.has(Mechanism::Claim));
    let fix = [
        Mechanism::Outbox,
        Mechanism::DownstreamKey,
        Mechanism::TenantScope,
    ];
    notified_once_without_leaks(s, seed, claiming, &fix)
}

proptest! {
    // Each case is 4 claiming presets × 6 clients.
    #![proptest_config(ProptestConfig::with_cases(100))]

    #[test]
    fn two_tenants_with_outbox_and_downstream_key_notify_each_report_once(
        s in schedule(true), at in 0u64..3_000, seed in 0u64..1_000_000
    ) {
        let s = FaultSchedule { second_tenant: Some(at), ..s };
        two_tenants_and_the_notifier(&s, seed)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]


    #[test]
    fn stable_key_with_fencing_never_duplicates(s in schedule(false), seed in 0u64..1000) {
        // Within the key's retention (a pruned key is a new request).
        let s = FaultSchedule { restart_next_day: false, ..s };
        let r = run_schedule(&s, ClientStrategy::StableKey, Preset::Fenced, seed);
        prop_assert!(most_per_tenant(&r) <= 1, "{} reports", r.final_report_count());
    }

    #[test]
    fn business_key_with_fencing_never_duplicates_even_across_model_calls(s in schedule(true), seed in 0u64..1000) {
        // A rewritten title is another business key (tests/lab_tenants.rs).
        let s = FaultSchedule { restart_next_day: false, rewrite_title: false, ..s };
        let r = run_schedule(&s, ClientStrategy::BusinessKey, Preset::Fenced, seed);
        prop_assert!(most_per_tenant(&r) <= 1, "{} reports", r.final_report_count());
    }

    /// `003_*.txt`: «不能让其他租户用相同字符串占用全局 key». With the tenant
    /// in the key's namespace, no schedule with a second tenant makes a
    /// leak or a cross-tenant refusal, on any claiming design, any client.
    #[test]
    fn with_tenant_scope_no_run_ever_leaks(
        s in schedule(true), at in 0u64..3_000, c in client(), srv in server(), seed in 0u64..1000
    ) {
        let s = FaultSchedule { second_tenant: Some(at), ..s };
        let d = srv.design();
        prop_assume!(d.keyed());
        let r = run_schedule(&s, c, d.with(Mechanism::TenantScope), seed);
        prop_assert!(r.leaks().is_empty(), "{:?}", r.leaks());
        prop_assert!(r.tenant_refusals().is_empty(), "{:?}", r.tenant_refusals());
    }

    #[test]
    fn every_committed_report_appears_in_the_trace(
        s in schedule(true), c in client(), srv in server(), seed in 0u64..1000
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
        s in schedule(true), c in client(), srv in server(), seed in 0u64..1000
    ) {
        let a = run_schedule(&s, c, srv, seed);
        for call in a.calls() {
            prop_assert!(call.result.is_some());
            // A call resumed after a harness restart gets a fresh budget.
            let budget = MAX_ATTEMPTS * (1 + u32::from(s.restart_next_day));
            prop_assert!(call.attempts >= 1 && call.attempts <= budget);
        }
        // A "created" tool result is never a lie.
        if let Some(ToolResult::Created { .. }) = a.tool_result() {
            prop_assert!(a.final_report_count() >= 1);
        }
        let b = run_schedule(&s, c, srv, seed);
        prop_assert_eq!(a.trace_digest(), b.trace_digest());
    }
}
