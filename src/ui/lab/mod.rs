//! The idempotency lab pages (`#/lab`, `#/lab/matrix`).

mod diagram;
mod matrix;
mod matrix_table;
mod narrate;
mod run_view;
mod state;
mod summary;
mod tables;

pub use matrix::MatrixPage;
pub use run_view::LabPage;
