//! URL parameters of `#/herd`: every bad value is clamped or refused with a
//! notice naming the parameter, and a written query reads back identically.
#![cfg(not(target_arch = "wasm32"))]

use retry_lab::herd::params::{bounds, MAX_SWEEP_POINTS, MAX_WRITES};
use retry_lab::herd::{HerdParams, Strategy, View};
use retry_lab::kernel::params::NoticeKind;
use retry_lab::pages::route::Query;

fn read(q: &str) -> (HerdParams, Vec<(String, NoticeKind, String)>) {
    let (p, notices) = HerdParams::from_query(&Query::parse(q));
    let n = notices
        .into_iter()
        .map(|n| (n.param, n.kind, n.used))
        .collect();
    (p, n)
}

#[test]
fn empty_query_gives_the_defaults() {
    let (p, n) = read("");
    assert!(n.is_empty(), "{n:?}");
    assert_eq!(p, HerdParams::default());
    assert_eq!(p.clients, 100);
    assert_eq!(p.trials, 100);
    assert_eq!(p.seed, 1);
    assert_eq!(p.strategies, Strategy::ALL.to_vec());
    assert_eq!(
        (p.base_ms, p.cap_ms, p.net_mean_ms, p.net_sd_ms),
        (5.0, 2000.0, 10.0, 2.0)
    );
    assert_eq!(p.view, View::Run);
    let ns = p.sweep_clients();
    assert_eq!(ns.first(), Some(&10));
    assert_eq!(ns.last(), Some(&190));
    assert_eq!(ns.len(), 19);
}

#[test]
fn deep_link_of_the_issue_is_read_exactly() {
    let (p, n) = read("clients=100&trials=100&seed=7&strategies=full,exponential");
    assert!(n.is_empty(), "{n:?}");
    assert_eq!(p.seed, 7);
    // Canonical order, whatever the URL order.
    assert_eq!(p.strategies, vec![Strategy::Exponential, Strategy::Full]);
}

#[test]
fn bad_values_are_clamped_or_refused_with_a_notice() {
    let cases: &[(&str, &str, NoticeKind, &str)] = &[
        ("clients=0", "clients", NoticeKind::Clamped, "1"),
        ("clients=-3", "clients", NoticeKind::Clamped, "1"),
        ("clients=100000", "clients", NoticeKind::Clamped, "1000"),
        ("clients=1e400", "clients", NoticeKind::Clamped, "1000"),
        ("clients=NaN", "clients", NoticeKind::Invalid, "100"),
        ("clients=", "clients", NoticeKind::Invalid, "100"),
        ("clients=ten", "clients", NoticeKind::Invalid, "100"),
        ("trials=0", "trials", NoticeKind::Clamped, "1"),
        (
            "trials=99999999999999999999",
            "trials",
            NoticeKind::Clamped,
            "1000",
        ),
        ("seed=-1", "seed", NoticeKind::Clamped, "0"),
        ("seed=x", "seed", NoticeKind::Invalid, "1"),
        ("base=NaN", "base", NoticeKind::Invalid, "5"),
        ("base=-5", "base", NoticeKind::Clamped, "0"),
        ("cap=inf", "cap", NoticeKind::Clamped, "600000"),
        ("net_mean=1e9", "net_mean", NoticeKind::Clamped, "1000"),
        ("net_sd=-0.5", "net_sd", NoticeKind::Clamped, "0"),
        ("net_sd=%20", "net_sd", NoticeKind::Invalid, "2"),
        ("view=table", "view", NoticeKind::Invalid, "run"),
        (
            "strategies=bogus",
            "strategies",
            NoticeKind::Invalid,
            "none,exponential,full,equal,decorrelated,codex,sdk",
        ),
        (
            "strategies=",
            "strategies",
            NoticeKind::Invalid,
            "none,exponential,full,equal,decorrelated,codex,sdk",
        ),
        (
            "strategies=full,FULL",
            "strategies",
            NoticeKind::Invalid,
            "full",
        ),
        ("n_step=0", "n_step", NoticeKind::Clamped, "2"),
        ("zzz=1", "zzz", NoticeKind::Unknown, ""),
    ];
    for (q, param, kind, used) in cases {
        let (_, n) = read(q);
        let hit = n.iter().find(|(p, _, _)| p == param);
        let (_, k, u) = hit.unwrap_or_else(|| panic!("no notice for {q}: {n:?}"));
        assert_eq!(k, kind, "{q}");
        assert_eq!(u, used, "{q}");
    }
}

