//! 003's recovery protocol, each expected outcome of the issue as a
//! must-hold: the refund-like downstream and its receipts, status
//! references and the status query, a failure recorded as unknown,
//! authorisation on replay, the one-time approval, and the request's
//! deadline. Every count is read from the model's own records (its
//! downstream's calls, its judgement), over several seeds.
#![cfg(not(target_arch = "wasm32"))]

use retry_lab::lab::grading::hunt;
use retry_lab::lab::grading::judgement::{Clause, FailureClass};
use retry_lab::lab::*;

const SEEDS: std::ops::RangeInclusive<u64> = 1..=8;

fn reconciled() -> Design {
    Preset::Reconciled.design()
}

fn reconciling() -> Harness {
    HarnessPreset::Reconciling.harness()
}

fn without(m: Mechanism) -> Design {
    reconciled().without(m)
}

/// The design's mechanisms by id (each known).
fn design(ids: &str) -> Design {
    let (d, problems) = Design::parse(ids);
    assert!(
        problems.is_empty() && d.to_ids() == ids,
        "a typo in this test: {ids}"
    );
    d
}

fn effects(r: &Run) -> usize {
    r.effect_calls().iter().filter(|e| e.made()).count()
}

fn decisions(r: &Run) -> Vec<Decision> {
    r.steps()
        .iter()
        .filter_map(|s| match &s.kind {
            StepKind::Server { decision, .. } => Some(decision.clone()),
            _ => None,
        })
        .collect()
}

/// The status queries' answers, in order.
fn answers(r: &Run) -> Vec<StatusAnswer> {
    r.steps()
        .iter()
        .filter_map(|s| match &s.kind {
            StepKind::StatusQuery { answer, .. } => Some(answer.clone()),
            _ => None,
        })
        .collect()
}

fn result(r: &Run) -> ToolResult {
    r.calls()[0].result.expect("the call was answered")
}

#[test]
fn a_crash_after_the_downstream_is_reconciled_from_its_receipt() {
    for seed in SEEDS {
        let r = run(
            Scenario::DownstreamDoneCrash,
            reconciling(),
            reconciled(),
            seed,
        );
        assert_eq!(effects(&r), 1, "{seed}");
        assert!(r.re_executions().is_empty(), "{seed}");
        // «created» only after the receipt is checked: the result comes
        // from the status query that backfilled the record.
        let last = answers(&r).pop();
        assert!(
            matches!(last, Some(StatusAnswer::Succeeded { receipt: Some(ref rc), .. }) if *rc == receipt_id(1)),
            "{seed}: {last:?}"
        );
        assert!(
            matches!(result(&r), ToolResult::Reconciled { .. }),
            "{seed}"
        );
        assert_eq!(r.final_report_count(), 1);
        assert!(
            r.judgement().passes(),
            "{seed}: {:?}",
            r.judgement().clauses
        );
    }
}

#[test]
fn a_resend_without_a_downstream_key_makes_two_effects() {
    for seed in SEEDS {
        for sc in [Scenario::DownstreamDoneCrash, Scenario::FailAfterEffect] {
            let r = run(
                sc,
                HarnessPreset::Chapter.harness(),
                design("claim,digest,lease,guard,fence"),
                seed,
            );
            assert_eq!(effects(&r), 2, "{sc:?} {seed}");
            assert!(r.judgement().classes.contains(&FailureClass::Duplicate));
        }
    }
}

#[test]
fn a_late_receipt_leaves_the_outcome_unknown_with_its_status_ref() {
    for seed in SEEDS {
        let r = run(Scenario::ReceiptLate, reconciling(), reconciled(), seed);
        assert_eq!(effects(&r), 1, "{seed}");
        let asked = answers(&r);
        assert!(asked.iter().all(|a| *a == StatusAnswer::Unknown), "{seed}");
        // It queries until its queries or its deadline run out, well
        // before the receipt's 20 s.
        assert!(
            (1..=MAX_STATUS_QUERIES as usize).contains(&asked.len()),
            "{seed}"
        );
        const { assert!(RECEIPT_LATE_MS > CALL_DEADLINE_MS) };
        assert_eq!(result(&r), ToolResult::Unknown);
        assert_eq!(r.calls()[0].give_up, Some(GiveUp::StillUnknown));
        assert!(r.calls()[0]
            .status_ref
            .as_deref()
            .is_some_and(|s| s.starts_with("sr_")));
        assert!(
            r.judgement().passes(),
            "{seed}: {:?}",
            r.judgement().clauses
        );
    }
}

