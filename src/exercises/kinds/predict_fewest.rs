//! «Predict, then run» with a choice: which herd strategy makes the fewest
//! calls; right when the pick's mean calls are within
//! [`FEWEST_REL_TOL`] of the fewest.

use super::{picked, single, Grading, QuestionKind, View};
use crate::exercises::form::{Draft, Problem};
use crate::exercises::grade::{Grade, GradeError, ModelValue, Response, FEWEST_REL_TOL};
use crate::exercises::shuffle::shuffled;
use crate::exercises::Model;

/// The kind module of a [`super::Kind::Predict`] with
/// [`crate::exercises::PredictInput::Choice`].
pub struct PredictFewest<'a> {
    pub options: &'static [&'static str],
    pub model: &'a Model,
}

impl<'a> QuestionKind<'a> for PredictFewest<'a> {
    fn name_key(&self) -> &'static str {
        "ex.kind.predict"
    }

    fn rule_key(&self) -> Option<&'static str> {
        Some("ex.fewest_rule")
    }

    fn shown(&self, id: &str) -> Vec<&'static str> {
        shuffled(id, "", self.options)
    }

    fn read(&self, draft: &Draft) -> Result<Response, Problem> {
        picked(draft, Problem::NeedPrediction).map(Response::Choice)
    }

    fn grade(&self, response: &Response, model: Option<&ModelValue>) -> Result<Grade, GradeError> {
        let model = model.ok_or(GradeError::NeedsModel)?;
        let Response::Choice(c) = response else {
            return Err(GradeError::Shape);
        };
        let ModelValue::Fewest { calls, .. } = model else {
            return Err(GradeError::ModelShape);
        };
        if !self.options.contains(&c.as_str()) {
            return Err(GradeError::Shape);
        }
        let min = calls.iter().map(|(_, v)| *v).fold(f64::INFINITY, f64::min);
        if !min.is_finite() {
            return Err(GradeError::ModelShape);
        }
        let mine = calls.iter().find(|(id, _)| id == c);
        let mine = mine.map(|(_, v)| *v).ok_or(GradeError::ModelShape)?;
        Ok(single(mine <= min * (1.0 + FEWEST_REL_TOL)))
    }

    fn grading(&self) -> Grading<'a> {
        Grading::Model(self.model)
    }

    fn answer_key(&self) -> Option<&'static str> {
        Some("ex.your_prediction")
    }

    fn view(&self) -> View<'a> {
        View::PredictFewest {
            options: self.options,
        }
    }
}
