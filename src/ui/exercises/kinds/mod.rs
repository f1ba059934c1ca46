//! One card component per question kind: its answer controls and what a
//! graded answer adds under the verdict. The card picks the component once, by the kind's
//! [`View`] ([`of`]); nothing else in the page asks which kind a question
//! is.

mod build;
mod cases;
mod choice;
mod harness;
mod lab_test;
mod numeric;
mod predict_counts;
mod predict_fewest;
mod statement;

use yew::prelude::*;

use super::form::Form;
use super::inputs::Ctx;
use crate::exercises::grade::Record;
use crate::exercises::kinds::View;
use crate::exercises::Question;
use crate::i18n::Lang;

/// What a kind draws in a card.
pub(super) trait KindCard {
    /// The answer controls.
    fn controls(&self, ctx: &Ctx, form: &Form) -> Html;

    /// What a graded answer adds under the verdict: the model's value, the
    /// suite, the cases' table.
    fn graded(&self, _l: Lang, _q: &Question, _r: &Record) -> Html {
        html! {}
    }
}

/// The card component of a kind: the one place the page dispatches on it.
pub(super) fn of<'a>(view: View<'a>) -> Box<dyn KindCard + 'a> {
    match view {
        View::Numeric(_) => Box::new(numeric::Numeric),
        View::Choice { .. } => Box::new(choice::Choice),
        View::Statement(_) => Box::new(statement::Statement),
        View::Cases(c) => Box::new(cases::CaseTable(c)),
        View::PredictCounts { fields, runs } => {
            Box::new(predict_counts::PredictCounts { fields, runs })
        }
        View::PredictFewest { .. } => Box::new(predict_fewest::PredictFewest),
        View::LabTest { assertions, bench } => Box::new(lab_test::LabTest { assertions, bench }),
        View::Build(c) => Box::new(build::BuildServer(c)),
        View::BuildHarness(c) => Box::new(harness::BuildHarness(c)),
    }
}

/// The card component of a question.
pub(super) fn card_of(q: &Question) -> Box<dyn KindCard + '_> {
    of(q.kind.module().view())
}
