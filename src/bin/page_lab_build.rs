//! The lab's workbench's wasm (`page-lab-build`, `#/lab/build`): the shell
//! and that view only; `static/boot.js` loads it when the route is opened.
retry_lab::page_wasm!(retry_lab::ui::families::BUILD_PAGES);
