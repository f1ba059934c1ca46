//! The exercises page's notices in a language: its core reads the URL into
//! sentences ([`crate::exercises::query::Read`]); the page, and the tests
//! that pin what it shows, word them here, once.

use crate::exercises::query::Read;
use crate::i18n::{render, Lang};
use crate::kernel::params::{push_notice, Notice, NoticeKind};

/// The notices in `l`: the unknown parameters, then a `q` or `section`
/// that names nothing, its range and value used put in words (the list
/// stays bounded as every notice list does, [`push_notice`]).
pub fn worded(l: Lang, read: &Read) -> Vec<Notice> {
    let mut out = read.unknown.clone();
    for i in &read.invalid {
        let n = Notice {
            kind: NoticeKind::Invalid,
            param: i.param.into(),
            given: i.given.clone(),
            range: render(l, &i.range),
            used: render(l, &i.used),
        };
        push_notice(&mut out, n);
    }
    out
}
