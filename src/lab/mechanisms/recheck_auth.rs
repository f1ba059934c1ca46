//! `recheck_auth`: a replay re-checks that the principal may still read the
//! result (003: «已成功的同 key/同摘要重试可在重新确认当前主体仍有权读取结果后
//! 返回缓存…若权限已撤销，不能因为缓存存在就泄露数据»). Without it the
//! stored response is found first and replayed: «缓存命中跳过当前授权检查».

use super::def::{Def, Group};
use crate::kernel::entry::e;

/// This mechanism: what it changes, then its id, group and its rows of
/// the translation table.
pub const DEF: Def = Def {
    needs: &["record_after", "claim"],
    chapter_place: Some(11),
    rechecks_auth: true,
    ..Def::new("recheck_auth", Group::Recovery, &[
        e("lab.mech.recheck_auth", "重放前重新鉴权", "Re-check authorisation on replay"),
        e("lab.mech.recheck_auth.desc", "先鉴权，再查幂等记录：同键重试命中缓存时，也要重新确认当前主体仍有权读取结果；权限已撤销就返回 403，不把缓存的结果交出去。没有它，缓存命中会跳过当前的授权检查。", "Authorisation first, then the idempotency record: a retry that hits the cache is replayed only after re-checking that the principal may still read the result; if the permission was revoked it gets 403 and the cached result is not handed out. Without it, a cache hit skips the current authorisation check."),
    ])
};
