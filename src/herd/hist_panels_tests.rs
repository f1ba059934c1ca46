//! The histogram panels, natively: every write in a bin or counted as
//! later, count axes that hold the tallest bin, one shared time axis for
//! the histograms and the timelines.

use super::*;
use crate::herd::chart_data::timeline_axes;
use crate::herd::{simulate_traced, SimConfig};

fn traces(clients: u32) -> Vec<Trace> {
    let cfg = SimConfig::with_clients(clients);
    Strategy::ALL
        .iter()
        .map(|&s| simulate_traced(&cfg, s, 1))
        .collect()
}

fn tallest(h: &Histogram) -> u32 {
    h.counts.iter().copied().max().unwrap_or(0)
}

fn binned(h: &Histogram) -> u64 {
    h.counts.iter().map(|&c| u64::from(c)).sum()
}

#[test]
fn own_panels_show_their_window_and_count_what_it_leaves_out() {
    let trs = traces(100);
    let ps = panels(&trs, HistAxis::Own);
    assert_eq!(ps.len(), trs.len());
    for (tr, p) in trs.iter().zip(&ps) {
        let (window, later) = p.window.expect("an own window");
        assert!(p.x.min == 0.0 && p.x.max >= window, "{:?}", tr.strategy);
        assert_eq!(p.hist.bin_ms * p.hist.counts.len() as f64, window);
        assert_eq!(binned(&p.hist) + later, tr.writes.len() as u64);
        let after = tr.writes.iter().filter(|w| w.time_ms >= window).count();
        assert_eq!(later, after as u64);
        assert!(p.y.max >= f64::from(tallest(&p.hist)));
        // The wave is marked in the panel without jitter, inside its window.
        match &p.wave {
            Some(w) => {
                assert_eq!(tr.strategy, Strategy::Exponential);
                assert!(w.from_ms >= 0.0 && w.to_ms <= window);
            }
            None => assert_ne!(tr.strategy, Strategy::Exponential),
        }
    }
}

#[test]
fn shared_panels_put_every_write_on_one_axis_the_timelines_share_too() {
    let trs = traces(100);
    let ps = panels(&trs, HistAxis::Shared);
    let last = trs
        .iter()
        .filter_map(|t| t.writes.last())
        .map(|w| w.time_ms)
        .fold(0.0, f64::max);
    let tallest_bin = ps.iter().map(|p| tallest(&p.hist)).max().unwrap();
    for (tr, p) in trs.iter().zip(&ps) {
        assert_eq!((&p.x, &p.y), (&ps[0].x, &ps[0].y), "one axis for all");
        assert_eq!(p.window, None);
        assert_eq!(binned(&p.hist), tr.writes.len() as u64);
        assert_eq!(p.hist.counts.len(), ps[0].hist.counts.len());
    }
    let span = ps[0].hist.bin_ms * ps[0].hist.counts.len() as f64;
    assert!(span > last, "the bins cover the latest write");
    assert!(ps[0].x.max >= span);
    assert!(ps[0].y.max >= f64::from(tallest_bin));
    // The timelines' shared axis ends where the histograms' does.
    for a in timeline_axes(&trs, HistAxis::Shared, 5) {
        assert_eq!(a.max, ps[0].x.max);
    }
}

#[test]
fn no_traces_no_panels() {
    assert!(panels(&[], HistAxis::Own).is_empty());
    assert!(panels(&[], HistAxis::Shared).is_empty());
}

#[test]
fn small_multiples_fill_the_width_in_one_to_three_columns() {
    assert_eq!(columns(360.0), 1);
    assert_eq!(columns(800.0), 2);
    assert_eq!(columns(1280.0), 3);
    for width in [360.0, 640.0, 800.0, 1000.0, 1280.0] {
        let cols = columns(width) as f64;
        let used = cols * panel_width(width) + 12.0 * (cols - 1.0);
        assert!((used - width).abs() < 1e-9, "{width}: {used}");
        assert_eq!(grid_class(width), format!("herd-multiples cols-{cols}"));
    }
    // Never narrower than a readable panel.
    assert_eq!(panel_width(200.0), 240.0);
}
