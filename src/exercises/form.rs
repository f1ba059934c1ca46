//! A question card's form, without the page: which inputs a question
//! takes, what a stored answer puts back in them, and turning what the
//! student entered into a [`Response`] to grade, or into the reason it
//! cannot be graded (a [`Sentence`], written in the student's language by
//! the page). What differs by kind is asked of the question's kind
//! ([`super::kinds::QuestionKind`]).

use super::grade::Response;
use super::grade::{GradeError, Record};
use super::{Question, Unit};
use crate::kernel::num::field;
use crate::kernel::text::{Arg, Join, Sentence};
use crate::lab::{Design, DesignProblem};

/// A numeric input's label, unit, tolerance and expected value (if known).
pub struct FieldSpec {
    pub label: &'static str,
    pub unit: Unit,
    pub tol: f64,
    pub answer: Option<f64>,
}

pub fn fields(q: &Question) -> Vec<FieldSpec> {
    q.kind.module().fields()
}

/// Translation key of the question's kind, shown in its card's header.
pub fn kind_key(q: &Question) -> &'static str {
    q.kind.module().name_key()
}

/// The grading rule shown above a question's inputs, if its kind has one.
pub fn rule_key(q: &Question) -> Option<&'static str> {
    q.kind.module().rule_key()
}

/// How many picks (each part of each case, case by case; a test's fault,
/// the assertion on the wrong server and the regression assertion) a
/// question takes.
pub fn pick_count(q: &Question) -> usize {
    q.kind.module().pick_count()
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
        Some(Response::Harness(h)) => Some(h.to_ids()),
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
    /// A `harness=` value that cannot be read as written (empty included).
    Harness(String),
    Model(String),
}

/// Why a response could not be graded, as a card says it: the form's own
/// checks catch these first, so this is only what a card shows if one
/// slips by (a design's problems in words, else which check failed, never
/// a type's debug text).
impl From<GradeError> for Problem {
    fn from(e: GradeError) -> Problem {
        let check = match e {
            GradeError::Design(p) => return Problem::Design(p),
            GradeError::Shape => "shape",
            GradeError::NeedsModel => "needs_model",
            GradeError::ModelShape => "model_shape",
            GradeError::Harness(_) => "harness",
        };
        Problem::Model(check.to_string())
    }
}

impl Problem {
    /// The reason as a sentence.
    pub fn sentence(&self) -> Sentence {
        let key = |k: &'static str| Arg::Key(k.into());
        match self {
            Problem::NeedNumber(label) => Sentence::new("ex.need_number").arg("field", key(label)),
            Problem::NeedChoice => Sentence::new("ex.need_choice"),
            Problem::NeedPrediction => Sentence::new("ex.need_prediction"),
            Problem::NeedCase(case, part) => Sentence::new("ex.need_every_part")
                .arg("case", key(case))
                .arg("part", key(part)),
            Problem::NeedTest => Sentence::new("ex.need_test"),
            Problem::Design(p) => design_problems(p),
            Problem::Harness(given) if given.trim().is_empty() => Sentence::new("ex.harness.empty"),
            Problem::Harness(given) => Sentence::new("ex.harness.unreadable")
                .arg("given", Arg::Raw(crate::kernel::params::echo(given).into())),
            Problem::Model(e) => {
                Sentence::new("ex.model_error").arg("error", Arg::Raw(e.clone().into()))
            }
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
    q.kind.module().read(d)
}

/// The core's reasons a design cannot be used, in the lab's names.
pub fn design_problems(problems: &[DesignProblem]) -> Sentence {
    let name = |m: &crate::lab::Mechanism| Arg::Key(m.key().into());
    let each = |p: &DesignProblem| match p {
        DesignProblem::Needs { dropped, needs } => Sentence::new("ex.build.needs")
            .arg("given", name(dropped))
            .arg(
                "needs",
                Arg::Joined(
                    Join::Key("ex.build.or".into()),
                    needs.iter().map(name).collect(),
                ),
            )
            .into(),
        DesignProblem::Excludes { dropped, with } => Sentence::new("ex.build.excludes")
            .arg("given", name(dropped))
            .arg("with", name(with))
            .into(),
        DesignProblem::Unknown { given } => Arg::Raw(given.clone().into()),
    };
    let list = Arg::Joined(
        Join::Key("common.list_sep".into()),
        problems.iter().map(each).collect(),
    );
    Sentence::new("ex.build.need_valid").arg("problems", list)
}

#[cfg(test)]
#[path = "form_tests.rs"]
mod tests;
