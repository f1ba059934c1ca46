//! The idempotency lab (pure core): a test agent's harness submits a
//! bug report to a bug tracker over an unreliable network; the tracker runs
//! one of five implementations against a real SQLite database. A run is a
//! deterministic discrete-event simulation of (fault schedule, client
//! strategy, server implementation, seed); every step records the requests,
//! the server's decision and SQL, and both tables, so the UI can replay it.
//!
//! Nothing here knows the expected outcome of a scenario: counts emerge from
//! running the handlers' SQL against the database.

mod db;
pub mod explain;
mod faults;
pub mod harness;
mod ids;
mod jobs;
mod params;
mod server;
mod sim;
mod trace;

pub use faults::*;
pub use ids::{ClientStrategy, Scenario, ServerImpl, ToolOutcome, Verdict};
pub use params::{
    LabParams, MatrixBy, MatrixParams, StepParam, KNOWN, MATRIX_KNOWN, SEED as SEED_BOUND, SPEEDS,
};
pub use server::LEASE_MS;
pub use sim::{
    cell, final_count, run, run_schedule, CallSummary, Cell, Run, MAX_EVENTS, RESTART_MS,
    WORK_MAX_MS,
};
pub use trace::*;