#[test]
fn a_failure_after_the_effect_three_ways() {
    for seed in SEEDS {
        let chapter = HarnessPreset::Chapter.harness();
        // Release: the retry runs the work again, a second effect.
        let released = run(
            Scenario::FailAfterEffect,
            chapter,
            design("claim,digest"),
            seed,
        );
        assert_eq!(effects(&released), 2, "{seed}");
        assert!(decisions(&released).contains(&Decision::Released));
        // Stripe: the 500 is stored and replayed; it hides the success.
        let stored = run(Scenario::FailAfterEffect, chapter, Preset::Fenced, seed);
        assert_eq!(effects(&stored), 1, "{seed}");
        assert_eq!(stored.final_report_count(), 0);
        assert_eq!(stored.calls()[0].give_up, Some(GiveUp::StoredError));
        assert_eq!(result(&stored), ToolResult::Unknown);
        // 003: recorded as unknown, reconciled: one effect and the truth.
        let r = run(Scenario::FailAfterEffect, reconciling(), reconciled(), seed);
        assert_eq!(effects(&r), 1, "{seed}");
        assert!(decisions(&r).contains(&Decision::MarkedUnknown));
        assert!(
            matches!(result(&r), ToolResult::Reconciled { .. }),
            "{seed}"
        );
        assert!(r.judgement().passes(), "{seed}");
    }
}

#[test]
fn a_revoked_permission_gets_403_not_the_cached_response() {
    for seed in SEEDS {
        let leaky = run(
            Scenario::PermissionRevoked,
            reconciling(),
            without(Mechanism::RecheckAuth),
            seed,
        );
        assert!(!leaky.revoked_replays().is_empty(), "{seed}");
        assert_eq!(leaky.judgement().leaks, leaky.revoked_replays().len());
        assert!(leaky.judgement().classes.contains(&FailureClass::Leak));
        let r = run(
            Scenario::PermissionRevoked,
            reconciling(),
            reconciled(),
            seed,
        );
        assert!(r.leaks().is_empty(), "{seed}");
        assert!(decisions(&r).contains(&Decision::Forbidden { approval: false }));
        assert_eq!(result(&r), ToolResult::Denied);
        assert!(
            r.judgement().passes(),
            "{seed}: {:?}",
            r.judgement().clauses
        );
    }
}

/// The first answer is lost and the approval expires before the retry.
fn expiring(first: AttemptFault, more: Vec<AttemptFault>) -> FaultSchedule {
    let mut attempts = vec![AttemptFault {
        response: Delivery::Lose,
        ..first
    }];
    attempts.extend(more);
    FaultSchedule {
        effect: true,
        approval_until_ms: Some(APPROVAL_UNTIL_MS),
        attempts,
        ..FaultSchedule::default()
    }
}

#[test]
fn a_succeeded_call_is_replayed_without_asking_again() {
    let s = expiring(AttemptFault::default(), vec![]);
    for seed in SEEDS {
        let r = run_schedule(&s, reconciling(), reconciled(), seed);
        let d = decisions(&r);
        assert!(d.contains(&Decision::Replay), "{seed}: {d:?}");
        assert!(
            !d.iter().any(|d| matches!(d, Decision::Forbidden { .. })),
            "{seed}"
        );
        assert_eq!(effects(&r), 1);
        assert!(matches!(
            result(&r),
            ToolResult::Created { replayed: true, .. }
        ));
    }
}

#[test]
fn a_new_execution_past_the_expired_approval_is_refused() {
    for seed in SEEDS {
        let r = run(Scenario::ApprovalExpired, reconciling(), reconciled(), seed);
        assert!(
            decisions(&r).contains(&Decision::Forbidden { approval: true }),
            "{seed}"
        );
        assert_eq!(effects(&r), 0, "{seed}");
        // The lost request may have run, as far as the harness knows.
        assert_eq!(result(&r), ToolResult::Unknown);
        assert!(
            r.judgement().passes(),
            "{seed}: {:?}",
            r.judgement().clauses
        );
        // Without the approval, it runs past the expiry.
        let bare = run(
            Scenario::ApprovalExpired,
            reconciling(),
            without(Mechanism::Approval),
            seed,
        );
        assert_eq!(bare.unapproved_effects().len(), 1, "{seed}");
        assert!(bare
            .judgement()
            .clauses
            .contains(&Clause::NoUnapprovedEffect));
    }
}

#[test]
fn an_uncertain_record_is_not_run_again_past_the_expired_approval() {
    let failed = AttemptFault::server(ServerFault::FailAfterEffect);
    let s = expiring(failed, vec![]);
    for seed in SEEDS {
        let r = run_schedule(&s, reconciling(), reconciled(), seed);
        assert_eq!(r.effect_calls().len(), 1, "{seed}: one call, never again");
        assert!(decisions(&r).contains(&Decision::Uncertain), "{seed}");
        assert!(
            matches!(result(&r), ToolResult::Reconciled { .. }),
            "{seed}"
        );
        assert!(r.judgement().passes(), "{seed}");
        // Released instead, the retry is a first execution again: the
        // approval stops it, and the model cannot be told the truth.
        let released = run_schedule(
            &s,
            reconciling(),
            without(Mechanism::UnknownOnFailure),
            seed,
        );
        assert!(
            decisions(&released).contains(&Decision::Forbidden { approval: true }),
            "{seed}"
        );
        assert_eq!(result(&released), ToolResult::Unknown);
        // With neither, it runs again past the expiry.
        let bare = run_schedule(&s, reconciling(), design("claim,digest"), seed);
        assert!(!bare.unapproved_effects().is_empty(), "{seed}");
        assert!(bare
            .judgement()
            .clauses
            .contains(&Clause::NoUnapprovedEffect));
    }
}

