//! retry-lab: interactive demos for timeouts, retries, backoff with jitter and
//! idempotency keys.
//!
//! The crate has a pure core and a thin UI:
//! - `herd`, `lab`, `exercises`, `job`, `params`, `route` and `i18n` never touch
//!   `web_sys`, `js_sys` or `gloo`, so `cargo test` checks them natively;
//! - `ui` (wasm only) dispatches actions to the core and renders view models.

pub mod amplify;
pub mod exercises;
pub mod herd;
pub mod i18n;
pub mod kernel;
pub mod lab;
pub mod pages;
pub mod shell;

#[cfg(target_arch = "wasm32")]
pub mod ui;
