//! The seeded generator of fault schedules, restricted to a set of fault
//! kinds. The hunt draws one schedule after another from one `LabRng`; the
//! property tests draw one per case from a seed, so both explore the same
//! space. Times are whole tenths of a second, so the schedule reads well.

use crate::kernel::rng::LabRng;
use rand::Rng;

use crate::lab::faults::kinds::KindSet;
use crate::lab::faults::{
    approval, crash, delayed, double_submit, drip, effect, lost, model_recall, next_day, notifier,
    receipt_late, rerender, revoked, second_tenant, server_error, stall, title_rewrite, tls,
};
use crate::lab::faults::{AttemptFault, Delivery, FaultSchedule, ServerFault};

pub use crate::lab::faults::delayed::MAX_GEN_DELAY_MS;
pub use crate::lab::faults::drip::{MAX_GEN_DRIP_EVERY_MS, MAX_GEN_DRIP_MS};
pub use crate::lab::faults::kinds_of;
pub use crate::lab::faults::model_recall::MAX_GEN_RECALLS;
pub use crate::lab::faults::notifier::MAX_GEN_NOTIFY;
pub use crate::lab::faults::second_tenant::MAX_GEN_SECOND_TENANT_MS;
pub use crate::lab::faults::server_error::MAX_GEN_RETRY_AFTER_S;
pub use crate::lab::faults::stall::MAX_GEN_STALL_MS;

/// The most attempts a generated schedule lists (attempts past the list
/// get no fault); two tool calls' worth of the harness's budget.
pub const MAX_GEN_ATTEMPTS: usize = 8;
/// The faces of a message's die: lost on three, late on one.
const MESSAGE_FACES: u32 = 8;
/// The faces of a server fault's die: a stall on two, a crash on two, an
/// error on one, a failure after the downstream's effect on one.
const SERVER_FACES: u32 = 9;

/// What the network does with a message; `request` says whether it may be
/// refused (a refused response means the same as a lost one).
fn delivery(rng: &mut LabRng, kinds: KindSet, request: bool) -> Delivery {
    let face = rng.random_range(0..MESSAGE_FACES);
    let d = lost::draw(face, kinds, request)
        .or_else(|| delayed::draw(rng, face, kinds))
        .unwrap_or_default();
    // The kinds past the service's own database draw only when chosen, so
    // a hunt over the older kinds draws the same schedules as before.
    match d {
        Delivery::Deliver if request => tls::draw(rng, kinds).unwrap_or(d),
        Delivery::Deliver => drip::draw(rng, kinds).unwrap_or(d),
        _ => d,
    }
}

fn server_fault(rng: &mut LabRng, kinds: KindSet) -> ServerFault {
    let face = rng.random_range(0..SERVER_FACES);
    stall::draw(rng, face, kinds)
        .or_else(|| crash::draw(rng, face, kinds))
        .or_else(|| server_error::draw(rng, face, kinds))
        .or_else(|| effect::draw_server(face, kinds))
        .unwrap_or_default()
}

fn attempt(rng: &mut LabRng, kinds: KindSet) -> AttemptFault {
    AttemptFault {
        request: delivery(rng, kinds, true),
        response: delivery(rng, kinds, false),
        server: server_fault(rng, kinds),
        rerender: rerender::draw(rng, kinds),
    }
}

/// The next schedule from `rng`, using only faults of `kinds`. The same
/// generator state gives the same schedule on every platform: each
/// primitive draws in this order.
pub fn generate(rng: &mut LabRng, kinds: KindSet) -> FaultSchedule {
    let n = rng.random_range(0..=MAX_GEN_ATTEMPTS);
    let attempts = (0..n).map(|_| attempt(rng, kinds)).collect();
    let mut s = FaultSchedule {
        attempts,
        model_recalls: model_recall::draw(rng, kinds),
        double_submit: double_submit::FLAG.draw(rng, kinds),
        restart_next_day: next_day::FLAG.draw(rng, kinds),
        notify: notifier::draw(rng, kinds),
        second_tenant: second_tenant::draw(rng, kinds),
        rewrite_title: title_rewrite::FLAG.draw(rng, kinds),
        // The outage, the malformed field and many tool calls are the
        // named scenarios' alone: not drawn.
        ..FaultSchedule::default()
    };
    // 003's recovery draws last, so the other kinds' schedules stay as
    // they were; a handler raising after the effect needs the effect.
    s.effect = effect::draw(rng, kinds, effect::raises_after_effect(&s));
    s.receipt_after_ms = receipt_late::draw(rng, kinds, s.effect);
    s.revoke_at_ms = revoked::draw(rng, kinds);
    s.approval_until_ms = approval::draw(rng, kinds);
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lab::faults::kinds::FaultKind;

    fn many(seed: u64, kinds: KindSet) -> Vec<FaultSchedule> {
        let mut rng = crate::kernel::rng::lab_rng(seed);
        (0..2_000).map(|_| generate(&mut rng, kinds)).collect()
    }

    #[test]
    fn the_same_seed_gives_the_same_schedules() {
        assert_eq!(many(3, KindSet::all()), many(3, KindSet::all()));
        assert_ne!(many(3, KindSet::all()), many(4, KindSet::all()));
    }

    #[test]
    fn only_the_chosen_kinds_appear_and_each_does() {
        let all = many(9, KindSet::all())
            .iter()
            .fold(KindSet::none(), |acc, s| {
                kinds_of(s).kinds().into_iter().fold(acc, KindSet::with)
            });
        assert_eq!(all, KindSet::all(), "every kind is drawn somewhere");
        for k in FaultKind::ALL {
            let only = KindSet::none().with(k);
            for s in many(5, only) {
                let used = kinds_of(&s);
                assert!(used.is_empty() || used == only, "{k:?}: {s:?}");
            }
        }
        let none = many(1, KindSet::none());
        assert!(none.iter().all(|s| kinds_of(s).is_empty()));
    }
}
