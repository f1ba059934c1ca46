//! Chart view models computed from results: axis ticks, the histogram of
//! server calls over time and the clients shown in the timeline. Pure, so the
//! numbers behind every chart are tested natively; the UI only draws them.

use super::sim::{Trace, WriteRecord};
pub use crate::kernel::axis::{nice_step, Axis};
use crate::kernel::ids::id_enum;
pub use crate::kernel::num::tick_label;

/// Server calls per time bin of one trial.
#[derive(Clone, Debug, PartialEq)]
pub struct Histogram {
    pub bin_ms: f64,
    /// `counts[i]` = writes arriving in `[i·bin, (i+1)·bin)`.
    pub counts: Vec<u32>,
}

/// A nice bin width giving about `target` bins up to `t_max`.
pub fn bin_width(t_max: f64, target: usize) -> f64 {
    nice_step(t_max, target)
}

/// Bins the writes of `writes` into `bins` bins of `bin_ms`; later writes
/// fall in the last bin (callers choose `bins` to cover the trial).
pub fn histogram(writes: &[WriteRecord], bin_ms: f64, bins: usize) -> Histogram {
    let bins = bins.max(1);
    let mut counts = vec![0u32; bins];
    for w in writes {
        let i = if bin_ms > 0.0 {
            (w.time_ms / bin_ms) as usize
        } else {
            0
        };
        counts[i.min(bins - 1)] += 1;
    }
    Histogram { bin_ms, counts }
}

/// About this many bins on the axis the panels share (the histograms' and
/// the timelines' «one shared axis»).
pub const SHARED_BINS: usize = 50;

/// The bins of an axis shared by several traces, covering the latest
/// write: their width and their number. The shared axis ends at
/// `width · number`, for the histograms and the timelines alike.
pub fn shared_bins(traces: &[&Trace], target_bins: usize) -> (f64, usize) {
    let t_max = traces
        .iter()
        .filter_map(|t| t.writes.last().map(|w| w.time_ms))
        .fold(0.0, f64::max);
    let bin = bin_width(t_max, target_bins);
    (bin, (libm::floor(t_max / bin) as usize + 1).max(1))
}

/// Histograms of several traces on the same bins, covering the latest write.
pub fn shared_histograms(traces: &[&Trace], target_bins: usize) -> Vec<Histogram> {
    let (bin, bins) = shared_bins(traces, target_bins);
    traces
        .iter()
        .map(|t| histogram(&t.writes, bin, bins))
        .collect()
}

/// The time axes of the per-client timeline panels, one per trace: with
/// [`HistAxis::Own`] each panel spans its own trial (0 to its last write,
/// rounded up to a nice tick), so a strategy that ends in half a second is
/// not squashed against the left edge by one that takes a minute; with
/// [`HistAxis::Shared`] all span the slowest trial.
pub fn timeline_axes(traces: &[Trace], axis: HistAxis, ticks: usize) -> Vec<Axis> {
    let last = |t: &Trace| t.writes.last().map_or(0.0, |w| w.time_ms);
    match axis {
        HistAxis::Own => traces
            .iter()
            .map(|t| Axis::new(0.0, last(t).max(1.0), ticks))
            .collect(),
        HistAxis::Shared => {
            let refs: Vec<&Trace> = traces.iter().collect();
            let (bin, bins) = shared_bins(&refs, SHARED_BINS);
            vec![Axis::new(0.0, bin * bins as f64, ticks); traces.len()]
        }
    }
}

id_enum! {
    /// How the histogram panels lay out time: each on its own fine window
    /// (the default, where waves are visible) or all on one axis (for
    /// comparing how long each strategy takes). The URL value of
    /// `hist_axis` and `timeline_axis`.
    HistAxis {
        Own => "own",
        Shared => "shared",
    }
}

/// The longest window of an own-axis panel: the first seconds, where the
/// synchronized waves of un-jittered backoff are tens of milliseconds apart.
pub const OWN_WINDOW_MAX_MS: f64 = 3000.0;
/// The shortest window of an own-axis panel.
const OWN_WINDOW_MIN_MS: f64 = 200.0;
/// About this many bins per own-axis panel (≈ 20 ms bins over 3 s).
const OWN_BINS: usize = 150;
/// The window ends where this share of the writes has arrived (or earlier).
const OWN_SHARE: f64 = 0.9;

/// One panel's histogram over its own window `0..window_ms`, and how many
/// writes the window leaves out (they arrived later).
#[derive(Clone, Debug, PartialEq)]
pub struct PanelHistogram {
    pub hist: Histogram,
    pub window_ms: f64,
    pub shown: u64,
    pub later: u64,
}

/// A histogram over the first seconds of one trace: the window ends where
/// 90 % of its writes have arrived, at most [`OWN_WINDOW_MAX_MS`], with bins
/// of tens of milliseconds.
pub fn own_histogram(trace: &Trace) -> PanelHistogram {
    let n = trace.writes.len();
    let q = if n == 0 {
        0.0
    } else {
        let i = ((n as f64 * OWN_SHARE) as usize).min(n - 1);
        trace.writes[i].time_ms
    };
    let raw = q.clamp(OWN_WINDOW_MIN_MS, OWN_WINDOW_MAX_MS);
    let bin = bin_width(raw, OWN_BINS);
    let bins = (libm::ceil(raw / bin) as usize).max(1);
    let window_ms = bin * bins as f64;
    // Writes are recorded in arrival order, so the window is a prefix.
    let inside = &trace.writes[..trace.writes.partition_point(|w| w.time_ms < window_ms)];
    let shown = inside.len() as u64;
    PanelHistogram {
        hist: histogram(inside, bin, bins),
        window_ms,
        shown,
        later: n as u64 - shown,
    }
}

