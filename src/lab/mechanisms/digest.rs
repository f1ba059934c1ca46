//! `digest`: Compares the request digest under the key: a different body gets 422
//! («同键、不同请求体 SHOULD 返回 422»). It reads the key record, so it needs one.

use super::def::{Def, Group, Slot};
use crate::kernel::entry::{e, Entry};

pub struct Digest;

const TEXTS: &[Entry] = &[
    e("lab.mech.digest", "比较请求摘要", "Compare the request digest"),
    e("lab.mech.digest.desc", "同键的请求先比较请求摘要：同键、不同请求体返回 422，不重放旧结果。", "Compares the request digest under the key: the same key with a different body gets 422, not the old result."),
];

impl Def for Digest {
    fn id(&self) -> &'static str {
        "digest"
    }

    fn group(&self) -> Group {
        Group::Body
    }

    fn texts(&self) -> &'static [Entry] {
        TEXTS
    }

    fn needs(&self) -> &'static [&'static str] {
        &["record_after", "claim"]
    }

    fn chapter_place(&self) -> Option<u8> {
        Some(1)
    }

    fn mends(&self) -> &'static [&'static str] {
        &["replay_changed_body"]
    }

    fn compares_digest(&self) -> bool {
        true
    }

    fn sql(&self, slot: Slot) -> Option<&'static str> {
        match slot {
            Slot::ReadColumns => Some("request_digest, "),
            _ => None,
        }
    }
}
