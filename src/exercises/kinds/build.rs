//! «搭一个服务端»: the student submits a server design, graded by running
//! it on the challenge's suite.

use super::{Grading, QuestionKind, View};
use crate::exercises::build::{problems, Challenge};
use crate::exercises::form::{Draft, Problem};
use crate::exercises::grade::{Grade, GradeError, ModelValue, Response};

/// The kind module of [`super::Kind::Build`].
pub struct BuildServer<'a>(pub &'a Challenge);

impl<'a> QuestionKind<'a> for BuildServer<'a> {
    fn name_key(&self) -> &'static str {
        "ex.kind.build"
    }

    fn rule_key(&self) -> Option<&'static str> {
        Some("ex.build.rule")
    }

    fn read(&self, draft: &Draft) -> Result<Response, Problem> {
        let problems = problems(draft.design);
        if !problems.is_empty() {
            return Err(Problem::Design(problems));
        }
        Ok(Response::Design(draft.design))
    }

    /// The design must keep the lab's rules, then it passes when the
    /// suite's rows (the model's value) meet the challenge.
    fn grade(&self, response: &Response, model: Option<&ModelValue>) -> Result<Grade, GradeError> {
        let Response::Design(d) = response else {
            return Err(GradeError::Shape);
        };
        let problems = problems(*d);
        if !problems.is_empty() {
            return Err(GradeError::Design(problems));
        }
        let Some(ModelValue::Suite { rows }) = model else {
            return Err(model.map_or(GradeError::NeedsModel, |_| GradeError::ModelShape));
        };
        let v = self.0.verdict(*d, rows).ok_or(GradeError::ModelShape)?;
        Ok(Grade {
            correct: v.passes(),
            fields: rows.iter().map(|r| r.pass).collect(),
        })
    }

    /// The suite's scenarios and the client, by their lab names.
    fn shown_keys(&self, _id: &str) -> Vec<String> {
        let c = self.0;
        let suite = c.suite.iter().map(|s| format!("lab.scenario.{}", s.id()));
        let client = format!("lab.client.{}", c.client.id());
        suite.chain([client]).collect()
    }

    fn grading(&self) -> Grading<'a> {
        Grading::Suite(self.0)
    }

    fn view(&self) -> View<'a> {
        View::Build(self.0)
    }
}
