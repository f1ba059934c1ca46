//! A call from the service to the notifier, or its answer, lost or late
//! (kind `notifier`; on a notifier call opened by `o`: `ql`, `qd<ms>`, `pl`,
//! `pd<ms>`). A crash around the report's `COMMIT` is its lesson too, so a
//! schedule with one needs this kind ([`super::crash`] draws it).

use rand::Rng;

use super::crash::around_commit;
use super::delayed::{Delay, MAX_GEN_DELAY_MS};
use super::drip::Drip;
use super::kinds::{FaultKind, KindSet};
use super::primitive::{tally, Message, Primitive};
use super::relay;
use super::schedule::{Delivery, FaultSchedule, NotifyFault};
use super::simpler::{copies, edited, list_simplifications, tenths};
use crate::kernel::rng::LabRng;

/// The most notifier calls the generator gives faults to.
pub const MAX_GEN_NOTIFY: usize = 4;

/// A notifier call or its answer goes wrong (a crash around the report's
/// `COMMIT` counts as its use): past the database.
pub const PRIMITIVE: Primitive = Primitive {
    measure: Some(|s| {
        let d = s.notify.iter().flat_map(|n| [n.request, n.response]);
        tally(d.filter(|d| faulty(*d)).map(ms))
    }),
    simpler: |s| list_simplifications(s, |c| &mut c.notify, simpler_call),
    past_the_database: true,
    ..Primitive::new(FaultKind::Notifier, used_in)
};

fn faulty(d: Delivery) -> bool {
    d != Delivery::Deliver
}

/// The milliseconds a notifier call's delivery fault lasts.
fn ms(d: Delivery) -> u64 {
    Delay.ms(d) + Drip.ms(d)
}

/// Shorter versions of a notifier call's delivery fault.
fn shorter(d: Delivery) -> Vec<Delivery> {
    let mut out = Delay.shorter(d);
    out.extend(Drip.shorter(d));
    out
}

/// Whether a schedule needs the kind: a crash around the report's
/// `COMMIT`, or a notifier call with a fault.
fn used_in(s: &FaultSchedule) -> bool {
    s.attempts.iter().any(|a| around_commit(a.server))
        || s.notify
            .iter()
            .any(|n| faulty(n.request) || faulty(n.response))
}

/// One notifier call's simpler versions: each fault replaced by plain
/// delivery, the relay kept alive, then each delay shorter.
fn simpler_call(n: NotifyFault) -> Vec<NotifyFault> {
    let mut out = Vec::new();
    if n.request != Delivery::Deliver {
        out.push(edited(&n, |c| c.request = Delivery::Deliver));
    }
    if n.response != Delivery::Deliver {
        out.push(edited(&n, |c| c.response = Delivery::Deliver));
    }
    if n.relay_dies {
        out.push(edited(&n, |c| c.relay_dies = false));
    }
    out.extend(copies(n, shorter(n.request), |c, d| c.request = d));
    out.extend(copies(n, shorter(n.response), |c, d| c.response = d));
    out
}

/// What the network does with a notifier call or its answer.
fn draw_delivery(rng: &mut LabRng, kinds: KindSet) -> Delivery {
    if !kinds.has(FaultKind::Notifier) {
        return Delivery::Deliver;
    }
    match rng.random_range(0..6) {
        0 | 1 => Delivery::Lose,
        2 => Delivery::Delay(tenths(rng, MAX_GEN_DELAY_MS)),
        _ => Delivery::Deliver,
    }
}

/// The faults of the generator's first calls to the notifier (with the
/// notifier's or the relay's kind).
pub fn draw(rng: &mut LabRng, kinds: KindSet) -> Vec<NotifyFault> {
    if !kinds.has(FaultKind::Notifier) && !kinds.has(FaultKind::Relay) {
        return Vec::new();
    }
    let n = rng.random_range(0..=MAX_GEN_NOTIFY);
    (0..n)
        .map(|_| NotifyFault {
            request: draw_delivery(rng, kinds),
            response: draw_delivery(rng, kinds),
            relay_dies: relay::draw(rng, kinds),
        })
        .collect()
}

/// Whether a notifier call may carry `d`: only lost or late messages.
pub fn carries(d: Delivery) -> bool {
    matches!(d, Delivery::Lose | Delivery::Refuse | Delivery::Delay(_))
}
