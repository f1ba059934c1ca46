//! `downstream_fence`: The notification carries the fencing token; the notifier refuses a
//! token lower than the highest it accepted for that key. It passes the
//! fence on, so it needs `fence`; not the chapter's.

use super::def::{Def, Group};
use crate::kernel::entry::e;

/// This mechanism: what it changes, then its id, group and its rows of
/// the translation table.
pub const DEF: Def = Def {
    needs: &["fence"],
    notify: |n| n.fence = n.offered_fence.clone(),
    ..Def::new("downstream_fence", Group::Downstream, &[
        e("lab.mech.downstream_fence", "下游 fencing token", "Downstream fencing token"),
        e("lab.mech.downstream_fence.desc", "把 fencing token 也传给通知服务：对同一个键，它拒绝低于已接受最高值的 token。token 只保护自己检查它的资源：写回的条件拦不住已经发出去的通知。", "Passes the fencing token to the notifier too: for one key it refuses a token lower than the highest it has accepted. A token protects only a resource that checks it: the write-back's condition cannot stop a notification already sent."),
    ])
};
