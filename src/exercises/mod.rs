//! Self-check exercises (pure core).
//!
//! The bank ([`bank::bank`]) holds the questions, one module per section of
//! the chapter; [`grade`] grades a response; [`progress`] is what the page
//! keeps in `localStorage`, and [`renames`] maps the ids of earlier versions
//! onto today's; [`live`] runs the herd and lab models for «predict, then
//! run» questions; [`order`] is the deterministic option order; [`kinds`]
//! holds each kind of question (its form, grading and what its card
//! draws) in one module. Nothing here
//! touches the browser, so `cargo test` checks it natively.
//!
//! Texts are not stored in the bank: a question's prompt and explanation live
//! in the translation table under `ex.q.<id>.prompt` / `ex.q.<id>.explain`,
//! and choice labels under `ex.opt.<choice>` (see [`Question::prompt_key`]).

pub mod bank;
mod bank_agent;
mod bank_build;
mod bank_counts;
mod bank_downstream;
pub mod bank_harness;
pub mod bank_hunt;
mod bank_interview;
mod bank_keys;
pub mod bank_layers;
mod bank_recovery;
pub mod bank_refund;
mod bank_tenants;
mod bank_truths;
mod bank_wait;
pub mod build;
pub mod by_id;
mod compose;
mod demos;
pub mod derive;
pub mod form;
pub mod formulas;
pub mod grade;
pub mod harness;
pub mod harness_job;
pub mod kinds;
pub mod live;
mod options_herd;
pub mod order;
pub mod progress;
pub mod query;
pub mod redgreen;
pub mod renames;
pub mod revisions;
pub mod sections;
pub mod set;
pub mod set_builder;
pub mod shuffle;
pub mod xapi;

pub use bank::{bank, find};
pub use derive::Derivation;
pub use kinds::{CasePart, CaseRow, CaseRun, Cases, Kind, Missing, Recovery};

use crate::herd::{HerdParams, Strategy};
use crate::lab::Combo;
use crate::lab::{
    ClientStrategy, Design, Harness, HarnessPreset, Measure, Mechanism, Preset, Scenario,
};
use crate::pages::links::Link;
use sections::{Section, Source};

/// One self-check question.
#[derive(Clone, Debug, PartialEq)]
pub struct Question {
    /// Stable id, used in URLs (`#/exercises?q=<id>`), storage and testids.
    /// It names the topic, never the verdict.
    pub id: &'static str,
    pub kind: Kind,
    /// The demo that shows the case the question is about, offered once the
    /// question is answered (never before: it would show the answer).
    pub demo: Option<Link>,
    /// The chapter section the question tests.
    pub section: Section,
    /// Whether the claim comes from the chapter or one of its readings.
    pub source: Source,
}

impl Question {
    /// Translation key of the prompt.
    pub fn prompt_key(&self) -> String {
        format!("ex.q.{}.prompt", self.id)
    }

    /// Translation key of the explanation shown after answering.
    pub fn explain_key(&self) -> String {
        format!("ex.q.{}.explain", self.id)
    }

    /// The demo link a card shows: none before the student has answered,
    /// whatever the kind (every demo shows the case, and so the answer).
    pub fn demo_link(&self, answered: bool) -> Option<Link> {
        self.demo.clone().filter(|_| answered)
    }
}

/// The questions grouped by section, in the chapter's order; a group keeps
/// the bank's order and empty sections are left out.
pub fn grouped<'a>(questions: &[&'a Question]) -> Vec<(Section, Vec<&'a Question>)> {
    Section::ALL
        .iter()
        .map(|&s| {
            let qs: Vec<&Question> = questions
                .iter()
                .copied()
                .filter(|q| q.section == s)
                .collect();
            (s, qs)
        })
        .filter(|(_, qs)| !qs.is_empty())
        .collect()
}

/// Translation key of a choice label.
pub fn option_key(choice: &str) -> String {
    format!("ex.opt.{choice}")
}

/// One numeric input and how its expected value is computed.
#[derive(Clone, Debug, PartialEq)]
pub struct NumField {
    /// Translation key of the field's label.
    pub label: &'static str,
    /// The formula or model run that gives the answer (never a number typed
    /// into the bank).
    pub derivation: Derivation,
    /// Accepted absolute deviation: `|given − answer| ≤ tol` is right.
    pub tol: f64,
    pub unit: Unit,
}

impl NumField {
    /// The expected value.
    pub fn answer(&self) -> f64 {
        self.derivation.value()
    }
}

/// The unit shown after a numeric input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unit {
    Ms,
    Seconds,
    Requests,
    Attempts,
    Reports,
    /// A multiple of the normal load («243 倍»).
    Times,
    Notifications,
    Leaks,
}

impl Unit {
    /// Translation key of the unit.
    pub fn key(self) -> &'static str {
        match self {
            Unit::Ms => "ex.unit.ms",
            Unit::Seconds => "ex.unit.s",
            Unit::Requests => "ex.unit.requests",
            Unit::Attempts => "ex.unit.attempts",
            Unit::Reports => "ex.unit.reports",
            Unit::Times => "ex.unit.times",
            Unit::Notifications => "ex.unit.notifications",
            Unit::Leaks => "ex.unit.leaks",
        }
    }

    /// The unit of a lab run's count.
    pub fn of(measure: Measure) -> Unit {
        match measure {
            Measure::Reports => Unit::Reports,
            Measure::Notifications => Unit::Notifications,
            Measure::Attempts => Unit::Attempts,
            Measure::Leaks => Unit::Leaks,
        }
    }
}

