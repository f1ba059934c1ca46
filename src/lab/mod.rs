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

pub mod answer_read;
pub mod faults;
pub mod grading;
pub mod harness;
pub mod jobs;
pub mod mechanisms;
pub mod model;
pub mod params;
pub mod view;
pub mod wire;

pub use faults::{
    AttemptFault, Delivery, DripTimers, FaultSchedule, NotifyFault, ServerFault, Timer,
};
#[cfg(feature = "sqlite")]
pub use grading::nearest_fix::{nearest_fix, nearest_fix_among};
pub use harness::{Harness, HarnessPreset, HarnessProblem};
pub use model::design::{Combo, Design, DesignProblem, Group, Mechanism};
pub use model::downstream::{receipt_id, EffectCall, EffectOutcome};
pub use model::ids::{ClientStrategy, Ending, Preset, Scenario, ToolOutcome, Verdict};
pub use model::result::{
    CallSummary, Cell, Holder, Measure, NoteCounts, Notice, RecordUse, RollbackCause, Run, Write,
    WriteOutcome,
};
#[cfg(feature = "sqlite")]
pub use model::sim::{cell, final_count, run, run_fast, run_schedule};
pub use model::times::{SEED as SEED_BOUND, *};
pub use model::trace::*;
pub use params::build::{BuildParams, BUILD_KNOWN};
pub use params::{
    HarnessAxis, LabParams, MatrixBy, MatrixParams, Speed, StepParam, KNOWN, MATRIX_KNOWN,
    MATRIX_PARAMS, PARAMS as LAB_PARAMS,
};
