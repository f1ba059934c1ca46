//! The backoff formula, once for the herd, the amplification model, the
//! idempotency lab's harness and the exercises: the capped exponential
//! `min(cap, base·2^k)`, and the jitter policies on top of it (full,
//! equal, decorrelated, the SDK's and Codex's).
//!
//! Sources count `k` differently. The chapter's table («等多久») writes
//! `v_n = min(cap, base·2^n)` with `n = 1` at the first retry (the herd);
//! Codex's sampling layer and the section «尝试次数、退避与 jitter» write
//! `base·2^(n−1)` (the amplification model, the exercises, the lab's
//! harness). Each caller passes its own `k`. Each demo draws its random
//! numbers from its own stream, so the jitter functions take the uniform
//! draw, not a generator.
//!
//! `scalbn` multiplies by an exact power of two, identically natively and in
//! wasm; a huge `k` overflows to infinity, which a finite `cap` turns into
//! `cap`.

/// `min(cap, base·2^k)`.
pub fn capped(base: f64, cap: f64, k: u32) -> f64 {
    cap.min(libm::scalbn(base, k.min(2000) as i32))
}

/// `base·2^k`, without a cap.
pub fn doubled(base: f64, k: u32) -> f64 {
    capped(base, f64::INFINITY, k)
}

/// Full jitter: a wait drawn uniformly from `[0, v)`, given a uniform draw
/// `u` in `[0, 1)`.
pub fn full_jitter(v: f64, u: f64) -> f64 {
    v * u
}

/// Equal Jitter: half the bound, plus a uniform share of the other half.
pub fn equal_jitter(v: f64, u: f64) -> f64 {
    let half = v / 2.0;
    half + half * u
}

/// Decorrelated Jitter: `min(cap, uniform(base, 3·prev))`, where `prev` is
/// the previous sleep (`base` before the first).
pub fn decorrelated_jitter(base: f64, cap: f64, prev: f64, u: f64) -> f64 {
    let hi = 3.0 * prev;
    cap.min(base + (hi - base) * u)
}

/// The anthropic Python SDK's jitter, downwards only: `v·(1 − 0.25·u)`.
pub fn sdk_jitter(v: f64, u: f64) -> f64 {
    v * (1.0 - 0.25 * u)
}

/// The low end of Codex's sampling-layer jitter factor, `uniform[0.9, 1.1)`.
pub const CODEX_LOW: f64 = 0.9;
/// The high end (excluded) of Codex's jitter factor.
pub const CODEX_HIGH: f64 = 1.1;
/// The factor's span, written as the literal the herd's goldens were drawn
/// with: `CODEX_HIGH − CODEX_LOW` rounds to 0.20000000000000007 in f64.
const CODEX_SPAN: f64 = 0.2;

/// Codex's jitter factor for a uniform draw `u` in `[0, 1)`: `0.9 + 0.2·u`.
/// (The lab's harness draws its factor with `rand`'s range sampler over
/// `CODEX_LOW..CODEX_HIGH` instead, a different float path its goldens
/// pin; both end in [`codex_jitter`].)
pub fn codex_factor(u: f64) -> f64 {
    CODEX_LOW + CODEX_SPAN * u
}

/// Codex's jittered wait: the nominal wait `v` times a drawn `factor` in
/// `[0.9, 1.1)`, capped (`f64::INFINITY` for no cap).
pub fn codex_jitter(v: f64, cap: f64, factor: f64) -> f64 {
    cap.min(v * factor)
}

/// The range `[v·0.9, v·1.1)` a Codex-jittered wait falls in.
pub fn codex_bounds(v: f64) -> (f64, f64) {
    (v * CODEX_LOW, v * CODEX_HIGH)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn doubles_from_base_and_stops_at_the_cap() {
        assert_eq!(capped(5.0, 2000.0, 0), 5.0);
        assert_eq!(capped(5.0, 2000.0, 1), 10.0);
        assert_eq!(capped(5.0, 2000.0, 8), 1280.0);
        assert_eq!(capped(5.0, 2000.0, 9), 2000.0);
        assert_eq!(capped(5.0, 2000.0, u32::MAX), 2000.0);
        assert_eq!(capped(0.0, 2000.0, 40), 0.0);
        assert_eq!(doubled(200.0, 3), 1600.0);
        assert_eq!(doubled(200.0, u32::MAX), f64::INFINITY);
    }

    #[test]
    fn full_jitter_spans_zero_to_the_bound() {
        let v = capped(5.0, 2000.0, 6);
        assert_eq!(full_jitter(v, 0.0), 0.0);
        assert_eq!(full_jitter(v, 0.5), 160.0);
        // The largest uniform draw below 1 stays below the bound.
        let below_one = 1.0 - f64::EPSILON / 2.0;
        assert!(full_jitter(v, below_one) < v);
        assert!(full_jitter(2000.0, below_one) < 2000.0);
    }

    #[test]
    fn codex_jitter_stays_within_ten_percent() {
        assert_eq!(codex_factor(0.0), 0.9);
        assert_eq!(codex_factor(0.5), 1.0);
        assert!((codex_factor(0.5) - 1.0).abs() < 1e-15);
        assert_eq!(codex_jitter(1600.0, f64::INFINITY, 0.9), 1440.0);
        assert_eq!(codex_jitter(1600.0, 1500.0, 1.0), 1500.0);
        let (lo, hi) = codex_bounds(1600.0);
        assert!((lo - 1440.0).abs() < 1e-9 && (hi - 1760.0).abs() < 1e-9);
    }

    #[test]
    fn the_other_jitters_keep_their_ranges() {
        assert_eq!(equal_jitter(100.0, 0.0), 50.0);
        assert_eq!(equal_jitter(100.0, 0.5), 75.0);
        assert_eq!(sdk_jitter(100.0, 0.0), 100.0);
        assert_eq!(sdk_jitter(100.0, 0.5), 87.5);
        assert_eq!(decorrelated_jitter(5.0, 2000.0, 5.0, 0.0), 5.0);
        assert_eq!(decorrelated_jitter(5.0, 2000.0, 5.0, 0.5), 10.0);
        assert_eq!(decorrelated_jitter(5.0, 20.0, 100.0, 0.9), 20.0);
    }

    /// Multiplying by `2^k` and scaling by `k` are the same operation for
    /// every `k` a demo uses, so no demo's number moved when their
    /// copies became this one.
    #[test]
    fn equals_multiplying_by_a_power_of_two() {
        for base in [0.0, 1e-310, 0.05, 0.5, 5.0, 200.0, 60.0, 10_000.0] {
            for k in 0..=60u32 {
                assert_eq!(doubled(base, k), base * 2f64.powi(k as i32), "{base} {k}");
            }
        }
    }
}
