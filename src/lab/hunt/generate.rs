//! The seeded generator of fault schedules, restricted to a set of fault
//! kinds. The hunt draws one schedule after another from one `LabRng`; the
//! property tests draw one per case from a seed, so both explore the same
//! space. Times are whole tenths of a second, so the schedule reads well.

use crate::kernel::rng::LabRng;
use rand::Rng;

use super::kinds::{FaultKind, KindSet};
use crate::lab::faults::{AttemptFault, Delivery, FaultSchedule, NotifyFault, ServerFault};

/// The most attempts a generated schedule lists (attempts past the list
/// get no fault); two tool calls' worth of the harness's budget.
pub const MAX_GEN_ATTEMPTS: usize = 8;
/// The most model re-calls a generated schedule asks for.
pub const MAX_GEN_RECALLS: u32 = 2;
/// The longest delay of a message, in milliseconds.
pub const MAX_GEN_DELAY_MS: u64 = 6_000;
/// The longest stall, in milliseconds (past the lease).
pub const MAX_GEN_STALL_MS: u64 = 9_000;
/// The longest `Retry-After`, in seconds.
pub const MAX_GEN_RETRY_AFTER_S: u64 = 20;

/// The most notifier calls a generated schedule gives faults to.
pub const MAX_GEN_NOTIFY: usize = 4;
/// The longest gap between two bytes of a response that trickles in.
pub const MAX_GEN_DRIP_EVERY_MS: u64 = 3_000;
/// The longest a trickling response takes in all.
pub const MAX_GEN_DRIP_MS: u64 = 30_000;
/// The latest a second tenant's agent files its report.
pub const MAX_GEN_SECOND_TENANT_MS: u64 = 3_000;

/// A duration in `100..=max` milliseconds, a whole number of tenths.
fn tenths(rng: &mut LabRng, max_ms: u64) -> u64 {
    rng.random_range(1..=max_ms / 100) * 100
}

/// What the network does with a message; `request` says whether it may be
/// refused (a refused response means the same as a lost one).
fn delivery(rng: &mut LabRng, kinds: KindSet, request: bool) -> Delivery {
    let lost = kinds.has(FaultKind::Lost);
    let delayed = kinds.has(FaultKind::Delayed);
    let d = match rng.random_range(0..8) {
        0 | 1 if lost => Delivery::Lose,
        2 if lost && request => Delivery::Refuse,
        2 if lost => Delivery::Lose,
        3 if delayed => Delivery::Delay(tenths(rng, MAX_GEN_DELAY_MS)),
        _ => Delivery::Deliver,
    };
    // The kinds past the service's own database draw only when chosen, so
    // a hunt over the older kinds draws the same schedules as before.
    match d {
        Delivery::Deliver if request => tls(rng, kinds).unwrap_or(d),
        Delivery::Deliver => drip(rng, kinds).unwrap_or(d),
        _ => d,
    }
}

/// A failed TLS handshake, now and then, when its kind is chosen.
fn tls(rng: &mut LabRng, kinds: KindSet) -> Option<Delivery> {
    (kinds.has(FaultKind::TlsError) && rng.random_bool(0.08)).then_some(Delivery::TlsFailure)
}

/// A response that trickles in, now and then, when its kind is chosen.
fn drip(rng: &mut LabRng, kinds: KindSet) -> Option<Delivery> {
    if !(kinds.has(FaultKind::SlowDrip) && rng.random_bool(0.1)) {
        return None;
    }
    let every_ms = tenths(rng, MAX_GEN_DRIP_EVERY_MS);
    let total_ms = tenths(rng, MAX_GEN_DRIP_MS);
    Some(Delivery::Drip { every_ms, total_ms })
}

/// What the network does with a notifier call or its answer.
fn note_delivery(rng: &mut LabRng, kinds: KindSet) -> Delivery {
    if !kinds.has(FaultKind::Notifier) {
        return Delivery::Deliver;
    }
    match rng.random_range(0..6) {
        0 | 1 => Delivery::Lose,
        2 => Delivery::Delay(tenths(rng, MAX_GEN_DELAY_MS)),
        _ => Delivery::Deliver,
    }
}

/// The faults of the first calls to the notifier (notifier and relay kinds).
fn notify(rng: &mut LabRng, kinds: KindSet) -> Vec<NotifyFault> {
    if !kinds.has(FaultKind::Notifier) && !kinds.has(FaultKind::Relay) {
        return Vec::new();
    }
    let n = rng.random_range(0..=MAX_GEN_NOTIFY);
    (0..n)
        .map(|_| NotifyFault {
            request: note_delivery(rng, kinds),
            response: note_delivery(rng, kinds),
            relay_dies: kinds.has(FaultKind::Relay) && rng.random_bool(0.3),
        })
        .collect()
}

/// Where a crash happens: between the two commits, or (with the notifier's
/// kinds, whose lessons they are) before the `COMMIT` or right after it.
fn crash(rng: &mut LabRng, kinds: KindSet) -> ServerFault {
    if !kinds.has(FaultKind::Notifier) {
        return ServerFault::Crash;
    }
    match rng.random_range(0..3) {
        0 => ServerFault::Crash,
        1 => ServerFault::CrashBeforeCommit,
        _ => ServerFault::CrashAfterCommit,
    }
}

