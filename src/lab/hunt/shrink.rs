//! The shrinker: from a failing schedule, the simplest one that still
//! fails. One simplification at a time (fewer attempts, fewer faults,
//! shorter delays, a fault replaced by plain delivery), keeping the first
//! that still fails, until none does. Every simplification makes
//! [`measure`] strictly smaller, so shrinking ends.

use crate::lab::faults::{AttemptFault, Delivery, FaultSchedule, NotifyFault, ServerFault};

/// What shrinking makes smaller, compared in order: attempts listed, faults
/// in them (each model re-call counts one), then milliseconds and seconds
/// of delays, stalls and `Retry-After`s. Every [`simplifications`] is below
/// its schedule here, so a shrink ends.
pub fn measure(s: &FaultSchedule) -> (usize, u64, u64) {
    let mut faults = u64::from(s.model_recalls)
        + u64::from(s.double_submit)
        + u64::from(s.restart_next_day)
        + u64::from(s.second_tenant.is_some())
        + u64::from(s.rewrite_title);
    let mut size = s.second_tenant.unwrap_or(0);
    for n in &s.notify {
        faults += u64::from(n.relay_dies);
        for d in [n.request, n.response] {
            faults += u64::from(d != Delivery::Deliver);
            size += delivery_ms(d);
        }
    }
    for a in &s.attempts {
        for d in [a.request, a.response] {
            faults += u64::from(d != Delivery::Deliver);
            size += delivery_ms(d);
        }
        faults += u64::from(a.server != ServerFault::None) + u64::from(a.rerender);
        size += match a.server {
            ServerFault::Stall(ms) => ms,
            ServerFault::Unavailable { retry_after_s } => retry_after_s * 1000,
            ServerFault::RateLimited { retry_after_s, .. } => retry_after_s.unwrap_or(0) * 1000,
            _ => 0,
        };
    }
    (s.attempts.len() + s.notify.len(), faults, size)
}

/// The milliseconds a delivery fault lasts (a delay, a trickle).
fn delivery_ms(d: Delivery) -> u64 {
    match d {
        Delivery::Delay(ms) => ms,
        Delivery::Drip { every_ms, total_ms } => every_ms + total_ms,
        _ => 0,
    }
}

/// Shorter versions of a duration: half, three quarters and a tenth of a
/// second less, in whole tenths (a seconds value in whole seconds).
fn shorter(v: u64, unit: u64) -> Vec<u64> {
    let round = |x: u64| x / unit * unit;
    let mut out: Vec<u64> = [round(v / 2), round(v * 3 / 4), v.saturating_sub(unit)]
        .into_iter()
        .filter(|x| *x < v)
        .collect();
    out.dedup();
    out
}

fn shorter_delivery(d: Delivery) -> Vec<Delivery> {
    match d {
        Delivery::Delay(ms) => shorter(ms, 100).into_iter().map(Delivery::Delay).collect(),
        Delivery::Drip { every_ms, total_ms } => {
            let total = shorter(total_ms, 100)
                .into_iter()
                .map(|total_ms| Delivery::Drip { every_ms, total_ms });
            let every = shorter(every_ms, 100)
                .into_iter()
                .map(|every_ms| Delivery::Drip { every_ms, total_ms });
            total.chain(every).collect()
        }
        _ => Vec::new(),
    }
}

/// `v` changed by `edit`.
fn edited<T: Clone>(v: &T, edit: impl FnOnce(&mut T)) -> T {
    let mut c = v.clone();
    edit(&mut c);
    c
}

/// A copy of `v` for each of `values`, put in by `set` (a field's shorter
/// values, say).
fn copies<T: Clone, V>(v: T, values: Vec<V>, set: fn(&mut T, V)) -> impl Iterator<Item = T> {
    values.into_iter().map(move |x| edited(&v, |c| set(c, x)))
}

/// One notifier call's simpler versions: each fault replaced by plain
/// delivery, the relay kept alive, then each delay shorter.
fn simpler_notes(n: NotifyFault) -> Vec<NotifyFault> {
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
    out.extend(copies(n, shorter_delivery(n.request), |c, d| c.request = d));
    out.extend(copies(n, shorter_delivery(n.response), |c, d| {
        c.response = d
    }));
    out
}

