//! `digest`: Compares the request digest under the key: a different body gets 422
//! («同键、不同请求体 SHOULD 返回 422»). It reads the key record, so it needs one.

use super::def::{Def, Group, Slot, Telling};
use super::hooks::{Found, Verdict};
use crate::kernel::entry::e;

/// This mechanism: what it changes, then its id, group and its rows of
/// the translation table.
pub const DEF: Def = Def {
    needs: &["record_after", "claim"],
    chapter_place: Some(1),
    mends: &["replay_changed_body"],
    compares_digest: true,
    narration: &[(Telling::Replay, "lab.d.replay")],
    found,
    sql: &[(Slot::ReadColumns, "request_digest, ")],
    ..Def::new("digest", Group::Body, &[
        e("lab.mech.digest", "比较请求摘要", "Compare the request digest"),
        e("lab.mech.digest.desc", "同键的请求先比较请求摘要：同键、不同请求体返回 422，不重放旧结果。", "Compares the request digest under the key: the same key with a different body gets 422, not the old result."),
    ])
};

/// A stored digest other than the request's: 422, whatever the row says.
fn found(row: &Found, verdict: Verdict) -> Verdict {
    match row.column(DEF.id) {
        Some(stored) if stored != row.digest => Verdict::DigestMismatch,
        _ => verdict,
    }
}
