//! The amplify pages' wasm (`page-amplify`): the shell and this family's views
//! only; `static/boot.js` loads it when one of its routes is opened.
retry_lab::page_wasm!(retry_lab::ui::families::AMPLIFY_PAGES);
