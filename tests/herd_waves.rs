//! The histogram panels make the herd visible: on its own fine window the
//! un-jittered backoff arrives in distinct waves (one of them marked), while
//! Full Jitter is a spread-out stream.

use retry_lab::herd::chart_data::{
    has_distinct_waves, marked_wave, own_histogram, timeline_axes, waves, HistAxis,
    OWN_WINDOW_MAX_MS,
};
use retry_lab::herd::{simulate_traced, SimConfig, Strategy};

fn trace(s: Strategy, seed: u64) -> retry_lab::herd::Trace {
    let cfg = SimConfig {
        clients: 100,
        ..SimConfig::default()
    };
    simulate_traced(&cfg, s, seed)
}

#[test]
fn own_windows_cover_the_first_seconds_with_fine_bins() {
    for s in Strategy::ALL {
        let t = trace(s, 1);
        let p = own_histogram(&t);
        assert!(
            p.window_ms <= OWN_WINDOW_MAX_MS + 1e-9,
            "{s:?} {}",
            p.window_ms
        );
        assert!(p.hist.bin_ms <= 20.0, "{s:?}: bins of {} ms", p.hist.bin_ms);
        let in_bins: u32 = p.hist.counts.iter().sum();
        assert_eq!(u64::from(in_bins), p.shown);
        assert_eq!(p.shown + p.later, t.result.calls, "{s:?}");
        // The window holds most writes of the strategies that finish early.
        if t.result.time_ms < OWN_WINDOW_MAX_MS {
            assert!(p.shown as f64 >= 0.9 * t.result.calls as f64, "{s:?}");
        }
    }
}

#[test]
fn no_jitter_comes_in_waves_full_jitter_does_not() {
    for seed in 1..=5 {
        let e = own_histogram(&trace(Strategy::Exponential, seed));
        let f = own_histogram(&trace(Strategy::Full, seed));
        assert!(has_distinct_waves(&e.hist), "exponential, seed {seed}");
        assert!(!has_distinct_waves(&f.hist), "full, seed {seed}");
        assert!(waves(&e.hist).len() >= 5, "seed {seed}");
    }
}

#[test]
fn the_marked_wave_is_one_retry_of_many_clients_with_one_winner() {
    let t = trace(Strategy::Exponential, 1);
    let p = own_histogram(&t);
    let m = marked_wave(&t, &p.hist).expect("a wave to mark");
    // The first retry: the 99 losers of the first round come back together,
    // and only one or two of them win (the rest read a version that is stale
    // by the time their write arrives).
    assert_eq!(m.retry, 1);
    assert_eq!(m.writes, 99);
    assert!((1..=2).contains(&m.accepted), "{m:?}");
    assert!(m.to_ms - m.from_ms <= 60.0, "{m:?}");
    let f = trace(Strategy::Full, 1);
    assert_eq!(marked_wave(&f, &own_histogram(&f).hist), None);
}

#[test]
fn log_axes_cover_whole_decades() {
    use retry_lab::herd::chart_data::Axis;
    let a = Axis::log10(180.0, 66_154.0);
    assert_eq!(a.ticks, vec![100.0, 1000.0, 10_000.0, 100_000.0]);
    assert_eq!(a.frac(100.0), 0.0);
    assert!((a.frac(1000.0) - 1.0 / 3.0).abs() < 1e-12);
    assert_eq!(a.frac(100_000.0), 1.0);
    // Values below the axis sit on its bottom edge instead of escaping it.
    assert_eq!(a.frac(0.0), 0.0);
}

#[test]
fn each_timeline_panel_spans_its_own_trial_by_default() {
    let traces: Vec<_> = Strategy::ALL.iter().map(|&s| trace(s, 1)).collect();
    let last = |t: &retry_lab::herd::Trace| t.writes.last().unwrap().time_ms;
    let own = timeline_axes(&traces, HistAxis::Own, 5);
    for (t, a) in traces.iter().zip(&own) {
        // The panel covers its trial and wastes at most about half its width.
        assert!(
            a.max >= last(t) && a.max <= 2.0 * last(t) + 1.0,
            "{:?}: {} for {}",
            t.strategy,
            a.max,
            last(t)
        );
    }
    // On one shared axis the fast strategies are squashed: the slowest trial
    // is many times longer than the fastest.
    let shared = timeline_axes(&traces, HistAxis::Shared, 5);
    let slowest = traces.iter().map(last).fold(0.0, f64::max);
    assert!(shared.iter().all(|a| a.max >= slowest));
    let fastest = traces.iter().map(last).fold(f64::INFINITY, f64::min);
    assert!(slowest > 10.0 * fastest, "{slowest} vs {fastest}");
}
