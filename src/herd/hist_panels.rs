//! The histogram panels of the run view (trial 1 of every strategy): by
//! default each panel on its own window of the first seconds with bins of
//! tens of milliseconds, so the waves of un-jittered backoff are visible
//! (one is marked); or every panel on one shared axis. Also how many panels
//! a row of small multiples holds at a given width.

use super::chart_data::{
    marked_wave, own_histogram, shared_histograms, Axis, HistAxis, Histogram, MarkedWave,
    SHARED_BINS,
};
use super::{Strategy, Trace};

/// One panel's data: its histogram, axes and what the window leaves out.
#[derive(Clone, Debug, PartialEq)]
pub struct Panel {
    pub hist: Histogram,
    pub x: Axis,
    pub y: Axis,
    /// `(window_ms, writes after it)` on an own axis.
    pub window: Option<(f64, u64)>,
    pub wave: Option<MarkedWave>,
}

/// Ticks on a panel's time axis and on its count axis.
const X_TICKS: usize = 5;
const Y_TICKS: usize = 4;

/// One panel per trace, on its own window or on one shared axis.
pub fn panels(traces: &[Trace], axis: HistAxis) -> Vec<Panel> {
    match axis {
        HistAxis::Own => traces.iter().map(own_panel).collect(),
        HistAxis::Shared => shared_panels(traces),
    }
}

fn count_axis(max: u32) -> Axis {
    Axis::new(0.0, f64::from(max.max(1)), Y_TICKS)
}

fn own_panel(tr: &Trace) -> Panel {
    let p = own_histogram(tr);
    let y_max = p.hist.counts.iter().copied().max().unwrap_or(1);
    // One wave is marked, in the panel without jitter.
    let wave = (tr.strategy == Strategy::Exponential)
        .then(|| marked_wave(tr, &p.hist))
        .flatten();
    Panel {
        x: Axis::new(0.0, p.window_ms, X_TICKS),
        y: count_axis(y_max),
        window: Some((p.window_ms, p.later)),
        wave,
        hist: p.hist,
    }
}

/// Every panel on the same bins, time axis and count axis.
fn shared_panels(traces: &[Trace]) -> Vec<Panel> {
    let refs: Vec<&Trace> = traces.iter().collect();
    let hists = shared_histograms(&refs, SHARED_BINS);
    let t_max = hists
        .first()
        .map(|h| h.bin_ms * h.counts.len() as f64)
        .unwrap_or(1.0);
    let y_max = hists
        .iter()
        .flat_map(|h| h.counts.iter().copied())
        .max()
        .unwrap_or(1);
    let (x, y) = (Axis::new(0.0, t_max, X_TICKS), count_axis(y_max));
    hists
        .into_iter()
        .map(|hist| Panel {
            hist,
            x: x.clone(),
            y: y.clone(),
            window: None,
            wave: None,
        })
        .collect()
}

/// Columns of the small multiples for a content width.
pub fn columns(width: f64) -> usize {
    if width >= 1000.0 {
        3
    } else if width >= 640.0 {
        2
    } else {
        1
    }
}

/// The width of one panel (px).
pub fn panel_width(width: f64) -> f64 {
    let cols = columns(width) as f64;
    ((width - 12.0 * (cols - 1.0)) / cols).max(240.0)
}

/// The grid class for the small multiples (no inline styles under the CSP).
pub fn grid_class(width: f64) -> String {
    format!("herd-multiples cols-{}", columns(width))
}

#[cfg(test)]
#[path = "hist_panels_tests.rs"]
mod tests;
