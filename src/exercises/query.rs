//! The page's parameters, read with notices: `q` (one question, by today's
//! id or an earlier version's) and `section` (the section shown).

use super::renames::current_id;
use super::sections::Section;
use super::Question;
use crate::kernel::params::Query;
use crate::kernel::params::{echo, Notice, Reader};
use crate::kernel::text::Sentence;

/// The page's parameters, each with its field's label key.
pub const FIELDS: [(&str, &str); 2] = [("q", "common.field.q"), ("section", "ex.field_section")];

/// The page's parameter names.
pub const KNOWN: [&str; 2] = [FIELDS[0].0, FIELDS[1].0];

/// The label key of parameter `param`'s field.
pub fn label(param: &str) -> Option<&'static str> {
    FIELDS.iter().find(|(n, _)| *n == param).map(|(_, l)| *l)
}

/// What the page shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Selection {
    /// The one question shown (today's id), if `q` names one.
    pub question: Option<String>,
    /// The section shown: the question's, else `section`'s, else the first.
    pub section: Section,
}

/// A parameter that names nothing (`q`, `section`): what was given (cut to
/// a bounded echo), the allowed range and the value used instead as
/// sentences, for the page to word.
#[derive(Clone, Debug, PartialEq)]
pub struct Invalid {
    pub param: &'static str,
    pub given: String,
    pub range: Sentence,
    pub used: Sentence,
}

/// What the page's parameters ask for, and what was ignored.
#[derive(Clone, Debug, PartialEq)]
pub struct Read {
    pub selection: Selection,
    /// The parameters the page does not know, each ignored.
    pub unknown: Vec<Notice>,
    /// A `q` or `section` that names nothing, after the unknown ones.
    pub invalid: Vec<Invalid>,
}

/// The selection; every other parameter is ignored with a notice, and so
/// is a `q` or `section` that names nothing.
pub fn read_query(query: &Query, bank: &[Question]) -> Read {
    let mut r = Reader::new(query);
    r.reject_unknown(&KNOWN);
    let mut invalid = Vec::new();
    let given = |name| query.get(name).map(str::trim).filter(|s| !s.is_empty());
    let question = given("q").and_then(|id| {
        let found = bank.iter().find(|x| x.id == current_id(id));
        if found.is_none() {
            invalid.push(Invalid {
                param: "q",
                given: echo(id),
                range: Sentence::new("ex.q_range"),
                used: Sentence::new("ex.all"),
            });
        }
        found
    });
    let section = given("section").and_then(|id| {
        let s = Section::from_id(id);
        if s.is_none() {
            invalid.push(Invalid {
                param: "section",
                given: echo(id),
                range: Sentence::new("ex.section_range"),
                used: Sentence::new(Section::Truths.title_key()),
            });
        }
        s
    });
    let selection = Selection {
        question: question.map(|q| q.id.to_string()),
        section: question
            .map(|q| q.section)
            .or(section)
            .unwrap_or(Section::Truths),
    };
    Read {
        selection,
        unknown: r.notices,
        invalid,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exercises::bank;
    use crate::i18n::{render, Lang};

    /// The selection and every notice's parameter.
    fn read(query: &str) -> (Selection, Vec<String>) {
        let r = read_query(&Query::parse(query), &bank());
        let unknown = r.unknown.iter().map(|n| n.param.clone());
        let invalid = r.invalid.iter().map(|i| i.param.to_string());
        (r.selection, unknown.chain(invalid).collect())
    }

    #[test]
    fn one_question_or_a_section_with_notices() {
        let (s, n) = read("q=three_layers");
        assert_eq!(s.question.as_deref(), Some("three_layers"));
        assert_eq!((s.section, n.len()), (Section::Layers, 0));
        let (s, n) = read("q=nope&x=1");
        assert_eq!(s.question, None);
        assert_eq!(s.section, Section::Truths);
        assert_eq!(n, ["x", "q"]);
        let (s, n) = read("section=keys");
        assert_eq!((s.question, s.section, n.len()), (None, Section::Keys, 0));
        let (s, n) = read("section=chapter9");
        assert_eq!((s.section, n.len()), (Section::Truths, 1));
    }

    /// The range and the value used of each invalid parameter, in both
    /// languages, as the page shows them.
    #[test]
    fn an_invalid_parameter_reads_as_it_always_did() {
        let r = read_query(&Query::parse("q=nope&section=chapter9"), &bank());
        let texts = |l| {
            r.invalid
                .iter()
                .map(|n| {
                    let (range, used) = (render(l, &n.range), render(l, &n.used));
                    format!("{} {} | {range} | {used}", n.param, n.given)
                })
                .collect::<Vec<_>>()
        };
        assert_eq!(
            texts(Lang::Zh),
            [
                "q nope | 本页列出的题目 id | 显示这一节的全部题目",
                "section chapter9 | truths、wait、layers、keys、agent、interview 之一 | 1 超时的三种真相：要不要重试",
            ]
        );
        assert_eq!(
            texts(Lang::En),
            [
                "q nope | a question id listed on this page | Show all questions of this section",
                "section chapter9 | one of truths, wait, layers, keys, agent, interview | 1 The three truths of a timeout: retry at all?",
            ]
        );
    }

    #[test]
    fn an_old_id_in_a_link_opens_todays_question() {
        let r = &crate::exercises::renames::REPLACED;
        for (old, new) in crate::exercises::renames::RENAMED.iter().chain(r.iter()) {
            let (s, n) = read(&format!("q={old}"));
            assert_eq!(s.question.as_deref(), Some(*new), "{old}");
            assert!(n.is_empty(), "{old}: {n:?}");
        }
    }
}
