//! A stream of logical calls over time through the layer stack to one
//! server (view `load`): offered load against capacity, goodput, success
//! rate and amplification per second, for each client policy.

pub mod config;
pub mod explain;
pub mod job;
pub mod lesson;
pub mod limiters;
pub mod queue;
pub mod series;
mod sim;

pub use config::{LoadConfig, LoadPolicy, Window};
pub use series::{Bin, Series};
pub use sim::{run_load, LoadOutcome, LoadSim, TracedRequest};
