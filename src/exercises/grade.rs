//! Grading. A response is compared with the question's expected answer, or,
//! for «predict, then run», with the value the model produced.

use serde::{Deserialize, Serialize};

use super::build::Challenge;
use super::{redgreen, Cases, Kind, Model, NumField, PredictInput, Question};
use crate::lab::suite::SuiteRow;
use crate::lab::{Design, DesignProblem};

/// What the student answered.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "t", content = "v", rename_all = "snake_case")]
pub enum Response {
    Numbers(Vec<f64>),
    Choice(String),
    Bool(bool),
    /// A red/green test's fault, assertion and regression assertion (and,
    /// stored by earlier versions, one option per row of a matching
    /// question).
    Choices(Vec<String>),
    /// One option id per part of each case of a [`Kind::Cases`] question,
    /// case by case.
    Cases(Vec<Vec<String>>),
    /// A server design («搭一个服务端»), stored as its mechanism ids.
    Design(Design),
}

/// What a model run produced for a «predict, then run» question.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum ModelValue {
    /// One value per prediction field (e.g. final report counts).
    Numbers { values: Vec<f64> },
    /// The strategy with the fewest mean calls, and every strategy's mean.
    Fewest {
        winner: String,
        calls: Vec<(String, f64)>,
    },
    /// The suite's rows for a submitted design.
    Suite { rows: Vec<SuiteRow> },
}

/// The verdict on one response.
#[derive(Clone, Debug, PartialEq)]
pub struct Grade {
    pub correct: bool,
    /// Per numeric field, per part of each case (case by case), or per
    /// part of a test (empty for a single choice and true/false).
    pub fields: Vec<bool>,
}

/// Why a response could not be graded.
#[derive(Clone, Debug, PartialEq)]
pub enum GradeError {
    /// The response does not fit the question (wrong kind or field count).
    Shape,
    /// A «predict, then run» question needs the model's value first.
    NeedsModel,
    /// The model value does not fit the question.
    ModelShape,
    /// The design breaks the lab's rules: these mechanisms cannot be used.
    Design(Vec<DesignProblem>),
}

/// A predicted strategy counts as right when its mean calls are within this
/// fraction of the fewest: with a few dozen trials, near-ties (Full Jitter vs
/// Decorrelated) are noise, not a lesson.
pub const FEWEST_REL_TOL: f64 = 0.05;

/// Whether `given` is within `tol` of `answer` (a hair of slack for binary
/// fractions, so that `0.1 + 0.2`-style inputs at the edge are accepted).
pub fn within(given: f64, answer: f64, tol: f64) -> bool {
    given.is_finite() && (given - answer).abs() <= tol + 1e-9 * answer.abs().max(1.0)
}

/// Parses a number typed by a student: trims spaces and accepts a decimal
/// comma (`0,5` → 0.5).
/// Returns `None` for empty, non-numeric, NaN or infinite input.
pub fn parse_number(raw: &str) -> Option<f64> {
    let t = raw.trim().replace(',', ".");
    if t.is_empty() {
        return None;
    }
    t.parse::<f64>().ok().filter(|v| v.is_finite())
}

/// Grades `resp` against `q`. `model` is required for «predict, then run».
pub fn grade(
    q: &Question,
    resp: &Response,
    model: Option<&ModelValue>,
) -> Result<Grade, GradeError> {
    match (&q.kind, resp) {
        (Kind::Numeric(fields), Response::Numbers(given)) => grade_numbers(fields, given),
        (Kind::Choice { options, correct }, Response::Choice(c)) => {
            if !options.contains(&c.as_str()) {
                return Err(GradeError::Shape);
            }
            Ok(Grade {
                correct: c == correct,
                fields: vec![],
            })
        }
        (Kind::TrueFalse(truth), Response::Bool(b)) => Ok(Grade {
            correct: b == truth,
            fields: vec![],
        }),
        (Kind::Cases(c), Response::Cases(given)) => grade_cases(c, given),
        (
            Kind::Predict {
                input: PredictInput::RedGreen(assertions),
                model: Model::RedGreen(bench),
            },
            resp,
        ) => {
            let model = model.ok_or(GradeError::NeedsModel)?;
            grade_test(bench, assertions, resp, model)
        }
        (Kind::Build(c), Response::Design(d)) => grade_design(c, *d, model),
        (Kind::Predict { input, .. }, resp) => {
            let model = model.ok_or(GradeError::NeedsModel)?;
            grade_prediction(input, resp, model)
        }
        _ => Err(GradeError::Shape),
    }
}

/// Every field within its tolerance of its answer.
fn grade_numbers(fields: &[NumField], given: &[f64]) -> Result<Grade, GradeError> {
    if given.len() != fields.len() {
        return Err(GradeError::Shape);
    }
    let per: Vec<bool> = fields
        .iter()
        .zip(given)
        .map(|(f, g)| within(*g, f.answer(), f.tol))
        .collect();
    Ok(Grade {
        correct: per.iter().all(|b| *b),
        fields: per,
    })
}

/// Each part of each case on its own: right when it is the case's key for
/// that part. An answer that skips a part, or picks an option the part
/// does not list, is not an answer.
fn grade_cases(c: &Cases, given: &[Vec<String>]) -> Result<Grade, GradeError> {
    let fits = given.len() == c.rows.len()
        && given.iter().all(|picks| {
            picks.len() == c.parts.len()
                && c.parts
                    .iter()
                    .zip(picks)
                    .all(|(p, g)| p.options.contains(&g.as_str()))
        });
    if !fits {
        return Err(GradeError::Shape);
    }
    let per: Vec<bool> = c
        .rows
        .iter()
        .zip(given)
        .flat_map(|(r, picks)| r.keys.iter().zip(picks).map(|(k, g)| k == g))
        .collect();
    Ok(Grade {
        correct: per.iter().all(|b| *b),
        fields: per,
    })
}

