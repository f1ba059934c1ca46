//! Per-second bins of a load run and the recovery time read from them.

use serde::{Deserialize, Serialize};

use super::config::LoadConfig;

/// Width of one bin (s).
pub const BIN_S: f64 = 1.0;
/// Most bins a run keeps (later events are not binned).
pub const MAX_BINS: usize = 600;
/// Bins averaged when deciding whether goodput has recovered.
pub const RECOVER_SPAN: usize = 5;

/// Counts of one bin.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Bin {
    /// Logical calls that arrived.
    pub arrivals: u32,
    /// Requests that reached the server (offered load).
    pub requests: u32,
    /// Requests the server started serving.
    pub served: u32,
    /// Logical calls that succeeded (goodput).
    pub successes: u32,
    /// Logical calls that gave up.
    pub failures: u32,
    /// Server capacity in this bin (requests/s, at the bin's start).
    pub capacity: f64,
}

impl Bin {
    /// Client-visible success rate of the calls that ended in this bin.
    pub fn success_rate(&self) -> Option<f64> {
        let n = self.successes + self.failures;
        (n > 0).then(|| f64::from(self.successes) / f64::from(n))
    }

    /// Server requests per logical call that arrived in this bin.
    pub fn amplification(&self) -> Option<f64> {
        (self.arrivals > 0).then(|| f64::from(self.requests) / f64::from(self.arrivals))
    }
}

/// All bins of a run, `[0, duration)`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Series {
    pub bins: Vec<Bin>,
}

impl Series {
    /// Empty bins covering the run, each with its capacity.
    pub fn new(cfg: &LoadConfig) -> Self {
        let mut horizon = cfg.duration;
        if cfg.max_calls > 0 {
            horizon = horizon.min(cfg.max_calls as f64 / cfg.rate);
        }
        let n = (horizon.min(MAX_BINS as f64 * BIN_S) / BIN_S)
            .ceil()
            .max(1.0) as usize;
        let bins = (0..n)
            .map(|i| Bin {
                capacity: cfg.capacity_at(i as f64 * BIN_S),
                ..Bin::default()
            })
            .collect();
        Series { bins }
    }

    /// Adds one to `count` of the bin at `t` (nothing before 0 or past the
    /// last bin).
    fn tally(&mut self, t: f64, count: impl FnOnce(&mut Bin) -> &mut u32) {
        if t < 0.0 {
            return;
        }
        if let Some(b) = self.bins.get_mut((t / BIN_S) as usize) {
            *count(b) += 1;
        }
    }

    pub fn on_arrival(&mut self, t: f64) {
        self.tally(t, |b| &mut b.arrivals);
    }
    pub fn on_request(&mut self, t: f64) {
        self.tally(t, |b| &mut b.requests);
    }
    pub fn on_served(&mut self, t: f64) {
        self.tally(t, |b| &mut b.served);
    }
    pub fn on_success(&mut self, t: f64) {
        self.tally(t, |b| &mut b.successes);
    }
    pub fn on_failure(&mut self, t: f64) {
        self.tally(t, |b| &mut b.failures);
    }

    /// Mean goodput over bins `[from, to)`.
    pub fn mean_goodput(&self, from: usize, to: usize) -> f64 {
        let to = to.min(self.bins.len());
        if to <= from {
            return 0.0;
        }
        let s: u32 = self.bins[from..to].iter().map(|b| b.successes).sum();
        f64::from(s) / (to - from) as f64 / BIN_S
    }

    /// Seconds after `trigger_end` until goodput, averaged over
    /// [`RECOVER_SPAN`] bins, is back to `pct` % of its level before the
    /// trigger (measured from 5 s, or half the pre-trigger time, to the
    /// trigger). `None`: not within the run.
    pub fn recovered(&self, trigger_start: f64, trigger_end: f64, pct: f64) -> Option<f64> {
        let ts = (trigger_start / BIN_S).floor() as usize;
        let warm = (ts / 2).min((5.0 / BIN_S) as usize);
        let before = self.mean_goodput(warm, ts);
        if before <= 0.0 {
            return None;
        }
        let te = (trigger_end / BIN_S).ceil() as usize;
        (te..self.bins.len().saturating_sub(RECOVER_SPAN - 1))
            .find(|&b| self.mean_goodput(b, b + RECOVER_SPAN) >= before * pct / 100.0)
            .map(|b| b as f64 * BIN_S - trigger_end)
    }
}
