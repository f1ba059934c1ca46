//! The idempotency lab (pure core): a test agent's harness submits a
//! bug report to a bug tracker over an unreliable network; the tracker runs
//! a handler assembled from a design of mechanisms (`design`: five presets
//! and any valid combination) against a real SQLite database. A run is a
//! deterministic discrete-event simulation of (fault schedule, client
//! strategy, server design, seed); every step records the requests, the
//! server's decision and SQL, and both tables, so the UI can replay it.
//!
//! Nothing here knows the expected outcome of a scenario: counts emerge from
//! running the handler's SQL against the database.
//!
//! Without the `sqlite` feature (the page's own wasm) only the data a run is
//! made of, the designs and their SQL, the parameters, the grading's types
//! and the explanations are here; the engine that computes runs (`run`,
//! `cell`, `suite`, the matrix job, the wire answers) lives in the lab
//! worker's wasm, built with the feature.

pub mod build;
pub mod build_job;
#[cfg(feature = "sqlite")]
mod cleanup_and_lookup;
#[cfg(feature = "sqlite")]
pub mod csv;
#[cfg(feature = "sqlite")]
mod db;
mod design;
pub mod diagram;
pub mod engine_job;
pub mod explain;
pub mod faults;
pub mod fix_groups;
#[cfg(feature = "sqlite")]
mod handler;
pub mod harness;
pub mod hunt;
mod ids;
pub mod judgement;
mod judgement_clause;
pub mod matrix_job;
pub mod matrix_table_job;
pub mod mechanisms;
pub mod narrate;
pub mod narrate_notes;
#[cfg(feature = "sqlite")]
mod notifier;
mod params;
pub mod player;
pub mod reach;
mod result;
pub mod reveal;
pub mod rules;
#[cfg(feature = "sqlite")]
mod sim;
pub mod sql;
pub mod suite;
mod times;
mod trace;
pub mod wire;
pub mod words;

pub use build::{BuildParams, BUILD_KNOWN};
pub use design::{Design, DesignProblem, Group, Mechanism};
pub use faults::{
    AttemptFault, Delivery, DripTimers, FaultSchedule, NotifyFault, ServerFault, Timer,
};
pub use ids::{ClientStrategy, Ending, Preset, Scenario, ToolOutcome, Verdict};
pub use params::{
    LabParams, MatrixBy, MatrixParams, Speed, StepParam, KNOWN, MATRIX_KNOWN, MATRIX_PARAMS,
    PARAMS as LAB_PARAMS,
};
pub use result::{
    CallSummary, Cell, Holder, Measure, NoteCounts, Notice, RecordUse, RollbackCause, Run, Write,
    WriteOutcome,
};
#[cfg(feature = "sqlite")]
pub use sim::{cell, final_count, nearest_fix, nearest_fix_among, run, run_fast, run_schedule};
pub use times::{SEED as SEED_BOUND, *};
pub use trace::*;
