//! The counterexample hunt: passing the fixed scenarios is not being
//! correct, so the workbench searches random fault schedules for every way
//! the student's design fails (a failure class of the one judgement, and
//! whether any server fixes it), then shrinks each to the smallest schedule
//! that still fails that way («它证明本地约束与恢复流程，仍不证明分布式
//! exactly-once»).
//!
//! - [`kinds`]: the fault kinds the student may choose, and those the
//!   model cannot inject yet (they live with the primitives, in
//!   [`crate::lab::faults`]);
//! - [`generate`]: the seeded generator (the property tests use it too);
//! - [`shrink`]: the shrinker;
//! - [`code`]: the schedule's compact URL code;
//! - [`fate`]: what came of each attempt in the run;
//! - [`lines`]: the schedule in words, from what came of it;
//! - [`job`]: the budgeted search for every way a design fails, as a job;
//! - [`report`]: what a hunt found, in words and as a link;

pub mod code;
pub use crate::lab::faults::kinds;
pub mod fate;
pub mod generate;
pub mod job;
pub mod lines;
pub mod report;
pub mod shrink;

pub use code::{decode, encode, CodeError};
pub use generate::{generate, kinds_of};
pub use job::*;
pub use kinds::{FaultKind, KindSet, NOT_YET_COVERED};
pub use shrink::{measure, shrink, simplifications, Shrinker};
