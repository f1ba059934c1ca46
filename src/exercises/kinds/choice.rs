//! A single choice: one of several options, shown in an order seeded by
//! the question's id.

use super::{picked, single, QuestionKind, View};
use crate::exercises::form::{Draft, Problem};
use crate::exercises::grade::{Grade, GradeError, ModelValue, Response};
use crate::exercises::option_key;
use crate::exercises::shuffle::shuffled;
use crate::kernel::text::Arg;

/// The kind module of [`super::Kind::Choice`].
pub struct Choice {
    pub options: &'static [&'static str],
    pub correct: &'static str,
}

impl<'a> QuestionKind<'a> for Choice {
    fn name_key(&self) -> &'static str {
        "ex.kind.choice"
    }

    fn shown(&self, id: &str) -> Vec<&'static str> {
        shuffled(id, "", self.options)
    }

    fn correct_option(&self) -> Option<&'static str> {
        Some(self.correct)
    }

    fn read(&self, draft: &Draft) -> Result<Response, Problem> {
        picked(draft, Problem::NeedChoice).map(Response::Choice)
    }

    fn grade(&self, response: &Response, _: Option<&ModelValue>) -> Result<Grade, GradeError> {
        let Response::Choice(c) = response else {
            return Err(GradeError::Shape);
        };
        if !self.options.contains(&c.as_str()) {
            return Err(GradeError::Shape);
        }
        Ok(single(c == self.correct))
    }

    fn expected(&self) -> Option<Arg> {
        Some(Arg::Key(option_key(self.correct).into()))
    }

    fn view(&self) -> View<'a> {
        View::Choice {
            correct: self.correct,
        }
    }
}
