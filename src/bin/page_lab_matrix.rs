//! The lab's matrix's wasm (`page-lab-matrix`, `#/lab/matrix`): the shell
//! and that view only; `static/boot.js` loads it when the route is opened.
retry_lab::page_wasm!(retry_lab::ui::families::MATRIX_PAGES);
