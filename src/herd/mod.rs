//! The thundering-herd simulator: a port of the model behind the AWS
//! Architecture Blog post "Exponential Backoff And Jitter" (Marc Brooker,
//! 2015), with two extra jitter amplitudes (Codex, anthropic SDK) that the
//! course compares with it.
//!
//! Pure: no browser APIs. The CLI (`herd`), the benchmark (`herd-bench`) and
//! the page at `#/herd` all call the same functions.

pub mod board;
pub mod bounds;
mod budget;
pub mod chart_data;
pub mod csv;
pub mod hist_panels;
pub mod job;
pub mod params;
mod sim;
mod stats;
mod strategy;
mod sweep;
pub mod wire;

pub use budget::point_watchdog_ms;
pub use params::{HerdParams, View};
pub use sim::{
    max_writes_per_trial, simulate, simulate_traced, SimConfig, Simulation, Trace, TrialResult,
    WriteRecord, MAX_CLIENTS,
};
pub use stats::{run_point, trial_seed, PointSummary, Spread};
pub use strategy::{capped_exponential, sleep_ms, BackoffState, Strategy};
pub use sweep::{Sweep, SweepSpec};
