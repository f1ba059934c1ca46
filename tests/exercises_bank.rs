//! The question bank: size, ids, texts in both languages, demo presets, the
//! numbers the seeds state, and grading (tolerance edges, multi-field, wrong
//! answers and malformed responses).

use std::collections::HashSet;

use retry_lab::exercises::grade::{grade, parse_number, GradeError, ModelValue, Response};
use retry_lab::exercises::{
    bank, find, mechanisms, option_key, CaseRun, Kind, LabRun, Model, PredictInput, Question,
};
use retry_lab::herd::HerdParams;
use retry_lab::i18n::entries;
use retry_lab::i18n::{has, t, Lang};
use retry_lab::lab::{LabParams, Mechanism};
use retry_lab::pages::links::Link;
use retry_lab::pages::route::Location;

fn q(id: &str) -> Question {
    find(id).unwrap_or_else(|| panic!("no question {id}"))
}

fn numeric_answers(id: &str) -> Vec<f64> {
    match q(id).kind {
        Kind::Numeric(f) => f.iter().map(|f| f.answer()).collect(),
        k => panic!("{id} is not numeric: {k:?}"),
    }
}

fn text(key: &str) {
    assert!(has(key), "missing translation {key}");
    for l in [Lang::Zh, Lang::En] {
        assert!(!t(l, key).trim().is_empty(), "empty {key} in {l:?}");
    }
}

#[test]
fn bank_has_enough_questions_with_unique_stable_ids() {
    let b = bank();
    assert!(b.len() >= 20, "only {} questions", b.len());
    let mut seen = HashSet::new();
    for x in &b {
        assert!(seen.insert(x.id), "duplicate id {}", x.id);
        assert!(
            !x.id.is_empty()
                && x.id
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_'),
            "id {} is not snake_case",
            x.id
        );
    }
    // Every kind the issue asks for is present.
    let count = |f: fn(&Kind) -> bool| b.iter().filter(|x| f(&x.kind)).count();
    assert!(count(|k| matches!(k, Kind::Numeric(_))) >= 6);
    assert!(count(|k| matches!(k, Kind::Choice { .. })) >= 3);
    assert!(count(|k| matches!(k, Kind::TrueFalse(_))) >= 8);
    assert!(count(|k| matches!(k, Kind::Predict { .. })) >= 2);
    assert!(count(|k| matches!(k, Kind::Cases(_))) >= 1);
    assert!(
        count(|k| matches!(
            k,
            Kind::Predict {
                input: PredictInput::RedGreen(_),
                ..
            }
        )) >= 1
    );
}

#[test]
fn every_question_has_both_languages_and_every_label_exists() {
    for x in bank() {
        text(&x.prompt_key());
        text(&x.explain_key());
        // The Chinese explanation is really Chinese, the English one English.
        assert!(
            t(Lang::Zh, &x.explain_key())
                .chars()
                .any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)),
            "{}",
            x.id
        );
        assert!(
            !t(Lang::En, &x.explain_key())
                .chars()
                .any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)),
            "{}",
            x.id
        );
        let k = x.kind.module();
        k.shown_keys(x.id).iter().for_each(|key| text(key));
        k.fields().iter().for_each(|f| text(f.unit.key()));
        if let Some(correct) = k.correct_option() {
            let shown = k.shown(x.id);
            assert!(
                shown.contains(&correct),
                "{}: answer not among options",
                x.id
            );
        }
        if let Kind::Cases(c) = &x.kind {
            for r in &c.rows {
                assert_eq!(r.keys.len(), c.parts.len(), "{}: {}", x.id, r.label);
                for (p, k) in c.parts.iter().zip(r.keys) {
                    assert!(p.options.contains(k), "{}: {} {k}", x.id, r.label);
                }
            }
        }
    }
}

