//! The server as a design of mechanisms: what each mechanism changes in
//! the runs, who wrote the surviving report and why, and that the SQL the
//! page shows for a design is the SQL its handler runs.
#![cfg(not(target_arch = "wasm32"))]

use retry_lab::lab::grading::explain;
use retry_lab::lab::model::sql::{describe, Branch};
use retry_lab::lab::*;

const SEEDS: std::ops::RangeInclusive<u64> = 1..=5;
const LEASES: [Scenario; 2] = [Scenario::LeaseExpired, Scenario::LeaseOverlap];

fn unguarded() -> Design {
    Preset::LeasedUnguarded.design()
}

fn survivors(r: &Run) -> Vec<Write> {
    r.survivors().copied().collect()
}

#[test]
fn a_lease_without_a_write_back_condition_writes_twice() {
    for sc in LEASES {
        for seed in SEEDS {
            let r = run(sc, ClientStrategy::StableKey, unguarded(), seed);
            assert_eq!(r.final_report_count(), 2, "{sc:?} seed {seed}");
            let s = survivors(&r);
            // The slow claimant wrote after its lease had ended; the taker wrote too.
            assert_eq!(s.len(), 2);
            assert!(s.iter().any(|w| w.request == 0
                && w.holder == Holder::Claimant
                && matches!(w.outcome, WriteOutcome::Committed { stale: true, .. })));
            assert!(s
                .iter()
                .any(|w| matches!(w.holder, Holder::Taker { fence: None })));
            assert_eq!(
                explain::cause(sc, &r),
                explain::Cause::StaleWriteBack,
                "{sc:?}"
            );
        }
    }
}

#[test]
fn a_status_guard_keeps_one_and_in_the_overlap_the_stale_handler_wins() {
    for seed in SEEDS {
        let r = run(
            Scenario::LeaseOverlap,
            ClientStrategy::StableKey,
            Preset::Leased,
            seed,
        );
        assert_eq!(r.final_report_count(), 1);
        let s = survivors(&r);
        assert_eq!(s.len(), 1);
        assert_eq!((s[0].request, s[0].holder), (0, Holder::Claimant));
        assert!(matches!(
            s[0].outcome,
            WriteOutcome::Committed { stale: true, .. }
        ));
        // The taker's write-back found the key done: rolled back by the guard.
        assert!(r
            .writes()
            .iter()
            .any(|w| matches!(w.holder, Holder::Taker { .. })
                && w.outcome
                    == WriteOutcome::RolledBack {
                        why: RollbackCause::Guard
                    }));
        // After the taker finished, the stale handler is the one the guard stops.
        let r = run(
            Scenario::LeaseExpired,
            ClientStrategy::StableKey,
            Preset::Leased,
            seed,
        );
        assert_eq!(r.final_report_count(), 1);
        assert!(matches!(survivors(&r)[0].holder, Holder::Taker { .. }));
        assert!(r.writes().iter().any(|w| w.request == 0
            && w.outcome
                == WriteOutcome::RolledBack {
                    why: RollbackCause::Guard
                }));
    }
}

#[test]
fn a_fence_keeps_one_written_by_the_taker_with_or_without_the_guard() {
    let fenced_unguarded = unguarded().with(Mechanism::Fence);
    assert!(fenced_unguarded.is_valid());
    for design in [Preset::Fenced.design(), fenced_unguarded] {
        for sc in LEASES {
            for seed in SEEDS {
                let r = run(sc, ClientStrategy::StableKey, design, seed);
                assert_eq!(r.final_report_count(), 1, "{design:?} {sc:?} {seed}");
                let s = survivors(&r);
                assert_eq!(s[0].holder, Holder::Taker { fence: Some(2) });
                let stale = r.writes().iter().find(|w| w.request == 0).unwrap();
                assert_eq!(
                    stale.outcome,
                    WriteOutcome::RolledBack {
                        why: RollbackCause::Fence {
                            held: 1,
                            current: 2
                        }
                    }
                );
                assert!(stale.step > s[0].step || sc == Scenario::LeaseOverlap);
            }
        }
    }
}

