//! A red/green test: the student picks a fault, the assertion that
//! reproduces the bug on the wrong server and the regression assertion;
//! every fault runs on a wrong and a correct server ([`redgreen`]).

use super::{Grading, QuestionKind, View};
use crate::exercises::form::{Draft, Problem};
use crate::exercises::grade::{Grade, GradeError, ModelValue, Response};
use crate::exercises::{redgreen, Model};

/// The picks of a test: its fault, the assertion on the wrong server and
/// the regression assertion.
pub const PICKS: usize = 3;

/// The kind module of a [`super::Kind::Predict`] with
/// [`crate::exercises::PredictInput::RedGreen`].
pub struct LabTest<'a> {
    pub assertions: &'static [&'static str],
    pub model: &'a Model,
}

impl<'a> LabTest<'a> {
    fn bench(&self) -> Option<&'a redgreen::Bench> {
        match self.model {
            Model::RedGreen(b) => Some(b),
            _ => None,
        }
    }
}

impl<'a> QuestionKind<'a> for LabTest<'a> {
    fn name_key(&self) -> &'static str {
        "ex.kind.lab_test"
    }

    fn rule_key(&self) -> Option<&'static str> {
        Some("ex.test_rule")
    }

    fn pick_count(&self) -> usize {
        PICKS
    }

    fn read(&self, draft: &Draft) -> Result<Response, Problem> {
        let picked: Option<Vec<String>> = (0..PICKS)
            .map(|i| draft.picks.get(i).cloned().flatten())
            .collect();
        picked.map(Response::Choices).ok_or(Problem::NeedTest)
    }

    /// Right when the fault reproduces the bug on the wrong server only
    /// and the regression assertion is red there and green on the correct
    /// one ([`redgreen::Outcome::parts`]).
    fn grade(&self, response: &Response, model: Option<&ModelValue>) -> Result<Grade, GradeError> {
        let model = model.ok_or(GradeError::NeedsModel)?;
        let bench = self.bench().ok_or(GradeError::Shape)?;
        let Response::Choices(picked) = response else {
            return Err(GradeError::Shape);
        };
        let [fault, repro, regression] = picked.as_slice() else {
            return Err(GradeError::Shape);
        };
        let known = |a: &String| self.assertions.contains(&a.as_str());
        if !bench.fault_ids().contains(&fault.as_str()) || !known(repro) || !known(regression) {
            return Err(GradeError::Shape);
        }
        let ModelValue::Numbers { values } = model else {
            return Err(GradeError::ModelShape);
        };
        if values.len() != bench.runs().len() {
            return Err(GradeError::ModelShape);
        }
        let o = redgreen::outcome(bench, values, fault, repro, regression);
        let o = o.ok_or(GradeError::ModelShape)?;
        Ok(Grade {
            correct: o.catches_the_bug(),
            fields: o.parts().to_vec(),
        })
    }

    fn grading(&self) -> Grading<'a> {
        Grading::Model(self.model)
    }

    fn choice_label(&self, choice: &str) -> super::ChoiceLabel {
        match self.bench() {
            Some(b) if b.fault_ids().contains(&choice) => super::ChoiceLabel::Fault,
            _ => super::ChoiceLabel::Option,
        }
    }

    /// The faults' names, then the assertions'.
    fn shown_keys(&self, _id: &str) -> Vec<String> {
        let faults = self.bench().map(redgreen::Bench::fault_ids);
        let faults = faults.unwrap_or_default().into_iter();
        let faults = faults.map(|f| super::ChoiceLabel::Fault.key(f));
        let assertions = self
            .assertions
            .iter()
            .map(|a| crate::exercises::option_key(a));
        faults.chain(assertions).collect()
    }

    fn answer_key(&self) -> Option<&'static str> {
        Some("ex.your_test")
    }

    fn view(&self) -> View<'a> {
        View::LabTest {
            assertions: self.assertions,
            bench: self.bench(),
        }
    }
}
