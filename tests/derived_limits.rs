//! The limits that follow from other parameters are reachable exactly: the
//! largest allowed value is accepted without a notice and keeps the work
//! within its cap, one more would break the cap (inclusive bounds, no
//! off-by-one), over random parameters.
#![cfg(not(target_arch = "wasm32"))]

use proptest::prelude::*;
use retry_lab::amplify::bounds as ab;
use retry_lab::amplify::params::AmplifyParams;
use retry_lab::herd::bounds::{MAX_SWEEP_POINTS, MAX_WRITES, TRIALS};
use retry_lab::herd::HerdParams;
use retry_lab::kernel::params::Notice;
use retry_lab::pages::route::Query;

fn herd(q: &str) -> (HerdParams, Vec<Notice>) {
    HerdParams::from_query(&Query::parse(q))
}

fn amplify(q: &str) -> (AmplifyParams, Vec<Notice>) {
    AmplifyParams::from_query(&Query::parse(q))
}

fn noticed(notices: &[Notice], param: &str) -> bool {
    notices.iter().any(|n| n.param == param)
}

/// Points of a sweep from `from` to `to` by `step`.
fn points(from: u32, to: u32, step: u32) -> u32 {
    (to - from) / step + 1
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// `n_step`: the least step that keeps a sweep within 100 points is
    /// accepted as given, and one less would make 101 or more points.
    #[test]
    fn the_least_sweep_step_gives_at_most_and_exactly_up_to_100_points(
        from in 1u32..=1000, span in 0u32..1000,
    ) {
        let to = (from + span).min(1000);
        let least = (1..=1000).find(|&s| points(from, to, s) <= MAX_SWEEP_POINTS as u32).unwrap();
        let q = |step: u32| format!("view=sweep&n_from={from}&n_to={to}&n_step={step}&trials=1&strategies=full");
        let (p, notices) = herd(&q(least));
        prop_assert!(!noticed(&notices, "n_step"), "step {least} refused for {from}..={to}");
        prop_assert_eq!(p.n_step, least);
        prop_assert_eq!(p.sweep_clients().last().copied(), Some(from + (to - from) / least * least));
        if least > 1 {
            let (p, notices) = herd(&q(least - 1));
            prop_assert!(noticed(&notices, "n_step"));
            prop_assert_eq!(p.n_step, least);
        }
    }

    /// `trials`: the largest count the write cap allows is accepted and fits
    /// the cap; one more is refused (unless it is the documented maximum).
    #[test]
    fn the_largest_herd_trials_fit_the_write_cap_and_one_more_does_not(
        clients in 1u32..=1000, lockstep in any::<bool>(), two in any::<bool>(),
    ) {
        let strategies = if two { "none,full" } else { "full" };
        let extra = if lockstep { "&base=0&net_sd=0" } else { "" };
        let base = format!("clients={clients}&strategies={strategies}{extra}");
        let probe = herd(&format!("{base}&trials=1")).0;
        let max = probe.max_trials();
        let (p, notices) = herd(&format!("{base}&trials={max}"));
        prop_assert!(!noticed(&notices, "trials"));
        prop_assert_eq!(p.trials, max);
        prop_assert!(p.worst_writes() <= MAX_WRITES || max == 1);
        if i64::from(max) < TRIALS.max {
            let (p, notices) = herd(&format!("{base}&trials={}", max + 1));
            prop_assert!(noticed(&notices, "trials"));
            prop_assert_eq!(p.trials, max);
            prop_assert!(probe.worst_writes_per_trial() * f64::from(max + 1) > MAX_WRITES);
        }
    }

    /// A sweep too large for one trial gets the largest `n_to` whose one
    /// trial fits the cap; the next point would not fit.
    #[test]
    fn a_sweep_is_cut_at_the_last_point_that_fits(
        from in 1u32..=600, step in 1u32..=50, lockstep in any::<bool>(),
    ) {
        let extra = if lockstep { "&base=0&net_sd=0" } else { "" };
        let q = format!("view=sweep&n_from={from}&n_to=1000&n_step={step}&trials=1{extra}");
        let (p, notices) = herd(&q);
        prop_assert!(p.worst_writes_per_trial() <= MAX_WRITES || p.n_to == from);
        let next = p.sweep_clients().last().unwrap() + p.n_step;
        if noticed(&notices, "n_to") && next <= 1000 {
            let mut uncut = p.clone();
            uncut.n_to = next;
            prop_assert!(uncut.worst_writes_per_trial() > MAX_WRITES);
        }
    }

    /// Fanout `trials`: at most FANOUT_WORK bottom requests in the worst case.
    #[test]
    fn the_largest_fanout_trials_fit_the_work_cap_and_one_more_does_not(
        layers in proptest::collection::vec(1u32..=10, 1..=6), budget in prop::option::of(1u32..=1_000_000),
    ) {
        let layers = layers.iter().map(u32::to_string).collect::<Vec<_>>().join(",");
        let policy = budget.map_or(String::new(), |b| format!("&policy=budget&budget={b}"));
        let base = format!("view=fanout&layers={layers}{policy}");
        let worst = amplify(&base).0.fanout.max_bottom().max(1) as f64;
        let max = ((ab::FANOUT_WORK / worst).floor() as i64).clamp(1, ab::TRIALS.max);
        let (p, notices) = amplify(&format!("{base}&trials={max}"));
        prop_assert!(!noticed(&notices, "trials"));
        prop_assert_eq!(i64::from(p.trials), max);
        prop_assert!(worst * max as f64 <= ab::FANOUT_WORK || max == 1);
        if max < ab::TRIALS.max {
            let (p, notices) = amplify(&format!("{base}&trials={}", max + 1));
            prop_assert!(noticed(&notices, "trials"));
            prop_assert_eq!(i64::from(p.trials), max);
            prop_assert!(worst * (max + 1) as f64 > ab::FANOUT_WORK);
        }
    }

    /// Load `duration`: at most LOAD_CALLS calls (rate × duration), in whole
    /// seconds; the largest is accepted, one second more is not.
    #[test]
    fn the_longest_load_duration_fits_the_call_cap(rate in 1u32..=5000) {
        let base = format!("view=load&rate={rate}");
        let max = (ab::LOAD_CALLS / f64::from(rate)).floor().min(ab::DURATION.max);
        let (p, notices) = amplify(&format!("{base}&duration={max}"));
        prop_assert!(!noticed(&notices, "duration"));
        prop_assert_eq!(p.load.duration, max);
        prop_assert!(f64::from(rate) * max <= ab::LOAD_CALLS);
        if max < ab::DURATION.max {
            let (p, notices) = amplify(&format!("{base}&duration={}", max + 1.0));
            prop_assert!(noticed(&notices, "duration"));
            prop_assert_eq!(p.load.duration, max);
            prop_assert!(f64::from(rate) * (max + 1.0) > ab::LOAD_CALLS);
        }
    }
}

