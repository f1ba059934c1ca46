//! The question bank, built from the chapter material (seeds 000–003): the
//! ✎练习 of 000, 练习与自测 of 001, the 自测 of 002/003, 003's 动手实践
//! and every ❌ common mistake, one module per section of the chapter.
//! Numeric answers are [`Derivation`]s (formulas or a demo's model);
//! «predict, then run» answers come from running the models
//! ([`super::live`]), never from here.

use super::sections::{Section, Source};
use super::{
    Derivation, Kind, LabRun, MatchRow, Model, NumField, PredictField, PredictInput, Question, Unit,
};
use crate::lab::{ClientStrategy, Preset, Scenario};
use crate::links::Link;

/// Every question, in the order the page shows them (section by section).
pub fn bank() -> Vec<Question> {
    let mut all = super::bank_truths::questions();
    all.extend(super::bank_wait::questions());
    all.extend(super::bank_layers::questions());
    all.extend(super::bank_keys::questions());
    all.extend(super::bank_agent::questions());
    all.extend(super::bank_interview::questions());
    all.extend(super::bank_downstream::questions());
    // The build challenges join their sections (the page lists by section).
    let build = super::bank_build::questions()
        .into_iter()
        .chain(super::bank_tenants::questions())
        .chain(super::bank_counts::questions())
        .chain(super::bank_hunt::questions());
    for b in build {
        let end = all
            .iter()
            .rposition(|q| q.section <= b.section)
            .map_or(all.len(), |i| i + 1);
        all.insert(end, b);
    }
    all
}

/// The question with this id (today's ids only; see [`super::renames`]).
pub fn find(id: &str) -> Option<Question> {
    bank().into_iter().find(|q| q.id == id)
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

/// One row of a matching question.
pub(super) fn row(
    label: &'static str,
    options: &'static [&'static str],
    correct: &'static str,
) -> MatchRow {
    MatchRow {
        label,
        options,
        correct,
    }
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