/// Checks a preset with the demos' own URL readers: it must open a demo page
/// and parse without a single notice, with the values the question means.
fn check_preset(id: &str, link: Option<Link>) {
    let Some(link) = link else {
        return; // No demo shows what the question is about.
    };
    let hash = link.href();
    let loc = Location::parse(&hash);
    assert_eq!(loc.page, link.page(), "{id}: {hash}");
    match &link {
        Link::Herd(want) => {
            let (p, notices) = HerdParams::from_query(&loc.query);
            assert!(notices.is_empty(), "{id}: {hash} gives notices {notices:?}");
            assert_eq!(&p, want, "{id}: {hash}");
            assert!(
                p.trials <= p.max_trials(),
                "{id}: trials over the page's work budget"
            );
        }
        Link::Lab(want) => {
            let (p, notices) = LabParams::from_query(&loc.query);
            assert!(notices.is_empty(), "{id}: {hash} gives notices {notices:?}");
            assert_eq!(&p, want, "{id}: {hash}");
        }
        Link::Amplify(want) => {
            let (p, notices) = retry_lab::amplify::AmplifyParams::from_query(&loc.query);
            assert!(notices.is_empty(), "{id}: {hash} gives notices {notices:?}");
            assert_eq!(&p, want, "{id}: {hash}");
        }
        other => panic!("{id}: preset {hash} opens {other:?}, not a demo"),
    }
    // A preset survives the URL round trip unchanged.
    assert_eq!(Location::parse(&loc.to_hash()), loc, "{id}");
}

#[test]
fn every_demo_link_is_a_valid_preset() {
    for x in bank() {
        check_preset(x.id, x.demo.clone());
        if let Kind::Predict { model, .. } = &x.kind {
            match model {
                Model::LabCounts(runs) => {
                    runs.iter().for_each(|r| check_preset(x.id, Some(r.link())))
                }
                Model::HerdFewestCalls(h) => check_preset(x.id, Some(h.link())),
                Model::RedGreen(b) => b
                    .runs()
                    .iter()
                    .for_each(|r| check_preset(x.id, Some(r.link()))),
            }
        }
    }
}

#[test]
fn numeric_answers_agree_with_the_seeds() {
    assert_eq!(numeric_answers("backoff_4th_retry"), vec![1600.0]);
    // The SDK: min(0.5 s·2^k, 8 s)·(1 − 0.25·r) at k = 3, r in [0, 1).
    let sdk = numeric_answers("sdk_wait_range");
    assert!(
        (sdk[0] - 3000.0).abs() < 1e-9 && (sdk[1] - 4000.0).abs() < 1e-9,
        "{sdk:?}"
    );
    assert_eq!(numeric_answers("codex_total_wait"), vec![6200.0]);
    assert_eq!(
        numeric_answers("capped_bounds_six"),
        vec![0.5, 1.0, 2.0, 4.0, 8.0, 8.0]
    );
    assert_eq!(numeric_answers("amp_codex"), vec![3.0]);
    assert_eq!(numeric_answers("three_layers"), vec![27.0]);
    assert_eq!(numeric_answers("urllib3_total3"), vec![4.0]);
    assert_eq!(numeric_answers("amp_top_only"), vec![4.0]);
    assert_eq!(numeric_answers("amp_budget"), vec![5.0]);
    assert!((numeric_answers("amp_mean")[0] - 4.99).abs() < 0.01);
    assert!((numeric_answers("lab_lease_rule")[0] - 4.56).abs() < 1e-9);
    // The prompts state the conventions the numbers rely on.
    assert!(t(Lang::Zh, "ex.q.capped_bounds_six.prompt").contains("2^(n−1)"));
    assert!(t(Lang::Zh, "ex.q.backoff_4th_retry.prompt").contains("2^(attempt−1)"));
    let sdk = t(Lang::Zh, "ex.q.sdk_wait_range.prompt");
    assert!(sdk.contains("k = 0") && sdk.contains("k = 3"), "{sdk}");
    assert!(t(Lang::Zh, "ex.q.predict_fewest_calls.prompt").contains("30 次试验"));
    assert!(t(Lang::Zh, "ex.q.amp_budget.prompt").contains("第一次请求也算在内"));
}

fn nums(v: &[f64]) -> Response {
    Response::Numbers(v.to_vec())
}

