//! The idempotency lab (pure core): a test agent's harness submits a
//! bug report to a bug tracker over an unreliable network; the tracker runs
//! one of five implementations against a real SQLite database. A run is a
//! deterministic discrete-event simulation of (fault schedule, client
//! strategy, server implementation, seed); every step records the requests,
//! the server's decision and SQL, and both tables, so the UI can replay it.
//!
//! Nothing here knows the expected outcome of a scenario: counts emerge from
//! running the handlers' SQL against the database.
//!
//! Without the `sqlite` feature (the page's own wasm) only the data a run is
//! made of, the parameters and the explanations are here; the engine that
//! computes runs (`run`, `cell`, the matrix job, the wire answers) lives in
//! the lab worker's wasm, built with the feature.

#[cfg(feature = "sqlite")]
mod db;
pub mod explain;
mod faults;
pub mod harness;
mod ids;
#[cfg(feature = "sqlite")]
mod jobs;
mod limits;
pub mod matrix_job;
mod params;
pub mod rules;
mod run;
#[cfg(feature = "sqlite")]
mod server;
#[cfg(feature = "sqlite")]
mod sim;
mod trace;
pub mod wire;
pub mod words;

pub use faults::*;
pub use ids::{ClientStrategy, Ending, Scenario, ServerImpl, ToolOutcome, Verdict};
pub use limits::{LEASE_MS, MAX_EVENTS, RESTART_MS, WORK_MAX_MS};
pub use params::{
    LabParams, MatrixBy, MatrixParams, StepParam, KNOWN, MATRIX_KNOWN, SEED as SEED_BOUND, SPEEDS,
};
pub use run::{CallSummary, Cell, Run};
#[cfg(feature = "sqlite")]
pub use sim::{cell, final_count, run, run_schedule};
pub use trace::*;
