//! The bug tracker's server as a set of mechanisms. One handler
//! (`handler`) is assembled from a [`Design`]; the five servers the lab
//! started with, and `leased_unguarded`, are named designs ([`Preset`]).
//!
//! The rules, from the chapter and its readings:
//! - `record_after` («先插数据，再记键», the chapter's anti-pattern) and
//!   `claim` («把"记下键"和"执行副作用"放进同一个事务») are two ways to keep a
//!   key record; a design has at most one. When both are asked for, `claim`
//!   is kept.
//! - `digest` (同键不同请求体 → 422) and `store_errors` (返回上一次的结果，
//!   包括 500) read or write the key record, so they need one of the two.
//! - `lease` (占位记录超过租约允许接管) and `guard` (写回带
//!   `status='in_progress'`) change the claim, so they need `claim`.
//! - `fence` (接管时 token 加 1，写回带 `fence=?`) is handed out by a
//!   takeover, so it needs `lease`.
//! - `tenant_scope` (`003_*.txt`: «先按 tenant、subject/service principal 与
//!   action/tool 定义 key 的命名空间，不能让其他租户用相同字符串占用全局 key»)
//!   scopes the key record, so it needs one.
//!
//! - Past the database (the chapter's first 追问, «副作用不在你的数据库里怎么办？»):
//!   by default the service notifies the module's owner right after its
//!   transaction commits. `notify_before_commit` (the hurried handler) and
//!   `outbox` («先在本地事务里写一条"待发送"记录，再由单独的发送流程按记录投递»)
//!   are two other placements of that call; a design has at most one, and
//!   when both are asked for, `outbox` is kept (it replaces the hurried call,
//!   as `claim` replaces `record_after`).
//! - `downstream_key` («把幂等键继续传给下游», «投递本身也要能去重») needs
//!   nothing; `downstream_fence` passes the fencing token to the notifier,
//!   so it needs `fence`.
//!
//! Every requirement names a mechanism earlier in [`Mechanism::ALL`], so a
//! single pass in that order drops whatever cannot work, and says why.

use borsh::{BorshDeserialize, BorshSerialize};
use serde::{Deserialize, Serialize};

use super::ids::Preset;
use crate::kernel::ids::id_enum;

id_enum! {
    /// One mechanism of the server, in the chapter's table order (the
    /// canonical order of a design's ids).
    #[derive(PartialOrd, Ord, Serialize, Deserialize)]
    #[derive(BorshSerialize, BorshDeserialize)]
    Mechanism {
        /// Records the key after the report, in a second transaction.
        RecordAfter => "record_after",
        /// Claims the key (`in_progress`) before any work; the report and
        /// the key's write-back commit in one transaction; 409 while in progress.
        Claim => "claim",
        /// Compares the request digest under the key: a different body gets 422.
        Digest => "digest",
        /// Stores a failure's 500 under the key and replays it; without it a
        /// failure releases the key (deletes the claim, or ends its lease), so
        /// a retry runs again.
        StoreErrors => "store_errors",
        /// A claim older than the lease may be taken over by a retry.
        Lease => "lease",
        /// The write-back has `AND status = 'in_progress'`; 0 rows roll back.
        Guard => "guard",
        /// A takeover increments a fencing token; the write-back has `AND fence = ?`.
        Fence => "fence",
        /// The handler notifies the module's owner inside its work, before
        /// its transaction commits (what a hurried implementation does).
        NotifyBeforeCommit => "notify_before_commit",
        /// An outbox row in the report's transaction; a relay delivers
        /// pending rows to the notifier and marks them sent.
        Outbox => "outbox",
        /// The notification carries a dedupe key (the report id, or the
        /// idempotency key before a report exists); the notifier records it
        /// and ignores a repeat.
        DownstreamKey => "downstream_key",
        /// The notification carries the fencing token; the notifier refuses
        /// a token lower than the highest it accepted for that key.
        DownstreamFence => "downstream_fence",
        /// The key's table is keyed by (tenant, key), and the digest
        /// includes the tenant: another tenant's equal key string is another key.
        TenantScope => "tenant_scope",
    }
}

