//! A cases question: several cases, each answered in several parts, every
//! part a pick from one list shared by all the cases; each part graded on
//! its own.

use super::{all_right, QuestionKind, View};
use crate::exercises::form::{Draft, Problem};
use crate::exercises::grade::{Grade, GradeError, ModelValue, Response};
use crate::exercises::shuffle::shuffled;
use crate::exercises::{mechanisms, LabRun};
use crate::lab::grading::judgement::Clause;
use crate::lab::{Design, Harness, HarnessPreset, Preset, Scenario};
use crate::pages::links::Link;

/// A [`super::Kind::Cases`] question: its parts (the columns every case
/// answers) and its cases (the rows).
#[derive(Clone, Debug, PartialEq)]
pub struct Cases {
    pub parts: &'static [CasePart],
    pub rows: Vec<CaseRow>,
}

/// One part every case answers: a label and the list shared by all cases,
/// so that no list pairs off with the rows.
#[derive(Clone, Debug, PartialEq)]
pub struct CasePart {
    /// Translation key of the part's label.
    pub label: &'static str,
    pub options: &'static [&'static str],
}

/// One case of a [`super::Kind::Cases`] question.
#[derive(Clone, Debug, PartialEq)]
pub struct CaseRow {
    /// Translation key of the case.
    pub label: &'static str,
    /// The key of each part, in the parts' order.
    pub keys: &'static [&'static str],
    /// The lab run that shows the case, offered once answered.
    pub run: CaseRun,
}

/// Where a case can be seen running.
#[derive(Clone, Debug, PartialEq)]
pub enum CaseRun {
    /// This lab run shows it.
    Lab(LabRun),
    /// 003's server and harness run it, next to the run that breaks when
    /// one piece of them is missing.
    Recovery(Recovery),
    /// The lab cannot run it yet; the translation key says what it lacks.
    Later(&'static str),
}

/// A case run as 003 says (`reconciled` server, `reconciling` harness),
/// and the same scenario with one piece of them missing.
#[derive(Clone, Debug, PartialEq)]
pub struct Recovery {
    pub scenario: Scenario,
    /// What the broken run lacks; `None` where nothing can break (no
    /// single piece missing makes the case fail: the text says so).
    pub broken: Option<Missing>,
}

/// The piece a broken run lacks, and the pass rule's clause it breaks.
#[derive(Clone, Debug, PartialEq)]
pub struct Missing {
    /// Mechanism ids taken out of 003's server (a comma list; empty: none).
    pub mechanisms: &'static str,
    /// Harness tokens that change 003's harness (a comma list; empty:
    /// none), e.g. `key_per_attempt` for a harness without a stable key.
    pub harness: &'static str,
    /// The clause the broken run breaks, the reason its link names.
    pub breaks: Clause,
}

/// The seed of every recovery run (any seed shows the same ending; the
/// tests check several).
pub const RECOVERY_SEED: u64 = 1;

impl Recovery {
    /// 003's server: the `reconciled` preset.
    pub fn design() -> Design {
        Preset::Reconciled.design()
    }

    /// 003's harness: the `reconciling` preset.
    pub fn harness() -> Harness {
        HarnessPreset::Reconciling.harness()
    }

    /// The run that follows 003, shown to its end.
    pub fn link(&self) -> Link {
        Link::lab_end(
            self.scenario,
            Self::harness(),
            Self::design(),
            RECOVERY_SEED,
        )
    }

    /// The broken run, shown to its end.
    pub fn broken_link(&self) -> Option<Link> {
        let m = self.broken.as_ref()?;
        Some(Link::lab_end(
            self.scenario,
            m.harness(),
            m.design(),
            RECOVERY_SEED,
        ))
    }
}

impl Missing {
    /// 003's server without the missing mechanisms.
    pub fn design(&self) -> Design {
        mechanisms(self.mechanisms)
            .into_iter()
            .fold(Recovery::design(), Design::without)
    }

