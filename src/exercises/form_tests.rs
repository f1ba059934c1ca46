//! A card's form, natively: every question read from an empty or a
//! garbled form gives a reason in words (never a panic, never a response
//! the grader cannot read), and a stored answer comes back as it was.

use super::*;
use crate::exercises::grade::grade;
use crate::exercises::{bank, Kind};
use crate::i18n::{render, t, Lang};
use crate::lab::Mechanism;

/// The form of `q` as a student who typed `text` in every number field
/// and picked nothing.
fn typed(q: &Question, text: &str) -> (Vec<String>, Vec<Option<String>>) {
    (
        vec![text.to_string(); fields(q).len()],
        vec![None; pick_count(q)],
    )
}

fn read(q: &Question, inputs: &[String], picks: &[Option<String>]) -> Result<Response, Problem> {
    let draft = Draft {
        inputs,
        choice: &None,
        picks,
        design: Design::NONE,
    };
    read_response(q, &draft)
}

/// A reason the student can read: in words, every placeholder filled.
fn assert_readable(p: &Problem, what: &str) {
    for l in [Lang::Zh, Lang::En] {
        let s = render(l, &p.sentence());
        assert!(!s.trim().is_empty(), "{what} {l:?}");
        assert!(!s.contains('⟦'), "{what} {l:?}: {s}");
        assert!(!s.contains('{'), "{what} {l:?}: {s}");
    }
}

#[test]
fn an_empty_form_names_what_is_missing() {
    for q in bank() {
        let (inputs, picks) = typed(&q, "");
        match (read(&q, &inputs, &picks), &q.kind) {
            // Submitting no mechanism at all is a design, the naive one.
            (Ok(Response::Design(d)), Kind::Build(_)) => assert_eq!(d, Design::NONE),
            (Ok(r), _) => panic!("{}: an empty form read as {r:?}", q.id),
            (Err(p), _) => assert_readable(&p, q.id),
        }
        // A form with fewer inputs than the question (an old page) too.
        if let Err(p) = read(&q, &[], &[]) {
            assert_readable(&p, q.id);
        } else {
            assert!(matches!(q.kind, Kind::Build(_)), "{}", q.id);
        }
    }
}

#[test]
fn a_number_that_is_not_one_names_its_field() {
    let mut seen = 0;
    for q in bank() {
        let Some(first) = fields(&q).first().map(|f| f.label) else {
            continue;
        };
        for garbage in ["abc", " ", "1e999", "NaN", "inf", "--1", "1/2", "２"] {
            let (inputs, picks) = typed(&q, garbage);
            let p = read(&q, &inputs, &picks).expect_err(garbage);
            assert_eq!(p, Problem::NeedNumber(first), "{} {garbage:?}", q.id);
            assert_readable(&p, q.id);
            for l in [Lang::Zh, Lang::En] {
                assert!(render(l, &p.sentence()).contains(&t(l, first)), "{}", q.id);
            }
            seen += 1;
        }
    }
    assert!(seen > 0);
}

#[test]
fn the_expected_numbers_read_and_grade_as_correct() {
    let mut seen = 0;
    for q in bank() {
        let Kind::Numeric(nums) = &q.kind else {
            continue;
        };
        // As the card restores them, and with a decimal comma.
        let inputs: Vec<String> = nums.iter().map(|f| field(f.answer(), 3)).collect();
        let comma: Vec<String> = inputs.iter().map(|s| s.replace('.', ",")).collect();
        for inputs in [inputs, comma] {
            let r = read(&q, &inputs, &[]).unwrap_or_else(|p| panic!("{}: {p:?}", q.id));
            let g = grade(&q, &r, None).expect("a numeric response grades");
            assert!(g.correct, "{}: {inputs:?}", q.id);
        }
        seen += 1;
    }
    assert!(seen > 0);
}

