//! create_refund as a runnable case: each of 003's seven cases links a lab
//! run on 003's server (`reconciled`) and harness (`reconciling`), and the
//! run that breaks when one piece of them is missing. Each pair is judged
//! here by the lab's one judgement, over several seeds: the 003 run passes,
//! the broken one fails for the clause its link names, and the links carry
//! exactly those runs. The case without a broken run is checked to have
//! none.
#![cfg(not(target_arch = "wasm32"))]

use retry_lab::exercises::bank_refund::ID;
use retry_lab::exercises::{find, CaseRun, Kind, Recovery};
use retry_lab::lab::grading::judgement::Clause;
use retry_lab::lab::*;
use retry_lab::pages::links::Link;

const SEEDS: std::ops::RangeInclusive<u64> = 1..=6;

fn recoveries() -> Vec<Recovery> {
    let q = find(ID).expect("the refund design is in the bank");
    let Kind::Cases(c) = q.kind else {
        panic!("{ID} is a cases question")
    };
    c.rows
        .into_iter()
        .map(|r| match r.run {
            CaseRun::Recovery(rec) => rec,
            other => panic!("{}: not run as 003 says: {other:?}", r.label),
        })
        .collect()
}

#[test]
fn each_case_runs_on_003s_server_and_harness_and_passes() {
    let recs = recoveries();
    assert_eq!(recs.len(), 7);
    for rec in &recs {
        assert_eq!(Recovery::design(), Preset::Reconciled.design());
        assert_eq!(Recovery::harness(), HarnessPreset::Reconciling.harness());
        for seed in SEEDS {
            let j = run(rec.scenario, Recovery::harness(), Recovery::design(), seed).judgement();
            assert!(j.passes(), "{:?} {seed}: {:?}", rec.scenario, j.clauses);
        }
    }
}

#[test]
fn each_broken_run_fails_for_the_clause_its_link_names() {
    for rec in recoveries() {
        let Some(m) = &rec.broken else { continue };
        // Exactly one side changed, and something is missing from it.
        let design_changed = m.design() != Recovery::design();
        let harness_changed = m.harness() != Recovery::harness();
        assert!(design_changed != harness_changed, "{:?}", rec.scenario);
        assert!(
            m.design().mechanisms().len() < Recovery::design().mechanisms().len()
                || harness_changed
        );
        for seed in SEEDS {
            let j = run(rec.scenario, m.harness(), m.design(), seed).judgement();
            assert!(!j.passes(), "{:?} without {}", rec.scenario, m.ids());
            assert!(
                j.clauses.contains(&m.breaks),
                "{:?} without {} {seed}: {:?}",
                rec.scenario,
                m.ids(),
                j.clauses
            );
        }
    }
}

/// The cases and what breaks them, as the note lists them.
#[test]
fn the_seven_cases_stand_for_their_scenarios() {
    let got: Vec<(Scenario, Option<(String, Clause)>)> = recoveries()
        .iter()
        .map(|r| (r.scenario, r.broken.as_ref().map(|m| (m.ids(), m.breaks))))
        .collect();
    let want = |s, b: Option<(&str, Clause)>| (s, b.map(|(i, c)| (i.to_string(), c)));
    assert_eq!(
        got,
        vec![
            want(Scenario::None, None),
            want(
                Scenario::ResponseLost,
                Some(("key_per_attempt", Clause::AtMostOneReport))
            ),
            want(
                Scenario::BodyMismatch,
                Some(("digest", Clause::NoChangedBodyReplay))
            ),
            want(
                Scenario::DownstreamDoneCrash,
                Some(("status_ref", Clause::NoReExecution))
            ),
            want(
                Scenario::ApprovalExpired,
                Some(("approval", Clause::NoUnapprovedEffect))
            ),
            want(
                Scenario::PermissionRevoked,
                Some(("recheck_auth", Clause::NoLeak))
            ),
            want(
                Scenario::RateLimited429,
                Some(("ra_ignore", Clause::NoEarlyRetry))
            ),
        ]
    );
}

/// A first success has no broken run: every valid server without one of
/// 003's mechanisms passes it.
#[test]
fn nothing_breaks_a_first_success() {
    let first = &recoveries()[0];
    assert!(first.broken.is_none() && first.broken_link().is_none());
    for m in Recovery::design().mechanisms() {
        let d = Recovery::design().without(m).resolve().0;
        for seed in SEEDS {
            let j = run(first.scenario, Recovery::harness(), d, seed).judgement();
            assert!(j.passes(), "without {m:?} {seed}: {:?}", j.clauses);
        }
    }
}

/// In approval_expired the approval alone stops the retry past the
/// expiry: without `unknown_on_failure` nothing changes (nothing ran to be
/// uncertain about), without the approval the refund runs unapproved.
#[test]
fn the_approval_alone_stops_the_retry_past_the_expiry() {
    for seed in SEEDS {
        let run_without = |m| {
            let d = Recovery::design().without(m);
            run(Scenario::ApprovalExpired, Recovery::harness(), d, seed)
        };
        assert!(run_without(Mechanism::UnknownOnFailure)
            .unapproved_effects()
            .is_empty());
        assert_eq!(
            run_without(Mechanism::Approval).unapproved_effects().len(),
            1,
            "{seed}"
        );
    }
}

#[test]
fn the_links_carry_the_runs_judged_here() {
    for rec in recoveries() {
        let Link::Lab(p) = rec.link() else {
            panic!("a lab link")
        };
        assert_eq!(
            (p.scenario, p.harness, p.design),
            (rec.scenario, Recovery::harness(), Recovery::design())
        );
        if let (Some(m), Some(Link::Lab(b))) = (&rec.broken, rec.broken_link()) {
            assert_eq!(
                (b.scenario, b.harness, b.design),
                (rec.scenario, m.harness(), m.design())
            );
        }
    }
}

/// The pairs' addresses, for the README's table (run with --nocapture).
#[test]
fn print_the_pairs() {
    for rec in recoveries() {
        let broken = rec.broken_link().map(|l| l.href()).unwrap_or_default();
        println!("{:?} {} {}", rec.scenario, rec.link().href(), broken);
    }
}
