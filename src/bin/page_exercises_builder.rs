//! The set builder's wasm (`page-exercises-builder`, `#/exercises/builder`):
//! the shell and the builder only; `static/boot.js` loads it when its route
//! is opened.
retry_lab::page_wasm!(retry_lab::ui::families::BUILDER_PAGES);