/// What the student predicts before the model runs.
#[derive(Clone, Debug, PartialEq)]
pub enum PredictInput {
    /// One integer per field (one field per model run).
    Numbers(Vec<PredictField>),
    /// One of the listed ids (e.g. herd strategy ids).
    Choice(&'static [&'static str]),
    /// A test: one of the model's faults and one of these assertions on the
    /// final report count ([`redgreen`]).
    RedGreen(&'static [&'static str]),
}

/// One numeric prediction.
#[derive(Clone, Debug, PartialEq)]
pub struct PredictField {
    pub label: &'static str,
    pub unit: Unit,
}

/// A model run whose outcome answers a «predict, then run» question.
#[derive(Clone, Debug, PartialEq)]
pub enum Model {
    /// One count of each of these idempotency-lab runs (its
    /// [`LabRun::measure`]), one per field.
    LabCounts(Vec<LabRun>),
    /// Which herd strategy makes the fewest calls at this preset.
    HerdFewestCalls(HerdPreset),
    /// Final report counts of every fault on a wrong and a correct server.
    RedGreen(redgreen::Bench),
}

impl Model {
    /// The lab runs this model consists of (none for a herd model).
    pub fn lab_runs(&self) -> Vec<LabRun> {
        match self {
            Model::LabCounts(runs) => runs.clone(),
            Model::RedGreen(b) => b.runs(),
            Model::HerdFewestCalls(_) => Vec::new(),
        }
    }
}

/// One idempotency-lab run, named by the lab's own values, and what a
/// question counts in it.
#[derive(Clone, PartialEq, Eq)]
pub struct LabRun {
    pub scenario: Scenario,
    pub client: ClientStrategy,
    pub server: Preset,
    /// Ids of the mechanisms added to the server's design, a comma list in
    /// the order the run's label names them (empty: the preset).
    pub added: &'static str,
    pub measure: Measure,
    pub seed: u64,
    /// A harness preset run instead of the client (003's `reconciling`,
    /// which no client of the lab's first six stands for); `None`: the
    /// client.
    pub harness: Option<HarnessPreset>,
}

impl LabRun {
    /// The preset `server`'s reports in `scenario` with `client`, at seed 1.
    pub const fn reports(scenario: Scenario, client: ClientStrategy, server: Preset) -> Self {
        Self {
            scenario,
            client,
            server,
            added: "",
            measure: Measure::Reports,
            seed: 1,
            harness: None,
        }
    }

    /// The run's harness: the preset named, else the client's.
    pub fn harness(&self) -> Harness {
        self.harness
            .map_or_else(|| self.client.into(), HarnessPreset::harness)
    }

    /// The run's server: the preset's design with the added mechanisms
    /// (and what they need).
    pub fn design(&self) -> Design {
        self.server
            .design()
            .with_all(&self.added_mechanisms())
            .resolve()
            .0
    }

    /// The mechanisms added to the preset, in the order written.
    pub fn added_mechanisms(&self) -> Vec<Mechanism> {
        mechanisms(self.added)
    }

    /// The lab's run: scenario, client and server.
    pub fn combo(&self) -> Combo {
        (self.scenario, self.harness(), self.design())
    }

    /// The lab run view showing this run to its end.
    pub fn link(&self) -> Link {
        Link::lab_end(self.scenario, self.harness(), self.design(), self.seed)
    }
}

/// The mechanisms a bank names by a comma list of ids, in the order
/// written. The banks name designs by preset and ids, never by variant, so
/// a mechanism stays one file; an id is fixed data, so one that names no
/// mechanism is a typo: it panics in a debug build (every test that builds
/// the bank) and is left out in a release one.
pub fn mechanisms(ids: &str) -> Vec<Mechanism> {
    ids.split(',')
        .map(str::trim)
        .filter(|id| !id.is_empty())
        .filter_map(|id| {
            let m = Mechanism::from_id(id);
            debug_assert!(m.is_some(), "no mechanism has the id '{id}'");
            m
        })
        .collect()
}

/// Reads as the derived `Debug` did when a run held its added mechanisms
/// themselves: the answers' revisions (tests/data/exercise_revisions.txt)
/// hash a question's `Debug`, and the bank's pin compares it.
impl std::fmt::Debug for LabRun {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut s = f.debug_struct("LabRun");
        s.field("scenario", &self.scenario)
            .field("client", &self.client)
            .field("server", &self.server)
            .field("added", &self.added_mechanisms())
            .field("measure", &self.measure)
            .field("seed", &self.seed);
        // Written only when set, so a run on a client reads as it did.
        if let Some(h) = self.harness {
            s.field("harness", &h);
        }
        s.finish()
    }
}

/// A herd run: every listed strategy at the default network and backoff
/// parameters with `clients` clients.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HerdPreset {
    pub clients: u32,
    pub trials: u32,
    pub seed: u64,
    /// The strategies run, in this order.
    pub strategies: &'static [Strategy],
}

impl HerdPreset {
    /// The herd page's parameters for this preset (strategies in the
    /// page's order).
    pub fn params(&self) -> HerdParams {
        let strategies = Strategy::in_page_order(self.strategies);
        HerdParams {
            clients: self.clients,
            trials: self.trials,
            seed: self.seed,
            strategies,
            ..HerdParams::default()
        }
    }

    /// The herd preset with the same parameters.
    pub fn link(&self) -> Link {
        Link::Herd(self.params())
    }
}
