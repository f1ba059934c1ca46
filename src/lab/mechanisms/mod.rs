//! The server's mechanisms, one file each (`<id>.rs`, declaring its [`Def`]
//! as `DEF`), and their registry: one line per mechanism, in canonical
//! order (the chapter's table order; every requirement names an earlier
//! one, so a single pass in this order resolves a design). Code elsewhere
//! reads a design's mechanisms' facts or calls their hooks at the handler's
//! steps (`hooks.rs`); it never names one. The presets (`presets.rs`) are the one table that
//! does.

pub mod def;
pub mod hooks;
mod presets;

use serde::{Deserialize, Serialize};

use crate::kernel::entry::Entry;
use crate::kernel::vocabulary::vocabulary;
pub use def::{Def, Group, Piece, Slot, Telling};
pub use hooks::{HandlerStep, Stmt};

vocabulary! {
    /// One mechanism of the server: a small handle on its module.
    #[derive(Serialize, Deserialize)]
    #[derive(borsh::BorshSerialize, borsh::BorshDeserialize)]
    Mechanism: Def {
        RecordAfter => record_after::DEF,
        Claim => claim::DEF,
        Digest => digest::DEF,
        StoreErrors => store_errors::DEF,
        Lease => lease::DEF,
        Guard => guard::DEF,
        Fence => fence::DEF,
        NotifyBeforeCommit => notify_before_commit::DEF,
        Outbox => outbox::DEF,
        DownstreamKey => downstream_key::DEF,
        DownstreamFence => downstream_fence::DEF,
        TenantScope => tenant_scope::DEF,
        StatusRef => status_ref::DEF,
        UnknownOnFailure => unknown_on_failure::DEF,
        RecheckAuth => recheck_auth::DEF,
        Approval => approval::DEF,
        #[cfg(feature = "toy_mechanism")]
        LogHooks => log_hooks::DEF,
    }
}

/// The most mechanisms a design holds (one bit each).
pub const MAX_MECHANISMS: usize = 64;

const _: () = assert!(Mechanism::ALL.len() <= MAX_MECHANISMS);

impl Mechanism {
    /// The URL id, e.g. `store_errors`.
    pub fn id(self) -> &'static str {
        self.def().id
    }

    /// Parses a URL id (exact); `None` for anything else.
    pub fn from_id(id: &str) -> Option<Mechanism> {
        Mechanism::ALL.into_iter().find(|m| m.id() == id)
    }

    /// Every id, in canonical order.
    pub fn ids() -> Vec<&'static str> {
        Mechanism::ALL.iter().map(|m| m.id()).collect()
    }

    /// The first mechanism, in canonical order, with a property.
    pub fn find(has: impl Fn(&Def) -> bool) -> Option<Mechanism> {
        Mechanism::ALL.into_iter().find(|m| has(m.def()))
    }

    /// At least one of these must be in the design.
    pub fn needs(self) -> Vec<Mechanism> {
        by_ids(self.def().needs)
    }

    /// Dropped when any of these is in the design.
    pub fn gives_way_to(self) -> Vec<Mechanism> {
        by_ids(self.def().gives_way_to)
    }

    /// The workbench's group.
    pub fn group(self) -> Group {
        self.def().group
    }

    /// Translation key of the name (`lab.mech.<id>`); `.desc` is the one-line description.
    pub fn key(self) -> String {
        format!("lab.mech.{}", self.id())
    }

    /// The bit of a design's set.
    pub(crate) fn bit(self) -> u64 {
        1 << (self as u8)
    }
}

/// Every mechanism's rows of the translation table.
pub fn texts() -> impl Iterator<Item = &'static Entry> {
    Mechanism::ALL.into_iter().flat_map(|m| m.def().texts)
}

/// The mechanisms named by `ids` (each id is a registry's: the tests check).
fn by_ids(ids: &[&str]) -> Vec<Mechanism> {
    ids.iter().filter_map(|id| Mechanism::from_id(id)).collect()
}

impl crate::kernel::ids::UrlId for Mechanism {
    fn id(self) -> &'static str {
        Mechanism::id(self)
    }

    fn from_id(id: &str) -> Option<Self> {
        Mechanism::from_id(id)
    }

    fn ids() -> Vec<&'static str> {
        Mechanism::ids()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_id_a_mechanism_names_is_known_and_earlier() {
        for m in Mechanism::ALL {
            assert_eq!(Mechanism::from_id(m.id()), Some(m));
            assert_eq!(m.needs().len(), m.def().needs.len(), "{m:?}");
            assert_eq!(m.gives_way_to().len(), m.def().gives_way_to.len());
            for n in m.needs() {
                assert!(n < m, "{m:?} needs the later {n:?}");
            }
        }
    }

    #[test]
    fn every_mechanism_brings_its_name_and_description() {
        for m in Mechanism::ALL {
            let keys: Vec<&str> = m.def().texts.iter().map(|e| e.key).collect();
            assert!(keys.contains(&m.key().as_str()), "{m:?}");
            assert!(
                keys.contains(&format!("{}.desc", m.key()).as_str()),
                "{m:?}"
            );
        }
    }

    #[test]
    fn chapter_places_are_distinct() {
        let mut places: Vec<u8> = Mechanism::ALL
            .iter()
            .filter_map(|m| m.def().chapter_place)
            .collect();
        let n = places.len();
        places.sort();
        places.dedup();
        assert_eq!(places.len(), n);
    }
}
