//! The work cap bounds the worst case: clients in lockstep (`net_sd=0`,
//! `base=0`) make N·(N+1)/2 writes per trial, and a page's parameters never
//! allow more than `MAX_WRITES` of them.
#![cfg(not(target_arch = "wasm32"))]

use proptest::prelude::*;
use retry_lab::herd::params::MAX_WRITES;
use retry_lab::herd::{
    max_writes_per_trial, simulate, HerdParams, SimConfig, Strategy, MAX_CLIENTS,
};
use retry_lab::kernel::params::NoticeKind;
use retry_lab::pages::route::{Location, Page};

fn herd(hash: &str) -> (HerdParams, Vec<retry_lab::kernel::params::Notice>) {
    let loc = Location::parse(hash);
    assert_eq!(loc.page, Page::Herd);
    HerdParams::from_query(&loc.query)
}

#[test]
fn lockstep_clients_reach_the_bound_exactly() {
    // No jitter anywhere: every round, all remaining clients write and one wins.
    for n in [1, 2, 10, 100, 1000] {
        let cfg = SimConfig {
            clients: n,
            base_ms: 0.0,
            net_sd_ms: 0.0,
            ..SimConfig::default()
        };
        for s in [Strategy::None, Strategy::Exponential, Strategy::Full] {
            assert_eq!(
                simulate(&cfg, s, 1).calls,
                max_writes_per_trial(n),
                "N={n} {s:?}"
            );
        }
    }
}

#[test]
fn the_lockstep_urls_are_capped_with_a_notice() {
    for hash in [
        "#/herd?clients=1000&base=0&net_sd=0",
        "#/herd?clients=1000&base=0&net_sd=0&trials=1000",
        "#/herd?view=sweep&n_from=1000&n_to=1000&base=0&net_sd=0",
        "#/herd?view=sweep&n_from=10&n_to=1000&n_step=10&base=0&net_sd=0&trials=1000",
    ] {
        let (p, notices) = herd(hash);
        assert!(
            p.worst_writes() <= MAX_WRITES,
            "{hash}: {}",
            p.worst_writes()
        );
        assert!(p.trials >= 1);
        let n = notices
            .iter()
            .find(|n| n.param == "trials")
            .unwrap_or_else(|| panic!("{hash}: no trials notice in {notices:?}"));
        assert_eq!(n.kind, NoticeKind::Clamped);
        assert_eq!(n.used, p.trials.to_string());
    }
    // The URL: 1000 lockstep clients × 7 strategies allow 28 trials.
    let (p, _) = herd("#/herd?clients=1000&base=0&net_sd=0");
    assert_eq!(p.trials, 28);
    assert_eq!(p.worst_writes(), 28.0 * 7.0 * 500_500.0);
}

#[test]
fn the_blogs_full_sweep_keeps_its_100_trials() {
    let (p, n) = herd("#/herd?view=sweep");
    assert!(n.is_empty(), "{n:?}");
    assert_eq!(p.trials, 100);
    assert!(p.worst_writes() <= MAX_WRITES);
}

#[test]
fn one_limit_for_clients() {
    use retry_lab::herd::params::bounds;
    assert_eq!(i64::from(MAX_CLIENTS), bounds::CLIENTS.max);
    assert_eq!(
        i64::from(SimConfig::default().clients),
        bounds::CLIENTS.default
    );
    assert_eq!(HerdParams::default().clients, SimConfig::default().clients);
}

#[test]
fn the_worker_watchdog_allows_the_worst_case_point() {
    use retry_lab::herd::point_watchdog_ms;
    assert_eq!(point_watchdog_ms(1, 1), 5000.0 + 1.0 / 2000.0);
    // 1000 lockstep clients × 28 trials: 1.4·10⁷ writes, 7 s at 2·10⁶/s.
    assert_eq!(point_watchdog_ms(1000, 28), 5000.0 + 7007.0);
    assert!(point_watchdog_ms(190, 100) < 15_000.0);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]
    /// No configuration makes more writes than the bound.
    #[test]
    fn calls_never_exceed_the_bound(
        n in 1u32..60, base in 0.0f64..20.0, sd in 0.0f64..5.0,
        s in 0usize..7, seed in 0u64..1000,
    ) {
        let cfg = SimConfig { clients: n, base_ms: base, net_sd_ms: sd, ..SimConfig::default() };
        let r = simulate(&cfg, Strategy::ALL[s], seed);
        prop_assert!(r.calls <= max_writes_per_trial(n));
        prop_assert!(r.calls >= u64::from(n));
    }
}
