//! Each kind module answers for today's questions as the scattered
//! matches it replaced did: the same name and rule keys, number fields,
//! picks, shown options, option names, answer line and run before grading.
//! The expectations below are those matches, written out once more over
//! the bank's data (a kind they do not know is not compared).
#![cfg(not(target_arch = "wasm32"))]

use retry_lab::exercises::kinds::{ChoiceLabel, Grading, View};
use retry_lab::exercises::order::shuffled;
use retry_lab::exercises::{bank, Kind, Model, PredictInput, Question};

/// What a card showed for a question before the kinds were modules.
#[derive(Debug, PartialEq)]
struct Card {
    name: &'static str,
    rule: Option<&'static str>,
    /// Label, unit key, tolerance and answer of each number field.
    fields: Vec<(&'static str, &'static str, f64, Option<f64>)>,
    picks: usize,
    shown: Vec<&'static str>,
    answer_line: Option<&'static str>,
    /// `now`, `model` or `suite`.
    grading: &'static str,
}

/// The card as the earlier matches gave it.
fn expected(q: &Question) -> Option<Card> {
    let test = matches!(
        q.kind,
        Kind::Predict {
            input: PredictInput::RedGreen(_),
            ..
        }
    );
    let predict = matches!(q.kind, Kind::Predict { .. });
    let (name, rule) = match &q.kind {
        Kind::Numeric(_) => ("ex.kind.numeric", None),
        Kind::Choice { .. } => ("ex.kind.choice", None),
        Kind::TrueFalse(_) => ("ex.kind.tf", None),
        Kind::Cases(_) => ("ex.kind.cases", None),
        Kind::Predict { input, .. } => match input {
            PredictInput::Numbers(_) => ("ex.kind.predict", Some("ex.predict_rule_numbers")),
            PredictInput::Choice(_) => ("ex.kind.predict", Some("ex.fewest_rule")),
            PredictInput::RedGreen(_) => ("ex.kind.lab_test", Some("ex.test_rule")),
        },
        Kind::Build(_) => ("ex.kind.build", Some("ex.build.rule")),
        Kind::BuildHarness(_) => ("ex.kind.harness", Some("ex.harness.rule")),
        #[allow(unreachable_patterns)]
        _ => return None,
    };
    let fields = match &q.kind {
        Kind::Numeric(f) => f
            .iter()
            .map(|f| (f.label, f.unit.key(), f.tol, Some(f.answer())))
            .collect(),
        Kind::Predict {
            input: PredictInput::Numbers(f),
            ..
        } => f
            .iter()
            .map(|f| (f.label, f.unit.key(), 0.0, None))
            .collect(),
        _ => vec![],
    };
    let picks = match &q.kind {
        Kind::Cases(c) => c.picks(),
        _ if test => 3,
        _ => 0,
    };
    let shown = match &q.kind {
        Kind::Choice { options, .. } => shuffled(q.id, "", options),
        Kind::Predict {
            input: PredictInput::Choice(options),
            ..
        } => shuffled(q.id, "", options),
        Kind::TrueFalse(_) => vec!["true", "false"],
        _ => Vec::new(),
    };
    let answer_line = match (predict, test) {
        (true, true) => Some("ex.your_test"),
        (true, false) => Some("ex.your_prediction"),
        _ => None,
    };
    let grading = match &q.kind {
        Kind::Predict { .. } => "model",
        Kind::Build(_) => "suite",
        Kind::BuildHarness(_) => "harness",
        _ => "now",
    };
    Some(Card {
        name,
        rule,
        fields,
        picks,
        shown,
        answer_line,
        grading,
    })
}

/// The card as the question's kind module gives it.
fn asked(q: &Question) -> Card {
    let k = q.kind.module();
    Card {
        name: k.name_key(),
        rule: k.rule_key(),
        fields: k
            .fields()
            .iter()
            .map(|f| (f.label, f.unit.key(), f.tol, f.answer))
            .collect(),
        picks: k.pick_count(),
        shown: k.shown(q.id),
        answer_line: k.answer_key(),
        grading: match k.grading() {
            Grading::Now => "now",
            Grading::Model(_) => "model",
            Grading::Suite(_) => "suite",
            Grading::Harness(_) => "harness",
        },
    }
}

