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

use super::by_id::ById;
use super::grade::Record;
use super::{renames, revisions, Question};
use crate::kernel::json::{field, field_or_default, FromJson, Json, Map, ToJson};

/// The format this version writes (the `v` field).
pub const FORMAT_VERSION: u64 = 2;

/// A record's field with its logical time stamp (older versions ignore it).
const STAMP: &str = "at";

/// A record's field with its earlier graded tries (left out when there are
/// none, so a question answered once is stored as before tries were kept).
const TRIES: &str = "tries";

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
    entries: ById<Entry>,
    cleared: u64,
}

/// One question's record, its stamp and its graded tries before the one
/// the record holds (the record's own try is at its stamp). The tries are
/// kept as a set, not as the earliest alone: a clear between two tries
/// drops the first, and then the second is the one that counts.
#[derive(Clone, Debug, PartialEq)]
struct Entry {
    record: Record,
    at: u64,
    /// Ascending and distinct.
    tries: Vec<Try>,
}

/// Adds `t` to `tries` (ascending, distinct) unless it is there.
fn add_try(tries: &mut Vec<Try>, t: Try) {
    if let Err(i) = tries.binary_search(&t) {
        tries.insert(i, t);
    }
}

/// One graded try of a question: when, whether it was right, and which
/// revision of the question it answered. Ordered by time first, so the
/// earliest try of a set is its least (equal stamps: a wrong try first).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Try {
    pub at: u64,
    pub correct: bool,
    pub revision: u32,
}

/// Revision 0 is left out, as in a stored record.
impl ToJson for Try {
    fn to_json(&self) -> Json {
        let mut m = Map::new();
        m.put("at", &self.at);
        m.put("correct", &self.correct);
        m.put_unless_default("revision", &self.revision);
        Json::Obj(m)
    }
}

