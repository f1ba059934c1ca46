//! The idempotency lab pages (`#/lab`, `#/lab/matrix`, `#/lab/build`). Runs are computed by
//! the lab engine's worker (`engine`), never on the page's thread.

mod build;
mod build_harness;
mod build_view;
mod diagram;
mod diagram_rows;
mod engine;
mod engine_job;
mod engine_view;
mod engine_worker;
mod hunt;
mod layers;
mod matrix;
mod matrix_table;
mod notes_view;
mod page;
mod run_view;
mod summary;
mod tables;
mod tables_downstream;
mod tables_effects;
mod tenants;

pub use build::BuildPage;
#[cfg(feature = "sqlite")]
pub use engine::answer_on_this_thread;
pub use matrix::MatrixPage;
pub use page::LabPage;

/// The matrix legend's entries, for the «?» help.
pub(crate) use matrix_table::{ending_items, mark_items};

/// Starts the lab engine (the lab family, when it mounts).
pub use engine::{hand_back, reads, warm};
/// The lab engine's jobs, for the exercises' lab questions.
pub(crate) use engine_job::{use_engine_runner, EngineRunner};
