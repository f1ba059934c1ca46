//! A question card's form, without the page: which inputs a question
//! takes, what a stored answer puts back in them, and turning what the
//! student entered into a [`Response`] to grade, or into the reason it
//! cannot be graded (shown under the form, in the student's language).

use super::grade::Record;
use super::grade::{parse_number, Response};
use super::{Cases, Kind, PredictInput, Question, Unit};
use crate::i18n::num::field;
use crate::i18n::{join_list, t, tf, Lang};
use crate::lab::{Design, DesignProblem, Mechanism};

/// A numeric input's label, unit, tolerance and expected value (if known).
pub struct FieldSpec {
    pub label: &'static str,
    pub unit: Unit,
    pub tol: f64,
    pub answer: Option<f64>,
}

pub fn fields(q: &Question) -> Vec<FieldSpec> {
    match &q.kind {
        Kind::Numeric(f) => f
            .iter()
            .map(|f| FieldSpec {
                label: f.label,
                unit: f.unit,
                tol: f.tol,
                answer: Some(f.answer()),
            })
            .collect(),
        Kind::Predict {
            input: PredictInput::Numbers(f),
            ..
        } => f
            .iter()
            .map(|f| FieldSpec {
                label: f.label,
                unit: f.unit,
                tol: 0.0,
                answer: None,
            })
            .collect(),
        _ => vec![],
    }
}

pub fn kind_key(q: &Question) -> &'static str {
    match &q.kind {
        Kind::Numeric(_) => "ex.kind.numeric",
        Kind::Choice { .. } => "ex.kind.choice",
        Kind::TrueFalse(_) => "ex.kind.tf",
        Kind::Cases(_) => "ex.kind.cases",
        Kind::Predict {
            input: PredictInput::RedGreen(_),
            ..
        } => "ex.kind.lab_test",
        Kind::Predict { .. } => "ex.kind.predict",
        Kind::Build(_) => "ex.kind.build",
    }
}

/// The grading rule shown above a «predict, then run» question's inputs.
pub fn rule_key(q: &Question) -> Option<&'static str> {
    match &q.kind {
        Kind::Predict { input, .. } => Some(match input {
            PredictInput::Numbers(_) => "ex.predict_rule_numbers",
            PredictInput::Choice(_) => "ex.fewest_rule",
            PredictInput::RedGreen(_) => "ex.test_rule",
        }),
        Kind::Build(_) => Some("ex.build.rule"),
        _ => None,
    }
}

/// How many picks (each part of each case, case by case; a test's fault,
/// the assertion on the wrong server and the regression assertion) a
/// question takes.
pub fn pick_count(q: &Question) -> usize {
    match &q.kind {
        Kind::Cases(c) => c.picks(),
        Kind::Predict {
            input: PredictInput::RedGreen(_),
            ..
        } => 3,
        _ => 0,
    }
}

/// Initial input texts, restored from the stored response.
pub fn initial_inputs(n: usize, record: Option<&Record>) -> Vec<String> {
    match record.map(|r| &r.response) {
        Some(Response::Numbers(v)) if v.len() == n => v.iter().map(|x| field(*x, 3)).collect(),
        _ => vec![String::new(); n],
    }
}

pub fn initial_choice(record: Option<&Record>) -> Option<String> {
    match record.map(|r| &r.response) {
        Some(Response::Choice(c)) => Some(c.clone()),
        Some(Response::Bool(b)) => Some(b.to_string()),
        _ => None,
    }
}

pub fn initial_design(record: Option<&Record>) -> Design {
    match record.map(|r| &r.response) {
        Some(Response::Design(d)) => *d,
        _ => Design::NONE,
    }
}

pub fn initial_picks(n: usize, record: Option<&Record>) -> Vec<Option<String>> {
    match record.map(|r| &r.response) {
        Some(Response::Choices(v)) if v.len() == n => v.iter().cloned().map(Some).collect(),
        Some(Response::Cases(v)) if v.iter().map(Vec::len).sum::<usize>() == n => {
            v.iter().flatten().cloned().map(Some).collect()
        }
        _ => vec![None; n],
    }
}

