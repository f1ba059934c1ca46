//! The Yew layer: it dispatches actions to the pure core and renders view
//! models. Nothing here decides an outcome.

pub mod amplify;
mod app;
pub mod chart;
pub mod dom;
mod english;
pub mod exercises;
pub mod families;
pub mod frame_hooks;
pub mod help;
pub mod herd;
mod home;
pub mod icons;
pub mod job_hook;
pub mod lab;
pub mod link;
pub mod modal;
pub mod page;
mod page_form;
pub mod panic;
pub mod same;
mod share;
pub mod shortcuts;
pub mod size;
pub mod slicer;
pub mod widgets;
pub mod worker_channel;

use std::cell::{Cell, RefCell};

pub use app::{App, AppProps};
use families::FamilyApp;

thread_local! {
    /// The mounted app, so the loader can take it down for another family.
    static MOUNTED: RefCell<Option<yew::AppHandle<App>>> = const { RefCell::new(None) };
    /// Counts unmounts: a mount still waiting for its task is dropped when
    /// an unmount came after it.
    static GENERATION: Cell<u32> = const { Cell::new(0) };
    /// The family mounted last, whose `on_unmount` the next unmount runs.
    static FAMILY: Cell<Option<&'static FamilyApp>> = const { Cell::new(None) };
}

/// Mounts `family`'s app into `<main id="app">` after installing the panic
/// hook and the family's texts, their keys and their Chinese column
/// (`chinese`, the file the loader fetched; the loader, `static/boot.js`,
/// calls this through the page wasm's `retry_lab_mount`, again when the
/// student comes back to a family already loaded). Texts it cannot read
/// mount nothing: the loader then says the app failed to load.
///
/// The first render runs in a task of its own: it would otherwise run in
/// the task that finishes instantiating the module, and both together made
/// the longest task of a page load.
pub fn mount(family: &'static FamilyApp, chinese: Option<&str>) -> Result<(), String> {
    panic::install_hook();
    crate::i18n::install_texts(family.texts);
    if !crate::i18n::chinese_ready() {
        crate::i18n::install_chinese(chinese.ok_or("no Chinese texts were handed over")?)?;
    }
    (family.on_mount)();
    FAMILY.with(|f| f.set(Some(family)));
    let generation = GENERATION.with(Cell::get);
    gloo::timers::callback::Timeout::new(0, move || {
        if GENERATION.with(Cell::get) != generation {
            return;
        }
        let root = gloo::utils::document()
            .get_element_by_id("app")
            .expect("index.html has <main id=\"app\">");
        let handle = yew::Renderer::<App>::with_root_and_props(root, AppProps { family }).render();
        MOUNTED.with(|m| *m.borrow_mut() = Some(handle));
    })
    .forget();
    Ok(())
}

/// Takes the mounted app down (its listeners and its nodes), before the
/// loader mounts another family's.
pub fn unmount() {
    GENERATION.with(|g| g.set(g.get().wrapping_add(1)));
    if let Some(handle) = MOUNTED.with(|m| m.borrow_mut().take()) {
        handle.destroy();
    }
    if let Some(family) = FAMILY.with(Cell::take) {
        (family.on_unmount)();
    }
}
