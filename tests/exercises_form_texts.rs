//! The texts the exercises' core gives the page, pinned in both languages:
//! why a form cannot be graded (every question's every missing field,
//! case part and pick), why a design cannot be used (every single and
//! every pair of mechanisms). They are compared with a stored file, so a
//! change in how a text is made cannot change what the student reads.
#![cfg(all(not(target_arch = "wasm32"), feature = "english"))]

use retry_lab::exercises::form::{fields, pick_count, read_response, Draft, Problem};
use retry_lab::exercises::{bank, build};
use retry_lab::i18n::Lang;
use retry_lab::lab::{Design, Mechanism};

const STORED: &str = include_str!("data/exercise_form_texts.txt");

/// How a problem reads in one language.
fn text(l: Lang, p: &Problem) -> String {
    retry_lab::i18n::render(l, &p.sentence())
}

/// Every problem a question's form can name: nothing filled, then each
/// field or pick filled in turn, so that each later field or part is the
/// first one missing once.
fn form_problems(q: &retry_lab::exercises::Question) -> Vec<Problem> {
    let n = fields(q).len().max(pick_count(q));
    let mut out = Vec::new();
    for filled in 0..=n {
        let inputs: Vec<String> = (0..n)
            .map(|i| {
                if i < filled {
                    "1".into()
                } else {
                    String::new()
                }
            })
            .collect();
        let picks: Vec<Option<String>> = (0..n)
            .map(|i| (i < filled).then(|| "x".to_string()))
            .collect();
        let draft = Draft {
            inputs: &inputs,
            choice: &None,
            picks: &picks,
            design: Design::NONE,
        };
        if let Err(p) = read_response(q, &draft) {
            out.push(p);
        }
    }
    out
}

/// Every design of one or two mechanisms that breaks a rule.
fn design_problems() -> Vec<Problem> {
    let mut out = Vec::new();
    for (i, a) in Mechanism::ALL.iter().enumerate() {
        for b in &Mechanism::ALL[i..] {
            let problems = build::problems(Design::NONE.with(*a).with(*b));
            if !problems.is_empty() {
                out.push(Problem::Design(problems));
            }
        }
    }
    out.push(Problem::Model("worker gone".into()));
    out
}

fn all_texts() -> String {
    let mut out = String::new();
    for l in [Lang::Zh, Lang::En] {
        for q in bank() {
            for p in form_problems(&q) {
                out.push_str(&format!("{} {:?}: {}\n", q.id, l, text(l, &p)));
            }
        }
        for p in design_problems() {
            out.push_str(&format!("design {:?}: {}\n", l, text(l, &p)));
        }
    }
    out
}

#[test]
fn the_cores_texts_read_as_they_always_did() {
    let now = all_texts();
    // Regenerate (only after a deliberate change, e.g. a new mechanism's
    // pairs): EXERCISE_FORM_TEXTS_WRITE=1 cargo test --test exercises_form_texts
    if std::env::var_os("EXERCISE_FORM_TEXTS_WRITE").is_some() {
        std::fs::write("tests/data/exercise_form_texts.txt", &now).unwrap();
        return;
    }
    assert!(now.lines().count() > 200, "{}", now.lines().count());
    for (i, (a, b)) in now.lines().zip(STORED.lines()).enumerate() {
        assert_eq!(a, b, "line {}", i + 1);
    }
    assert_eq!(now.lines().count(), STORED.lines().count());
}