impl FromJson for Try {
    fn from_json(v: &Json) -> Result<Try, String> {
        Ok(Try {
            at: field(v, "at")?,
            correct: field(v, "correct")?,
            revision: field_or_default(v, "revision")?,
        })
    }
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
        self.entries.get(id).map(|e| &e.record)
    }

    /// How many records it holds.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The ids with a record, in id order.
    pub fn ids(&self) -> impl Iterator<Item = &String> {
        self.entries.ids()
    }

    pub fn contains(&self, id: &str) -> bool {
        self.entries.contains(id)
    }

    /// The latest stamp this progress knows (records and clear).
    fn latest(&self) -> u64 {
        self.entries
            .iter()
            .map(|(_, e)| e.at)
            .fold(self.cleared, u64::max)
    }

    /// Stores `r` as `id`'s record, written at `at` (its tries stay).
    fn put(&mut self, id: String, r: Record, at: u64) {
        match self.entries.get_mut(&id) {
            Some(e) => {
                e.record = r;
                e.at = at;
            }
            None => {
                let tries = Vec::new();
                self.entries.insert(
                    id,
                    Entry {
                        record: r,
                        at,
                        tries,
                    },
                );
            }
        }
    }

    /// Removes every record and try, as a clear at `at`; returns what it
    /// removed (for undo).
    fn clear(&mut self, at: u64) -> Progress {
        let removed = Progress {
            entries: std::mem::take(&mut self.entries),
            cleared: self.cleared,
        };
        self.cleared = self.cleared.max(at);
        removed
    }

    /// The try `id`'s record holds itself.
    fn own_try(&self, id: &str) -> Option<Try> {
        self.entries.get(id).map(|e| Try {
            at: e.at,
            correct: e.record.correct,
            revision: e.record.revision,
        })
    }

    /// Every graded try of `id` this progress knows, its record's own too
    /// (ascending, distinct).
    fn all_tries(&self, id: &str) -> Vec<Try> {
        let mut all = self
            .entries
            .get(id)
            .map(|e| e.tries.clone())
            .unwrap_or_default();
        if let Some(own) = self.own_try(id) {
            add_try(&mut all, own);
        }
        all
    }

    /// Keeps `all` (ascending, distinct) as the tries of `id`'s record,
    /// less the one the record holds.
    fn set_tries(&mut self, id: &str, mut all: Vec<Try>) {
        let own = self.own_try(id);
        if let Some(e) = self.entries.get_mut(id) {
            all.retain(|t| Some(*t) != own);
            e.tries = all;
        }
    }

    /// The try of `id` that counts: the earliest graded try of the revision
    /// its record answered (a try of another revision answered another
    /// question). A record stored before tries were kept is its own first
    /// try: it holds the last one, and nothing can recover the first.
    pub fn first_try(&self, id: &str) -> Option<Try> {
        let own = self.own_try(id)?;
        let earlier = self.entries.get(id).into_iter().flat_map(|e| &e.tries);
        // Tries kept beside the record come before its own, even at one stamp.
        Some(
            earlier
                .filter(|t| t.revision == own.revision)
                .min()
                .copied()
                .unwrap_or(own),
        )
    }

    /// How many graded tries of the revision `id`'s record answered this
    /// progress knows, the record's own included: 1 for its first try
    /// (`None`: no record).
    pub fn try_number(&self, id: &str) -> Option<usize> {
        let own = self.own_try(id)?;
        let all = self.all_tries(id);
        Some(all.iter().filter(|t| t.revision == own.revision).count())
    }

    /// The first try of `id`, when its record counts ([`Progress::current`])
    /// but holds a later try: the card shows the later try's result and,
    /// beside it, that the first try is the one that counts.
    pub fn counted_first_try(&self, id: &str) -> Option<Try> {
        self.current(id)?;
        let first = self.first_try(id)?;
        (Some(first) != self.own_try(id)).then_some(first)
    }

    /// Joins `other` into this progress: the later clear, and per question
    /// the record with the later stamp (equal stamps: the greater record as
    /// JSON, so the join does not depend on the order) carrying every try
    /// either side knows, record and tries dropped if a clear came after
    /// them. Commutative, associative and idempotent, so any order of joins
    /// gives the same progress.
    pub fn join(&mut self, other: &Progress) {
        for (id, theirs) in other.entries.iter() {
            let take = match self.entries.get(id) {
                None => true,
                Some(mine) => {
                    (theirs.at, order_key(&theirs.record)) > (mine.at, order_key(&mine.record))
                }
            };
            let mut all = self.all_tries(id);
            for t in other.all_tries(id) {
                add_try(&mut all, t);
            }
            if take {
                self.put(id.clone(), theirs.record.clone(), theirs.at);
            }
            self.set_tries(id, all);
        }
        let cleared = self.cleared.max(other.cleared);
        self.entries.retain(|e| {
            e.tries.retain(|t| t.at >= cleared);
            e.at >= cleared
        });
        self.cleared = cleared;
    }

    /// `id`'s record put back at `at` by an undo of a clear: its earlier
    /// tries were stamped before the clear and cannot come back, so the
    /// one that counted comes back at `at` beside it (kept beside the
    /// record, it still comes first).
    fn restored(&self, id: &str, at: u64) -> Progress {
        let mut one = Progress::default();
        if let (Some(r), Some(first)) = (self.get(id), self.first_try(id)) {
            one.put(id.to_string(), r.clone(), at);
            let first = Try { at, ..first };
            one.set_tries(id, vec![first]);
        }
        one
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
        if let Some(r) = self.get(id) {
            return if r.revision == revision(id) {
                Standing::Answered(r)
            } else {
                Standing::Outdated(r)
            };
        }
        renames::REPLACED
            .iter()
            .find(|(old, new)| *new == id && self.contains(old))
            .map_or(Standing::Unanswered, |(old, _)| Standing::Replaced(old))
    }

    /// The record of `id` that counts (one of today's revision).
    pub fn current(&self, id: &str) -> Option<&Record> {
        match self.standing(id) {
            Standing::Answered(r) => Some(r),
            _ => None,
        }
    }

    /// Counts over `bank` (the whole bank, a section, a set) at today's
    /// revisions.
    pub fn summary<'q>(&self, bank: impl IntoIterator<Item = &'q Question>) -> Summary {
        self.summary_with(bank, revisions::revision)
    }

    /// Counts over `bank`: a record counts only as an answer to the
    /// revision it answered, and as right only if its first try of that
    /// revision was ([`Progress::first_try`]); records of unknown ids, of
    /// replaced questions and of earlier revisions are kept but not counted.
    pub fn summary_with<'q>(
        &self,
        bank: impl IntoIterator<Item = &'q Question>,
        revision: impl Fn(&str) -> u32,
    ) -> Summary {
        let mut s = Summary {
            answered: 0,
            correct: 0,
            total: 0,
        };
        for q in bank {
            s.total += 1;
            if let Standing::Answered(_) = self.standing_with(q.id, &revision) {
                s.answered += 1;
                s.correct += usize::from(self.first_try(q.id).is_some_and(|t| t.correct));
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
/// same question at the same logical time): the record as the store
/// writes it.
fn order_key(r: &Record) -> String {
    r.to_json().to_string()
}

/// The stored value, read record by record.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Stored {
    /// The readable records.
    pub progress: Progress,
    /// Records this version cannot read, kept as they were.
    unreadable: Map,
    /// Top-level fields other than `v` and `records` (a newer format's).
    extra: Map,
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
        let Ok(Json::Obj(mut top)) = Json::parse(raw) else {
            return Err(Unparsable(raw.to_string()));
        };
        let version = top.remove("v").and_then(|v| v.as_u64()).unwrap_or(1);
        let records = match top.remove("records") {
            Some(Json::Obj(m)) => m,
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
        let mut readable = ById::default();
        for (id, v) in records {
            match Record::from_json(&v) {
                Ok(r) => {
                    let at = v.get(STAMP).and_then(Json::as_u64).unwrap_or(cleared);
                    // A record or try older than the stored clear was cleared.
                    if at >= cleared {
                        let mut tries = stored_tries(&v);
                        tries.retain(|t| t.at >= cleared);
                        readable.insert(id, (r, at, tries));
                    }
                }
                Err(_) => {
                    s.unreadable.insert(id, v);
                }
            }
        }
        // A renamed question's record moves with its stamp and tries.
        for (id, (r, at, tries)) in renames::upgrade(readable) {
            s.progress.put(id.clone(), r, at);
            s.progress.set_tries(&id, tries);
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
        for (id, e) in self.progress.entries.iter() {
            if let Json::Obj(mut v) = e.record.to_json() {
                v.insert(STAMP.into(), Json::from(e.at));
                let tries = &e.tries;
                if !tries.is_empty() {
                    v.insert(
                        TRIES.into(),
                        Json::Arr(tries.iter().map(Try::to_json).collect()),
                    );
                }
                records.insert(id.clone(), Json::Obj(v));
            }
        }
        let mut top = self.extra.clone();
        top.insert("v".into(), Json::from(self.version.max(FORMAT_VERSION)));
        if self.progress.cleared > 0 {
            top.insert(CLEARED.into(), Json::from(self.progress.cleared));
        }
        top.insert("records".into(), Json::Obj(records));
        Json::Obj(top).to_string()
    }
}

/// A stored record's earlier tries (none when the field is missing or this
/// version cannot read it: the record then counts as it is).
fn stored_tries(v: &Json) -> Vec<Try> {
    let stored = v.get(TRIES).and_then(|t| Vec::<Try>::from_json(t).ok());
    let mut tries = Vec::new();
    for t in stored.unwrap_or_default() {
        add_try(&mut tries, t);
    }
    tries
}

/// One change the student makes.
#[derive(Clone, Debug, PartialEq)]
pub enum Edit {
    /// Stores (or replaces) the record of one question.
    Set(String, Record),
    /// «清空进度»: removes every readable record.
    Clear,
    /// Undo of a clear: puts back the given records (what the clear
    /// removed), except for questions answered again since.
    Restore(Progress),
}

/// What to write after an edit.
#[derive(Clone, Debug, PartialEq)]
pub struct Write {
    /// The new value of the scoped key.
    pub json: String,
    /// The readable progress after the edit (what the page shows).
    pub progress: Progress,
    /// For a clear: what it removed (for undo; boxed, so that a write
    /// stays small to pass around).
    pub cleared: Box<Progress>,
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
    let mut cleared = Box::default();
    let progress = &mut stored.progress;
    match edit {
        Edit::Set(id, r) => {
            let mut one = Progress::default();
            one.put(id.clone(), r.clone(), at);
            // The join keeps the tries before this one.
            progress.join(&one);
        }
        Edit::Clear => cleared = Box::new(progress.clear(at)),
        Edit::Restore(old) => {
            for id in old.ids() {
                if !progress.contains(id) {
                    progress.join(&old.restored(id, at));
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