#[test]
fn without_store_errors_a_failure_releases_the_key_and_the_retry_runs_again() {
    let released = Preset::Fenced.design().without(Mechanism::StoreErrors);
    for seed in SEEDS {
        let r = run(
            Scenario::Stored500,
            ClientStrategy::StableKey,
            released,
            seed,
        );
        assert_eq!(r.final_report_count(), 1);
        assert_eq!(r.tool_outcome(), ToolOutcome::Created);
        let first = r.steps().iter().find_map(|s| match &s.kind {
            StepKind::Server {
                request: 0,
                decision,
                response: Some(resp),
                ..
            } => Some((decision.clone(), resp.status, resp.replayed)),
            _ => None,
        });
        assert_eq!(first, Some((Decision::Released, 500, false)));
        // With it, the 500 is stored and replayed, marked as replayed.
        let r = run(
            Scenario::Stored500,
            ClientStrategy::StableKey,
            Preset::Fenced,
            seed,
        );
        assert_eq!(r.final_report_count(), 0);
        assert_eq!(
            r.final_outcome(),
            Some(AttemptOutcome::Status {
                status: 500,
                replayed: true
            })
        );
        // A failed write proves nothing about side effects (003): the
        // replayed 500 leaves the outcome unknown.
        assert_eq!(r.tool_outcome(), ToolOutcome::Unknown);
    }
}

#[test]
fn record_after_with_store_errors_records_the_500_and_replays_it() {
    let d = Design::of(&[Mechanism::RecordAfter, Mechanism::StoreErrors]);
    let r = run(Scenario::Stored500, ClientStrategy::StableKey, d, 1);
    assert_eq!(r.final_report_count(), 0);
    assert_eq!(r.final_call().unwrap().give_up, Some(GiveUp::StoredError));
    // Without it, key_split answers the retry as if nothing had happened.
    let r = run(
        Scenario::Stored500,
        ClientStrategy::StableKey,
        Preset::KeySplit,
        1,
    );
    assert_eq!(r.final_report_count(), 1);
}

#[test]
fn digest_gives_422_on_record_after_too() {
    let d = Design::of(&[Mechanism::RecordAfter, Mechanism::Digest]);
    let r = run(Scenario::BodyMismatch, ClientStrategy::StableKey, d, 1);
    assert_eq!(
        r.final_outcome(),
        Some(AttemptOutcome::Status {
            status: 422,
            replayed: false
        })
    );
    let r = run(
        Scenario::BodyMismatch,
        ClientStrategy::StableKey,
        Preset::KeySplit,
        1,
    );
    assert!(matches!(
        r.final_outcome(),
        Some(AttemptOutcome::Status {
            status: 201,
            replayed: true
        })
    ));
}

/// Every statement the handler ran at a server step, and the status
/// query's (not the cleanup job's or `query_first`'s GET).
fn handler_sql(r: &Run) -> Vec<String> {
    r.steps()
        .iter()
        .filter(|s| {
            matches!(
                s.kind,
                StepKind::Server { .. } | StepKind::StatusQuery { .. }
            )
        })
        .flat_map(|s| s.sql.iter().map(|q| q.sql.clone()))
        .collect()
}

/// Whether `d` has one of 003's recovery mechanisms.
fn recovers(d: Design) -> bool {
    d.iter().any(|m| m.group() == Group::Recovery)
}

/// The designs with recovery mechanisms the listing test runs: every
/// valid set of them over each design that puts its own fragments into
/// their statements' slots (a claim with or without lease, guard, fence:
/// the write condition; `tenant_scope`: the key's columns; the outbox
/// with delivery dedupe: the work's rows and the receipt's key). The
/// other mechanisms add nothing to those statements.
fn recovery_designs() -> Vec<Design> {
    use Mechanism as M;
    let recovery: Vec<M> = Mechanism::ALL
        .into_iter()
        .filter(|m| m.group() == Group::Recovery)
        .collect();
    let claims = [
        Preset::Atomic,
        Preset::LeasedUnguarded,
        Preset::Leased,
        Preset::Fenced,
    ];
    let mut out = Vec::new();
    for p in claims {
        for extra in [&[][..], &[M::TenantScope], &[M::Outbox, M::DownstreamKey]] {
            for bits in 1..(1u32 << recovery.len()) {
                let picked: Vec<M> = (0..recovery.len())
                    .filter(|i| bits & (1 << i) != 0)
                    .map(|i| recovery[i])
                    .collect();
                let mut d = p.design().with_all(extra).with_all(&picked);
                if d.has(M::UnknownOnFailure) {
                    d = d.without(M::StoreErrors);
                }
                if d.resolve().1.is_empty() && !out.contains(&d) {
                    out.push(d);
                }
            }
        }
    }
    out
}