#[test]
fn numeric_grading_has_tolerance_edges() {
    let x = q("backoff_4th_retry");
    for (given, ok) in [
        (1600.0, true),
        (1601.0, true),
        (1599.0, true),
        (1601.01, false),
        (1598.9, false),
        (160.0, false),
    ] {
        assert_eq!(
            grade(&x, &nums(&[given]), None).unwrap().correct,
            ok,
            "{given}"
        );
    }
    let x = q("three_layers");
    assert!(grade(&x, &nums(&[27.0]), None).unwrap().correct);
    assert!(!grade(&x, &nums(&[27.5]), None).unwrap().correct);
    assert!(!grade(&x, &nums(&[9.0]), None).unwrap().correct);
    assert!(!grade(&x, &nums(&[f64::NAN]), None).unwrap().correct);
}

#[test]
fn multi_field_grading_marks_each_field() {
    let x = q("capped_bounds_six");
    let g = grade(&x, &nums(&[0.5, 1.0, 2.0, 4.0, 8.0, 8.0]), None).unwrap();
    assert!(g.correct && g.fields.iter().all(|b| *b));
    let g = grade(&x, &nums(&[0.5, 1.0, 2.0, 4.0, 8.0, 16.0]), None).unwrap();
    assert!(!g.correct);
    assert_eq!(g.fields, vec![true, true, true, true, true, false]);
    // The uncapped 000-style sequence (base·2^n) is wrong from the first field.
    let g = grade(&x, &nums(&[1.0, 2.0, 4.0, 8.0, 8.0, 8.0]), None).unwrap();
    assert_eq!(g.fields, vec![false, false, false, false, true, true]);
    assert!(
        grade(&x, &nums(&[0.5001, 1.0, 2.0, 4.0, 8.0, 8.0]), None)
            .unwrap()
            .correct
    );
    assert!(
        !grade(&x, &nums(&[0.502, 1.0, 2.0, 4.0, 8.0, 8.0]), None)
            .unwrap()
            .correct
    );
    assert_eq!(grade(&x, &nums(&[0.5, 1.0]), None), Err(GradeError::Shape));
}

#[test]
fn choice_and_true_false_grading() {
    let x = q("same_key_in_progress");
    assert!(
        grade(&x, &Response::Choice("reject_409".into()), None)
            .unwrap()
            .correct
    );
    assert!(
        !grade(&x, &Response::Choice("execute_parallel".into()), None)
            .unwrap()
            .correct
    );
    assert_eq!(
        grade(&x, &Response::Choice("bogus".into()), None),
        Err(GradeError::Shape)
    );
    assert_eq!(
        grade(&x, &Response::Bool(true), None),
        Err(GradeError::Shape)
    );
    assert!(
        grade(
            &q("same_key_in_progress"),
            &Response::Choice("reject_409".into()),
            None
        )
        .unwrap()
        .correct
    );
    assert!(
        grade(
            &q("which_key_model_recall"),
            &Response::Choice("business_key".into()),
            None
        )
        .unwrap()
        .correct
    );
    assert!(
        !grade(
            &q("which_key_model_recall"),
            &Response::Choice("tool_use_key".into()),
            None
        )
        .unwrap()
        .correct
    );
    assert!(
        grade(
            &q("decide_post_read_timeout"),
            &Response::Choice("key_or_query".into()),
            None
        )
        .unwrap()
        .correct
    );
    let m = q("tf_read_timeout_server_side");
    assert!(grade(&m, &Response::Bool(false), None).unwrap().correct);
    assert!(!grade(&m, &Response::Bool(true), None).unwrap().correct);
    assert!(
        grade(&q("tf_requests_timeout_tuple"), &Response::Bool(true), None)
            .unwrap()
            .correct
    );
}

#[test]
fn every_misconception_is_a_false_statement() {
    // The ❌ lists of 000, 001 and 003 that are statements: each is judged
    // false, and its explanation starts with the correction. (000's «a new
    // UUID per request» is a field of predict_lost_response and «insert the
    // data, then record the key» one of predict_key_split_crash; 003's «the
    // same key without comparing the digest» is case 3's of
    // create_refund_design; 001's «retry 400, 401, 403, 404, 422» is
    // decide_other_4xx.)
    let statements = [
        "tf_backoff_without_jitter",
        "tf_idempotency_key_status",
        "tf_retry_count_and_deadline",
        "tf_read_timeout_server_side",
        "tf_key_store_memory",
        "tf_digest_call_id",
        "tf_monitor_success_rate",
    ];
    for id in statements {
        assert_eq!(q(id).kind, Kind::TrueFalse(false), "{id}");
        assert!(
            t(Lang::Zh, &format!("ex.q.{id}.explain")).starts_with("错。"),
            "{id}"
        );
        assert!(
            t(Lang::En, &format!("ex.q.{id}.explain")).starts_with("False."),
            "{id}"
        );
    }
}

