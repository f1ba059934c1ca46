//! Self-check exercises (pure core).
//!
//! The bank ([`bank::bank`]) holds the questions; [`grade`] grades a
//! response; [`progress`] is what the page keeps in `localStorage`;
//! [`live`] runs the herd and lab models for «predict, then run» questions.
//! Nothing here touches the browser, so `cargo test` checks it natively.
//!
//! Texts are not stored in the bank: a question's prompt and explanation live
//! in the translation table under `ex.q.<id>.prompt` / `ex.q.<id>.explain`,
//! and choice labels under `ex.opt.<choice>` (see [`Question::prompt_key`]).

pub mod bank;
pub mod bank_amplify;
mod bank_lab;
mod demos;
pub mod formulas;
pub mod grade;
pub mod live;
mod live_steps;
pub mod options;
pub mod progress;
pub mod query;
pub mod sections;

pub use bank::{bank, find};

use crate::herd::{HerdParams, Strategy};
use crate::lab::{ClientStrategy, Preset, Scenario};
use crate::links::Link;

/// One self-check question.
#[derive(Clone, Debug, PartialEq)]
pub struct Question {
    /// Stable id, used in URLs (`#/exercises?q=<id>`), storage and testids.
    pub id: &'static str,
    pub kind: Kind,
    /// The demo preset this question is about, if one shows it.
    pub demo: Option<Link>,
    /// A formula shown with the prompt, rendered as MathML by the UI.
    pub formula: Option<Formula>,
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

    /// The demo link offered before the student answers: none for «predict,
    /// then run» (the run being predicted would give the answer away), none
    /// for numeric questions (their demo shows the number asked for), none
    /// for a link that opens a run's final step, and none when the question
    /// has no demo that shows what it is about.
    pub fn demo_before_answer(&self) -> Option<Link> {
        match (&self.kind, &self.demo) {
            (Kind::Predict { .. } | Kind::Numeric(_), _) => None,
            (_, Some(Link::Lab(p))) if p.step == crate::lab::StepParam::End => None,
            _ => self.demo_after_answer(),
        }
    }

    /// The demo link offered once the question is answered.
    pub fn demo_after_answer(&self) -> Option<Link> {
        self.demo.clone()
    }
}

/// Translation key of a choice label.
pub fn option_key(choice: &str) -> String {
    format!("ex.opt.{choice}")
}

/// What kind of answer a question takes and how it is graded.
#[derive(Clone, Debug, PartialEq)]
pub enum Kind {
    /// One or more numbers, each graded with an absolute tolerance.
    Numeric(Vec<NumField>),
    /// Pick one of several options.
    Choice {
        options: &'static [&'static str],
        correct: &'static str,
    },
    /// A statement to judge; `true` when the statement is right.
    TrueFalse(bool),
    /// The student predicts first; the answer comes from running `model`.
    Predict { input: PredictInput, model: Model },
}

/// One numeric input with its expected value.
#[derive(Clone, Debug, PartialEq)]
pub struct NumField {
    /// Translation key of the field's label.
    pub label: &'static str,
    pub answer: f64,
    /// Accepted absolute deviation: `|given − answer| ≤ tol` is right.
    pub tol: f64,
    pub unit: Unit,
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
    /// Final report counts of these idempotency-lab runs, one per field.
    LabReports(Vec<LabRun>),
    /// Which herd strategy makes the fewest calls at this preset.
    HerdFewestCalls(HerdPreset),
}

/// One idempotency-lab run, named by the lab's URL ids.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LabRun {
    pub scenario: &'static str,
    pub client: &'static str,
    pub server: &'static str,
    pub seed: u64,
}

impl LabRun {
    /// The lab preset showing this run to its end (`None` if an id is not
    /// the lab's; the bank's tests rule that out).
    pub fn link(&self) -> Option<Link> {
        Some(Link::lab_end(
            Scenario::from_id(self.scenario)?,
            ClientStrategy::from_id(self.client)?,
            Preset::from_id(self.server)?,
            self.seed,
        ))
    }
}

/// A herd run: every listed strategy at the default network and backoff
/// parameters with `clients` clients.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HerdPreset {
    pub clients: u32,
    pub trials: u32,
    pub seed: u64,
    pub strategies: &'static [&'static str],
}

impl HerdPreset {
    /// The herd page's parameters for this preset (strategies in the
    /// page's order).
    pub fn params(&self) -> HerdParams {
        let mut strategies: Vec<Strategy> = self
            .strategies
            .iter()
            .filter_map(|id| Strategy::from_id(id))
            .collect();
        strategies.sort();
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

/// A formula displayed with a question (MathML lives in the UI).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Formula {
    /// `200ms · 2^(attempt−1)`.
    NominalBackoff,
    /// `d_n = min(d_max, b·2^(n−1))`.
    CappedBound,
    /// `3^5 = 243`-style multiplication: `requests = a_1 × a_2 × … × a_k`.
    LayerProduct,
}

/// A formatted number for display: integers without decimals, others with up
/// to three decimals and trailing zeros removed.
pub fn fmt_num(v: f64) -> String {
    if !v.is_finite() {
        return "—".into();
    }
    if (v - v.round()).abs() < 1e-9 {
        return format!("{}", v.round() as i64);
    }
    let s = format!("{v:.3}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}
