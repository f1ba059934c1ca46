//! The property 003's recovery protocol is for: over random fault
//! schedules with refund-like work and what it meets (a handler raising
//! after the downstream's effect, a late receipt, a revoked permission, an
//! expiring approval) among the other faults a server and a harness can
//! fix, the `reconciled` server behind the `reconciling` harness never
//! leaves two effects (or two reports) for one tenant's request, never
//! replays a cached response to a principal who lost its permission, never
//! executes an uncertain operation again, never makes an effect without a
//! valid approval, and never lies to the model. The schedules come from
//! the hunt's generator: the page's default kinds (those a server may fix),
//! TLS failures (which this harness never retries) and the recovery kind,
//! without a model's re-call (a new tool_use id: only a business key
//! survives it, which this harness does not use; `lab_harness_props`
//! shows that gap on its own).

#![cfg(not(target_family = "wasm"))]

use proptest::prelude::*;
use rand::SeedableRng;
use retry_lab::lab::grading::hunt::{self, encode, FaultKind, KindSet};
use retry_lab::lab::grading::judgement::{judge, Clause};
use retry_lab::lab::*;

#[path = "common/recovery_kinds.rs"]
mod recovery_kinds;
use recovery_kinds::kinds;

/// Schedules as the hunt draws them: a generator seed and the kinds (all
/// of them half the time, else any subset that keeps the recovery kind).
fn schedule() -> impl Strategy<Value = FaultSchedule> {
    let all = kinds();
    let subset = prop::collection::vec(any::<bool>(), FaultKind::ALL.len()).prop_map(move |on| {
        FaultKind::ALL
            .into_iter()
            .zip(on)
            .filter_map(|(k, on)| (on && all.has(k)).then_some(k))
            .collect::<KindSet>()
            .with(FaultKind::Recovery)
    });
    (any::<u64>(), prop_oneof![Just(all), subset])
        .prop_map(|(seed, kinds)| hunt::generate(&mut rand_pcg::Pcg64::seed_from_u64(seed), kinds))
}

/// What breaks the property on `s` (empty: it holds).
fn broken(s: &FaultSchedule, seed: u64) -> Vec<String> {
    let design = Preset::Reconciled.design();
    let run = run_schedule(s, HarnessPreset::Reconciling.harness(), design, seed);
    let mut out = Vec::new();
    for t in run.tenants() {
        if run.effects_of(t) > 1 || run.done_of(t) > 1 {
            out.push(format!(
                "tenant {t}: {} effects, done {}",
                run.effects_of(t),
                run.done_of(t)
            ));
        }
    }
    let lists = [
        ("leaks", run.leaks()),
        ("re-executions", run.re_executions()),
        ("unapproved effects", run.unapproved_effects()),
    ];
    for (what, list) in lists {
        if !list.is_empty() {
            out.push(format!("{what}: {list:?}"));
        }
    }
    // The one judgement's clause (its list holds the clauses broken).
    if judge(&run).clauses.contains(&Clause::TruthTold) {
        out.push(format!("lied: told {:?}", run.tool_outcome()));
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn reconciled_behind_reconciling_never_doubles_leaks_or_lies(
        s in schedule(),
        seed in 0u64..1_000,
    ) {
        let broken = broken(&s, seed);
        prop_assert!(broken.is_empty(), "{} (seed {seed}): {broken:?}", encode(&s));
    }
}

/// The generator draws every primitive of the recovery kind (so the
/// property meets each), and a handler raising after the effect always
/// comes with the effect.
#[test]
fn the_generator_draws_every_recovery_fault() {
    let mut rng = rand_pcg::Pcg64::seed_from_u64(35);
    let drawn: Vec<FaultSchedule> = (0..500)
        .map(|_| hunt::generate(&mut rng, kinds()))
        .collect();
    let raises =
        |s: &FaultSchedule| (s.attempts.iter()).any(|a| a.server == ServerFault::FailAfterEffect);
    assert!(drawn.iter().any(|s| s.effect));
    assert!(drawn.iter().any(raises));
    assert!(drawn.iter().any(|s| s.receipt_after_ms.is_some()));
    assert!(drawn.iter().any(|s| s.revoke_at_ms.is_some()));
    assert!(drawn.iter().any(|s| s.approval_until_ms.is_some()));
    assert!(drawn.iter().filter(|s| raises(s)).all(|s| s.effect));
    // A late receipt only for refund-like work.
    assert!(drawn
        .iter()
        .all(|s| s.receipt_after_ms.is_none() || s.effect));
}

/// The named scenarios of 003 hold the property too (at several seeds).
#[test]
fn the_recovery_scenarios_hold_it() {
    for sc in Scenario::RECOVERY {
        for seed in 1..=4 {
            let broken = broken(&sc.schedule(), seed);
            assert!(broken.is_empty(), "{sc:?} seed {seed}: {broken:?}");
        }
    }
}
