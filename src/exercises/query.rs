//! The page's parameters, read with notices: `q` (one question, by today's
//! id or an earlier version's), `section` (the section shown) and `set` (a
//! course author's own set of questions, [`super::set`]).

use super::renames::find_in;
use super::sections::Section;
use super::set::{read_set, SetRead, MAX_SET_IDS};
use super::xapi::read_origin;
use super::Question;
use crate::kernel::params::Query;
use crate::kernel::params::{echo, Notice, Reader};
use crate::kernel::text::Sentence;

/// The page's parameters, each with its field's label key.
pub const FIELDS: [(&str, &str); 5] = [
    ("q", "common.field.q"),
    ("section", "ex.field_section"),
    ("set", "ex.field_set"),
    ("origin", "ex.field_origin"),
    ("print", "ex.field_print"),
];

/// The page's parameter names.
pub const KNOWN: [&str; 5] = [
    FIELDS[0].0,
    FIELDS[1].0,
    FIELDS[2].0,
    FIELDS[3].0,
    FIELDS[4].0,
];

/// The label key of parameter `param`'s field.
pub fn label(param: &str) -> Option<&'static str> {
    FIELDS.iter().find(|(n, _)| *n == param).map(|(_, l)| *l)
}

/// What the page shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Selection {
    /// The one question shown (today's id), if `q` names one.
    pub question: Option<String>,
    /// The section shown: the question's, else the set's first question's,
    /// else `section`'s, else the first.
    pub section: Section,
    /// A course author's set (today's ids, in order; empty: no set). A set
    /// is shown instead of a `q` or a `section` given beside it.
    pub set: Vec<&'static str>,
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
    /// The course page's origin (`origin=`), the one page an embed tells
    /// what the student answered ([`super::xapi`]).
    pub origin: Option<String>,
    /// `print=1`: the set's (or section's) printable summary.
    pub print: bool,
}

/// The selection; every other parameter is ignored with a notice, and so
/// is a `q` or `section` that names nothing.
pub fn read_query(query: &Query, bank: &[Question]) -> Read {
    let mut r = Reader::new(query);
    r.reject_unknown(&KNOWN);
    let mut invalid = Vec::new();
    let given = |name| query.get(name).map(str::trim).filter(|s| !s.is_empty());
    let origin = given("origin").and_then(|raw| origin_or_notice(raw, &mut invalid));
    let print = given("print").is_some_and(|raw| print_or_notice(raw, &mut invalid));
    let set = given("set")
        .map(|raw| read_set(raw, bank))
        .unwrap_or_default();
    set_notices(&set, &mut invalid);
    if !set.ids.is_empty() {
        let read = set_selection(set.ids, bank, given, r.notices, invalid);
        return Read {
            origin,
            print,
            ..read
        };
    }
    let question = given("q").and_then(|id| {
        let found = find_in(bank, id);
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
        set: Vec::new(),
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
        origin,
        print,
    }
}

/// Whether `print=` asks for the printable summary (`1`), or a notice.
fn print_or_notice(raw: &str, invalid: &mut Vec<Invalid>) -> bool {
    let on = raw == "1";
    if !on && raw != "0" {
        invalid.push(Invalid {
            param: "print",
            given: echo(raw),
            range: Sentence::new("ex.print_range"),
            used: Sentence::new("ex.print_used"),
        });
    }
    on
}

/// The course page's origin, or a notice that none is posted to.
fn origin_or_notice(raw: &str, invalid: &mut Vec<Invalid>) -> Option<String> {
    let read = read_origin(raw);
    if read.is_none() {
        invalid.push(Invalid {
            param: "origin",
            given: echo(raw),
            range: Sentence::new("ex.origin_range"),
            used: Sentence::new("ex.origin_used"),
        });
    }
    read
}

/// The page with a set: a `q` or `section` beside it is not shown, and
/// says so.
fn set_selection<'q>(
    ids: Vec<&'static str>,
    bank: &[Question],
    given: impl Fn(&'static str) -> Option<&'q str>,
    unknown: Vec<Notice>,
    mut invalid: Vec<Invalid>,
) -> Read {
    for param in ["q", "section"] {
        if let Some(value) = given(param) {
            invalid.push(Invalid {
                param,
                given: echo(value),
                range: Sentence::new("ex.set_alone"),
                used: Sentence::new("ex.set_shown"),
            });
        }
    }
    let first = ids.first().and_then(|id| bank.iter().find(|q| q.id == *id));
    let selection = Selection {
        question: None,
        section: first.map_or(Section::Truths, |q| q.section),
        set: ids,
    };
    Read {
        selection,
        unknown,
        invalid,
        origin: None,
        print: false,
    }
}

/// What a `set` named that is no question, and what did not fit.
fn set_notices(set: &SetRead, invalid: &mut Vec<Invalid>) {
    let kept = set.ids.len() as u64;
    if set.unknown_count > 0 {
        let more = set.unknown_count - set.unknown.len();
        let mut named = set.unknown.join(", ");
        if more > 0 {
            named.push_str(&format!(" (+{more})"));
        }
        invalid.push(Invalid {
            param: "set",
            given: named,
            range: Sentence::new("ex.set_range").arg("max", MAX_SET_IDS as u64),
            used: if kept == 0 {
                Sentence::new("ex.all")
            } else {
                Sentence::new("ex.set_rest").arg("n", kept)
            },
        });
    }
    if set.over_limit > 0 {
        invalid.push(Invalid {
            param: "set",
            given: format!("… (+{})", set.over_limit),
            range: Sentence::new("ex.set_range").arg("max", MAX_SET_IDS as u64),
            used: Sentence::new("ex.set_first").arg("n", kept),
        });
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
    fn a_set_is_shown_instead_of_q_and_section_and_says_so() {
        let b = bank();
        let (a, c) = (b[3].id, b[0].id);
        let (s, n) = read(&format!("set={a},{c}&q={c}&section=keys"));
        assert_eq!(s.set, [a, c]);
        assert_eq!((s.question, s.section), (None, b[3].section));
        assert_eq!(n, ["q", "section"]);
        let (s, n) = read("set=nope,,");
        assert!(s.set.is_empty());
        assert_eq!((s.section, n), (Section::Truths, vec!["set".to_string()]));
    }

    /// What a set's notices say, in both languages.
    #[test]
    fn a_sets_notices_name_what_names_nothing() {
        let b = bank();
        let known = b[0].id;
        let r = read_query(&Query::parse(&format!("set=a1,{known},b2")), &b);
        let texts = |l| {
            r.invalid
                .iter()
                .map(|n| {
                    format!(
                        "{} {} | {} | {}",
                        n.param,
                        n.given,
                        render(l, &n.range),
                        render(l, &n.used)
                    )
                })
                .collect::<Vec<_>>()
        };
        assert_eq!(
            texts(Lang::Zh),
            ["set a1, b2 | 用英文逗号分隔的题目 id，最多 30 个 | 显示其余能认出的 1 道题"]
        );
        assert_eq!(
            texts(Lang::En),
            ["set a1, b2 | question ids separated by commas, at most 30 | Show the other 1 questions it names"]
        );
        let all: Vec<&str> = b.iter().map(|q| q.id).collect();
        let r = read_query(&Query::parse(&format!("set={}", all.join(","))), &b);
        assert_eq!(r.selection.set.len(), 30);
        assert_eq!(
            render(Lang::En, &r.invalid[0].used),
            "Show only the first 30 questions"
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
