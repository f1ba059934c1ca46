//! Many trials of one point (N clients × one strategy) and their summary.

use serde::{Deserialize, Serialize};

use crate::kernel::json::json_struct;

use super::sim::{simulate, SimConfig, TrialResult};
use super::strategy::Strategy;

/// The seed of one trial, derived only from `(seed, clients, strategy,
/// trial)`, so any single point is reproducible without running the sweep
/// around it (and the sweep's order of work does not matter).
pub fn trial_seed(seed: u64, clients: u32, strategy: Strategy, trial: u32) -> u64 {
    let parts = [
        u64::from(clients),
        strategy.index() as u64 + 1,
        u64::from(trial),
    ];
    crate::kernel::rng::derive(seed, &parts)
}

/// Sorts by [`f64::total_cmp`], in place: a heap sort, a few dozen
/// instructions where the standard library's sort is 4 KB of every page
/// that summarises trials (the herd's, the exercises'). Under a total
/// order equal values are the same bits, so the result is the standard
/// sort's, and it takes O(n log n) for the trials of a point.
fn heap_sort(v: &mut [f64]) {
    let less = |v: &[f64], a: usize, b: usize| v[a].total_cmp(&v[b]).is_lt();
    let sift_down = |v: &mut [f64], mut root: usize, end: usize| loop {
        let mut child = 2 * root + 1;
        if child >= end {
            return;
        }
        if child + 1 < end && less(v, child, child + 1) {
            child += 1;
        }
        if !less(v, root, child) {
            return;
        }
        v.swap(root, child);
        root = child;
    };
    for root in (0..v.len() / 2).rev() {
        sift_down(v, root, v.len());
    }
    for end in (1..v.len()).rev() {
        v.swap(0, end);
        sift_down(v, 0, end);
    }
}

/// Spread of one quantity across trials.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Spread {
    pub mean: f64,
    /// Population standard deviation across trials.
    pub sd: f64,
    pub min: f64,
    /// Nearest-rank percentiles.
    pub p10: f64,
    pub p50: f64,
    pub p90: f64,
    pub max: f64,
}

json_struct!(Spread {
    mean,
    sd,
    min,
    p10,
    p50,
    p90,
    max
});

impl Spread {
    /// Summarises `values` (in trial order; the mean is summed in that order).
    /// An empty slice gives all zeros.
    pub fn of(values: &[f64]) -> Spread {
        if values.is_empty() {
            return Spread {
                mean: 0.0,
                sd: 0.0,
                min: 0.0,
                p10: 0.0,
                p50: 0.0,
                p90: 0.0,
                max: 0.0,
            };
        }
        let n = values.len() as f64;
        let mean = values.iter().sum::<f64>() / n;
        let var = values.iter().map(|v| (v - mean) * (v - mean)).sum::<f64>() / n;
        let mut sorted = values.to_vec();
        heap_sort(&mut sorted);
        let rank = |p: f64| {
            let k = (p * sorted.len() as f64).ceil() as usize;
            sorted[k.clamp(1, sorted.len()) - 1]
        };
        Spread {
            mean,
            sd: libm::sqrt(var),
            min: sorted[0],
            p10: rank(0.10),
            p50: rank(0.50),
            p90: rank(0.90),
            max: sorted[sorted.len() - 1],
        }
    }
}

/// The summary of `trials` trials of one point (serialisable: the sweep
/// workers send it back to the page, see [`super::wire`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PointSummary {
    pub clients: u32,
    pub strategy: Strategy,
    pub trials: u32,
    /// Mean writes the server received per trial.
    pub mean_calls: f64,
    /// Mean completion time per trial (ms).
    pub mean_time_ms: f64,
    /// Spread of calls across trials.
    pub calls: Spread,
    /// Spread of completion time across trials (ms).
    pub time_ms: Spread,
}

json_struct!(PointSummary {
    clients,
    strategy,
    trials,
    mean_calls,
    mean_time_ms,
    calls,
    time_ms
});

impl PointSummary {
    /// Summarises results given in trial order.
    pub fn from_results(clients: u32, strategy: Strategy, results: &[TrialResult]) -> Self {
        let calls: Vec<f64> = results.iter().map(|r| r.calls as f64).collect();
        let times: Vec<f64> = results.iter().map(|r| r.time_ms).collect();
        let calls = Spread::of(&calls);
        let time_ms = Spread::of(&times);
        PointSummary {
            clients,
            strategy,
            trials: results.len() as u32,
            mean_calls: calls.mean,
            mean_time_ms: time_ms.mean,
            calls,
            time_ms,
        }
    }
}

/// Runs `trials` trials of one point; trial `i` uses
/// `trial_seed(seed, cfg.clients, strategy, i)`.
pub fn run_point(cfg: &SimConfig, strategy: Strategy, trials: u32, seed: u64) -> PointSummary {
    let results: Vec<TrialResult> = (0..trials)
        .map(|i| simulate(cfg, strategy, trial_seed(seed, cfg.clients, strategy, i)))
        .collect();
    PointSummary::from_results(cfg.clients, strategy, &results)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The heap sort gives the standard sort's order bit for bit, on
    /// drawn lengths and values with repeats, signed zeros, infinities
    /// and NaNs.
    #[test]
    fn the_heap_sort_is_the_standard_sort() {
        use rand::{Rng, SeedableRng};
        let specials = [
            0.0,
            -0.0,
            1.0,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::NAN,
            -f64::NAN,
        ];
        let mut rng = rand_pcg::Pcg64::seed_from_u64(7);
        for n in (0..300).chain([1_000, 4_099]) {
            let v: Vec<f64> = (0..n)
                .map(|_| match rng.random_range(0..4) {
                    0 => specials[rng.random_range(0..specials.len())],
                    1 => f64::from(rng.random_range(0..5u8)),
                    _ => rng.random_range(-1e6..1e6),
                })
                .collect();
            let (mut ours, mut std) = (v.clone(), v);
            heap_sort(&mut ours);
            std.sort_by(f64::total_cmp);
            let bits = |v: &[f64]| v.iter().map(|x| x.to_bits()).collect::<Vec<_>>();
            assert_eq!(bits(&ours), bits(&std), "n = {n}");
        }
    }

    #[test]
    fn spread_of_known_values() {
        let s = Spread::of(&[4.0, 1.0, 3.0, 2.0]);
        assert_eq!(s.mean, 2.5);
        assert_eq!(s.min, 1.0);
        assert_eq!(s.max, 4.0);
        assert_eq!(s.p50, 2.0);
        assert_eq!(s.p90, 4.0);
        assert!((s.sd - 1.118_033_988_749_895).abs() < 1e-12);
        assert_eq!(Spread::of(&[]).mean, 0.0);
    }

    #[test]
    fn trial_seeds_differ_by_every_input() {
        let base = trial_seed(1, 100, Strategy::Full, 0);
        assert_ne!(base, trial_seed(2, 100, Strategy::Full, 0));
        assert_ne!(base, trial_seed(1, 101, Strategy::Full, 0));
        assert_ne!(base, trial_seed(1, 100, Strategy::Equal, 0));
        assert_ne!(base, trial_seed(1, 100, Strategy::Full, 1));
        assert_eq!(base, trial_seed(1, 100, Strategy::Full, 0));
    }
}