id_enum! {
    /// How the workbench groups the mechanisms (key record · body · errors ·
    /// lease · write-back).
    #[derive(Serialize, Deserialize)]
    #[derive(BorshSerialize, BorshDeserialize)]
    Group {
        KeyRecord => "key_record",
        Body => "body",
        Errors => "errors",
        Lease => "lease",
        WriteBack => "write_back",
        /// Past the database: the notifier and how the service reaches it.
        Downstream => "downstream",
        Tenant => "tenant",
    }
}

impl Mechanism {
    /// At least one of these must be in the design.
    pub fn needs(self) -> &'static [Mechanism] {
        use Mechanism::*;
        match self {
            RecordAfter | Claim => &[],
            Digest | StoreErrors | TenantScope => &[RecordAfter, Claim],
            Lease | Guard => &[Claim],
            Fence => &[Lease],
            NotifyBeforeCommit | Outbox | DownstreamKey => &[],
            DownstreamFence => &[Fence],
        }
    }

    /// Dropped when any of these is in the design (`record_after` gives way
    /// to `claim`: the two are exclusive, and the chapter builds on `claim`;
    /// `notify_before_commit` gives way to `outbox`, which the chapter's
    /// 追问 builds on).
    pub fn gives_way_to(self) -> &'static [Mechanism] {
        match self {
            Mechanism::RecordAfter => &[Mechanism::Claim],
            Mechanism::NotifyBeforeCommit => &[Mechanism::Outbox],
            _ => &[],
        }
    }

    /// The workbench's group.
    pub fn group(self) -> Group {
        use Mechanism::*;
        match self {
            RecordAfter | Claim => Group::KeyRecord,
            Digest => Group::Body,
            StoreErrors => Group::Errors,
            Lease => Group::Lease,
            Guard | Fence => Group::WriteBack,
            NotifyBeforeCommit | Outbox | DownstreamKey | DownstreamFence => Group::Downstream,
            TenantScope => Group::Tenant,
        }
    }

    fn bit(self) -> u16 {
        1 << (self as u8)
    }

    /// Translation key of the name (`lab.mech.<id>`); `.desc` is the one-line description.
    pub fn key(self) -> String {
        format!("lab.mech.{}", self.id())
    }
}

/// Why a mechanism asked for is not in the design used.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[derive(BorshSerialize, BorshDeserialize)]
pub enum DesignProblem {
    /// Text that names no mechanism (cut to a bounded echo).
    Unknown { given: String },
    /// `dropped` needs one of `needs`, and none is in the design.
    Needs {
        dropped: Mechanism,
        needs: Vec<Mechanism>,
    },
    /// `dropped` cannot be combined with `with`, which was kept.
    Excludes { dropped: Mechanism, with: Mechanism },
}

/// A set of mechanisms. Its ids are written in canonical order; it may be
/// invalid only as an intermediate value ([`Design::resolve`] makes it valid).
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(into = "String", try_from = "String")]
pub struct Design(u16);

impl std::fmt::Debug for Design {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Design({{{}}})", self.to_ids())
    }
}

impl Design {
    /// No mechanism: the naive server.
    pub const NONE: Design = Design(0);

    /// The set of `mechanisms`, as given (not checked).
    pub fn of(mechanisms: &[Mechanism]) -> Design {
        Design(mechanisms.iter().fold(0, |b, m| b | m.bit()))
    }

    pub fn has(self, m: Mechanism) -> bool {
        self.0 & m.bit() != 0
    }

    /// This design plus `m` (not checked).
    pub fn with(self, m: Mechanism) -> Design {
        Design(self.0 | m.bit())
    }

    /// This design plus every one of `added` (not checked).
    pub fn with_all(self, added: &[Mechanism]) -> Design {
        Design(self.0 | Design::of(added).0)
    }

    /// This design without `m`.
    pub fn without(self, m: Mechanism) -> Design {
        Design(self.0 & !m.bit())
    }

    /// The mechanisms in exactly one of the two designs.
    pub fn symmetric_difference(self, other: Design) -> Design {
        Design(self.0 ^ other.0)
    }

