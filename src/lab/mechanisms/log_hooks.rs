//! `log_hooks`: a toy mechanism that proves a mechanism is one file and one
//! registry line. It records every call of its hooks (the handler's step), adds a comment to
//! the report's `INSERT` (so the SQL listing shows it) and changes nothing
//! else: a design with it runs as the design without it. Only a test turns
//! it on (feature `toy_mechanism`; the attribute below also keeps its rows
//! out of `scripts/i18n-files.mjs`'s English file).
#![cfg(feature = "toy_mechanism")]

use std::cell::RefCell;

use super::def::{Def, Group, Slot};
use super::hooks::HandlerStep;
use crate::kernel::entry::e;

thread_local! {
    /// The steps whose hook was called on this thread, oldest first.
    static HEARD: RefCell<Vec<HandlerStep>> = const { RefCell::new(Vec::new()) };
}

/// The steps heard on this thread since the last call, oldest first.
pub fn take_heard() -> Vec<HandlerStep> {
    HEARD.with(|h| std::mem::take(&mut *h.borrow_mut()))
}

/// This mechanism: what it changes, then its id, group and its rows of
/// the translation table.
pub const DEF: Def = Def {
    sql: &[(Slot::ReportNote, " /* log_hooks */")],
    found: |_, verdict| {
        log(HandlerStep::Lookup);
        verdict
    },
    claim: |_| log(HandlerStep::Claim),
    work: |_| log(HandlerStep::Work),
    failure: |_| log(HandlerStep::Failure),
    write_back: |_| log(HandlerStep::WriteBack),
    notify: |_| log(HandlerStep::Notify),
    ..Def::new("log_hooks", Group::Errors, &[
        e("lab.mech.log_hooks", "记录钩子调用（示例）", "Log hook calls (toy)"),
        e("lab.mech.log_hooks.desc", "只记下处理函数的每一步，不改变结果；在报告的 INSERT 后加一条注释。", "Only records each step of the handler and changes no outcome; adds a comment after the report's INSERT."),
    ])
};

/// Records the step whose hook was called.
fn log(step: HandlerStep) {
    HEARD.with(|h| h.borrow_mut().push(step));
}