#[test]
fn every_kind_module_answers_as_the_matches_it_replaced() {
    let mut compared = 0;
    for q in bank() {
        let Some(card) = expected(&q) else { continue };
        assert_eq!(asked(&q), card, "{}", q.id);
        compared += 1;
    }
    assert!(compared > 60, "{compared}");
}

/// A statement names «对»/«错», a test's faults are named as lab faults,
/// every other option by its option key.
#[test]
fn options_are_named_as_before() {
    for q in bank().into_iter().filter(|q| expected(q).is_some()) {
        let k = q.kind.module();
        let faults = match &q.kind {
            Kind::Predict {
                model: Model::RedGreen(b),
                ..
            } => b.fault_ids(),
            _ => Vec::new(),
        };
        let mut options = k.shown(q.id);
        options.extend(faults.iter().copied());
        options.push("not_an_option");
        for o in options {
            let want = match &q.kind {
                Kind::TrueFalse(_) if o == "true" => ChoiceLabel::Key("ex.true"),
                Kind::TrueFalse(_) => ChoiceLabel::Key("ex.false"),
                _ if faults.contains(&o) => ChoiceLabel::Fault,
                _ => ChoiceLabel::Option,
            };
            assert_eq!(k.choice_label(o), want, "{} {o}", q.id);
        }
    }
}

/// The card draws the component of its kind, with the kind's own data.
#[test]
fn each_kind_draws_its_own_component() {
    for q in bank().into_iter().filter(|q| expected(q).is_some()) {
        let view = q.kind.module().view();
        let fits = match (&q.kind, view) {
            (Kind::Numeric(f), View::Numeric(v)) => f.as_slice() == v,
            (Kind::Choice { correct, .. }, View::Choice { correct: c }) => *correct == c,
            (Kind::TrueFalse(t), View::Statement(s)) => *t == s,
            (Kind::Cases(c), View::Cases(v)) => c == v,
            (
                Kind::Predict {
                    input: PredictInput::Numbers(f),
                    model,
                },
                View::PredictCounts { fields, runs },
            ) => f.as_slice() == fields && runs.map(<[_]>::to_vec) == lab_runs(model),
            (
                Kind::Predict {
                    input: PredictInput::Choice(o),
                    ..
                },
                View::PredictFewest { options },
            ) => *o == options,
            (
                Kind::Predict {
                    input: PredictInput::RedGreen(a),
                    model: Model::RedGreen(b),
                },
                View::LabTest { assertions, bench },
            ) => *a == assertions && bench == Some(b),
            (Kind::Build(c), View::Build(v)) => c == v,
            (Kind::BuildHarness(c), View::BuildHarness(v)) => c == v,
            _ => false,
        };
        assert!(fits, "{}", q.id);
    }
}

fn lab_runs(model: &Model) -> Option<Vec<retry_lab::exercises::LabRun>> {
    match model {
        Model::LabCounts(runs) => Some(runs.clone()),
        _ => None,
    }
}

/// The expected answer beside a wrong verdict reads as the card wrote it
/// before the kinds gave it: the values as a list and the first field's
/// unit, the correct option, or the statement's verdict, in both languages.
#[test]
fn the_expected_answer_reads_as_before() {
    use retry_lab::exercises::option_key;
    use retry_lab::i18n::{join_list, render, t, tf, Lang, Sentence};
    use retry_lab::kernel::num::num;
    for l in [Lang::Zh, Lang::En] {
        for q in bank() {
            let before = match &q.kind {
                Kind::Numeric(fields) => {
                    let unit = fields.first().map(|f| t(l, f.unit.key()));
                    let v: Vec<String> = fields.iter().map(|f| num(f.answer(), 3)).collect();
                    Some(format!("{} {}", join_list(l, &v), unit.unwrap_or_default()))
                }
                Kind::Choice { correct, .. } => Some(t(l, &option_key(correct))),
                Kind::TrueFalse(b) => Some(t(l, if *b { "ex.true" } else { "ex.false" })),
                _ => None,
            };
            let before = before.map(|e| tf(l, "ex.correct_answer", &[("answer", e)]));
            let now = q.kind.module().expected();
            let now = now.map(|e| render(l, &Sentence::new("ex.correct_answer").arg("answer", e)));
            assert_eq!(now, before, "{} {l:?}", q.id);
        }
    }
}
