//! The constructors the section modules of the bank (`bank_*.rs`) write
//! their questions with: a question, a numeric field, a choice, and
//! «predict, then run» over lab runs. Apart from the bank's assembly
//! ([`super::bank`]), which reads every section module.

use super::sections::{Section, Source};
use super::{
    Derivation, Kind, LabRun, Model, NumField, PredictField, PredictInput, Question, Unit,
};
use crate::lab::{ClientStrategy, Preset, Scenario};
use crate::pages::links::Link;

/// The section a section module's questions are in, given to it by the
/// bank's assembly ([`super::bank`]): `here.at(id, source, kind, demo)` is
/// [`q`] with the section filled in.
#[derive(Clone, Copy)]
pub(super) struct In(pub Section);

impl In {
    pub(super) fn at(
        self,
        id: &'static str,
        source: Source,
        kind: Kind,
        demo: Option<Link>,
    ) -> Question {
        q(self.0, id, source, kind, demo)
    }

    /// A true/false statement of this section, `truth` saying whether it
    /// holds (most banks' commonest question, so one line each).
    pub(super) fn statement(
        self,
        id: &'static str,
        source: Source,
        truth: bool,
        demo: Option<Link>,
    ) -> Question {
        self.at(id, source, Kind::TrueFalse(truth), demo)
    }
}

/// A question of `section` (the section modules' one constructor).
pub(super) fn q(
    section: Section,
    id: &'static str,
    source: Source,
    kind: Kind,
    demo: Option<Link>,
) -> Question {
    Question {
        id,
        kind,
        demo,
        section,
        source,
    }
}

/// One numeric field.
pub(super) fn num(label: &'static str, derivation: Derivation, tol: f64, unit: Unit) -> NumField {
    NumField {
        label,
        derivation,
        tol,
        unit,
    }
}

/// A single choice.
pub(super) fn choice(options: &'static [&'static str], correct: &'static str) -> Kind {
    Kind::Choice { options, correct }
}

/// «Predict the counts» over lab runs, one field per run, each in the
/// unit of what its run counts. No demo link of its own: after
/// answering, the result links every run.
pub(super) fn predict_lab(runs: Vec<(&'static str, LabRun)>) -> Kind {
    let fields = runs
        .iter()
        .map(|(label, run)| PredictField {
            label,
            unit: Unit::of(run.measure),
        })
        .collect();
    Kind::Predict {
        input: PredictInput::Numbers(fields),
        model: Model::LabCounts(runs.into_iter().map(|(_, r)| r).collect()),
    }
}

/// «Predict the report counts», each run given as (field label, scenario,
/// client, server preset) at seed 1.
pub(super) fn predict_reports(runs: &[(&'static str, Scenario, ClientStrategy, Preset)]) -> Kind {
    predict_lab(
        runs.iter()
            .map(|&(label, sc, c, s)| (label, LabRun::reports(sc, c, s)))
            .collect(),
    )
}
