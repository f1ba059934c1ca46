//! The bug tracker's server as a set of mechanisms. One handler
//! (`handler`) is assembled from a [`Design`]; the five servers the lab
//! started with, and `leased_unguarded`, are named designs ([`Preset`]).
//!
//! Each mechanism is one module (`mechanisms/<id>.rs`): what it needs, what
//! it gives way to and what it changes live there. A design is a set of
//! them; it calls their hooks at the handler's steps in canonical order
//! (`key_steps`, `scope_key`, `found`, `claim`, `work`, `failure`, `write_back`,
//! `notify`) and answers the facts they state (how the key is kept, whether
//! a digest is compared…), so no code outside the mechanisms names one.
//! Every requirement names a mechanism earlier in [`Mechanism::ALL`], so a
//! single pass in that order drops whatever cannot work, and says why.

use borsh::{BorshDeserialize, BorshSerialize};
use serde::{Deserialize, Serialize};

use crate::lab::mechanisms::hooks::{
    Claim, Failure, Found, KeyScope, KeySteps, Notify, Verdict, Work, WriteBack,
};
use crate::lab::mechanisms::{Def, Slot, Stmt, Telling};
pub use crate::lab::mechanisms::{Group, Mechanism};
use crate::lab::model::ids::Preset;

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
pub struct Design(u64);

impl std::fmt::Debug for Design {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Design({{{}}})", self.to_ids())
    }
}

