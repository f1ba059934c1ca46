//! A random harness design, for the property tests and the counterexample
//! hunt: every choice of every group, every retried class on or off, the
//! SDK layer on or off, and each number drawn within the bounds `spec.rs`
//! names ([`super::spec::NUMBERS`]), on a log scale (a 100 ms and a 100 s
//! read timeout are equally likely), or «no limit» where the number allows
//! it. The drawn tokens are read by [`super::spec::parse`], so a drawn
//! harness is one a student could write, mended the same way.

use rand::Rng;

use super::spec::{parse, NUMBERS};
use super::{Class, Harness, KeyChoice, RetryAfterChoice, UnknownChoice, WaitChoice};
use crate::kernel::rng::LabRng;

/// The chance a number that allows «no limit» is drawn as `_none`.
const NONE_CHANCE: f64 = 0.25;

/// One of `all`, uniformly.
fn pick<T: Copy>(rng: &mut LabRng, all: &[T]) -> T {
    all[rng.random_range(0..all.len())]
}

/// A number in `lo..=hi`, log-uniform (`lo` 0 counts as 1, then rounds down
/// to 0 half the time it would be 1).
fn log_uniform(rng: &mut LabRng, lo: u32, hi: u32) -> u32 {
    let (a, b) = (f64::from(lo.max(1)).ln(), f64::from(hi).ln());
    let v = rng.random_range(a..=b).exp().round() as u32;
    let v = v.clamp(lo.max(1), hi);
    match lo == 0 && v == 1 && rng.random_bool(0.5) {
        true => 0,
        false => v,
    }
}

/// The tokens of a random harness (one per group, per class, the SDK flag
/// and per number), in `spec.rs`'s order.
pub fn draw_tokens(rng: &mut LabRng) -> Vec<String> {
    let mut out = vec![pick(rng, &KeyChoice::ALL).id().to_string()];
    for c in Class::ALL {
        let on = if rng.random_bool(0.5) {
            "retry_"
        } else {
            "noretry_"
        };
        out.push(format!("{on}{}", c.id()));
    }
    out.push(pick(rng, &WaitChoice::ALL).id().into());
    out.push(if rng.random_bool(0.5) { "sdk" } else { "nosdk" }.into());
    out.push(pick(rng, &RetryAfterChoice::ALL).id().into());
    out.push(pick(rng, &UnknownChoice::ALL).id().into());
    for n in &NUMBERS {
        let token = match n.none_ok && rng.random_bool(NONE_CHANCE) {
            true => format!("{}none", n.prefix),
            false => format!("{}{}", n.prefix, log_uniform(rng, n.lo, n.hi)),
        };
        out.push(token);
    }
    out
}

/// A random harness: [`draw_tokens`] read as a student's `harness=` value
/// would be (a «within the deadline» choice without a deadline becomes
/// `ra_honour`, as [`parse`] mends it).
pub fn draw(rng: &mut LabRng) -> Harness {
    parse(&draw_tokens(rng).join(",")).0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kernel::rng::lab_rng;

    #[test]
    fn drawn_tokens_are_all_read_and_every_choice_appears() {
        let mut rng = lab_rng(5);
        let drawn: Vec<Harness> = (0..2_000)
            .map(|_| {
                let tokens = draw_tokens(&mut rng).join(",");
                let (h, problems) = parse(&tokens);
                // Only the mend of «within the deadline» without one.
                assert!(
                    problems
                        .iter()
                        .all(|p| matches!(p, super::super::HarnessProblem::NeedsDeadline { .. })),
                    "{tokens}: {problems:?}"
                );
                h
            })
            .collect();
        assert!(KeyChoice::ALL
            .iter()
            .all(|k| drawn.iter().any(|h| h.key == *k)));
        assert!(WaitChoice::ALL
            .iter()
            .all(|w| drawn.iter().any(|h| h.wait == *w)));
        assert!(RetryAfterChoice::ALL
            .iter()
            .all(|r| drawn.iter().any(|h| h.retry_after == *r)));
        assert!(UnknownChoice::ALL
            .iter()
            .all(|u| drawn.iter().any(|h| h.unknown == *u)));
        for c in Class::ALL {
            assert!(drawn.iter().any(|h| h.retries(c)) && drawn.iter().any(|h| !h.retries(c)));
        }
        assert!(drawn.iter().any(|h| h.sdk) && drawn.iter().any(|h| !h.sdk));
        assert!(drawn.iter().any(|h| h.budget == Some(0)));
        assert!(drawn.iter().any(|h| h.deadline_ms.is_none()));
        assert!(drawn.iter().all(|h| (1..=10).contains(&h.attempts)));
        // Every drawn harness writes and reads back as itself.
        assert!(drawn.iter().all(|h| parse(&h.to_ids()).0 == *h));
    }

    #[test]
    fn the_same_seed_draws_the_same_harnesses() {
        let many = |seed| {
            let mut rng = lab_rng(seed);
            (0..50).map(|_| draw(&mut rng)).collect::<Vec<_>>()
        };
        assert_eq!(many(3), many(3));
        assert_ne!(many(3), many(4));
    }
}
