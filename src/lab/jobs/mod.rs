//! The page's jobs over the engine: the build, the engine's replies, the hunt and the
//! matrices, each with progress and cancel.

pub mod build_job;
pub mod engine_job;
pub mod hunt_watch;
pub mod matrix_job;
pub mod matrix_table_job;
