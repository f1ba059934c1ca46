//! `log_hooks`: a toy mechanism that proves a mechanism is one file and one
//! registry line. It records every handler step it hears, adds a comment to
//! the report's `INSERT` (so the SQL listing shows it) and changes nothing
//! else: a design with it runs as the design without it. Only a test turns
//! it on (feature `toy_mechanism`; the attribute below also keeps its rows
//! out of `scripts/i18n-en.mjs`'s English file).
#![cfg(feature = "toy_mechanism")]

use std::cell::RefCell;

use super::def::{Def, Group, HandlerStep, Slot};
use crate::kernel::entry::{e, Entry};

thread_local! {
    /// The steps heard on this thread, oldest first.
    static HEARD: RefCell<Vec<HandlerStep>> = const { RefCell::new(Vec::new()) };
}

/// The steps heard on this thread since the last call, oldest first.
pub fn take_heard() -> Vec<HandlerStep> {
    HEARD.with(|h| std::mem::take(&mut *h.borrow_mut()))
}

const TEXTS: &[Entry] = &[
    e("lab.mech.log_hooks", "记录钩子调用（示例）", "Log hook calls (toy)"),
    e("lab.mech.log_hooks.desc", "只记下处理函数的每一步，不改变结果；在报告的 INSERT 后加一条注释。", "Only records each step of the handler and changes no outcome; adds a comment after the report's INSERT."),
];

/// This mechanism: what it changes, then its id, group and texts.
pub const DEF: Def = Def {
    sql: &[(Slot::ReportNote, " /* log_hooks */")],
    hear,
    ..Def::new("log_hooks", Group::Errors, TEXTS)
};

/// Records the step heard.
fn hear(step: HandlerStep) {
    HEARD.with(|h| h.borrow_mut().push(step));
}
