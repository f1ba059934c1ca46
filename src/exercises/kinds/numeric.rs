//! A numeric question: one or more numbers, each right within its
//! absolute tolerance of the value its derivation gives.

use super::{all_right, read_numbers, QuestionKind, View};
use crate::exercises::form::{Draft, FieldSpec, Problem};
use crate::exercises::grade::{within, Grade, GradeError, ModelValue, Response};
use crate::exercises::NumField;
use crate::kernel::text::{Arg, Join};

/// The decimals an expected value is shown with, at the most.
pub const ANSWER_DECIMALS: u8 = 3;

/// The kind module of [`super::Kind::Numeric`].
pub struct Numeric<'a>(pub &'a [NumField]);

impl<'a> QuestionKind<'a> for Numeric<'a> {
    fn name_key(&self) -> &'static str {
        "ex.kind.numeric"
    }

    fn fields(&self) -> Vec<FieldSpec> {
        let spec = |f: &NumField| FieldSpec {
            label: f.label,
            unit: f.unit,
            tol: f.tol,
            answer: Some(f.answer()),
        };
        self.0.iter().map(spec).collect()
    }

    fn read(&self, draft: &Draft) -> Result<Response, Problem> {
        read_numbers(&self.fields(), draft)
    }

    fn grade(&self, response: &Response, _: Option<&ModelValue>) -> Result<Grade, GradeError> {
        let Response::Numbers(given) = response else {
            return Err(GradeError::Shape);
        };
        if given.len() != self.0.len() {
            return Err(GradeError::Shape);
        }
        let per = self.0.iter().zip(given);
        Ok(all_right(
            per.map(|(f, g)| within(*g, f.answer(), f.tol)).collect(),
        ))
    }

    /// The values, as a list, and the first field's unit.
    fn expected(&self) -> Option<Arg> {
        let unit = self
            .0
            .first()
            .map_or(Arg::Raw("".into()), |f| Arg::Key(f.unit.key().into()));
        let values = self.0.iter().map(|f| Arg::Num(f.answer(), ANSWER_DECIMALS));
        let list = Arg::Joined(Join::Key("common.list_sep".into()), values.collect());
        Some(Arg::Joined(Join::Raw(" "), vec![list, unit]))
    }

    fn view(&self) -> View<'a> {
        View::Numeric(self.0)
    }
}
