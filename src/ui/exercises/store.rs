//! The browser side of the progress: `localStorage` reads and writes of the
//! deployment's key. What to write is decided by the pure
//! [`crate::exercises::progress`]; this module only performs it and reports
//! a failed write (quota exceeded, storage disabled) so the page can say so.

use crate::exercises::progress::{self, Edit, Progress, Write, LEGACY_KEY};

/// Why progress could not be saved or read.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Problem {
    /// `localStorage` is missing or disabled (private mode, blocked cookies).
    Unavailable,
    /// `setItem` threw (quota exceeded).
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

/// The stored progress, and a problem to show if any.
pub fn load() -> (Progress, Option<Problem>) {
    let Some(s) = storage() else {
        return (Progress::default(), Some(Problem::Unavailable));
    };
    let key = key();
    match progress::load(get(&s, &key).as_deref(), get(&s, LEGACY_KEY).as_deref()) {
        Ok(stored) => (stored.progress, None),
        Err(_) => (Progress::default(), Some(Problem::Unreadable)),
    }
}

/// Applies `edit` to what is stored now and writes the result.
pub fn edit(edit: &Edit) -> Result<Write, (Write, Problem)> {
    let Some(s) = storage() else {
        return Err((progress::apply(None, None, edit), Problem::Unavailable));
    };
    let key = key();
    let w = progress::apply(
        get(&s, &key).as_deref(),
        get(&s, LEGACY_KEY).as_deref(),
        edit,
    );
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