#[test]
fn a_red_green_test_is_graded_on_the_model_counts() {
    let x = q("test_naive_then_fenced");
    let pick = |f: &str, r: &str, g: &str| Response::Choices(vec![f.into(), r.into(), g.into()]);
    // Fault order: none, request_lost, response_lost, slow_server,
    // crash_between_commits, concurrent_same_key; each naive, then fenced.
    let counts = ModelValue::Numbers {
        values: vec![1.0, 1.0, 1.0, 1.0, 2.0, 1.0, 2.0, 1.0, 2.0, 1.0, 2.0, 1.0],
    };
    let graded = |r: &Response| grade(&x, r, Some(&counts)).unwrap();
    // The chapter's order: «2» on naive, then «only 1», red on naive first.
    let good = graded(&pick(
        "response_lost",
        "assert_exactly_two",
        "assert_exactly_one",
    ));
    assert_eq!((good.correct, good.fields), (true, vec![true, true, true]));
    let never_red = graded(&pick("none", "assert_exactly_two", "assert_exactly_one"));
    assert_eq!(
        (never_red.correct, never_red.fields),
        (false, vec![false, false, true])
    );
    let no_repro = graded(&pick(
        "concurrent_same_key",
        "assert_at_least_one",
        "assert_exactly_one",
    ));
    assert_eq!(
        (no_repro.correct, no_repro.fields),
        (false, vec![false, true, true])
    );
    let two_as_regression = graded(&pick(
        "crash_between_commits",
        "assert_exactly_two",
        "assert_exactly_two",
    ));
    assert_eq!(
        (two_as_regression.correct, two_as_regression.fields),
        (false, vec![true, false, false])
    );
    let right = pick("response_lost", "assert_exactly_two", "assert_exactly_one");
    assert_eq!(grade(&x, &right, None), Err(GradeError::NeedsModel));
    assert_eq!(
        grade(
            &x,
            &pick("meteor", "assert_exactly_two", "assert_exactly_one"),
            Some(&counts)
        ),
        Err(GradeError::Shape)
    );
    // A stored answer of the earlier two-pick form does not fit.
    let two_picks = Response::Choices(vec!["response_lost".into(), "assert_exactly_one".into()]);
    assert_eq!(grade(&x, &two_picks, Some(&counts)), Err(GradeError::Shape));
    let short = ModelValue::Numbers { values: vec![1.0] };
    assert_eq!(grade(&x, &right, Some(&short)), Err(GradeError::ModelShape));
}

#[test]
fn no_stale_question_or_option_texts() {
    // Every question text belongs to a question of the bank, and every option
    // text to an option some question shows: a removed or renamed question
    // leaves no orphan behind.
    let b = bank();
    let mut options: HashSet<String> = HashSet::new();
    for x in &b {
        let mut add = |o: &str| {
            options.insert(option_key(o));
        };
        match &x.kind {
            Kind::Choice { options, .. } => options.iter().for_each(|o| add(o)),
            Kind::Cases(c) => c
                .parts
                .iter()
                .flat_map(|p| p.options.iter())
                .for_each(|o| add(o)),
            Kind::Predict {
                input: PredictInput::Choice(o),
                ..
            } => o.iter().for_each(|o| add(o)),
            Kind::Predict {
                input: PredictInput::RedGreen(o),
                ..
            } => o.iter().for_each(|o| add(o)),
            _ => {}
        }
    }
    for e in entries() {
        if let Some(rest) = e.key.strip_prefix("ex.q.") {
            let id = rest.rsplit_once('.').map_or(rest, |(id, _)| id);
            assert!(b.iter().any(|x| x.id == id), "orphan text {}", e.key);
        }
        if e.key.starts_with("ex.opt.") {
            assert!(options.contains(e.key), "orphan option {}", e.key);
        }
    }
}