    /// 003's harness changed by the tokens. A token is fixed data, so a
    /// bad one is a typo: it panics in a debug build.
    pub fn harness(&self) -> Harness {
        if self.harness.is_empty() {
            return Recovery::harness();
        }
        let text = format!("{},{}", HarnessPreset::Reconciling.id(), self.harness);
        let (h, problems) = Harness::parse(&text);
        debug_assert!(problems.is_empty(), "{text}: {problems:?}");
        h
    }

    /// What is missing, as ids: the mechanisms, then the harness tokens.
    pub fn ids(&self) -> String {
        let parts = [self.mechanisms, self.harness];
        let named = parts.iter().filter(|p| !p.is_empty());
        named.copied().collect::<Vec<_>>().join(",")
    }
}

impl Cases {
    /// The number of picks: one per case and part.
    pub fn picks(&self) -> usize {
        self.rows.len() * self.parts.len()
    }
}

/// The options of part `part` of case `case` of a cases question, as
/// shown: each case and part in its own seeded order, so that a list
/// shared by the cases puts a key at no fixed place.
pub fn case_options(id: &str, case: &CaseRow, part: &CasePart) -> Vec<&'static str> {
    shuffled(id, &format!("{}:{}", case.label, part.label), part.options)
}

/// The kind module of [`super::Kind::Cases`].
pub struct CaseTable<'a>(pub &'a Cases);

impl<'a> QuestionKind<'a> for CaseTable<'a> {
    fn name_key(&self) -> &'static str {
        "ex.kind.cases"
    }

    fn pick_count(&self) -> usize {
        self.0.picks()
    }

    fn shown_lists(&self, id: &str) -> Vec<Vec<&'static str>> {
        let c = self.0;
        let row = |r| c.parts.iter().map(move |p| case_options(id, r, p));
        c.rows.iter().flat_map(row).collect()
    }

    /// The options' names, then each case's and each part's label.
    fn shown_keys(&self, id: &str) -> Vec<String> {
        let c = self.0;
        let names = self
            .shown_lists(id)
            .into_iter()
            .flatten()
            .map(crate::exercises::option_key);
        let rows = c.rows.iter().map(|r| r.label);
        let parts = c.parts.iter().map(|p| p.label);
        names.chain(rows.chain(parts).map(str::to_string)).collect()
    }

    /// Every part of every case picked, case by case; else the first case
    /// and part left empty.
    fn read(&self, draft: &Draft) -> Result<Response, Problem> {
        let c = self.0;
        let n = c.parts.len();
        let case = |(i, r): (usize, &CaseRow)| {
            let part = |(j, p): (usize, &CasePart)| {
                let pick = draft.picks.get(i * n + j).cloned().flatten();
                pick.ok_or(Problem::NeedCase(r.label, p.label))
            };
            c.parts.iter().enumerate().map(part).collect()
        };
        let cases = c.rows.iter().enumerate().map(case);
        cases.collect::<Result<_, _>>().map(Response::Cases)
    }

    /// Each part of each case on its own: right when it is the case's key
    /// for that part. An answer that skips a part, or picks an option the
    /// part does not list, is not an answer.
    fn grade(&self, response: &Response, _: Option<&ModelValue>) -> Result<Grade, GradeError> {
        let c = self.0;
        let Response::Cases(given) = response else {
            return Err(GradeError::Shape);
        };
        let listed = |picks: &Vec<String>| {
            picks.len() == c.parts.len()
                && c.parts
                    .iter()
                    .zip(picks)
                    .all(|(p, g)| p.options.contains(&g.as_str()))
        };
        if given.len() != c.rows.len() || !given.iter().all(listed) {
            return Err(GradeError::Shape);
        }
        let per = c.rows.iter().zip(given);
        Ok(all_right(
            per.flat_map(|(r, picks)| r.keys.iter().zip(picks).map(|(k, g)| k == g))
                .collect(),
        ))
    }

    fn view(&self) -> View<'a> {
        View::Cases(self.0)
    }
}