    /// Its mechanisms in canonical order.
    pub fn mechanisms(self) -> Vec<Mechanism> {
        Mechanism::ALL
            .into_iter()
            .filter(|m| self.has(*m))
            .collect()
    }

    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Its ids in canonical order.
    pub fn ids(self) -> Vec<&'static str> {
        self.mechanisms().into_iter().map(Mechanism::id).collect()
    }

    /// Its ids as a comma list (empty for the naive design).
    pub fn to_ids(self) -> String {
        self.ids().join(",")
    }

    /// Whether requests' keys are looked at (a key record is kept).
    pub fn keyed(self) -> bool {
        self.has(Mechanism::RecordAfter) || self.has(Mechanism::Claim)
    }

    /// The preset this design is, if any.
    pub fn preset(self) -> Option<Preset> {
        Preset::ALL.into_iter().find(|p| p.design() == self)
    }

    /// The preset's id if it is one, else the comma list of ids.
    pub fn label(self) -> String {
        match self.preset() {
            Some(p) => p.id().to_string(),
            None => self.to_ids(),
        }
    }

    /// The design actually used: every mechanism whose rules fail is
    /// dropped, in canonical order, with the reason.
    pub fn resolve(self) -> (Design, Vec<DesignProblem>) {
        let mut d = self;
        let mut problems = Vec::new();
        for m in Mechanism::ALL.into_iter().filter(|m| self.has(*m)) {
            if let Some(with) = m.gives_way_to().iter().find(|w| self.has(**w)) {
                d = d.without(m);
                problems.push(DesignProblem::Excludes {
                    dropped: m,
                    with: *with,
                });
            } else if !m.needs().is_empty() && !m.needs().iter().any(|n| d.has(*n)) {
                d = d.without(m);
                problems.push(DesignProblem::Needs {
                    dropped: m,
                    needs: m.needs().to_vec(),
                });
            }
        }
        (d, problems)
    }

    /// Whether every rule holds.
    pub fn is_valid(self) -> bool {
        self.resolve().1.is_empty()
    }

    /// Reads a comma list of ids in any order (spaces and repeats allowed;
    /// empty means the naive design), then [`Design::resolve`]s it.
    pub fn parse(text: &str) -> (Design, Vec<DesignProblem>) {
        let mut asked = Design::NONE;
        let mut unknown: Vec<&str> = Vec::new();
        for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            match Mechanism::from_id(part) {
                Some(m) => asked = asked.with(m),
                None => unknown.push(part),
            }
        }
        let (design, mut problems) = asked.resolve();
        if !unknown.is_empty() {
            let given = crate::kernel::params::echo(&unknown.join(","));
            problems.insert(0, DesignProblem::Unknown { given });
        }
        (design, problems)
    }

    /// Every valid design, smallest first (then by canonical ids).
    pub fn all_valid() -> Vec<Design> {
        let mut all: Vec<Design> = (0..1u32 << Mechanism::ALL.len())
            .map(|bits| Design(bits as u16))
            .filter(|d| d.is_valid())
            .collect();
        all.sort_by_key(|d| (d.len(), d.mechanisms()));
        all
    }
}

impl From<Design> for String {
    fn from(d: Design) -> String {
        d.to_ids()
    }
}

impl TryFrom<String> for Design {
    type Error = String;

    /// Strict: the wire carries only valid designs.
    fn try_from(s: String) -> Result<Design, String> {
        match Design::parse(&s) {
            (d, problems) if problems.is_empty() => Ok(d),
            (_, problems) => Err(format!("design '{s}': {problems:?}")),
        }
    }
}

/// In the engine's binary messages too a design travels as its ids, read
/// as strictly as in JSON.
impl BorshSerialize for Design {
    fn serialize<W: std::io::Write>(&self, writer: &mut W) -> std::io::Result<()> {
        BorshSerialize::serialize(&self.to_ids(), writer)
    }
}

impl BorshDeserialize for Design {
    fn deserialize_reader<R: std::io::Read>(reader: &mut R) -> std::io::Result<Self> {
        let ids = String::deserialize_reader(reader)?;
        Design::try_from(ids).map_err(std::io::Error::other)
    }
}

impl From<Preset> for Design {
    fn from(p: Preset) -> Design {
        p.design()
    }
}

