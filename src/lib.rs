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

/// The entry points of a page wasm (`src/bin/page_<family>.rs`): what the
/// loader calls to mount and unmount the family's app. `main` does nothing:
/// the loader mounts when it is ready, and a sweep worker that loads the
/// herd's wasm never mounts.
#[macro_export]
macro_rules! page_wasm {
    ($family:path) => {
        #[cfg(target_arch = "wasm32")]
        fn main() {}

        /// Mounts this family's app into `<main id="app">`, with the
        /// family's Chinese texts (the loader fetched their file); throws,
        /// drawing nothing, when it cannot read them.
        #[cfg(target_arch = "wasm32")]
        #[wasm_bindgen::prelude::wasm_bindgen]
        pub fn retry_lab_mount(chinese: Option<String>) -> Result<(), wasm_bindgen::JsError> {
            retry_lab::ui::mount(&$family, chinese.as_deref())
                .map_err(|why| wasm_bindgen::JsError::new(&why))
        }

        /// Takes the app down, for another family's.
        #[cfg(target_arch = "wasm32")]
        #[wasm_bindgen::prelude::wasm_bindgen]
        pub fn retry_lab_unmount() {
            retry_lab::ui::unmount();
        }

        #[cfg(not(target_arch = "wasm32"))]
        fn main() {
            eprintln!(
                "retry-lab's pages are a browser app: run `scripts/serve.sh` (Trunk) to use it."
            );
            eprintln!(
                "For the command-line companions, run `cargo run --release --bin herd -- --help`."
            );
        }
    };
}
