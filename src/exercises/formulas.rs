//! The chapter's small formulas. Numeric answers in the question bank are
//! computed here, so a question and the seed text cannot drift apart silently:
//! the tests pin each function to the number the seed states.

/// Nominal wait before retry `attempt` (1-based) when the first retry waits
/// `first_ms` and every later one doubles: `first · 2^(attempt−1)`, without
/// jitter. This is Codex's sampling-layer backoff (200 ms · 2^(attempt−1)).
pub fn nominal_wait_ms(first_ms: f64, attempt: u32) -> f64 {
    crate::kernel::backoff::doubled(first_ms, attempt.saturating_sub(1))
}

/// The capped bound of the n-th retry (1-based), in the convention of the
/// chapter's section «尝试次数、退避与 jitter»: `d_n = min(d_max, b·2^(n−1))`.
pub fn capped_bound(b: f64, d_max: f64, n: u32) -> f64 {
    crate::kernel::backoff::capped(b, d_max, n.saturating_sub(1))
}

/// The first `count` capped bounds `d_1 … d_count`.
pub fn capped_bounds(b: f64, d_max: f64, count: u32) -> Vec<f64> {
    (1..=count).map(|n| capped_bound(b, d_max, n)).collect()
}

/// Worst-case requests that reach the bottom when every layer retries on its
/// own: the product of each layer's total attempts (not retries).
pub fn worst_case_requests(attempts_per_layer: &[u64]) -> u64 {
    attempts_per_layer
        .iter()
        .fold(1u64, |acc, &a| acc.saturating_mul(a))
}

/// `layers` identical layers with `attempts` attempts each: `attempts^layers`.
pub fn layered_requests(attempts: u64, layers: u32) -> u64 {
    worst_case_requests(&vec![attempts; layers as usize])
}

/// Total attempts allowed by a retry count that does not include the initial
/// request, such as urllib3's `Retry(total=n)` or the SDK's `max_retries`.
pub fn attempts_from_retries(retries: u64) -> u64 {
    retries + 1
}

/// The sum of the nominal waits of retries `1..=retries`: how long a client
/// spends only waiting if every attempt fails.
pub fn total_nominal_wait_ms(first_ms: f64, retries: u32) -> f64 {
    (1..=retries).map(|a| nominal_wait_ms(first_ms, a)).sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seed_numbers() {
        assert_eq!(nominal_wait_ms(200.0, 4), 1600.0);
        assert_eq!(nominal_wait_ms(200.0, 1), 200.0);
        assert_eq!(
            capped_bounds(0.5, 8.0, 6),
            vec![0.5, 1.0, 2.0, 4.0, 8.0, 8.0]
        );
        assert_eq!(worst_case_requests(&[4, 3]), 12);
        assert_eq!(layered_requests(3, 2), 9);
        assert_eq!(layered_requests(3, 3), 27);
        assert_eq!(layered_requests(3, 5), 243);
        assert_eq!(attempts_from_retries(3), 4);
        assert_eq!(total_nominal_wait_ms(200.0, 5), 6200.0);
    }

    #[test]
    fn extreme_inputs_do_not_panic() {
        assert_eq!(nominal_wait_ms(200.0, 0), 200.0);
        assert_eq!(capped_bound(0.5, 8.0, u32::MAX), 8.0);
        assert_eq!(layered_requests(u64::MAX, 3), u64::MAX);
        assert_eq!(worst_case_requests(&[]), 1);
    }
}
