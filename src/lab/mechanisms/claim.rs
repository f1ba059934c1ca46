//! `claim`: Claims the key (`in_progress`) before any work; the report and the key's
//! write-back commit in one transaction; 409 while in progress («把"记下键"和
//! "执行副作用"放进同一个事务»). The chapter's first step.

use super::def::{Def, Group, KeyRecord};
use crate::kernel::entry::{e, Entry};

pub struct Claim;

const TEXTS: &[Entry] = &[
    e("lab.mech.claim", "占键", "Claim the key"),
    e("lab.mech.claim.desc", "执行前先在事务里占键（in_progress）；报告和键的写回在同一个事务里提交；同键还在处理中就返回 409。", "Claims the key (in_progress) in a transaction before any work; the report and the key's write-back commit in one transaction; a request whose key is still in progress gets 409."),
];

impl Def for Claim {
    fn id(&self) -> &'static str {
        "claim"
    }

    fn group(&self) -> Group {
        Group::KeyRecord
    }

    fn texts(&self) -> &'static [Entry] {
        TEXTS
    }

    fn chapter_place(&self) -> Option<u8> {
        Some(0)
    }

    fn breaks(&self) -> &'static [&'static str] {
        &["replay_changed_body"]
    }

    fn key_record(&self) -> Option<KeyRecord> {
        Some(KeyRecord::Claimed)
    }
}
