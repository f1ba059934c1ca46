//! Browser tier: grading, progress serialisation and the live models behave
//! in wasm exactly as natively (same golden values as tests/exercises_live.rs).
#![cfg(target_arch = "wasm32")]

use retry_lab::exercises::grade::Record;
use retry_lab::exercises::grade::{grade, ModelValue, Response};
use retry_lab::exercises::live::{herd_calls, run_model};
use retry_lab::exercises::progress::{apply, Edit, Stored};
use retry_lab::exercises::{bank, find, HerdPreset, Kind};
use retry_lab::herd::Strategy;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen_test]
fn grading_works_in_the_browser() {
    let q = find("capped_bounds_six").unwrap();
    let ok = grade(
        &q,
        &Response::Numbers(vec![0.5, 1.0, 2.0, 4.0, 8.0, 8.0]),
        None,
    )
    .unwrap();
    assert!(ok.correct);
    let bad = grade(
        &q,
        &Response::Numbers(vec![0.5, 1.0, 2.0, 4.0, 8.0, 16.0]),
        None,
    )
    .unwrap();
    assert_eq!(bad.fields, vec![true, true, true, true, true, false]);
    let q = find("backoff_4th_retry").unwrap();
    assert!(
        grade(&q, &Response::Numbers(vec![1601.0]), None)
            .unwrap()
            .correct
    );
    assert!(
        !grade(&q, &Response::Numbers(vec![1601.5]), None)
            .unwrap()
            .correct
    );
    assert!(
        grade(
            &find("same_key_in_progress").unwrap(),
            &Response::Choice("reject_409".into()),
            None
        )
        .unwrap()
        .correct
    );
}

#[wasm_bindgen_test]
fn progress_round_trips_through_json() {
    let records = [
        (
            "three_layers",
            Record {
                response: Response::Numbers(vec![27.0]),
                correct: true,
                model: None,
                revision: 0,
            },
        ),
        (
            "predict_lost_response",
            Record {
                response: Response::Numbers(vec![2.0, 1.0, 1.0]),
                correct: false,
                model: Some(ModelValue::Numbers {
                    values: vec![2.0, 2.0, 1.0],
                }),
                revision: 0,
            },
        ),
        (
            "tf_tls_error_retry",
            Record {
                response: Response::Bool(true),
                correct: true,
                model: None,
                revision: 0,
            },
        ),
    ];
    let mut stored: Option<String> = None;
    for (id, r) in records {
        stored = Some(apply(stored.as_deref(), None, &Edit::Set(id.into(), r)).json);
    }
    let back = Stored::parse(stored.as_deref()).unwrap().progress;
    let s = back.summary(&bank());
    assert_eq!((s.answered, s.correct), (3, 2));
    assert!(Stored::parse(Some("not json")).is_err());
}

#[wasm_bindgen_test]
fn lab_model_gives_the_seed_counts_in_the_browser() {
    let Kind::Predict { model, .. } = find("predict_lost_response").unwrap().kind else {
        panic!()
    };
    assert_eq!(
        run_model(&model).unwrap(),
        ModelValue::Numbers {
            values: vec![2.0, 2.0, 1.0]
        }
    );
}

#[wasm_bindgen_test]
fn herd_model_golden_matches_native() {
    // Same golden as tests/exercises_live.rs: Full Jitter, N = 100, 30 trials, seed 1.
    let h = HerdPreset {
        clients: 100,
        trials: 30,
        seed: 1,
        strategies: &[Strategy::Full],
    };
    let calls = herd_calls(&h, Strategy::Full);
    assert_eq!(calls, 23947.0 / 30.0);
}

#[wasm_bindgen_test]
fn option_order_is_the_same_as_natively() {
    // Same golden as tests/exercises_renames.rs: the shown order of every
    // choice question, hashed.
    assert_eq!(
        retry_lab::exercises::order::fingerprint(&bank()),
        ORDER_FINGERPRINT
    );
}

/// The fingerprint of every question's shown option order (native and wasm).
const ORDER_FINGERPRINT: &str = "88958bb94dc59b18";
