//! The lab's run view's wasm (`page-lab`, `#/lab`): the shell and that
//! view only; `static/boot.js` loads it when the route is opened.
retry_lab::page_wasm!(retry_lab::ui::families::LAB_PAGES);
