//! The student's progress, kept in `localStorage` as versioned JSON.
//!
//! Several frames of one origin (two embedded questions on a course page,
//! two tabs) share the stored value, so a write never replaces it with a
//! frame's in-memory copy: every change is an [`Edit`] applied to what is
//! stored right now ([`apply`]: read, merge, write), and the page follows
//! `storage` events. Reading is per record: a record this version cannot
//! read (a newer format, a hand edit) is kept untouched and written back, and
//! a value that is not a JSON object at all is never overwritten without
//! being copied aside first. Records under the ids of earlier versions are
//! moved to today's ids ([`super::renames`]); records of questions no longer
//! in the bank are kept but not counted.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use super::grade::{ModelValue, Response};
use super::Question;

/// The format this version writes (the `v` field).
pub const FORMAT_VERSION: u64 = 2;

/// The first format's key, shared by every deployment of the origin. Read
/// once (when the scoped key is empty), never written nor removed.
pub const LEGACY_KEY: &str = "retry-lab.exercises.v1";

/// The storage key for a deployment at `pathname` (`location.pathname`):
/// scoped by its directory, so two copies of the app under different paths
/// of one origin keep separate progress.
pub fn storage_key(pathname: &str) -> String {
    format!("retry-lab.exercises@{}", deployment_dir(pathname))
}

/// The directory part of a path: `/a/b/index.html` → `/a/b/`.
pub fn deployment_dir(pathname: &str) -> &str {
    match pathname.rfind('/') {
        Some(i) => &pathname[..=i],
        None => "/",
    }
}

/// The last graded answer to one question.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Record {
    pub response: Response,
    pub correct: bool,
    /// For «predict, then run»: the value the model produced in that run, so
    /// that a reload shows what the student saw.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub model: Option<ModelValue>,
}

/// The readable records, by question id: what the page shows.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Progress {
    pub records: BTreeMap<String, Record>,
}

/// Answered and correct counts over a bank.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Summary {
    pub answered: usize,
    pub correct: usize,
    pub total: usize,
}

impl Progress {
    /// The record of question `id`.
    pub fn get(&self, id: &str) -> Option<&Record> {
        self.records.get(id)
    }

    /// Counts over `bank`, ignoring records of unknown ids.
    pub fn summary(&self, bank: &[Question]) -> Summary {
        let mut s = Summary {
            answered: 0,
            correct: 0,
            total: bank.len(),
        };
        for q in bank {
            if let Some(r) = self.records.get(q.id) {
                s.answered += 1;
                s.correct += usize::from(r.correct);
            }
        }
        s
    }
}

/// The stored value, read record by record.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Stored {
    /// The readable records.
    pub progress: Progress,
    /// Records this version cannot read, kept as they were.
    unreadable: Map<String, Value>,
    /// Top-level fields other than `v` and `records` (a newer format's).
    extra: Map<String, Value>,
    /// The stored format version (at least [`FORMAT_VERSION`] once written).
    version: u64,
}

/// A stored value that is not a JSON object: it cannot be merged with.
#[derive(Clone, Debug, PartialEq)]
pub struct Unparsable(pub String);

impl Stored {
    /// Reads a stored value. `None` (nothing stored) is an empty progress.
    /// Accepts the first format (`{"records": …}` without `v`) too.
    pub fn parse(raw: Option<&str>) -> Result<Self, Unparsable> {
        let Some(raw) = raw else {
            return Ok(Self::default());
        };
        let Ok(Value::Object(mut top)) = serde_json::from_str::<Value>(raw) else {
            return Err(Unparsable(raw.to_string()));
        };
        let version = top.remove("v").and_then(|v| v.as_u64()).unwrap_or(1);
        let records = match top.remove("records") {
            Some(Value::Object(m)) => m,
            None => Map::new(),
            // Not a map of records: nothing to merge with.
            Some(_) => return Err(Unparsable(raw.to_string())),
        };
        let mut s = Self {
            version,
            extra: top,
            ..Self::default()
        };
        for (id, v) in records {
            match serde_json::from_value::<Record>(v.clone()) {
                Ok(r) => {
                    s.progress.records.insert(id, r);
                }
                Err(_) => {
                    s.unreadable.insert(id, v);
                }
            }
        }
        let records = std::mem::take(&mut s.progress.records);
        s.progress.records = super::renames::upgrade(records, super::bank);
        Ok(s)
    }

    /// How many stored records this version cannot read.
    pub fn unreadable_count(&self) -> usize {
        self.unreadable.len()
    }

    /// Serialises in the current format, with every unreadable record and
    /// unknown field as it was.
    pub fn to_json(&self) -> String {
        let mut records = self.unreadable.clone();
        for (id, r) in &self.progress.records {
            if let Ok(v) = serde_json::to_value(r) {
                records.insert(id.clone(), v);
            }
        }
        let mut top = self.extra.clone();
        top.insert("v".into(), Value::from(self.version.max(FORMAT_VERSION)));
        top.insert("records".into(), Value::Object(records));
        Value::Object(top).to_string()
    }
}

/// One change the student makes.
#[derive(Clone, Debug, PartialEq)]
pub enum Edit {
    /// Stores (or replaces) the record of one question.
    Set(String, Record),
    /// «清空进度»: removes every readable record.
    Clear,
    /// Undo of a clear: puts back the given records, except for questions
    /// answered again since.
    Restore(BTreeMap<String, Record>),
}

/// What to write after an edit.
#[derive(Clone, Debug, PartialEq)]
pub struct Write {
    /// The new value of the scoped key.
    pub json: String,
    /// The readable progress after the edit (what the page shows).
    pub progress: Progress,
    /// For a clear: the records it removed (for undo).
    pub cleared: BTreeMap<String, Record>,
    /// A value that could not be read at all, to copy to
    /// [`Write::backup_key`] before the scoped key is overwritten.
    pub backup: Option<String>,
}

impl Write {
    /// Where an unparsable value is copied: unique per write time.
    pub fn backup_key(key: &str, now_ms: f64) -> String {
        format!("{key}.unreadable.{}", now_ms.max(0.0) as u64)
    }
}

/// Reads what is stored now (`current`, or `legacy` when the scoped key is
/// still empty), applies `edit` and returns what to write.
pub fn apply(current: Option<&str>, legacy: Option<&str>, edit: &Edit) -> Write {
    let (mut stored, backup) = match current {
        Some(raw) => match Stored::parse(Some(raw)) {
            Ok(s) => (s, None),
            Err(Unparsable(raw)) => (Stored::default(), Some(raw)),
        },
        None => (Stored::parse(legacy).unwrap_or_default(), None),
    };
    let mut cleared = BTreeMap::new();
    let records = &mut stored.progress.records;
    match edit {
        Edit::Set(id, r) => {
            records.insert(id.clone(), r.clone());
        }
        Edit::Clear => cleared = std::mem::take(records),
        Edit::Restore(old) => {
            for (id, r) in old {
                records.entry(id.clone()).or_insert_with(|| r.clone());
            }
        }
    }
    Write {
        json: stored.to_json(),
        progress: stored.progress,
        cleared,
        backup,
    }
}

/// The progress to show for what is stored (scoped key, else legacy key).
pub fn load(current: Option<&str>, legacy: Option<&str>) -> Result<Stored, Unparsable> {
    match current {
        Some(_) => Stored::parse(current),
        None => Ok(Stored::parse(legacy).unwrap_or_default()),
    }
}

#[cfg(test)]
#[path = "progress_tests.rs"]
mod tests;
