//! The named designs (the five servers the lab started with, and
//! `leased_unguarded`): the one table outside a mechanism's own file that
//! names mechanisms.

use super::Mechanism::*;
use crate::lab::model::design::Design;
use crate::lab::model::ids::Preset;

impl Preset {
    /// The mechanisms of this preset.
    pub fn design(self) -> Design {
        let atomic = [Claim, Digest, StoreErrors];
        match self {
            Preset::Naive => Design::NONE,
            Preset::KeySplit => Design::of(&[RecordAfter]),
            Preset::Atomic => Design::of(&atomic),
            Preset::LeasedUnguarded => Design::of(&atomic).with(Lease),
            Preset::Leased => Design::of(&atomic).with(Lease).with(Guard),
            Preset::Fenced => Design::of(&atomic).with(Lease).with(Guard).with(Fence),
            Preset::Reconciled => Design::of(&[
                Claim,
                Digest,
                Lease,
                Guard,
                Fence,
                TenantScope,
                Outbox,
                DownstreamKey,
                StatusRef,
                UnknownOnFailure,
                RecheckAuth,
                Approval,
            ]),
        }
    }
}