#[test]
fn predictions_need_the_model_and_are_graded_against_it() {
    let x = q("predict_lost_response");
    let pred = nums(&[2.0, 2.0, 1.0]);
    assert_eq!(grade(&x, &pred, None), Err(GradeError::NeedsModel));
    let model = ModelValue::Numbers {
        values: vec![2.0, 2.0, 1.0],
    };
    assert!(grade(&x, &pred, Some(&model)).unwrap().correct);
    let g = grade(&x, &nums(&[2.0, 1.0, 1.0]), Some(&model)).unwrap();
    assert_eq!(g.fields, vec![true, false, true]);
    let short = ModelValue::Numbers { values: vec![2.0] };
    assert_eq!(grade(&x, &pred, Some(&short)), Err(GradeError::ModelShape));

    let h = q("predict_fewest_calls");
    let calls = |full: f64| ModelValue::Fewest {
        winner: "decorrelated".into(),
        calls: vec![
            ("none".into(), 2000.0),
            ("exponential".into(), 1500.0),
            ("full".into(), full),
            ("equal".into(), 600.0),
            ("decorrelated".into(), 500.0),
        ],
    };
    let pick = |s: &str| Response::Choice(s.into());
    assert!(
        grade(&h, &pick("decorrelated"), Some(&calls(520.0)))
            .unwrap()
            .correct
    );
    // Within 5 % of the fewest is a near-tie: right. Beyond: wrong.
    assert!(
        grade(&h, &pick("full"), Some(&calls(525.0)))
            .unwrap()
            .correct
    );
    assert!(
        !grade(&h, &pick("full"), Some(&calls(526.0)))
            .unwrap()
            .correct
    );
    assert!(
        !grade(&h, &pick("none"), Some(&calls(520.0)))
            .unwrap()
            .correct
    );
    assert_eq!(
        grade(&h, &pick("codex"), Some(&calls(520.0))),
        Err(GradeError::Shape)
    );
}

#[test]
fn typed_numbers_parse_or_are_refused() {
    assert_eq!(parse_number(" 1600 "), Some(1600.0));
    assert_eq!(parse_number("0,5"), Some(0.5));
    assert_eq!(parse_number("1e3"), Some(1000.0));
    for bad in ["", "  ", "abc", "NaN", "inf", "-inf", "1.2.3"] {
        assert_eq!(parse_number(bad), None, "{bad}");
    }
}

/// Every lab run of every question: the predictions' models and the
/// cases' runs.
fn lab_runs(q: &Question) -> Vec<LabRun> {
    match &q.kind {
        Kind::Predict { model, .. } => model.lab_runs(),
        Kind::Cases(c) => c
            .rows
            .iter()
            .filter_map(|r| match &r.run {
                CaseRun::Lab(run) => Some(run.clone()),
                CaseRun::Recovery(_) | CaseRun::Later(_) => None,
            })
            .collect(),
        _ => Vec::new(),
    }
}

#[test]
fn every_mechanism_id_a_bank_names_is_a_mechanism() {
    // Building the bank reads the build challenges' ids (a bad one panics
    // in this debug build); a lab run's ids are read here, one by one.
    let mut named = 0;
    for q in bank() {
        for run in lab_runs(&q) {
            for id in run.added.split(',').filter(|id| !id.is_empty()) {
                assert!(
                    Mechanism::from_id(id).is_some(),
                    "{}: no mechanism '{id}'",
                    q.id
                );
                named += 1;
            }
            assert_eq!(
                run.added_mechanisms().len(),
                run.added.split(',').filter(|id| !id.is_empty()).count()
            );
        }
    }
    assert!(named >= 5, "{named}");
    let ids: Vec<&str> = mechanisms("claim, store_errors")
        .iter()
        .map(|m| m.id())
        .collect();
    assert_eq!(ids, ["claim", "store_errors"]);
}

#[test]
#[cfg(debug_assertions)]
#[should_panic(expected = "no mechanism has the id 'claim_typo'")]
fn a_bad_mechanism_id_in_a_bank_panics_in_a_debug_build() {
    mechanisms("claim,claim_typo");
}
