//! What the release benchmarks share: the run count from the command line
//! and the median of the timed runs.

/// The number of timed runs: the first argument, `default` without a
/// number there; at least one.
pub fn runs_arg(default: usize) -> usize {
    std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(default)
        .max(1)
}

/// The median of `times`, which it sorts.
pub fn median(times: &mut [f64]) -> f64 {
    times.sort_by(f64::total_cmp);
    times[times.len() / 2]
}