impl Preset {
    /// The mechanisms of this preset.
    pub fn design(self) -> Design {
        use Mechanism::*;
        let atomic = [Claim, Digest, StoreErrors];
        match self {
            Preset::Naive => Design::NONE,
            Preset::KeySplit => Design::of(&[RecordAfter]),
            Preset::Atomic => Design::of(&atomic),
            Preset::LeasedUnguarded => Design::of(&atomic).with(Lease),
            Preset::Leased => Design::of(&atomic).with(Lease).with(Guard),
            Preset::Fenced => Design::of(&atomic).with(Lease).with(Guard).with(Fence),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Mechanism::*;

    #[test]
    fn requirements_point_backwards_so_one_pass_resolves() {
        for m in Mechanism::ALL {
            for n in m.needs().iter().chain(m.gives_way_to()) {
                assert_ne!(*n, m);
                if m.needs().contains(n) {
                    assert!(n < &m, "{m:?} needs the later {n:?}");
                }
            }
        }
    }

    #[test]
    fn parse_in_any_order_with_canonical_ids() {
        let (d, p) = Design::parse(" fence, claim ,lease,guard,digest,store_errors,claim");
        assert!(p.is_empty(), "{p:?}");
        assert_eq!(d, Preset::Fenced.design());
        assert_eq!(d.to_ids(), "claim,digest,store_errors,lease,guard,fence");
        assert_eq!(d.label(), "fenced");
        assert_eq!(Design::parse(""), (Design::NONE, vec![]));
        let custom = Design::of(&[Claim, Lease]);
        assert_eq!(custom.label(), "claim,lease");
        assert_eq!(custom.preset(), None);
    }

    #[test]
    fn impossible_combinations_name_what_is_missing_and_what_is_used() {
        let (d, p) = Design::parse("fence,lease,digest");
        assert_eq!(d, Design::NONE);
        assert_eq!(
            p,
            vec![
                DesignProblem::Needs {
                    dropped: Digest,
                    needs: vec![RecordAfter, Claim]
                },
                DesignProblem::Needs {
                    dropped: Lease,
                    needs: vec![Claim]
                },
                DesignProblem::Needs {
                    dropped: Fence,
                    needs: vec![Lease]
                },
            ]
        );
        let (d, p) = Design::parse("record_after,claim,guard,oracle,x");
        assert_eq!(d, Design::of(&[Claim, Guard]));
        assert_eq!(
            p,
            vec![
                DesignProblem::Unknown {
                    given: "oracle,x".into()
                },
                DesignProblem::Excludes {
                    dropped: RecordAfter,
                    with: Claim
                },
            ]
        );
        let long = "y".repeat(500);
        let (_, p) = Design::parse(&long);
        let DesignProblem::Unknown { given } = &p[0] else {
            panic!("{p:?}")
        };
        assert!(given.chars().count() <= crate::kernel::params::MAX_ECHO_CHARS + 1);
    }

    #[test]
    fn every_valid_design_is_counted_once_and_presets_are_valid() {
        let all = Design::all_valid();
        // The service's own database: no key record: 1; record_after with
        // digest × store_errors: 4; claim with digest × store_errors × guard
        // × {-, lease, lease+fence}: 24; every keyed one with or without
        // tenant_scope: 1 + 2 × 28 = 57, 16 of them with a fence. Downstream,
        // each of those 57 times {after commit, notify_before_commit,
        // outbox} × downstream_key (6), and the 16 with a fence once more ×
        // downstream_fence.
        assert_eq!(all.len(), 57 * 6 + 16 * 6);
        assert_eq!(all[0], Design::NONE);
        for p in Preset::ALL {
            assert!(all.contains(&p.design()), "{p:?}");
            assert_eq!(p.design().preset(), Some(p));
        }
        let mut unique = all.clone();
        unique.dedup();
        assert_eq!(unique.len(), all.len());
    }

    #[test]
    fn the_wire_carries_ids_and_refuses_invalid_designs() {
        let d = Preset::Leased.design();
        let json = serde_json::to_string(&d).unwrap();
        assert_eq!(json, "\"claim,digest,store_errors,lease,guard\"");
        assert_eq!(serde_json::from_str::<Design>(&json).unwrap(), d);
        assert!(serde_json::from_str::<Design>("\"fence\"").is_err());
        assert!(serde_json::from_str::<Design>("\"teleport\"").is_err());
        assert_eq!(
            serde_json::from_str::<Design>("\"\"").unwrap(),
            Design::NONE
        );
    }
}