#[test]
fn sweep_range_is_kept_sane() {
    let (p, n) = read("view=sweep&n_from=300&n_to=100");
    assert_eq!((p.n_from, p.n_to), (300, 300));
    assert!(n
        .iter()
        .any(|(p, k, _)| p == "n_to" && *k == NoticeKind::Clamped));
    assert_eq!(p.sweep_clients(), vec![300]);

    let (p, n) = read("view=sweep&n_from=1&n_to=1000&n_step=1");
    assert!(n.iter().any(|(p, _, _)| p == "n_step"), "{n:?}");
    assert!(p.sweep_clients().len() <= MAX_SWEEP_POINTS);
    assert_eq!(p.sweep_clients()[0], 1);
}

#[test]
fn work_budget_bounds_trials() {
    // The blog's sweep with every strategy fits at 100 trials.
    let (p, n) = read("view=sweep");
    assert!(n.is_empty(), "{n:?}");
    assert_eq!(p.trials, 100);
    // 1000 clients with 1000 trials does not.
    let (p, n) = read("clients=1000&trials=1000");
    assert!(p.trials < 1000 && p.trials >= 1);
    assert!(n
        .iter()
        .any(|(q, k, _)| q == "trials" && *k == NoticeKind::Clamped));
    assert!(p.worst_writes() <= MAX_WRITES);
    // The largest sweep still gets at least one trial.
    let (p, _) = read("view=sweep&n_from=1000&n_to=1000&trials=1000");
    assert!(p.trials >= 1);
}

#[test]
fn query_round_trips() {
    for q in [
        "",
        "view=sweep&n_from=20&n_to=200&n_step=20&trials=50",
        "clients=7&trials=3&seed=9007199254740991&strategies=sdk,codex&base=2.5&cap=100&net_mean=0&net_sd=0.125",
    ] {
        let (p, _) = read(q);
        let written = p.to_query();
        let (again, n) = HerdParams::from_query(&written);
        assert!(n.is_empty(), "{q}: {n:?}");
        assert_eq!(again, p, "{q}");
    }
    assert_eq!(bounds::SEED.max, (1i64 << 53) - 1);
}

#[test]
fn spec_follows_the_view() {
    let (p, _) = read("clients=42&strategies=none&trials=5");
    let s = p.spec();
    assert_eq!(s.clients, vec![42]);
    assert!(s.trace_first);
    let (p, _) = read("view=sweep&strategies=none&trials=5");
    let s = p.spec();
    assert_eq!(s.clients.len(), 19);
    assert!(!s.trace_first);
    assert_eq!(s.total_trials(), 19 * 5);
}

#[test]
fn display_toggles_live_in_the_url_and_do_not_change_what_is_computed() {
    use retry_lab::herd::chart_data::HistAxis;
    use retry_lab::herd::Strategy;
    let (p, n) = read("hist_axis=shared&timeline_axis=shared&time_scale=linear&highlight=none");
    assert!(n.is_empty(), "{n:?}");
    assert_eq!(p.hist_axis, HistAxis::Shared);
    assert_eq!(p.timeline_axis, HistAxis::Shared);
    assert!(!p.time_log);
    assert_eq!(p.highlight, Some(Strategy::None));
    let (again, n) = HerdParams::from_query(&p.to_query());
    assert!(n.is_empty(), "{n:?}");
    assert_eq!(again, p);
    assert_eq!(p.computed(), read("").0);
    assert_eq!(p.computed().spec(), p.spec());
    let (d, n) = read("hist_axis=wide&timeline_axis=tall&time_scale=cubic&highlight=all");
    assert_eq!(
        (d.hist_axis, d.timeline_axis),
        (HistAxis::Own, HistAxis::Own)
    );
    assert!(d.time_log && d.highlight.is_none());
    let bad: Vec<&str> = n.iter().map(|(q, _, _)| q.as_str()).collect();
    assert_eq!(bad, vec!["hist_axis", "timeline_axis", "time_scale"]);
}

#[test]
fn display_defaults_let_every_panel_and_curve_be_read() {
    use retry_lab::herd::chart_data::HistAxis;
    // Each timeline panel over its own trial, like the histograms; the
    // sweep's completion times on a log axis (no jitter takes ~100 s, the
    // others about a second).
    let (d, n) = read("");
    assert!(n.is_empty());
    assert_eq!(
        (d.hist_axis, d.timeline_axis),
        (HistAxis::Own, HistAxis::Own)
    );
    assert!(d.time_log);
    let q = retry_lab::pages::links::Link::Herd(d).query();
    assert!(
        q.is_empty(),
        "the defaults stay out of the address bar: {q:?}"
    );
}
