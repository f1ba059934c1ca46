//! `store_errors`: Stores a failure's 500 under the key and replays it (Stripe, «包括 500»);
//! without it a failure releases the key (deletes the claim, or ends its
//! lease), so a retry runs again. It writes the key record, so it needs one.

use super::def::{Def, Group, Telling};
use super::hooks::Failure;
use crate::kernel::entry::e;

/// This mechanism: what it changes, then its id, group and its rows of
/// the translation table.
pub const DEF: Def = Def {
    needs: &["record_after", "claim"],
    gives_way_to: &["unknown_on_failure"],
    narration: &[(Telling::KeyedFailure, "lab.d.failed_keyed")],
    chapter_place: Some(2),
    stores_errors: true,
    failure: |f| *f = Failure::Store,
    ..Def::new("store_errors", Group::Errors, &[
        e("lab.mech.store_errors", "存下错误结果", "Store error results"),
        e("lab.mech.store_errors.desc", "处理失败时把 500 存成这个键的结果，同键重试重放它（标为重放），不再执行：000 的表格（草案 SHOULD 返回上一次的结果，成功或错误；Stripe 连 500 一起重放）。003 更严：失败的写 handler 不能证明没有副作用，记为未知、阻止重放。两边都不让同键再执行；模型听到的是结果未知。没有它，失败会释放键，同键重试会再执行一次。开工前就失败、什么都没做的请求（503）不存结果，两种做法都释放键。", "Stores a failure's 500 as the key's result and replays it to retries (marked as replayed) without running again: 000's table (the draft SHOULD return the previous result, success or error; Stripe replays even a 500). 003 is stricter: a failed write handler proves nothing about side effects, so it is recorded as unknown and its replay blocked. Neither lets the key run again; the model hears the outcome is unknown. Without it a failure releases the key, so a retry with the key runs again. A request that failed before any work (503) stores no result: both ways release the key."),
    ])
};