/// The simpler versions of the faults past the service's own database: no
/// second tenant (or an earlier one), no rewritten title, fewer notifier
/// calls with faults, then each call's faults one by one.
fn downstream_simplifications(s: &FaultSchedule) -> Vec<FaultSchedule> {
    let mut out = Vec::new();
    if let Some(at) = s.second_tenant {
        out.push(edited(s, |c| c.second_tenant = None));
        for earlier in shorter(at, 100) {
            out.push(edited(s, |c| c.second_tenant = Some(earlier)));
        }
    }
    if s.rewrite_title {
        out.push(edited(s, |c| c.rewrite_title = false));
    }
    out.extend(list_simplifications(s, |c| &mut c.notify, simpler_notes));
    out
}

/// The simplifications of one list of a schedule, in the shrinker's order:
/// each shorter prefix, then each element but the last removed (dropping the
/// last is a prefix), then each element made simpler.
fn list_simplifications<T: Copy>(
    s: &FaultSchedule,
    list: fn(&mut FaultSchedule) -> &mut Vec<T>,
    simpler: fn(T) -> Vec<T>,
) -> Vec<FaultSchedule> {
    let items = std::mem::take(list(&mut s.clone()));
    let n = items.len();
    let mut out: Vec<FaultSchedule> = (0..n)
        .map(|keep| edited(s, |c| list(c).truncate(keep)))
        .collect();
    for i in 0..n.saturating_sub(1) {
        out.push(edited(s, |c| {
            list(c).remove(i);
        }));
    }
    for (i, item) in items.into_iter().enumerate() {
        for simpler in simpler(item) {
            out.push(edited(s, |c| list(c)[i] = simpler));
        }
    }
    out
}

fn shorter_server(f: ServerFault) -> Vec<ServerFault> {
    match f {
        ServerFault::Stall(ms) => shorter(ms, 100)
            .into_iter()
            .map(ServerFault::Stall)
            .collect(),
        ServerFault::Unavailable { retry_after_s } => shorter(retry_after_s, 1)
            .into_iter()
            .map(|retry_after_s| ServerFault::Unavailable { retry_after_s })
            .collect(),
        ServerFault::RateLimited {
            retry_after_s: Some(s),
            quota,
        } => shorter(s, 1)
            .into_iter()
            .map(|s| ServerFault::RateLimited {
                retry_after_s: Some(s),
                quota,
            })
            .collect(),
        _ => Vec::new(),
    }
}

/// One attempt's simpler versions: each fault replaced by plain delivery
/// (or no server fault), then each duration shorter.
fn simpler_attempts(a: AttemptFault) -> Vec<AttemptFault> {
    let plain = AttemptFault::default();
    let mut out = Vec::new();
    if a.request != plain.request {
        out.push(edited(&a, |c| c.request = plain.request));
    }
    if a.server != plain.server {
        out.push(edited(&a, |c| c.server = plain.server));
    }
    if a.response != plain.response {
        out.push(edited(&a, |c| c.response = plain.response));
    }
    if a.rerender {
        out.push(edited(&a, |c| c.rerender = false));
    }
    out.extend(copies(a, shorter_delivery(a.request), |c, d| c.request = d));
    out.extend(copies(a, shorter_server(a.server), |c, f| c.server = f));
    out.extend(copies(a, shorter_delivery(a.response), |c, d| {
        c.response = d
    }));
    out
}

/// Every single simplification of `s`, boldest first: the schedule-wide
/// faults, shorter attempt lists, one attempt fewer, then each attempt's
/// faults one by one.
pub fn simplifications(s: &FaultSchedule) -> Vec<FaultSchedule> {
    let mut out = Vec::new();
    if s.restart_next_day {
        out.push(edited(s, |c| c.restart_next_day = false));
    }
    if s.double_submit {
        out.push(edited(s, |c| c.double_submit = false));
    }
    if s.model_recalls > 0 {
        out.push(edited(s, |c| c.model_recalls = 0));
    }
    if s.model_recalls > 1 {
        out.push(edited(s, |c| c.model_recalls -= 1));
    }
    out.extend(list_simplifications(
        s,
        |c| &mut c.attempts,
        simpler_attempts,
    ));
    out.extend(downstream_simplifications(s));
    out
}

/// One step of a shrink: the schedule it moved to.
pub type ShrinkPath = Vec<FaultSchedule>;

/// Shrinks a failing schedule: repeatedly moves to the first
/// simplification for which `fails` holds, until none does. Returns the
/// path (every schedule moved to, the last being the minimum) and the
/// number of schedules tried.
pub fn shrink(
    start: &FaultSchedule,
    mut fails: impl FnMut(&FaultSchedule) -> bool,
) -> (ShrinkPath, usize) {
    let mut state = Shrinker::new(start.clone());
    while state.step(&mut fails) {}
    (state.path, state.tried)
}

