//! The browser side of the progress: `localStorage` reads and writes of the
//! deployment's key, and the page's memory of every answer. What to write is
//! decided by the pure [`crate::exercises::progress`]; this module only
//! performs it, keeps the memory for the page's lifetime (it outlives the
//! exercises view: a student who visits the herd and comes back sees the
//! answers even when nothing could be stored) and reports a failed write
//! (quota exceeded, storage disabled) so the page can say so.

use std::cell::RefCell;

use crate::exercises::progress::{self, Edit, Progress, Write, LEGACY_KEY};

/// Why progress could not be saved or read.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Problem {
    /// `localStorage` is missing or throws (private mode, blocked site data,
    /// a sandboxed frame).
    Unavailable,
    /// `setItem` threw (quota exceeded, Safari's private mode).
    WriteFailed,
    /// The stored value is not readable; it is kept (copied aside on the
    /// next write).
    Unreadable,
}

impl Problem {
    /// Translation key of the message.
    pub fn key(self) -> &'static str {
        match self {
            Problem::Unavailable => "ex.storage.unavailable",
            Problem::WriteFailed => "ex.storage.write_failed",
            Problem::Unreadable => "ex.storage.unreadable",
        }
    }
}

thread_local! {
    /// Everything this page has answered, read or been told: what it shows.
    static MEMORY: RefCell<Progress> = RefCell::new(Progress::default());
}

fn memory() -> Progress {
    MEMORY.with(|m| m.borrow().clone())
}

fn remember(p: &Progress) {
    MEMORY.with(|m| *m.borrow_mut() = p.clone());
}

/// `localStorage`, or `None` where touching it throws (`SecurityError`) or
/// it is missing.
fn storage() -> Option<web_sys::Storage> {
    gloo::utils::window().local_storage().ok().flatten()
}

/// This deployment's key (scoped by the page's directory).
pub fn key() -> String {
    let path = gloo::utils::window()
        .location()
        .pathname()
        .unwrap_or_default();
    progress::storage_key(&path)
}

fn get(s: &web_sys::Storage, key: &str) -> Option<String> {
    s.get_item(key).ok().flatten()
}

/// Joins what is stored now into the page's memory (on load, and whenever
/// another frame or tab wrote), writes back what the stored value lacks,
/// and returns the progress to show with a problem if any.
pub fn load() -> (Progress, Option<Problem>) {
    let Some(s) = storage() else {
        return (memory(), Some(Problem::Unavailable));
    };
    let key = key();
    let sync = progress::sync(
        get(&s, &key).as_deref(),
        get(&s, LEGACY_KEY).as_deref(),
        &memory(),
    );
    remember(&sync.progress);
    let mut problem = sync.unparsable.then_some(Problem::Unreadable);
    if let Some(json) = &sync.write_back {
        if s.set_item(&key, json).is_err() {
            problem = Some(Problem::WriteFailed);
        }
    }
    (sync.progress, problem)
}

/// Applies `edit` to the join of what is stored now and the page's memory,
/// and writes the result. The memory keeps the edit whether or not the
/// write went through.
pub fn edit(edit: &Edit) -> Result<Write, (Write, Problem)> {
    let now = js_sys::Date::now().max(0.0) as u64;
    let Some(s) = storage() else {
        let w = progress::write(None, None, &memory(), edit, now);
        remember(&w.progress);
        return Err((w, Problem::Unavailable));
    };
    let key = key();
    let w = progress::write(
        get(&s, &key).as_deref(),
        get(&s, LEGACY_KEY).as_deref(),
        &memory(),
        edit,
        now,
    );
    remember(&w.progress);
    if let Some(raw) = &w.backup {
        let backup = Write::backup_key(&key, js_sys::Date::now());
        if s.set_item(&backup, raw).is_err() {
            // Never overwrite what could not be copied aside.
            return Err((w, Problem::WriteFailed));
        }
    }
    match s.set_item(&key, &w.json) {
        Ok(()) => Ok(w),
        Err(_) => Err((w, Problem::WriteFailed)),
    }
}
