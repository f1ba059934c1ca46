//! The backoff formula, once for the herd, the amplification model, the
//! idempotency lab's harness and the exercises: the capped exponential
//! `min(cap, base·2^k)`, and full jitter on top of it.
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
