//! «搭一个 harness»: the student writes a harness design (a `harness=`
//! value), graded by running it on the challenge's suite.

use super::{Grading, QuestionKind, View};
use crate::exercises::form::{Draft, Problem};
use crate::exercises::grade::{Grade, GradeError, ModelValue, Response};
use crate::exercises::harness::{read, HarnessChallenge};

/// The kind module of [`super::Kind::BuildHarness`].
pub struct BuildHarness<'a>(pub &'a HarnessChallenge);

impl<'a> QuestionKind<'a> for BuildHarness<'a> {
    fn name_key(&self) -> &'static str {
        "ex.kind.harness"
    }

    fn rule_key(&self) -> Option<&'static str> {
        Some("ex.harness.rule")
    }

    /// The harness is written in the form's one text field (its choice).
    fn read(&self, draft: &Draft) -> Result<Response, Problem> {
        let text = draft.choice.as_deref().unwrap_or("");
        read(text)
            .map(Response::Harness)
            .map_err(|_| Problem::Harness(text.to_string()))
    }

    /// The harness passes when every row of its runs meets the challenge
    /// and it breaks no rule of the chapter behind the challenge's server.
    fn grade(&self, response: &Response, model: Option<&ModelValue>) -> Result<Grade, GradeError> {
        let Response::Harness(h) = response else {
            return Err(GradeError::Shape);
        };
        let Some(ModelValue::HarnessRows { rows }) = model else {
            return Err(model.map_or(GradeError::NeedsModel, |_| GradeError::ModelShape));
        };
        let v = self.0.verdict(*h, rows).ok_or(GradeError::ModelShape)?;
        Ok(Grade {
            correct: v.passes(),
            fields: rows.iter().map(|r| self.0.row_holds(*h, r)).collect(),
        })
    }

    /// The suite's scenarios and the server, by their lab names.
    fn shown_keys(&self, _id: &str) -> Vec<String> {
        let c = self.0;
        let suite = c
            .suite()
            .into_iter()
            .map(|s| format!("lab.scenario.{}", s.id()));
        let server = format!("lab.server.{}", c.server.id());
        suite.chain([server]).collect()
    }

    fn grading(&self) -> Grading<'a> {
        Grading::Harness(self.0)
    }

    fn view(&self) -> View<'a> {
        View::BuildHarness(self.0)
    }
}