/// A shrink that advances one tried schedule at a time (the lab worker's
/// job runs it in slices).
#[derive(Clone, Debug)]
pub struct Shrinker {
    current: FaultSchedule,
    candidates: Vec<FaultSchedule>,
    next: usize,
    pub path: ShrinkPath,
    pub tried: usize,
}

impl Shrinker {
    pub fn new(start: FaultSchedule) -> Self {
        Self {
            candidates: simplifications(&start),
            current: start,
            next: 0,
            path: Vec::new(),
            tried: 0,
        }
    }

    /// The smallest failing schedule so far.
    pub fn current(&self) -> &FaultSchedule {
        &self.current
    }

    pub fn is_done(&self) -> bool {
        self.next >= self.candidates.len()
    }

    /// Tries one simplification; returns whether any remain to try.
    pub fn step(&mut self, fails: &mut impl FnMut(&FaultSchedule) -> bool) -> bool {
        let Some(candidate) = self.candidates.get(self.next) else {
            return false;
        };
        self.tried += 1;
        if fails(candidate) {
            self.current = candidate.clone();
            self.path.push(self.current.clone());
            self.candidates = simplifications(&self.current);
            self.next = 0;
        } else {
            self.next += 1;
        }
        !self.is_done()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lab::hunt::generate::generate;
    use crate::lab::hunt::KindSet;

    #[test]
    fn every_simplification_is_smaller() {
        let mut rng = crate::kernel::rng::lab_rng(17);
        for _ in 0..500 {
            let s = generate(&mut rng, KindSet::all());
            for c in simplifications(&s) {
                assert!(measure(&c) < measure(&s), "{s:?} → {c:?}");
            }
        }
    }

    #[test]
    fn shrinking_a_predicate_reaches_its_minimum() {
        // Fails whenever some attempt stalls at least 5 s: the minimum is
        // one attempt stalling exactly 5 s.
        let stalls = |s: &FaultSchedule| {
            s.attempts
                .iter()
                .any(|a| matches!(a.server, ServerFault::Stall(ms) if ms >= 5_000))
        };
        let start = FaultSchedule {
            attempts: vec![
                AttemptFault {
                    request: Delivery::Lose,
                    ..AttemptFault::default()
                },
                AttemptFault {
                    server: ServerFault::Stall(8_700),
                    response: Delivery::Delay(1_200),
                    rerender: true,
                    ..AttemptFault::default()
                },
            ],
            model_recalls: 2,
            double_submit: true,
            ..FaultSchedule::default()
        };
        let (path, tried) = shrink(&start, stalls);
        let min = path.last().unwrap();
        assert_eq!(
            min.attempts,
            vec![AttemptFault::server(ServerFault::Stall(5_000))]
        );
        assert_eq!((min.model_recalls, min.double_submit), (0, false));
        assert!(simplifications(min).iter().all(|c| !stalls(c)));
        assert!(tried > path.len());
    }

    #[test]
    fn the_faults_past_the_database_shrink_too() {
        // Fails with a second tenant at all and a relay that dies on some
        // call: the minimum is the tenant at once, and one call whose relay
        // dies, with nothing else.
        let fails =
            |s: &FaultSchedule| s.second_tenant.is_some() && s.notify.iter().any(|n| n.relay_dies);
        let start = FaultSchedule {
            attempts: vec![AttemptFault {
                request: Delivery::TlsFailure,
                response: Delivery::Drip {
                    every_ms: 2_000,
                    total_ms: 25_000,
                },
                server: ServerFault::CrashAfterCommit,
                rerender: false,
            }],
            notify: vec![
                NotifyFault {
                    request: Delivery::Delay(900),
                    ..NotifyFault::default()
                },
                NotifyFault {
                    response: Delivery::Lose,
                    relay_dies: true,
                    ..NotifyFault::default()
                },
            ],
            second_tenant: Some(2_300),
            rewrite_title: true,
            ..FaultSchedule::default()
        };
        let (path, _) = shrink(&start, fails);
        let min = path.last().unwrap();
        let dies = NotifyFault {
            relay_dies: true,
            ..NotifyFault::default()
        };
        assert_eq!(
            *min,
            FaultSchedule {
                notify: vec![dies],
                second_tenant: Some(0),
                ..FaultSchedule::default()
            }
        );
        assert!(simplifications(min).iter().all(|c| !fails(c)));
    }
}
