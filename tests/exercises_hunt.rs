//! The counterexample-hunt questions' answers come from the model: the
//! hunt finds the option marked correct, the wrong options pass, the count
//! is the run's, and the «none found» design has a counterexample as soon
//! as the left-out kind is allowed.
#![cfg(not(target_arch = "wasm32"))]

use retry_lab::exercises::bank::find;
use retry_lab::exercises::bank_hunt::*;
use retry_lab::exercises::Kind;
use retry_lab::lab::grading::hunt::{decode, encode, hunt, HuntOutcome, HuntSpec};
use retry_lab::lab::grading::judgement::{judge, FailureClass};
use retry_lab::lab::{run_schedule, ClientStrategy as C, Preset as V};

/// The question's hunt with a smaller budget: the ways it asks about are
/// found within the first few hundred schedules, and their shrinks do not
/// depend on the budget.
fn quick(spec: HuntSpec) -> HuntSpec {
    HuntSpec {
        budget: 1_000,
        ..spec
    }
}

fn correct(id: &str) -> &'static str {
    match find(id).unwrap().kind {
        Kind::Choice { correct, .. } => correct,
        other => panic!("{id}: {other:?}"),
    }
}

#[test]
fn the_counterexample_of_atomic_is_the_marked_option() {
    let o = hunt(quick(hunt_of(V::Atomic, C::StableKey, question_kinds())));
    let HuntOutcome::Found(f) = o else {
        panic!("{o:?}")
    };
    // The duplicate a server can fix (listed first).
    let c = f.of(FailureClass::Duplicate).unwrap();
    assert!(!c.way.no_server_fixes);
    let right = correct("hunt_where_is_counterexample");
    for (id, code) in WHERE_OPTIONS {
        // Every option lets the model call again (the prompt says so once),
        // so the re-call singles none out.
        assert_eq!(decode(code).unwrap().model_recalls, 1, "{id}");
        let s = decode(code).unwrap();
        let run = run_schedule(&s, C::StableKey, V::Atomic, 1);
        let duplicate = judge(&run).classes().contains(&FailureClass::Duplicate);
        assert_eq!(duplicate, *id == right, "{id}");
        if *id == right {
            assert_eq!(encode(c.minimal()), *code);
        }
    }
}

#[test]
fn the_shrunk_count_is_the_runs() {
    let s = decode(COUNT_SCHEDULE).unwrap();
    let n = run_schedule(&s, C::StableKey, V::LeasedUnguarded, 1).final_report_count();
    assert_eq!(
        correct("hunt_predict_shrunk_count"),
        format!("hunt_count_{n}")
    );
    assert!(COUNT_OPTIONS.contains(&correct("hunt_predict_shrunk_count")));
    let o = hunt(quick(hunt_of(
        V::LeasedUnguarded,
        C::StableKey,
        question_kinds(),
    )));
    let HuntOutcome::Found(f) = o else {
        panic!("{o:?}")
    };
    let c = f.of(FailureClass::Duplicate).unwrap();
    assert_eq!(encode(c.minimal()), COUNT_SCHEDULE);
}

#[test]
fn none_found_turns_into_a_counterexample_with_the_left_out_kind() {
    assert_eq!(correct("hunt_none_found_proof"), "hunt_proof_not");
    let mut spec = hunt_of(V::Fenced, C::BusinessKey, proof_kinds());
    spec.budget = 400;
    assert_eq!(hunt(spec), HuntOutcome::NoneWithin { tried: 400 });
    spec.kinds = question_kinds();
    let HuntOutcome::Found(f) = hunt(quick(spec)) else {
        panic!("with next-day restarts")
    };
    assert!(
        f.ways.iter().all(|c| c.minimal().restart_next_day),
        "{:?}",
        f.ways
            .iter()
            .map(|c| encode(c.minimal()))
            .collect::<Vec<_>>()
    );
}
