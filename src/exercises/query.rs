//! The page's parameters, read with notices: `q` (one question, by today's
//! id or an earlier version's) and `section` (the section shown).

use super::renames::current_id;
use super::sections::Section;
use super::Question;
use crate::i18n::{t, Lang};
use crate::kernel::params::Query;
use crate::kernel::params::{Notice, NoticeKind, Reader};

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

/// The selection and the notices; every other parameter is ignored with a
/// notice, and so is a `q` or `section` that names nothing.
pub fn read_query(query: &Query, lang: Lang, bank: &[Question]) -> (Selection, Vec<Notice>) {
    let mut r = Reader::new(query);
    r.reject_unknown(&KNOWN);
    let mut invalid = |param: &str, given: &str, range: &str, used: String| {
        r.push(Notice {
            kind: NoticeKind::Invalid,
            param: param.into(),
            given: given.to_string(),
            range: t(lang, range),
            used,
        })
    };
    let given = |name| query.get(name).map(str::trim).filter(|s| !s.is_empty());
    let question = given("q").and_then(|id| {
        let found = bank.iter().find(|x| x.id == current_id(id));
        if found.is_none() {
            invalid("q", id, "ex.q_range", t(lang, "ex.all"));
        }
        found
    });
    let section = given("section").and_then(|id| {
        let s = Section::from_id(id);
        if s.is_none() {
            invalid(
                "section",
                id,
                "ex.section_range",
                t(lang, &Section::Truths.title_key()),
            );
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
    (selection, r.notices)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exercises::bank;

    #[test]
    fn one_question_or_a_section_with_notices() {
        let b = bank();
        let (s, n) = read_query(&Query::parse("q=three_layers"), Lang::Zh, &b);
        assert_eq!(s.question.as_deref(), Some("three_layers"));
        assert_eq!((s.section, n.len()), (Section::Layers, 0));
        let (s, n) = read_query(&Query::parse("q=nope&x=1"), Lang::En, &b);
        assert_eq!(s.question, None);
        assert_eq!(s.section, Section::Truths);
        let params: Vec<_> = n.iter().map(|n| n.param.as_str()).collect();
        assert_eq!(params, vec!["x", "q"]);
        let (s, n) = read_query(&Query::parse("section=keys"), Lang::Zh, &b);
        assert_eq!((s.question, s.section, n.len()), (None, Section::Keys, 0));
        let (s, n) = read_query(&Query::parse("section=chapter9"), Lang::Zh, &b);
        assert_eq!((s.section, n.len()), (Section::Truths, 1));
    }

    /// The range and the value used of each invalid parameter, in both
    /// languages, as the page shows them.
    #[test]
    fn an_invalid_parameter_reads_as_it_always_did() {
        let b = bank();
        let query = Query::parse("q=nope&section=chapter9");
        let texts = |l| {
            let (_, n) = read_query(&query, l, &b);
            n.iter()
                .map(|n| format!("{} {} | {} | {}", n.param, n.given, n.range, n.used))
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
        let b = bank();
        let r = &crate::exercises::renames::REPLACED;
        for (old, new) in crate::exercises::renames::RENAMED.iter().chain(r.iter()) {
            let (s, n) = read_query(&Query::parse(&format!("q={old}")), Lang::Zh, &b);
            assert_eq!(s.question.as_deref(), Some(*new), "{old}");
            assert!(n.is_empty(), "{old}: {n:?}");
        }
    }
}
