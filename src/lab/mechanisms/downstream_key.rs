//! `downstream_key`: The notification carries a dedupe key (the report id, or the idempotency
//! key before a report exists); the notifier records it and ignores a
//! repeat («把幂等键继续传给下游», «投递本身也要能去重»).

use super::def::{Def, Group};
use crate::kernel::entry::e;

/// This mechanism: what it changes, then its id, group and its rows of
/// the translation table.
pub const DEF: Def = Def {
    chapter_place: Some(7),
    notify: |n| n.dedupe_key = n.offered_key.clone(),
    ..Def::new("downstream_key", Group::Downstream, &[
        e("lab.mech.downstream_key", "投递去重（下游幂等键）", "Delivery dedupe (downstream key)"),
        e("lab.mech.downstream_key.desc", "把去重键继续传给下游：有报告 id 就传报告 id，还没有报告时传幂等键。通知服务记下它，同一个键再来就忽略。投递本身也要能去重。", "Passes a dedupe key downstream: the report id once there is one, before that the idempotency key. The notifier records it and ignores a repeat. Delivery itself must deduplicate too."),
    ])
};
