//! What a run means: the one judgement of a run, the chapter's rules, the fault suite, the
//! nearest fix, the reach of a design and the hunt for a schedule that breaks it.

pub mod explain;
pub mod fix_groups;
pub mod harness_fix;
pub mod harness_row;
pub mod hunt;
pub mod judgement;
pub(in crate::lab) mod judgement_clause;
#[cfg(feature = "sqlite")]
pub mod nearest_fix;
pub mod reach;
pub mod retries;
pub mod rules;
pub mod suite;
