//! «Predict, then run» with numbers: one count per lab run, right when it
//! is exactly the run's final count.

use super::{all_right, read_numbers, Grading, QuestionKind, View};
use crate::exercises::form::{Draft, FieldSpec, Problem};
use crate::exercises::grade::{within, Grade, GradeError, ModelValue, Response};
use crate::exercises::{Model, PredictField};

/// The kind module of a [`super::Kind::Predict`] with
/// [`crate::exercises::PredictInput::Numbers`].
pub struct PredictCounts<'a> {
    pub fields: &'a [PredictField],
    pub model: &'a Model,
}

impl<'a> QuestionKind<'a> for PredictCounts<'a> {
    fn name_key(&self) -> &'static str {
        "ex.kind.predict"
    }

    fn rule_key(&self) -> Option<&'static str> {
        Some("ex.predict_rule_numbers")
    }

    fn fields(&self) -> Vec<FieldSpec> {
        let spec = |f: &PredictField| FieldSpec {
            label: f.label,
            unit: f.unit,
            tol: 0.0,
            answer: None,
        };
        self.fields.iter().map(spec).collect()
    }

    fn read(&self, draft: &Draft) -> Result<Response, Problem> {
        read_numbers(&self.fields(), draft)
    }

    fn grade(&self, response: &Response, model: Option<&ModelValue>) -> Result<Grade, GradeError> {
        let model = model.ok_or(GradeError::NeedsModel)?;
        let Response::Numbers(given) = response else {
            return Err(GradeError::Shape);
        };
        let ModelValue::Numbers { values } = model else {
            return Err(GradeError::ModelShape);
        };
        if given.len() != self.fields.len() {
            return Err(GradeError::Shape);
        }
        if values.len() != self.fields.len() {
            return Err(GradeError::ModelShape);
        }
        let per = given.iter().zip(values);
        Ok(all_right(per.map(|(g, v)| within(*g, *v, 0.0)).collect()))
    }

    fn grading(&self) -> Grading<'a> {
        Grading::Model(self.model)
    }

    fn answer_key(&self) -> Option<&'static str> {
        Some("ex.your_prediction")
    }

    fn view(&self) -> View<'a> {
        let runs = match self.model {
            Model::LabCounts(runs) => Some(runs.as_slice()),
            _ => None,
        };
        View::PredictCounts {
            fields: self.fields,
            runs,
        }
    }
}
