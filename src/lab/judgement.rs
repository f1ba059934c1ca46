//! The one judgement of a run: what it observed (per tenant), and the ways
//! it failed, computed once. Every reader of «did this run go well» (the
//! verdict, the end sentence, the workbench's pass rule, the matrix's marks,
//! the challenges, the hunt's property, the CLI) reads a [`Judgement`] and
//! computes nothing of its own.

use borsh::{BorshDeserialize, BorshSerialize};
use serde::{Deserialize, Serialize};

use super::result::Run;
use super::suite::Clause;
use crate::ids::id_enum;

id_enum! {
    /// One way a run can fail. The hunt looks for one minimal
    /// counterexample per class; the verdict names the worst class.
    #[derive(Serialize, Deserialize)]
    #[derive(BorshSerialize, BorshDeserialize)]
    FailureClass {
        /// More than one report for one tenant's request.
        Duplicate => "duplicate",
        /// No report where one could have been filed (a claim stuck in
        /// `in_progress` included).
        NothingFiled => "nothing_filed",
        /// A model was told something false.
        Lie => "lie",
        /// A notification lost, duplicated, or about a report that does
        /// not exist.
        Notification => "notification",
        /// A tenant answered with another tenant's stored response.
        Leak => "leak",
        /// A tenant refused for another tenant's key.
        TenantRefused => "tenant_refused",
        /// A changed body answered with the old body's stored response.
        ChangedBody => "changed_body",
        /// A rule of the chapter broken in the run itself (a TLS failure
        /// retried, say).
        RuleBroken => "rule_broken",
    }
}

impl FailureClass {
    /// Translation key of the class's name (`lab.class.<id>`).
    pub fn key(self) -> String {
        format!("lab.class.{}", self.id())
    }
}

/// What a run observed, and how it failed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[derive(BorshSerialize, BorshDeserialize)]
pub struct Judgement {
    /// The ways the run failed, in [`FailureClass::ALL`]'s order; empty
    /// when it passes.
    pub classes: Vec<FailureClass>,
}

impl Judgement {
    /// Whether the run passes: it failed in no way.
    pub fn passes(&self) -> bool {
        self.classes.is_empty()
    }

    /// The ways the run failed.
    pub fn classes(&self) -> &[FailureClass] {
        &self.classes
    }
}

/// The class a broken clause of the pass rule belongs to.
fn class_of(c: Clause) -> FailureClass {
    match c {
        Clause::AtMostOneReport => FailureClass::Duplicate,
        Clause::TruthTold => FailureClass::Lie,
        Clause::NoChangedBodyReplay => FailureClass::ChangedBody,
        Clause::NoLostNotification
        | Clause::NoDuplicateNotification
        | Clause::NoPhantomNotification => FailureClass::Notification,
        Clause::NoLeak => FailureClass::Leak,
        Clause::NoCrossTenantRefusal => FailureClass::TenantRefused,
    }
}

/// Judges `run`, once.
pub fn judge(run: &Run) -> Judgement {
    let broken = super::suite::broken_clauses(run);
    let classes = FailureClass::ALL
        .into_iter()
        .filter(|k| broken.iter().any(|c| class_of(*c) == *k))
        .collect();
    Judgement { classes }
}