/// A run of non-empty bins with empty bins on both sides: a wave of writes
/// arriving together.
#[derive(Clone, Debug, PartialEq)]
pub struct Wave {
    /// First and one-past-last bin.
    pub from_bin: usize,
    pub to_bin: usize,
    /// Writes in the wave.
    pub writes: u32,
}

/// The waves of a histogram: maximal runs of non-empty bins.
pub fn waves(h: &Histogram) -> Vec<Wave> {
    let mut out: Vec<Wave> = Vec::new();
    let mut open: Option<Wave> = None;
    for (i, &c) in h.counts.iter().enumerate() {
        match (&mut open, c) {
            (Some(w), 0) => {
                w.to_bin = i;
                out.push(w.clone());
                open = None;
            }
            (Some(w), c) => w.writes += c,
            (None, 0) => {}
            (None, c) => {
                open = Some(Wave {
                    from_bin: i,
                    to_bin: i + 1,
                    writes: c,
                })
            }
        }
    }
    if let Some(mut w) = open {
        w.to_bin = h.counts.len();
        out.push(w);
    }
    out
}

/// Whether the writes come in distinct waves after the first two (at the
/// start every strategy's sleeps are a few milliseconds, so the first write
/// and the first retry always arrive together): at least three later waves
/// that each hold 5 % of the window's writes, with empty bins between them.
/// True for backoff without jitter (everyone sleeps the same), false for
/// Full Jitter (a spread-out stream).
pub fn has_distinct_waves(h: &Histogram) -> bool {
    let total: u32 = h.counts.iter().sum();
    let big = waves(h)
        .iter()
        .skip(2)
        .filter(|w| f64::from(w.writes) >= 0.05 * f64::from(total))
        .count();
    big >= 3
}

/// A wave a chart marks: clients on the same retry number arriving together.
#[derive(Clone, Debug, PartialEq)]
pub struct MarkedWave {
    pub from_ms: f64,
    pub to_ms: f64,
    /// The retry number `n` every write in the wave carries (1 = first retry).
    pub retry: u32,
    /// Writes (one per client) in the wave, and how many were accepted.
    pub writes: u32,
    pub accepted: u32,
}

/// The wave to mark in a panel whose writes come in distinct waves: the
/// biggest retry wave in which every write carries the same retry number
/// (so the label can name it), or `None`.
pub fn marked_wave(trace: &Trace, h: &Histogram) -> Option<MarkedWave> {
    if !has_distinct_waves(h) {
        return None;
    }
    waves(h)
        .iter()
        .skip(1)
        .filter_map(|w| {
            let (from_ms, to_ms) = (w.from_bin as f64 * h.bin_ms, w.to_bin as f64 * h.bin_ms);
            let inside: Vec<&WriteRecord> = trace
                .writes
                .iter()
                .filter(|r| r.time_ms >= from_ms && r.time_ms < to_ms)
                .collect();
            let retry = inside.first()?.attempt;
            (retry > 0 && inside.iter().all(|r| r.attempt == retry)).then(|| MarkedWave {
                from_ms,
                to_ms,
                retry,
                writes: inside.len() as u32,
                accepted: inside.iter().filter(|r| r.accepted).count() as u32,
            })
        })
        .max_by_key(|m| m.writes)
}

/// Every `stride`-th client is shown: the step between shown client ids.
pub fn timeline_stride(shown: &[u32]) -> u32 {
    match shown {
        [a, b, ..] => b - a,
        _ => 1,
    }
}

/// The clients the timeline shows: evenly spread over `0..clients`, as many
/// as fit in `max_marks` writes in total (at least one), in client order.
pub fn timeline_clients(trace: &Trace, max_marks: usize) -> Vec<u32> {
    let n = trace.clients as usize;
    if n == 0 {
        return Vec::new();
    }
    let mut per_client = vec![0usize; n];
    for w in &trace.writes {
        per_client[w.client as usize] += 1;
    }
    let total: usize = per_client.iter().sum();
    // Take every k-th client with the smallest k that fits the budget.
    let mut k = 1;
    while k < n {
        let marks: usize = (0..n).step_by(k).map(|c| per_client[c]).sum();
        if marks <= max_marks {
            break;
        }
        k += 1;
    }
    if total <= max_marks {
        k = 1;
    }
    (0..n).step_by(k).map(|c| c as u32).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::herd::{simulate_traced, SimConfig, Strategy};

    #[test]
    fn histograms_count_every_write() {
        let cfg = SimConfig::with_clients(50);
        let a = simulate_traced(&cfg, Strategy::None, 1);
        let b = simulate_traced(&cfg, Strategy::Exponential, 1);
        let hs = shared_histograms(&[&a, &b], 60);
        assert_eq!(hs[0].bin_ms, hs[1].bin_ms);
        assert_eq!(hs[0].counts.len(), hs[1].counts.len());
        assert_eq!(hs[0].counts.iter().sum::<u32>() as u64, a.result.calls);
        assert_eq!(hs[1].counts.iter().sum::<u32>() as u64, b.result.calls);
        let last = b.writes.last().unwrap().time_ms;
        assert!(hs[1].bin_ms * hs[1].counts.len() as f64 > last);
    }

    #[test]
    fn timeline_respects_the_mark_budget() {
        let cfg = SimConfig::with_clients(200);
        let t = simulate_traced(&cfg, Strategy::None, 1);
        let shown = timeline_clients(&t, 2000);
        let marks = t
            .writes
            .iter()
            .filter(|w| shown.binary_search(&w.client).is_ok())
            .count();
        assert!(marks <= 2000 && !shown.is_empty(), "{marks}");
        let small = simulate_traced(&SimConfig { clients: 10, ..cfg }, Strategy::Full, 1);
        assert_eq!(timeline_clients(&small, 2000).len(), 10);
    }
}
