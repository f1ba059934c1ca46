//! The question bank, built from the chapter material (seeds 000–003): the
//! ✎练习 of 000, 练习与自测 of 001, the 自测 of 002/003, 003's 动手实践
//! and every ❌ common mistake, one module per section of the chapter.
//! Numeric answers are [`Derivation`]s (formulas or a demo's model);
//! «predict, then run» answers come from running the models
//! ([`super::live`]), never from here. The section modules write their
//! questions with [`super::compose`].

use super::compose::In;
use super::sections::Section;
use super::Question;

/// A section module's questions, given its section.
type SectionModule = fn(In) -> Vec<Question>;

/// The section modules in page order, each with the section its questions
/// are in (named here, once, rather than in each module).
const SECTIONS: [(Section, SectionModule); 9] = [
    (Section::Truths, super::bank_truths::questions),
    (Section::Wait, super::bank_wait::questions),
    (Section::Layers, super::bank_layers::questions),
    (Section::Keys, super::bank_keys::questions),
    (Section::Keys, super::bank_refund::questions),
    (Section::Keys, super::bank_recovery::questions),
    (Section::Agent, super::bank_agent::questions),
    (Section::Interview, super::bank_interview::questions),
    (Section::Interview, super::bank_downstream::questions),
];

/// Every question, in the order the page shows them (section by section).
pub fn bank() -> Vec<Question> {
    let mut all: Vec<Question> = SECTIONS
        .iter()
        .flat_map(|&(section, questions)| questions(In(section)))
        .collect();
    // The build challenges join their sections (the page lists by section).
    let build = super::bank_build::questions()
        .into_iter()
        .chain(super::bank_tenants::questions())
        .chain(super::bank_counts::questions())
        .chain(super::bank_hunt::questions())
        .chain(super::bank_harness::questions());
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
