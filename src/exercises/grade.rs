//! Grading. A response is compared with the question's expected answer, or,
//! for «predict, then run», with the value the model produced.

use serde::{Deserialize, Serialize};

use super::Question;
use crate::lab::grading::suite::SuiteRow;
use crate::lab::{Design, DesignProblem, Harness, HarnessProblem};

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
    /// One option id per part of each case of a [`super::Kind::Cases`] question,
    /// case by case.
    Cases(Vec<Vec<String>>),
    /// A server design («搭一个服务端»), stored as its mechanism ids.
    Design(Design),
    /// A harness design («搭一个 harness»), stored as its `harness=` value.
    Harness(Harness),
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
    /// The rows of a submitted harness ([`super::harness::HarnessRow`]).
    HarnessRows {
        rows: Vec<super::harness::HarnessRow>,
    },
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
    /// The harness cannot be read as written.
    Harness(Vec<HarnessProblem>),
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

/// Grades `resp` against `q`. `model` is required for «predict, then run»
/// and a build: each kind grades its own ([`super::kinds`]).
pub fn grade(
    q: &Question,
    resp: &Response,
    model: Option<&ModelValue>,
) -> Result<Grade, GradeError> {
    q.kind.module().grade(resp, model)
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
    use crate::kernel::num::{field, num};

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
