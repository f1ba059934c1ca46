//! `lease`: A claim older than the lease may be taken over by a retry (追问 «占了键之后
//! 进程被 kill -9 怎么办？»). It changes the claim, so it needs `claim`.

use super::def::{Def, Group};
use crate::kernel::entry::{e, Entry};

const TEXTS: &[Entry] = &[
    e("lab.mech.lease", "租约接管", "Lease takeover"),
    e("lab.mech.lease.desc", "占位记录带租约：超过租约还没完成，重试可以接管它（进程被 kill -9 后键不再卡住）。", "A claim carries a lease: once it has expired unfinished, a retry may take it over (a key no longer stays stuck after kill -9)."),
];

/// This mechanism: what it changes, then its id, group and texts.
pub const DEF: Def = Def {
    needs: &["claim"],
    chapter_place: Some(3),
    breaks: &["lease_without_fence"],
    leases: true,
    ..Def::new("lease", Group::Lease, TEXTS)
};
