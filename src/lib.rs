//! retry-lab: interactive demos for timeouts, retries, backoff with jitter and
//! idempotency keys.
//!
//! The crate has a pure core and a thin UI:
//! - `herd`, `lab`, `exercises`, `job`, `params`, `route` and `i18n` never touch
//!   `web_sys`, `js_sys` or `gloo`, so `cargo test` checks them natively;
//! - `ui` (wasm only) dispatches actions to the core and renders view models.

pub mod amplify;
pub mod axis;
pub mod backoff;
pub mod csv;
pub mod embed;
pub mod events;
pub mod exercises;
pub mod herd;
pub mod html;
pub mod i18n;
mod ids;
pub mod job;
pub mod keys;
pub mod lab;
pub mod links;
pub mod page_form;
pub mod page_params;
pub mod params;
pub mod rng;
pub mod route;

#[cfg(target_arch = "wasm32")]
pub mod ui;
