//! The Yew layer: it dispatches actions to the pure core and renders view
//! models. Nothing here decides an outcome.

pub mod amplify;
mod app;
pub mod chart;
pub mod dom;
mod english;
pub mod exercises;
pub mod frame_hooks;
pub mod help;
pub mod herd;
pub mod icons;
pub mod job_hook;
pub mod lab;
pub mod link;
pub mod modal;
pub mod page;
mod page_form;
pub mod panic;
mod share;
pub mod shortcuts;
pub mod size;
pub mod slicer;
pub mod widgets;
pub mod worker_channel;

pub use app::App;

/// Mounts the app into `<main id="app">` after installing the panic hook.
///
/// The first render runs in a task of its own: wasm-bindgen calls `main` in
/// the same task that finishes compiling and instantiating the module, and
/// both together made the longest task of a page load.
pub fn start() {
    panic::install_hook();
    gloo::timers::callback::Timeout::new(0, || {
        let root = gloo::utils::document()
            .get_element_by_id("app")
            .expect("index.html has <main id=\"app\">");
        yew::Renderer::<App>::with_root(root).render();
    })
    .forget();
}
