//! The page's one parameter, `q` (one question), read with notices.

use super::Question;
use crate::i18n::{t, Lang};
use crate::params::{Notice, NoticeKind, Reader};
use crate::route::Query;

/// The page's parameter names.
pub const KNOWN: [&str; 1] = ["q"];

/// The selected question's id (`None`: all questions) and the notices;
/// every other parameter is ignored with a notice.
pub fn read_query(query: &Query, lang: Lang, bank: &[Question]) -> (Option<String>, Vec<Notice>) {
    let mut r = Reader::new(query);
    r.reject_unknown(&KNOWN);
    let q = query.get("q").map(str::trim).filter(|s| !s.is_empty());
    let selected = match q {
        Some(id) if bank.iter().any(|x| x.id == id) => Some(id.to_string()),
        Some(id) => {
            r.push(Notice {
                kind: NoticeKind::Invalid,
                param: "q".into(),
                given: id.to_string(),
                range: t(lang, "ex.q_range"),
                used: t(lang, "ex.all"),
            });
            None
        }
        None => None,
    };
    (selected, r.notices)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exercises::bank;

    #[test]
    fn one_question_or_all_with_notices() {
        let b = bank();
        let (s, n) = read_query(&Query::parse("q=three_layers"), Lang::Zh, &b);
        assert_eq!((s.as_deref(), n.len()), (Some("three_layers"), 0));
        let (s, n) = read_query(&Query::parse("q=nope&x=1"), Lang::En, &b);
        assert_eq!(s, None);
        let params: Vec<_> = n.iter().map(|n| n.param.as_str()).collect();
        assert_eq!(params, vec!["x", "q"]);
    }
}