/// Every documented bound of a plain parameter is accepted at both ends and
/// refused just outside them.
#[test]
fn documented_bounds_are_inclusive() {
    for (q, param) in [
        ("clients=1", "clients"),
        ("clients=1000", "clients"),
        ("trials=1", "trials"),
        ("base=0&cap=600000", "cap"),
        ("base=10000", "base"),
        ("net_mean=1000&net_sd=1000", "net_sd"),
        ("seed=9007199254740991", "seed"),
        (
            "view=sweep&n_from=1&n_to=1000&n_step=10&trials=1&strategies=full",
            "n_step",
        ),
    ] {
        let notices = herd(q).1;
        assert!(!noticed(&notices, param), "{q}: {notices:?}");
    }
    for (q, param) in [
        ("clients=0", "clients"),
        ("clients=1001", "clients"),
        ("base=10001", "base"),
    ] {
        assert!(noticed(&herd(q).1, param), "{q}");
    }
    for (q, param) in [
        ("view=fanout&layers=10,10,10,10,10,10&trials=1", "layers"),
        ("view=fanout&layers=1&p=0&trials=100000", "trials"),
        ("view=fanout&policy=budget&budget=1000000", "budget"),
        ("view=fanout&step=4000", "step"),
        ("view=fanout&step=-1", "step"),
        ("view=load&rate=5000&duration=40", "duration"),
        ("view=load&rate=0.1&duration=600", "duration"),
        ("view=load&capacity=100000&timeout=60", "timeout"),
        ("view=sweep&calls=200000&steps=41", "steps"),
        ("view=sweep&calls=100&steps=2", "calls"),
    ] {
        let notices = amplify(q).1;
        assert!(!noticed(&notices, param), "{q}: {notices:?}");
    }
    for (q, param) in [
        ("view=fanout&layers=11", "layers"),
        ("view=fanout&layers=1,1,1,1,1,1,1", "layers"),
        ("view=load&rate=5000&duration=41", "duration"),
        ("view=sweep&steps=42", "steps"),
    ] {
        assert!(noticed(&amplify(q).1, param), "{q}");
    }
}