/// Why an answer was not graded; translated when rendered, so a language
/// switch also switches the message.
#[derive(Clone, Debug, PartialEq)]
pub enum Problem {
    NeedNumber(&'static str),
    NeedChoice,
    NeedPrediction,
    /// A case's part left without a pick: (case, part) labels.
    NeedCase(&'static str, &'static str),
    NeedTest,
    Design(Vec<DesignProblem>),
    Model(String),
}

impl Problem {
    pub fn text(&self, l: Lang) -> String {
        match self {
            Problem::NeedNumber(label) => tf(l, "ex.need_number", &[("field", t(l, label))]),
            Problem::NeedChoice => t(l, "ex.need_choice"),
            Problem::NeedPrediction => t(l, "ex.need_prediction"),
            Problem::NeedCase(case, part) => tf(
                l,
                "ex.need_every_part",
                &[("case", t(l, case)), ("part", t(l, part))],
            ),
            Problem::NeedTest => t(l, "ex.need_test"),
            Problem::Design(p) => problems_text(l, p),
            Problem::Model(e) => tf(l, "ex.model_error", &[("error", e.clone())]),
        }
    }
}

/// What the form holds when it is submitted.
pub struct Draft<'a> {
    pub inputs: &'a [String],
    pub choice: &'a Option<String>,
    pub picks: &'a [Option<String>],
    pub design: Design,
}

/// Builds the response from the form, or names what is missing.
pub fn read_response(q: &Question, d: &Draft) -> Result<Response, Problem> {
    let specs = fields(q);
    if !specs.is_empty() {
        let mut v = Vec::with_capacity(specs.len());
        for (i, s) in specs.iter().enumerate() {
            let raw = d.inputs.get(i).map_or("", String::as_str);
            v.push(parse_number(raw).ok_or(Problem::NeedNumber(s.label))?);
        }
        return Ok(Response::Numbers(v));
    }
    match &q.kind {
        Kind::Build(_) => {
            let problems = super::build::problems(d.design);
            if !problems.is_empty() {
                return Err(Problem::Design(problems));
            }
            return Ok(Response::Design(d.design));
        }
        Kind::Cases(c) => return read_cases(c, d.picks),
        Kind::Predict {
            input: PredictInput::RedGreen(_),
            ..
        } => {
            let picked: Option<Vec<String>> = (0..pick_count(q))
                .map(|i| d.picks.get(i).cloned().flatten())
                .collect();
            return picked.map(Response::Choices).ok_or(Problem::NeedTest);
        }
        _ => {}
    }
    let c = d
        .choice
        .clone()
        .ok_or(if matches!(q.kind, Kind::Predict { .. }) {
            Problem::NeedPrediction
        } else {
            Problem::NeedChoice
        })?;
    Ok(match q.kind {
        Kind::TrueFalse(_) => Response::Bool(c == "true"),
        _ => Response::Choice(c),
    })
}

/// Every part of every case picked, case by case; else the first case and
/// part left empty.
fn read_cases(c: &Cases, picks: &[Option<String>]) -> Result<Response, Problem> {
    let n = c.parts.len();
    let case = |(i, r): (usize, &super::CaseRow)| {
        let part = |(j, p): (usize, &super::CasePart)| {
            let pick = picks.get(i * n + j).cloned().flatten();
            pick.ok_or(Problem::NeedCase(r.label, p.label))
        };
        c.parts.iter().enumerate().map(part).collect()
    };
    let cases = c.rows.iter().enumerate().map(case);
    cases.collect::<Result<_, _>>().map(Response::Cases)
}

/// The core's reasons a design cannot be used, in the lab's names.
pub fn problems_text(l: Lang, problems: &[DesignProblem]) -> String {
    let name = |m: Mechanism| t(l, &m.key());
    let each: Vec<String> = problems
        .iter()
        .map(|p| match p {
            DesignProblem::Needs { dropped, needs } => {
                let needs: Vec<String> = needs.iter().map(|m| name(*m)).collect();
                let or = t(l, "ex.build.or");
                tf(
                    l,
                    "ex.build.needs",
                    &[("given", name(*dropped)), ("needs", needs.join(&or))],
                )
            }
            DesignProblem::Excludes { dropped, with } => tf(
                l,
                "ex.build.excludes",
                &[("given", name(*dropped)), ("with", name(*with))],
            ),
            DesignProblem::Unknown { given } => given.clone(),
        })
        .collect();
    tf(
        l,
        "ex.build.need_valid",
        &[("problems", join_list(l, &each))],
    )
}

#[cfg(test)]
#[path = "form_tests.rs"]
mod tests;
