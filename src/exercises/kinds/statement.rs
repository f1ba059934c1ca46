//! True or false: a statement to judge, «对» before «错».

use super::{picked, single, ChoiceLabel, QuestionKind, View};
use crate::exercises::form::{Draft, Problem};
use crate::exercises::grade::{Grade, GradeError, ModelValue, Response};
use crate::kernel::text::Arg;

/// The kind module of [`super::Kind::TrueFalse`]: `true` when the
/// statement is right.
pub struct Statement(pub bool);

/// The translation key of a verdict on a statement.
pub fn verdict_key(truth: bool) -> &'static str {
    if truth {
        "ex.true"
    } else {
        "ex.false"
    }
}

impl<'a> QuestionKind<'a> for Statement {
    fn name_key(&self) -> &'static str {
        "ex.kind.tf"
    }

    fn shown(&self, _id: &str) -> Vec<&'static str> {
        vec!["true", "false"]
    }

    fn read(&self, draft: &Draft) -> Result<Response, Problem> {
        picked(draft, Problem::NeedChoice).map(|c| Response::Bool(c == "true"))
    }

    fn grade(&self, response: &Response, _: Option<&ModelValue>) -> Result<Grade, GradeError> {
        let Response::Bool(b) = response else {
            return Err(GradeError::Shape);
        };
        Ok(single(*b == self.0))
    }

    fn choice_label(&self, choice: &str) -> ChoiceLabel {
        ChoiceLabel::Key(verdict_key(choice == "true"))
    }

    fn expected(&self) -> Option<Arg> {
        Some(Arg::Key(verdict_key(self.0).into()))
    }

    fn view(&self) -> View<'a> {
        View::Statement(self.0)
    }
}