/// A server design: it must keep the lab's rules, then it passes when the
/// suite's rows (the model's value) meet the challenge.
fn grade_design(c: &Challenge, d: Design, model: Option<&ModelValue>) -> Result<Grade, GradeError> {
    let problems = super::build::problems(d);
    if !problems.is_empty() {
        return Err(GradeError::Design(problems));
    }
    let Some(ModelValue::Suite { rows }) = model else {
        return Err(model.map_or(GradeError::NeedsModel, |_| GradeError::ModelShape));
    };
    let v = c.verdict(d, rows).ok_or(GradeError::ModelShape)?;
    Ok(Grade {
        correct: v.passes(),
        fields: rows.iter().map(|r| r.pass).collect(),
    })
}

fn grade_prediction(
    input: &PredictInput,
    resp: &Response,
    model: &ModelValue,
) -> Result<Grade, GradeError> {
    match (input, resp, model) {
        (
            PredictInput::Numbers(fields),
            Response::Numbers(given),
            ModelValue::Numbers { values },
        ) => {
            if given.len() != fields.len() {
                return Err(GradeError::Shape);
            }
            if values.len() != fields.len() {
                return Err(GradeError::ModelShape);
            }
            let per: Vec<bool> = given
                .iter()
                .zip(values)
                .map(|(g, v)| within(*g, *v, 0.0))
                .collect();
            Ok(Grade {
                correct: per.iter().all(|b| *b),
                fields: per,
            })
        }
        (PredictInput::Choice(options), Response::Choice(c), ModelValue::Fewest { calls, .. }) => {
            if !options.contains(&c.as_str()) {
                return Err(GradeError::Shape);
            }
            let min = calls.iter().map(|(_, v)| *v).fold(f64::INFINITY, f64::min);
            if !min.is_finite() {
                return Err(GradeError::ModelShape);
            }
            let mine = calls
                .iter()
                .find(|(id, _)| id == c)
                .map(|(_, v)| *v)
                .ok_or(GradeError::ModelShape)?;
            Ok(Grade {
                correct: mine <= min * (1.0 + FEWEST_REL_TOL),
                fields: vec![],
            })
        }
        (PredictInput::Numbers(_), Response::Numbers(_), _)
        | (PredictInput::Choice(_), Response::Choice(_), _) => Err(GradeError::ModelShape),
        _ => Err(GradeError::Shape),
    }
}

/// A red/green test: the response is (fault, assertion on the wrong
/// server, regression assertion); right when the first reproduces the bug
/// on the wrong server only and the regression assertion is red there and
/// green on the correct one ([`redgreen::Outcome::parts`]).
fn grade_test(
    bench: &redgreen::Bench,
    assertions: &[&str],
    resp: &Response,
    model: &ModelValue,
) -> Result<Grade, GradeError> {
    let Response::Choices(picked) = resp else {
        return Err(GradeError::Shape);
    };
    let [fault, repro, regression] = picked.as_slice() else {
        return Err(GradeError::Shape);
    };
    let known = |a: &String| assertions.contains(&a.as_str());
    if !bench.fault_ids().contains(&fault.as_str()) || !known(repro) || !known(regression) {
        return Err(GradeError::Shape);
    }
    let ModelValue::Numbers { values } = model else {
        return Err(GradeError::ModelShape);
    };
    if values.len() != bench.runs().len() {
        return Err(GradeError::ModelShape);
    }
    let o =
        redgreen::outcome(bench, values, fault, repro, regression).ok_or(GradeError::ModelShape)?;
    Ok(Grade {
        correct: o.catches_the_bug(),
        fields: o.parts().to_vec(),
    })
}

/// The last graded answer to one question.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Record {
    pub response: Response,
    pub correct: bool,
    /// For «predict, then run»: the value the model produced in that run, so
    /// that a reload shows what the student saw.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub model: Option<ModelValue>,
    /// The revision of the question this answered
    /// ([`super::revisions`]): a record stored before revisions were
    /// numbered has none and reads as 0, and 0 is not written, so such a
    /// record is written back exactly as it was read.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub revision: u32,
}

/// Revision 0 is left out of a stored record, as the records written
/// before revisions were numbered left it out.
fn is_zero(r: &u32) -> bool {
    *r == 0
}
#[cfg(test)]
mod tests {
    use super::parse_number;
    use crate::i18n::num::{field, num};

    /// A stored answer shows grouped where it is read («1,000» in the
    /// result) and ungrouped where it is edited, so that the field reads
    /// it back as the same number (a comma there is a decimal comma).
    #[test]
    fn a_stored_answer_reads_back_from_its_field_and_is_grouped_in_the_result() {
        for (v, shown, edited) in [
            (1000.0, "1,000", "1000"),
            (1234.5, "1,234.5", "1234.5"),
            (243.0, "243", "243"),
            (0.125, "0.125", "0.125"),
            (-2500.25, "-2,500.25", "-2500.25"),
            (1e6, "1,000,000", "1000000"),
        ] {
            assert_eq!(num(v, 3), shown);
            assert_eq!(field(v, 3), edited);
            assert_eq!(parse_number(&field(v, 3)), Some(v), "{edited}");
        }
        assert_eq!(
            parse_number(&num(1000.0, 3)),
            Some(1.0),
            "why a field is not grouped"
        );
        assert_eq!(field(2.0 / 3.0, 3), "0.667");
        assert_eq!(field(f64::NAN, 3), "—");
    }
}