/// The scenarios that reach the recovery mechanisms' branches, and a
/// first attempt whose check fails before any work.
fn recovery_schedules() -> Vec<(String, FaultSchedule)> {
    use Scenario as S;
    [
        S::None,
        S::ResponseLost,
        S::BodyMismatch,
        S::Stored500,
        S::LeaseExpired,
        S::CrashBetweenCommits,
    ]
    .into_iter()
    .chain(S::RECOVERY)
    .map(|sc| (format!("{sc:?}"), sc.schedule()))
    .collect()
}

#[test]
fn the_sql_shown_for_a_design_is_the_sql_its_handler_runs() {
    let mut ran_anywhere = std::collections::HashSet::new();
    let mut shown_anywhere = std::collections::HashSet::new();
    // A first attempt whose check fails before any work: only
    // `lease_reclaimed` has one, on a taken-over claim, which a design
    // without a lease never reaches.
    let before_work = FaultSchedule {
        attempts: vec![AttemptFault::server(ServerFault::FailBeforeWork)],
        ..FaultSchedule::default()
    };
    let classic: Vec<Design> = (Design::all_valid().into_iter())
        .filter(|d| !recovers(*d))
        .collect();
    let old: Vec<Harness> = ClientStrategy::ALL.map(Harness::from).to_vec();
    let recovering = [
        HarnessPreset::Reconciling.harness(),
        HarnessPreset::Chapter.harness(),
    ];
    let all_scenarios: Vec<(String, FaultSchedule)> = (Scenario::ALL.into_iter())
        .map(|sc| (format!("{sc:?}"), sc.schedule()))
        .collect();
    let plans = [
        (classic, all_scenarios, old),
        (
            recovery_designs(),
            recovery_schedules(),
            recovering.to_vec(),
        ),
    ];
    for (designs, schedules, harnesses) in plans {
        let schedules: Vec<_> = (schedules.into_iter())
            .chain([("before_work".to_string(), before_work.clone())])
            .collect();
        for d in designs {
            let shown: Vec<String> = describe(d).iter().map(|s| s.text()).collect();
            shown_anywhere.extend(shown.iter().cloned().map(|t| (d, t)));
            for (sc, schedule) in &schedules {
                for h in &harnesses {
                    let r = run_fast(schedule, *h, d, 1);
                    for q in handler_sql(&r) {
                        assert!(
                            shown.contains(&q),
                            "{d:?} {sc} {} ran «{q}», not shown",
                            h.to_ids()
                        );
                        ran_anywhere.insert((d, q));
                    }
                }
            }
        }
    }
    // And everything shown runs in some scenario, except the read after a
    // write-back that matched no row, where no scenario makes one miss: that
    // takes a takeover (a lease) and a write-back condition it can fail (a
    // guard or a fence); a bare `WHERE key = ?` misses only a deleted record.
    // With `tenant_scope`, the same read names the tenant too.
    let miss =
        "SELECT status, response_status, response_body, fence FROM idempotency_keys WHERE key = ?";
    let scoped_miss = miss.replace("WHERE key", "WHERE tenant = ? AND key");
    for (d, t) in shown_anywhere.difference(&ran_anywhere) {
        let can_miss =
            d.has(Mechanism::Lease) && (d.has(Mechanism::Guard) || d.has(Mechanism::Fence));
        let is_miss = t == miss || *t == scoped_miss;
        assert!(is_miss && !can_miss, "{d:?} never ran «{t}»");
    }
}

#[test]
fn the_description_lists_each_branch_of_the_design_once_in_order() {
    let d = Preset::Fenced.design();
    let branches: Vec<Branch> = describe(d).iter().map(|s| s.branch).collect();
    assert_eq!(branches.first(), Some(&Branch::Always));
    assert!(branches.contains(&Branch::LeaseExpired));
    assert!(!describe(Preset::Atomic.design())
        .iter()
        .any(|s| s.branch == Branch::LeaseExpired));
}
