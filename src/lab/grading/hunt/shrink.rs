//! The shrinker: from a failing schedule, the simplest one that still
//! fails. One simplification at a time (fewer attempts, fewer faults,
//! shorter delays, a fault replaced by plain delivery), keeping the first
//! that still fails, until none does. Every simplification makes
//! [`measure`] strictly smaller, so shrinking ends.

use crate::lab::faults::simpler::{copies, edited, list_simplifications};
use crate::lab::faults::{AttemptFault, FaultSchedule, PRIMITIVES};

pub use crate::lab::faults::measure;

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
    out.extend(copies(a, a.request.shorter(), |c, d| c.request = d));
    out.extend(copies(a, a.server.shorter(), |c, f| c.server = f));
    out.extend(copies(a, a.response.shorter(), |c, d| c.response = d));
    out
}

/// The schedule-wide simplifications of the primitives that shrink before
/// the attempts (`first`) or after them, in the registry's order.
fn schedule_wide(s: &FaultSchedule, first: bool) -> impl Iterator<Item = FaultSchedule> + '_ {
    PRIMITIVES
        .into_iter()
        .filter(move |p| p.shrinks_first == first)
        .flat_map(move |p| (p.simpler)(s))
}

/// Every single simplification of `s`, boldest first: the schedule-wide
/// faults of the harness and the model, shorter attempt lists, one attempt
/// fewer, each attempt's faults one by one, then the faults past the
/// service's own database.
pub fn simplifications(s: &FaultSchedule) -> Vec<FaultSchedule> {
    let mut out: Vec<FaultSchedule> = schedule_wide(s, true).collect();
    out.extend(list_simplifications(
        s,
        |c| &mut c.attempts,
        simpler_attempts,
    ));
    out.extend(schedule_wide(s, false));
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
    use crate::lab::faults::{Delivery, NotifyFault, ServerFault};
    use crate::lab::grading::hunt::generate::generate;
    use crate::lab::grading::hunt::KindSet;

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
