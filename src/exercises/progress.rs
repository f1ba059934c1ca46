//! The student's progress, kept in `localStorage` as versioned JSON.
//!
//! Several frames of one origin (two embedded questions on a course page,
//! two tabs) share the stored value. Reading it and writing it back are two
//! steps, and another frame may write in between, so a write alone cannot
//! keep every answer. Instead every page keeps in memory the join of all it
//! has written and read (a [`Progress`]: each record carries a logical
//! time stamp, and a clear leaves its own stamp), and every write stores the
//! join of what is stored now and that memory ([`write`]). A page that sees
//! another frame's write (`storage` event) joins it into its memory and
//! writes back what the stored value lacks ([`sync`]), so whatever order
//! the reads and writes of any number of frames come in, the stored value
//! ends up holding every answer that no later clear removed. The memory is
//! also what the page shows: answers survive for the page's lifetime when
//! storage fails (private mode, a full quota).
//!
//! Reading is per record: a record this version cannot read (a newer
//! format, a hand edit) is kept untouched and written back, and a value that
//! is not a JSON object at all is never overwritten without being copied
//! aside first. Records under the ids of earlier versions are moved to
//! today's ids ([`super::renames`]); records of questions no longer in the
//! bank, of questions that were replaced, and of an earlier revision of a
//! question ([`super::revisions`]) are kept but not counted
//! ([`Progress::standing`]).

use std::collections::BTreeMap;

use serde_json::{Map, Value};

use super::grade::Record;
use super::{renames, revisions, Question};

/// The format this version writes (the `v` field).
pub const FORMAT_VERSION: u64 = 2;

/// A record's field with its logical time stamp (older versions ignore it).
const STAMP: &str = "at";

/// The top-level field with the stamp of the last clear.
const CLEARED: &str = "cleared";

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

/// The readable records, by question id: what the page shows, and what
/// a page keeps in memory. Each record has a logical time stamp (a record
/// without one counts as written at the last clear), and `cleared` is the
/// stamp of the last «清空进度»: the join of two progresses ([`Progress::join`])
/// keeps, per question, the record with the later stamp, unless a later
/// clear removed it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Progress {
    pub records: BTreeMap<String, Record>,
    stamps: BTreeMap<String, u64>,
    cleared: u64,
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

    /// The stamp of `id`'s record (a record without one: the last clear).
    fn stamp(&self, id: &str) -> u64 {
        self.stamps.get(id).copied().unwrap_or(self.cleared)
    }

    /// The latest stamp this progress knows (records and clear).
    fn latest(&self) -> u64 {
        self.stamps.values().copied().fold(self.cleared, u64::max)
    }

    /// Stores `r` as `id`'s record, written at `at`.
    fn put(&mut self, id: String, r: Record, at: u64) {
        self.stamps.insert(id.clone(), at);
        self.records.insert(id, r);
    }

    /// Removes every record, as a clear at `at`; returns them.
    fn clear(&mut self, at: u64) -> BTreeMap<String, Record> {
        self.stamps.clear();
        self.cleared = self.cleared.max(at);
        std::mem::take(&mut self.records)
    }

    /// Joins `other` into this progress: the later clear, and per question
    /// the record with the later stamp (equal stamps: the greater record as
    /// JSON, so the join does not depend on the order), dropped if a clear
    /// came after it. Commutative, associative and idempotent, so any order
    /// of joins gives the same progress.
    pub fn join(&mut self, other: &Progress) {
        for (id, r) in &other.records {
            let theirs = (other.stamp(id), order_key(r));
            let take = match self.records.get(id) {
                None => true,
                Some(mine) => theirs > (self.stamp(id), order_key(mine)),
            };
            if take {
                self.put(id.clone(), r.clone(), theirs.0);
            }
        }
        let cleared = self.cleared.max(other.cleared);
        // Pin every stamp before the clear moves (an unstamped record keeps
        // the stamp of the clear it was read with).
        let stamps: BTreeMap<String, u64> = self
            .records
            .keys()
            .map(|id| (id.clone(), self.stamp(id)))
            .collect();
        self.records.retain(|id, _| stamps[id] >= cleared);
        self.stamps = stamps
            .into_iter()
            .filter(|(_, at)| *at >= cleared)
            .collect();
        self.cleared = cleared;
    }

    /// Where question `id` stands, at today's revisions.
    pub fn standing(&self, id: &str) -> Standing<'_> {
        self.standing_with(id, revisions::revision)
    }

    /// Where question `id` stands when its current revision is
    /// `revision(id)`: its own record counts only when it answered that
    /// revision; without one, a record of a question it replaced
    /// ([`super::renames::REPLACED`]) asks for a new answer too.
    pub fn standing_with(&self, id: &str, revision: impl Fn(&str) -> u32) -> Standing<'_> {
        if let Some(r) = self.records.get(id) {
            return if r.revision == revision(id) {
                Standing::Answered(r)
            } else {
                Standing::Outdated(r)
            };
        }
        renames::REPLACED
            .iter()
            .find(|(old, new)| *new == id && self.records.contains_key(*old))
            .map_or(Standing::Unanswered, |(old, _)| Standing::Replaced(old))
    }

    /// The record of `id` that counts (one of today's revision).
    pub fn current(&self, id: &str) -> Option<&Record> {
        match self.standing(id) {
            Standing::Answered(r) => Some(r),
            _ => None,
        }
    }

    /// Counts over `bank` at today's revisions.
    pub fn summary(&self, bank: &[Question]) -> Summary {
        self.summary_with(bank, revisions::revision)
    }

    /// Counts over `bank`: a record counts only as an answer to the
    /// revision it answered; records of unknown ids, of replaced questions
    /// and of earlier revisions are kept but not counted.
    pub fn summary_with(&self, bank: &[Question], revision: impl Fn(&str) -> u32) -> Summary {
        let mut s = Summary {
            answered: 0,
            correct: 0,
            total: bank.len(),
        };
        for q in bank {
            if let Standing::Answered(r) = self.standing_with(q.id, &revision) {
                s.answered += 1;
                s.correct += usize::from(r.correct);
            }
        }
        s
    }
}

