//! A course author's own question set, `set=<id>,<id>,…`: exactly those
//! questions, in that order, with one score. Read here, once: ids are
//! trimmed, mapped through the renames (a link written before a rename
//! opens today's question), deduplicated after that mapping, bounded, and
//! what names nothing is said in a bounded notice.

use super::renames::find_in;
use super::sections::Section;
use super::Question;
use crate::kernel::params::echo;
use crate::kernel::text::Sentence;
use crate::pages::links::Link;

/// Questions a set shows at most (an embed of a whole chapter is a
/// section link, not a set).
pub const MAX_SET_IDS: usize = 30;

/// Entries of `set=` read at most: a hostile link of a million commas costs
/// no more than this many lookups in the bank.
pub const MAX_SET_ENTRIES: usize = 4 * MAX_SET_IDS;

/// Unknown ids the notice names (the rest are counted).
pub const MAX_NAMED_UNKNOWN: usize = 5;

/// What `set=` asks for.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SetRead {
    /// Today's ids, in the order given, each once, at most [`MAX_SET_IDS`].
    pub ids: Vec<&'static str>,
    /// The first [`MAX_NAMED_UNKNOWN`] entries that name no question (each
    /// cut to a bounded echo).
    pub unknown: Vec<String>,
    /// How many entries named no question in all.
    pub unknown_count: usize,
    /// Known ids left out because the set was full, and entries past
    /// [`MAX_SET_ENTRIES`], which were not read.
    pub over_limit: usize,
}

/// Reads `raw` (the value of `set=`) against `bank`.
pub fn read_set(raw: &str, bank: &[Question]) -> SetRead {
    let mut out = SetRead::default();
    let entries = raw.split(',').map(str::trim).filter(|e| !e.is_empty());
    for (i, entry) in entries.enumerate() {
        if i >= MAX_SET_ENTRIES {
            out.over_limit += 1;
            continue;
        }
        match find_in(bank, entry).map(|q| q.id) {
            None => {
                out.unknown_count += 1;
                if out.unknown.len() < MAX_NAMED_UNKNOWN {
                    out.unknown.push(echo(entry));
                }
            }
            Some(id) if out.ids.contains(&id) => {}
            Some(_) if out.ids.len() >= MAX_SET_IDS => out.over_limit += 1,
            Some(id) => out.ids.push(id),
        }
    }
    out
}

/// What the page shows as one block with one score: a set, else a
/// section. Its questions, its link and its title are read here, once, by
/// the page, the printable summary and the statements to the course page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Scope {
    /// Today's ids, in the set's order.
    Set(Vec<&'static str>),
    Section(Section),
}

impl Scope {
    /// The set shown, else the section.
    pub fn of(set: &[&'static str], section: Section) -> Scope {
        if set.is_empty() {
            Scope::Section(section)
        } else {
            Scope::Set(set.to_vec())
        }
    }

    /// Its questions: the set's in its order, a section's in the bank's.
    pub fn questions<'b>(&self, bank: &'b [Question]) -> Vec<&'b Question> {
        match self {
            Scope::Set(ids) => ids
                .iter()
                .filter_map(|id| bank.iter().find(|q| q.id == *id))
                .collect(),
            Scope::Section(s) => bank.iter().filter(|q| q.section == *s).collect(),
        }
    }

    /// Its own link (no shell, no course page): the page without
    /// `print=1`, and the activity a completion names.
    pub fn link(&self) -> Link {
        match self {
            Scope::Set(ids) => Link::ExerciseSet {
                ids: ids.iter().map(|s| s.to_string()).collect(),
                origin: None,
            },
            Scope::Section(s) => Link::ExerciseSection(s.id().to_string()),
        }
    }

    /// Its title: «一套题（N 题）», or the section's.
    pub fn title(&self) -> Sentence {
        match self {
            Scope::Set(ids) => Sentence::new("ex.set_title").arg("n", ids.len()),
            Scope::Section(s) => Sentence::new(s.title_key()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exercises::bank;
    use crate::exercises::renames::{RENAMED, REPLACED};

    fn ids(n: usize) -> Vec<&'static str> {
        bank().iter().map(|q| q.id).take(n).collect()
    }

    #[test]
    fn the_ids_in_the_order_given() {
        let b = bank();
        let three = ids(3);
        let raw = format!("{}, {} ,{}", three[2], three[0], three[1]);
        let r = read_set(&raw, &b);
        assert_eq!(r.ids, [three[2], three[0], three[1]]);
        assert_eq!((r.unknown_count, r.over_limit), (0, 0));
        assert_eq!(read_set(&r.ids.join(","), &b), r);
    }

    #[test]
    fn an_old_id_opens_todays_question_and_counts_once() {
        let b = bank();
        for (old, new) in RENAMED.iter().chain(REPLACED.iter()) {
            let r = read_set(&format!("{old},{new},{old}"), &b);
            assert_eq!(r.ids, [*new], "{old} → {new}");
            assert_eq!(r.unknown_count, 0, "{old}");
        }
    }

    #[test]
    fn at_most_thirty_and_the_rest_counted() {
        let b = bank();
        assert!(
            b.len() > MAX_SET_IDS + 5,
            "the bank is large enough to test the bound"
        );
        let all: Vec<&str> = b.iter().map(|q| q.id).collect();
        let r = read_set(&all.join(","), &b);
        assert_eq!(r.ids.len(), MAX_SET_IDS);
        assert_eq!(r.ids, all[..MAX_SET_IDS]);
        let read = MAX_SET_ENTRIES.min(all.len());
        assert_eq!(r.over_limit, all.len() - MAX_SET_IDS);
        assert!(read >= MAX_SET_IDS);
    }

    #[test]
    fn hostile_entries_are_named_bounded_and_never_shown() {
        let b = bank();
        let known = ids(1)[0];
        let long = "x".repeat(10_000);
        let raw =
            format!("<script>alert(1)</script>,{long},../../etc,{known},,%00, ,🙂,a\"b,{known}");
        let r = read_set(&raw, &b);
        assert_eq!(r.ids, [known]);
        assert_eq!(r.unknown_count, 6);
        assert_eq!(r.unknown.len(), MAX_NAMED_UNKNOWN);
        assert!(
            r.unknown.iter().all(|u| u.chars().count() <= 100),
            "{:?}",
            r.unknown
        );
        assert_eq!(r.unknown[0], "<script>alert(1)</script>");
    }

    #[test]
    fn a_flood_of_entries_reads_a_bounded_number() {
        let b = bank();
        let raw = "nope,".repeat(1_000_000);
        let r = read_set(&raw, &b);
        assert_eq!(r.unknown_count, MAX_SET_ENTRIES);
        assert_eq!(r.over_limit, 1_000_000 - MAX_SET_ENTRIES);
        assert!(r.ids.is_empty());
    }

    #[test]
    fn nothing_given_is_no_set() {
        let b = bank();
        for raw in ["", ",", " , ,"] {
            assert_eq!(read_set(raw, &b), SetRead::default(), "{raw:?}");
        }
    }
}