fn server_error(rng: &mut LabRng) -> ServerFault {
    match rng.random_range(0..3) {
        0 => ServerFault::Unavailable {
            retry_after_s: rng.random_range(0..=MAX_GEN_RETRY_AFTER_S),
        },
        1 => {
            // A quota 429 comes without Retry-After here, a rate limit with
            // it (the code has tokens for the other two kinds).
            let retry_after_s = rng
                .random_bool(0.5)
                .then(|| rng.random_range(0..=MAX_GEN_RETRY_AFTER_S));
            ServerFault::RateLimited {
                retry_after_s,
                quota: retry_after_s.is_none(),
            }
        }
        _ => ServerFault::Fail,
    }
}

fn server_fault(rng: &mut LabRng, kinds: KindSet) -> ServerFault {
    match rng.random_range(0..9) {
        0 | 1 if kinds.has(FaultKind::Stall) => ServerFault::Stall(tenths(rng, MAX_GEN_STALL_MS)),
        2 | 3 if kinds.has(FaultKind::Crash) => crash(rng, kinds),
        4 if kinds.has(FaultKind::ServerError) => server_error(rng),
        _ => ServerFault::None,
    }
}

fn attempt(rng: &mut LabRng, kinds: KindSet) -> AttemptFault {
    AttemptFault {
        request: delivery(rng, kinds, true),
        response: delivery(rng, kinds, false),
        server: server_fault(rng, kinds),
        rerender: kinds.has(FaultKind::Rerender) && rng.random_bool(0.15),
    }
}

/// The next schedule from `rng`, using only faults of `kinds`. The same
/// generator state gives the same schedule on every platform.
pub fn generate(rng: &mut LabRng, kinds: KindSet) -> FaultSchedule {
    let n = rng.random_range(0..=MAX_GEN_ATTEMPTS);
    let attempts = (0..n).map(|_| attempt(rng, kinds)).collect();
    let model_recalls = if kinds.has(FaultKind::ModelRecall) {
        rng.random_range(0..=MAX_GEN_RECALLS)
    } else {
        0
    };
    let double_submit = kinds.has(FaultKind::DoubleSubmit) && rng.random_bool(0.2);
    let restart_next_day = kinds.has(FaultKind::NextDay) && rng.random_bool(0.1);
    let notify = notify(rng, kinds);
    let second_tenant = (kinds.has(FaultKind::SecondTenant) && rng.random_bool(0.3))
        .then(|| rng.random_range(0..=MAX_GEN_SECOND_TENANT_MS / 100) * 100);
    let rewrite_title = kinds.has(FaultKind::TitleRewrite) && rng.random_bool(0.3);
    FaultSchedule {
        attempts,
        model_recalls,
        double_submit,
        restart_next_day,
        notify,
        second_tenant,
        rewrite_title,
    }
}

/// The kinds a schedule uses (what the shrunk counterexample needs).
pub fn kinds_of(s: &FaultSchedule) -> KindSet {
    let mut set = KindSet::none();
    let mut add = |on: bool, k| {
        if on {
            set = set.with(k);
        }
    };
    for a in &s.attempts {
        for d in [a.request, a.response] {
            add(
                matches!(d, Delivery::Lose | Delivery::Refuse),
                FaultKind::Lost,
            );
            add(matches!(d, Delivery::Delay(_)), FaultKind::Delayed);
        }
        add(
            matches!(a.request, Delivery::TlsFailure),
            FaultKind::TlsError,
        );
        add(
            matches!(a.response, Delivery::Drip { .. }),
            FaultKind::SlowDrip,
        );
        add(matches!(a.server, ServerFault::Stall(_)), FaultKind::Stall);
        let crash = matches!(
            a.server,
            ServerFault::Crash | ServerFault::CrashBeforeCommit | ServerFault::CrashAfterCommit
        );
        add(crash, FaultKind::Crash);
        let notifier_crash = matches!(
            a.server,
            ServerFault::CrashBeforeCommit | ServerFault::CrashAfterCommit
        );
        add(notifier_crash, FaultKind::Notifier);
        let error = matches!(
            a.server,
            ServerFault::Unavailable { .. } | ServerFault::RateLimited { .. } | ServerFault::Fail
        );
        add(error, FaultKind::ServerError);
        add(a.rerender, FaultKind::Rerender);
    }
    add(s.model_recalls > 0, FaultKind::ModelRecall);
    add(s.double_submit, FaultKind::DoubleSubmit);
    add(s.restart_next_day, FaultKind::NextDay);
    for n in &s.notify {
        add(
            n.request != Delivery::Deliver || n.response != Delivery::Deliver,
            FaultKind::Notifier,
        );
        add(n.relay_dies, FaultKind::Relay);
    }
    add(s.second_tenant.is_some(), FaultKind::SecondTenant);
    add(s.rewrite_title, FaultKind::TitleRewrite);
    set
}

#[cfg(test)]
mod tests {
    use super::*;

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