/// Where one question stands in a progress.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Standing<'a> {
    /// No record: nothing to count, nothing to show.
    Unanswered,
    /// A record of the question's current revision: counted and graded.
    Answered(&'a Record),
    /// A record of another revision: the question has changed since, so
    /// the record is kept and shown as the old answer, not counted.
    Outdated(&'a Record),
    /// No record of its own, but one under the id of a question it
    /// replaced (that old id): kept, not counted, answer again.
    Replaced(&'static str),
}

/// A total order of records with equal stamps (two frames that wrote the
/// same question at the same logical time).
fn order_key(r: &Record) -> String {
    serde_json::to_string(r).unwrap_or_default()
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
        let cleared = top.remove(CLEARED).and_then(|v| v.as_u64()).unwrap_or(0);
        let mut s = Self {
            version,
            extra: top,
            ..Self::default()
        };
        s.progress.cleared = cleared;
        let mut readable = BTreeMap::new();
        for (id, v) in records {
            match serde_json::from_value::<Record>(v.clone()) {
                Ok(r) => {
                    let at = v.get(STAMP).and_then(Value::as_u64).unwrap_or(cleared);
                    // A record older than the stored clear was cleared.
                    if at >= cleared {
                        readable.insert(id, (r, at));
                    }
                }
                Err(_) => {
                    s.unreadable.insert(id, v);
                }
            }
        }
        // A renamed question's record moves with its stamp.
        for (id, (r, at)) in renames::upgrade(readable) {
            s.progress.put(id, r, at);
        }
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
            if let Ok(Value::Object(mut v)) = serde_json::to_value(r) {
                v.insert(STAMP.into(), Value::from(self.progress.stamp(id)));
                records.insert(id.clone(), Value::Object(v));
            }
        }
        let mut top = self.extra.clone();
        top.insert("v".into(), Value::from(self.version.max(FORMAT_VERSION)));
        if self.progress.cleared > 0 {
            top.insert(CLEARED.into(), Value::from(self.progress.cleared));
        }
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
    /// The edit's logical time stamp.
    pub at: u64,
}

impl Write {
    /// Where an unparsable value is copied: unique per write time.
    pub fn backup_key(key: &str, now_ms: f64) -> String {
        format!("{key}.unreadable.{}", now_ms.max(0.0) as u64)
    }
}

/// Reads what is stored now (`current`, or `legacy` when the scoped key is
/// still empty); a value that is not an object starts empty and is to be
/// backed up.
fn read(current: Option<&str>, legacy: Option<&str>) -> (Stored, Option<String>) {
    match current {
        Some(raw) => match Stored::parse(Some(raw)) {
            Ok(s) => (s, None),
            Err(Unparsable(raw)) => (Stored::default(), Some(raw)),
        },
        None => (Stored::parse(legacy).unwrap_or_default(), None),
    }
}

/// Joins what is stored now with the page's `memory`, applies `edit` at a
/// logical time after everything either knows (and not before `now_ms`),
/// and returns what to write and the page's new memory
/// ([`Write::progress`]).
pub fn write(
    current: Option<&str>,
    legacy: Option<&str>,
    memory: &Progress,
    edit: &Edit,
    now_ms: u64,
) -> Write {
    let (mut stored, backup) = read(current, legacy);
    stored.progress.join(memory);
    let at = now_ms.max(stored.progress.latest() + 1);
    let mut cleared = BTreeMap::new();
    let progress = &mut stored.progress;
    match edit {
        Edit::Set(id, r) => progress.put(id.clone(), r.clone(), at),
        Edit::Clear => cleared = progress.clear(at),
        Edit::Restore(old) => {
            for (id, r) in old {
                if !progress.records.contains_key(id) {
                    progress.put(id.clone(), r.clone(), at);
                }
            }
        }
    }
    Write {
        json: stored.to_json(),
        progress: stored.progress,
        cleared,
        backup,
        at,
    }
}

/// [`write`] for a page with nothing in memory (a fresh frame).
pub fn apply(current: Option<&str>, legacy: Option<&str>, edit: &Edit) -> Write {
    write(current, legacy, &Progress::default(), edit, 0)
}

/// What a page does when the stored value may have changed (another
/// frame's write, a page load).
#[derive(Clone, Debug, PartialEq)]
pub struct Sync {
    /// The page's new memory: its old one joined with what is stored.
    pub progress: Progress,
    /// What to write back when the stored value lacks something the page
    /// knows (another frame's write replaced it); `None` when it holds all.
    pub write_back: Option<String>,
    /// The stored value is not a JSON object (kept; never written over here).
    pub unparsable: bool,
}

/// Joins what is stored now into the page's `memory`.
pub fn sync(current: Option<&str>, legacy: Option<&str>, memory: &Progress) -> Sync {
    let (stored, backup) = read(current, legacy);
    let mut joined = stored.clone();
    joined.progress.join(memory);
    let lacks = joined.progress != stored.progress;
    Sync {
        write_back: (lacks && backup.is_none()).then(|| joined.to_json()),
        progress: joined.progress,
        unparsable: backup.is_some(),
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