#[test]
fn a_stored_answer_is_put_back_in_its_form() {
    for q in bank() {
        let n = fields(&q).len();
        let response = match &q.kind {
            Kind::Numeric(nums) => Response::Numbers(nums.iter().map(|f| f.answer()).collect()),
            Kind::TrueFalse(b) => Response::Bool(!b),
            Kind::Choice { options, .. } => Response::Choice(options[0].to_string()),
            Kind::Cases(c) => Response::Cases(
                c.rows
                    .iter()
                    .map(|_| c.parts.iter().map(|p| p.options[0].into()).collect())
                    .collect(),
            ),
            _ => continue,
        };
        let record = Record {
            response: response.clone(),
            correct: false,
            model: None,
            revision: 0,
        };
        let inputs = initial_inputs(n, Some(&record));
        let draft = Draft {
            inputs: &inputs,
            choice: &initial_choice(Some(&record)),
            picks: &initial_picks(pick_count(&q), Some(&record)),
            design: initial_design(Some(&record)),
        };
        let back = read_response(&q, &draft).unwrap_or_else(|p| panic!("{}: {p:?}", q.id));
        match (&back, &response) {
            (Response::Numbers(a), Response::Numbers(b)) => {
                // The card shows at most three decimals.
                for (x, y) in a.iter().zip(b) {
                    assert!((x - y).abs() <= 5e-4 * y.abs().max(1.0), "{}", q.id);
                }
            }
            _ => assert_eq!(back, response, "{}", q.id),
        }
    }
}

/// A cases question read from a form with one part left empty names that
/// case and that part, and a full form reads case by case.
#[test]
fn a_case_left_half_answered_names_the_case_and_the_part() {
    let q = crate::exercises::find(crate::exercises::bank_refund::ID).expect("the refund design");
    let Kind::Cases(c) = &q.kind else {
        panic!("{} is a cases question", q.id)
    };
    let n = c.parts.len();
    let mut picks: Vec<Option<String>> = c
        .rows
        .iter()
        .flat_map(|r| r.keys.iter().map(|k| Some(k.to_string())))
        .collect();
    let all = read(&q, &[], &picks).expect("every part picked");
    let keys: Vec<Vec<String>> = c
        .rows
        .iter()
        .map(|r| r.keys.iter().map(|k| k.to_string()).collect())
        .collect();
    assert_eq!(all, Response::Cases(keys));
    picks[3 * n + 1] = None;
    let p = read(&q, &[], &picks).expect_err("case 4's retry is empty");
    assert_eq!(p, Problem::NeedCase(c.rows[3].label, c.parts[1].label));
    assert_readable(&p, q.id);
    for l in [Lang::Zh, Lang::En] {
        assert!(render(l, &p.sentence()).contains(&t(l, c.rows[3].label)));
        assert!(render(l, &p.sentence()).contains(&t(l, c.parts[1].label)));
    }
}

#[test]
fn a_design_that_cannot_run_names_its_missing_mechanism() {
    let q = bank()
        .into_iter()
        .find(|q| matches!(q.kind, Kind::Build(_)))
        .expect("a build question");
    let broken = Design::NONE.with(Mechanism::Fence);
    let draft = Draft {
        inputs: &[],
        choice: &None,
        picks: &[],
        design: broken,
    };
    let p = read_response(&q, &draft).expect_err("fencing needs a lease");
    assert!(matches!(&p, Problem::Design(ps) if !ps.is_empty()));
    assert_readable(&p, q.id);
    for l in [Lang::Zh, Lang::En] {
        assert!(render(l, &p.sentence()).contains(&t(l, &Mechanism::Fence.key())));
    }
}

/// A grading error that slips past the form reads as words: a design's
/// problems as the form words them, any other as the check that failed.
#[test]
fn a_grading_error_reads_as_words() {
    let unknown = DesignProblem::Unknown {
        given: "teleport".into(),
    };
    let p = Problem::from(GradeError::Design(vec![unknown.clone()]));
    assert_eq!(p, Problem::Design(vec![unknown]));
    assert_readable(&p, "a design");
    for (e, check) in [
        (GradeError::Shape, "shape"),
        (GradeError::NeedsModel, "needs_model"),
        (GradeError::ModelShape, "model_shape"),
        (GradeError::Harness(Vec::new()), "harness"),
    ] {
        let p = Problem::from(e);
        assert_eq!(p, Problem::Model(check.into()));
        assert_readable(&p, check);
    }
}
