//! The hunt finds a counterexample as soon as one mechanism of 003's
//! recovery is removed from `reconciled` (behind the `reconciling`
//! harness, with the recovery kind chosen): within its default budget, at
//! its default seed, a shrunk schedule that fails without the mechanism
//! and passes with it. The kinds are those the property
//! (`lab_recovery_props`) holds over, so every way found is the removed
//! mechanism's: the full design passes each minimal schedule.

#![cfg(not(target_family = "wasm"))]

use retry_lab::lab::grading::hunt::*;
use retry_lab::lab::grading::judgement::{judge, FailureClass};
use retry_lab::lab::*;

#[path = "common/recovery_kinds.rs"]
mod recovery_kinds;
use recovery_kinds::kinds;

fn reconciled() -> Design {
    Preset::Reconciled.design()
}

fn reconciling() -> Harness {
    HarnessPreset::Reconciling.harness()
}

/// The hunt of `reconciled` without `m`, as `lab hunt` runs it (default
/// seed and budget): its ways, each with its shrunk schedule's code.
fn hunt_without(m: Mechanism) -> (Vec<Counterexample>, u32) {
    let spec = HuntSpec {
        design: reconciled().without(m),
        client: ClientStrategy::StableKey,
        seed: HUNT_SEED.default as u64,
        budget: BUDGET.default as u32,
        kinds: kinds(),
    };
    let started = std::time::Instant::now();
    let outcome = hunt_with(spec, reconciling());
    let tried = outcome.tried();
    let ways = match outcome {
        HuntOutcome::Found(f) => f.ways,
        HuntOutcome::NoneWithin { .. } => Vec::new(),
    };
    for c in &ways {
        eprintln!(
            "{}: {} {} (found at {}, shrunk in {} runs)",
            m.id(),
            c.way.class.id(),
            encode(c.minimal()),
            c.tried,
            c.shrink_tried
        );
    }
    eprintln!("{}: {tried} schedules in {:?}", m.id(), started.elapsed());
    (ways, tried)
}

/// Each way's minimal schedule fails in its class without `m`; the ways
/// the full design passes are the mechanism's (at least one is found),
/// their codes returned. The others the full design fails too: they are
/// the judgement's reach gaps the property does not cover (a report
/// «possible» that a request past its deadline or a plain 500 after the
/// effect makes otherwise), never two effects, a leak or a lie.
fn finds_one(m: Mechanism) -> Vec<String> {
    let (ways, _) = hunt_without(m);
    let seed = HUNT_SEED.default as u64;
    let mut codes = Vec::new();
    for c in &ways {
        let min = c.minimal();
        let without = judge(&run_schedule(
            min,
            reconciling(),
            reconciled().without(m),
            seed,
        ));
        assert!(without.classes.contains(&c.way.class), "{}", encode(min));
        let full = judge(&run_schedule(min, reconciling(), reconciled(), seed));
        if full.classes.is_empty() {
            codes.push(encode(min));
        }
    }
    assert!(
        !codes.is_empty(),
        "{}: no counterexample of its own",
        m.id()
    );
    codes
}

#[test]
fn without_status_ref_the_hunt_finds_a_counterexample() {
    finds_one(Mechanism::StatusRef);
}

#[test]
fn without_unknown_on_failure_the_hunt_finds_a_counterexample() {
    finds_one(Mechanism::UnknownOnFailure);
}

#[test]
fn without_recheck_auth_the_hunt_finds_a_counterexample() {
    let codes = finds_one(Mechanism::RecheckAuth);
    // Only a revoked permission tells the designs apart.
    assert!(codes.iter().all(|c| c.contains(".z")), "{codes:?}");
}

#[test]
fn without_approval_the_hunt_finds_a_counterexample() {
    let codes = finds_one(Mechanism::Approval);
    // Only an expiring approval tells the designs apart.
    assert!(codes.iter().all(|c| c.contains(".g")), "{codes:?}");
}

/// The other mechanisms of `reconciled`: without `downstream_key` or
/// `outbox` the hunt finds the notifier's duplicate or lost notification
/// (their own, past the refund: the recovery mechanisms never let a
/// refund run twice, so the downstream's dedupe is a second line); without
/// `tenant_scope` it finds nothing of its own over these kinds, at this
/// seed and budget: every way it finds, the full design fails too.
#[test]
fn the_other_mechanisms_show_what_they_stand_for() {
    let notes = |m| {
        let codes = finds_one(m);
        let (ways, _) = hunt_without(m);
        let own = ways.iter().filter(|c| codes.contains(&encode(c.minimal())));
        own.map(|c| c.way.class).collect::<Vec<_>>()
    };
    for m in [Mechanism::DownstreamKey, Mechanism::Outbox] {
        assert_eq!(notes(m), vec![FailureClass::Notification], "{}", m.id());
    }
    let (ways, _) = hunt_without(Mechanism::TenantScope);
    let seed = HUNT_SEED.default as u64;
    for c in &ways {
        let full = judge(&run_schedule(
            c.minimal(),
            reconciling(),
            reconciled(),
            seed,
        ));
        assert!(!full.classes.is_empty(), "{}", encode(c.minimal()));
    }
}

/// Whether some attempt's handler raises after the downstream's effect.
fn raises_after_effect(s: &FaultSchedule) -> bool {
    s.attempts
        .iter()
        .any(|a| a.server == ServerFault::FailAfterEffect)
}

/// The shrinker never keeps a failure after the effect without the
/// effect: it would read as a plain failure and misjudge designs.
#[test]
fn no_simplification_keeps_a_failure_after_the_effect_without_the_effect() {
    let kinds = KindSet::none().with(FaultKind::Recovery);
    let mut rng = retry_lab::kernel::rng::lab_rng(35);
    let mut met = 0;
    for _ in 0..300 {
        let s = generate(&mut rng, kinds);
        met += usize::from(raises_after_effect(&s));
        for c in simplifications(&s) {
            assert!(!raises_after_effect(&c) || c.effect, "{s:?} → {c:?}");
        }
    }
    assert!(met > 0, "the generator drew no failure after the effect");
}