#[test]
fn a_changed_amount_under_the_key_is_a_conflict_not_a_new_approval() {
    let changed = AttemptFault {
        rerender: true,
        ..AttemptFault::default()
    };
    let s = expiring(AttemptFault::default(), vec![changed]);
    for seed in SEEDS {
        let r = run_schedule(&s, reconciling(), reconciled(), seed);
        let d = decisions(&r);
        assert!(d.contains(&Decision::DigestMismatch), "{seed}: {d:?}");
        assert!(
            !d.iter().any(|d| matches!(d, Decision::Forbidden { .. })),
            "{seed}"
        );
        assert_eq!(effects(&r), 1);
    }
}

#[test]
fn a_request_past_its_deadline_is_never_started() {
    for seed in SEEDS {
        let r = run(Scenario::DeadlinePassed, reconciling(), reconciled(), seed);
        assert!(decisions(&r).contains(&Decision::NotStarted), "{seed}");
        assert!(r.requests().iter().all(|q| q.deadline_ms.is_some()));
        assert_eq!(effects(&r), 1);
        assert!(r.judgement().passes(), "{seed}");
        // A harness that sends no deadline: the late request starts.
        let plain = run(
            Scenario::DeadlinePassed,
            HarnessPreset::Chapter.harness(),
            reconciled(),
            seed,
        );
        assert!(!decisions(&plain).contains(&Decision::NotStarted), "{seed}");
        assert!(plain.requests().iter().all(|q| q.deadline_ms.is_none()));
    }
}

#[test]
fn no_evidence_ends_in_human_review_and_passes_with_one_effect() {
    for seed in SEEDS {
        let r = run(
            Scenario::FailAfterEffect,
            reconciling(),
            without(Mechanism::DownstreamKey),
            seed,
        );
        assert_eq!(answers(&r), vec![StatusAnswer::NoEvidence], "{seed}");
        assert_eq!(result(&r), ToolResult::HumanReview);
        assert_eq!(r.tool_outcome(), ToolOutcome::HumanReview);
        assert_eq!(effects(&r), 1);
        assert!(
            r.judgement().passes(),
            "{seed}: {:?}",
            r.judgement().clauses
        );
    }
}

#[test]
fn removing_a_recovery_mechanism_breaks_a_named_scenario() {
    let breaks = [
        (
            Mechanism::StatusRef,
            Scenario::DownstreamDoneCrash,
            Clause::NoReExecution,
        ),
        (
            Mechanism::UnknownOnFailure,
            Scenario::FailAfterEffect,
            Clause::NoReExecution,
        ),
        (
            Mechanism::RecheckAuth,
            Scenario::PermissionRevoked,
            Clause::NoLeak,
        ),
    ];
    for (m, sc, clause) in breaks {
        for seed in SEEDS {
            let r = run(sc, reconciling(), without(m), seed);
            assert!(r.judgement().clauses.contains(&clause), "{m:?} {seed}");
            assert!(run(sc, reconciling(), reconciled(), seed)
                .judgement()
                .passes());
        }
    }
}

#[test]
fn the_reconciled_pair_passes_every_new_scenario() {
    let new = Scenario::RECOVERY;
    for sc in new {
        for seed in SEEDS {
            let j = run(sc, reconciling(), reconciled(), seed).judgement();
            assert!(j.passes(), "{sc:?} {seed}: {:?}", j.clauses);
        }
    }
}

/// A double submit whose second copy fails its TLS check (nothing sent:
/// «not created» for that copy) while the first is created, its 201 lost,
/// and its retry denied after the permission is revoked: the report
/// exists, so the model must not read «not created» from the pair; the
/// denied copy's honest answer stands (found by `lab_recovery_props`).
#[test]
fn a_copy_that_sent_nothing_does_not_speak_for_a_denied_one() {
    let s = hunt::decode("1.a.pl.a.qs.d.z100").unwrap();
    for seed in SEEDS {
        let r = run_schedule(&s, reconciling(), reconciled(), seed);
        assert_eq!(r.reports_of(0), 1, "seed {seed}");
        assert_eq!(r.tool_outcome(), ToolOutcome::Denied, "seed {seed}");
        let j = retry_lab::lab::grading::judgement::judge(&r);
        assert!(!j.clauses.contains(&Clause::TruthTold), "seed {seed}");
    }
}