/// Declares `Design::<flag>`: whether one of its mechanisms sets the
/// [`Def`] flag of that name (a design has a property when any of its
/// mechanisms brings it).
macro_rules! any_flag {
    ($($(#[$doc:meta])* $flag:ident),+ $(,)?) => {
        impl Design {
            $($(#[$doc])*
            pub fn $flag(self) -> bool {
                self.any(|m| m.$flag)
            })+
        }
    };
}

any_flag! {
    /// A failure's 500 is stored under the key and replayed.
    stores_errors,
    /// The key record is keyed by (tenant, key).
    scopes_tenant,
    /// The notifier is called before the report's transaction commits.
    notifies_before_commit,
    /// Uncertain outcomes get a `status_ref`; late requests are refused.
    issues_status_ref,
    /// A replay re-checks authorisation.
    rechecks_auth,
    /// A new execution needs a valid approval.
    checks_approval,
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
        self.iter().collect()
    }

    /// Its mechanisms in canonical order, without collecting them (the
    /// handler asks its design's properties on every request).
    pub fn iter(self) -> impl Iterator<Item = Mechanism> {
        Mechanism::ALL.into_iter().filter(move |m| self.has(*m))
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

    /// Whether one of its mechanisms has a property.
    pub fn any(self, has: impl Fn(&Def) -> bool) -> bool {
        self.find(has).is_some()
    }

    /// Its first mechanism, in canonical order, with a property.
    pub fn find(self, has: impl Fn(&Def) -> bool) -> Option<Mechanism> {
        self.iter().find(|m| has(m.def()))
    }

    /// Whether requests' keys are looked at (a key record is kept).
    pub fn keyed(self) -> bool {
        self.key_steps().read.is_some()
    }

    /// Whether the key is recorded after the report («先插数据，再记键»):
    /// the narration, the listing and the grading tell this design's split
    /// commit apart.
    pub fn records_after(self) -> bool {
        self.key_steps().record_after_commit.is_some()
    }

    /// Whether the key is claimed before the work (a claimant holds it
    /// while it works, as the simulation's record of writers says).
    pub fn claims(self) -> bool {
        self.key_steps().claim.is_some()
    }

    /// Whether one of its mechanisms brings the handler's statement `s`
    /// (e.g. the outbox's row: then the outbox exists and a relay
    /// delivers from it).
    pub fn runs(self, s: Stmt) -> bool {
        self.any(|m| m.owns(s))
    }

    /// Its mechanisms' fragments in a statement's slot, in canonical order.
    pub fn fragments(self, slot: Slot) -> Vec<(Mechanism, &'static str)> {
        self.iter()
            .filter_map(|m| m.def().fragment(slot).map(|text| (m, text)))
            .collect()
    }

    /// Calls a hook of each of its mechanisms, in canonical order.
    fn each(self, mut hook: impl FnMut(&Def)) {
        for m in self.iter() {
            hook(m.def());
        }
    }

    /// The narration key its mechanisms name at `point` (the last one's,
    /// in canonical order), if any does.
    pub fn says(self, point: Telling) -> Option<&'static str> {
        self.iter().filter_map(|m| m.def().says(point)).last()
    }

    /// How the key's record is kept, as its mechanisms state it.
    pub fn key_steps(self) -> KeySteps {
        let mut steps = KeySteps::default();
        self.each(|m| (m.key_steps)(&mut steps));
        steps
    }

    /// A request's key (and, when given, its digest) as its key record
    /// stores them, and the key the notifier sees.
    pub fn scope_key(self, tenant: usize, key: Option<&str>, digest: Option<String>) -> KeyScope {
        let mut scope = KeyScope {
            tenant,
            columns: key.map(str::to_string).into_iter().collect(),
            digest,
            downstream: key.map(str::to_string),
        };
        self.each(|m| (m.scope_key)(&mut scope));
        scope
    }

    /// The answer to a request whose key's row was found, from the key
    /// record's own (`base`) through each mechanism's say.
    pub fn found(self, row: &Found, base: Verdict) -> Verdict {
        let mut verdict = base;
        self.each(|m| verdict = (m.found)(row, verdict));
        verdict
    }

    /// A claim (or a takeover) made at `now`.
    pub fn claim(self, now: u64) -> Claim {
        let mut claim = Claim {
            now,
            lease_until: None,
            takes_token: false,
        };
        self.each(|m| (m.claim)(&mut claim));
        claim
    }

    /// The report's transaction.
    pub fn work(self) -> Work {
        let mut work = Work::default();
        self.each(|m| (m.work)(&mut work));
        work
    }

    /// What a failure of the work does to the key's record.
    pub fn failure(self) -> Failure {
        let mut failure = Failure::default();
        self.each(|m| (m.failure)(&mut failure));
        failure
    }

    /// The write-back (or release) of a holder with token `held` whose
    /// lease ends at `lease_until`, at `now`.
    pub fn write_back(self, held: Option<i64>, lease_until: Option<u64>, now: u64) -> WriteBack {
        let mut w = WriteBack {
            held,
            lease_until,
            now,
            conditions: Vec::new(),
            stale: false,
            fenced: false,
        };
        self.each(|m| (m.write_back)(&mut w));
        w
    }

    /// A call to the notifier that may carry `offered_key` and `offered_fence`.
    pub fn notify(
        self,
        offered_key: Option<String>,
        offered_fence: Option<(String, i64)>,
    ) -> Notify {
        let mut n = Notify {
            offered_key,
            offered_fence,
            ..Notify::default()
        };
        self.each(|m| (m.notify)(&mut n));
        n
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

    /// Every valid design, smallest first (then by canonical ids): the
    /// mechanisms are walked in canonical order, each added only where its
    /// needs are met and nothing it gives way to is in, so invalid sets are
    /// never built (the registry may hold 64 mechanisms).
    pub fn all_valid() -> Vec<Design> {
        let mut all = vec![Design::NONE];
        for m in Mechanism::ALL {
            let grown: Vec<Design> = all
                .iter()
                .filter(|d| d.can_grow_by(m))
                .map(|d| d.with(m))
                .collect();
            all.extend(grown);
        }
        all.retain(|d| d.is_valid());
        all.sort_by_key(|d| (d.len(), d.mechanisms()));
        all
    }

    /// The designs the exhaustive tests walk: every valid design without
    /// 003's recovery mechanisms, and each of those with every recovery
    /// mechanism it can take (all four where it claims; `store_errors`
    /// keeps its place, so `unknown_on_failure`, which excludes it, joins
    /// only designs without it). The recovery mechanisms add branches to a
    /// design and change nothing its other mechanisms do, so these stand
    /// for all of [`Design::all_valid`] (4812) in twice the classic count;
    /// the property tests draw from all of them.
    pub fn all_valid_walked() -> Vec<Design> {
        let recovery = |m: &Mechanism| m.group() == crate::lab::mechanisms::Group::Recovery;
        let classic: Vec<Design> = (Design::all_valid().into_iter())
            .filter(|d| !d.iter().any(|m| recovery(&m)))
            .collect();
        let recovered = classic.iter().map(|d| {
            (Mechanism::ALL.into_iter().filter(recovery)).fold(*d, |d, m| {
                if d.can_grow_by(m) {
                    d.with(m)
                } else {
                    d
                }
            })
        });
        let mut all: Vec<Design> = classic.iter().copied().chain(recovered).collect();
        all.sort_by_key(|d| (d.len(), d.mechanisms()));
        all.dedup();
        all
    }

    /// Whether `m` can join this design (built in canonical order) and
    /// keep it valid: its needs met, nothing it gives way to in, and no
    /// mechanism in that gives way to it.
    fn can_grow_by(self, m: Mechanism) -> bool {
        let needs = m.needs();
        let needs_met = needs.is_empty() || needs.iter().any(|n| self.has(*n));
        let yields = m.gives_way_to().iter().any(|w| self.has(*w));
        let displaces = self
            .mechanisms()
            .iter()
            .any(|h| h.gives_way_to().contains(&m));
        needs_met && !yields && !displaces
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

crate::kernel::json::json_as_string!(Design);

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

/// The learner's three choices for one run (scenario, harness, design): a
/// matrix cell, a run the player steps through.
pub type Combo = (crate::lab::Scenario, crate::lab::Harness, Design);

#[cfg(test)]
mod tests {
    use super::*;
    use Mechanism::*;

    #[test]
    fn requirements_point_backwards_so_one_pass_resolves() {
        for m in Mechanism::ALL {
            for n in m.needs().iter().chain(&m.gives_way_to()) {
                assert_ne!(*n, m);
                if m.needs().contains(n) {
                    assert!(n < &m, "{m:?} needs the later {n:?}");
                }
            }
        }
    }

    #[test]
    fn the_walk_finds_every_valid_bit_pattern() {
        let n = Mechanism::ALL.len();
        let brute: Vec<Design> = (0..1u64 << n)
            .map(Design)
            .filter(|d| d.is_valid())
            .collect();
        let walked = Design::all_valid();
        assert_eq!(walked.len(), brute.len());
        assert!(brute.iter().all(|d| walked.contains(d)));
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
        // digest × store_errors × recheck_auth: 8; claim with digest × {-,
        // store_errors, unknown_on_failure} × guard × {-, lease,
        // lease+fence} × status_ref × recheck_auth: 144, 48 with a fence;
        // every keyed one with or without tenant_scope: 1 + 2 × 152 = 305,
        // 96 with a fence; each with or without approval: 610, 192 with a
        // fence. Downstream, each of those 610 times {after commit,
        // notify_before_commit, outbox} × downstream_key (6), and the 192
        // with a fence once more × downstream_fence.
        assert_eq!(all.len(), 610 * 6 + 192 * 6);
        assert_eq!(all[0], Design::NONE);
        for p in Preset::ALL {
            assert!(all.contains(&p.design()), "{p:?}");
            assert_eq!(p.design().preset(), Some(p));
        }
        let mut unique = all.clone();
        unique.dedup();
        assert_eq!(unique.len(), all.len());
        // The walked ones: the 438 classic designs, and each with what it
        // can take of the recovery group (all but the keyless one, which
        // takes only the approval): every one valid and distinct.
        let walked = Design::all_valid_walked();
        assert_eq!(walked.len(), 2 * 438);
        assert!(walked.iter().all(|d| all.contains(d)));
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
