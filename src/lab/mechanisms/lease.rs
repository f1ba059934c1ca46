//! `lease`: A claim older than the lease may be taken over by a retry (追问 «占了键之后
//! 进程被 kill -9 怎么办？»). It changes the claim, so it needs `claim`.

use super::def::{Def, Group};
use crate::kernel::entry::{e, Entry};

pub struct Lease;

const TEXTS: &[Entry] = &[
    e("lab.mech.lease", "租约接管", "Lease takeover"),
    e("lab.mech.lease.desc", "占位记录带租约：超过租约还没完成，重试可以接管它（进程被 kill -9 后键不再卡住）。", "A claim carries a lease: once it has expired unfinished, a retry may take it over (a key no longer stays stuck after kill -9)."),
];

impl Def for Lease {
    fn id(&self) -> &'static str {
        "lease"
    }

    fn group(&self) -> Group {
        Group::Lease
    }

    fn texts(&self) -> &'static [Entry] {
        TEXTS
    }

    fn needs(&self) -> &'static [&'static str] {
        &["claim"]
    }

    fn chapter_place(&self) -> Option<u8> {
        Some(3)
    }

    fn breaks(&self) -> &'static [&'static str] {
        &["lease_without_fence"]
    }

    fn leases(&self) -> bool {
        true
    }
}
