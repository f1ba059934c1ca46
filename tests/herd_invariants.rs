//! Invariants of the model that must hold for every seed and configuration.
#![cfg(not(target_arch = "wasm32"))]

use proptest::prelude::*;
use retry_lab::herd::{
    run_point, simulate, simulate_traced, SimConfig, Simulation, Strategy, Trace,
};

/// Every client writes until exactly one write is accepted, and that accepted
/// write is its last; the server accepts exactly N writes.
fn check_trace(t: &Trace) {
    let n = t.clients as usize;
    let mut accepted = vec![0u32; n];
    let mut last_accept_seen = vec![false; n];
    let mut failures = vec![0u32; n];
    let mut prev = 0.0f64;
    for w in &t.writes {
        let c = w.client as usize;
        assert!(
            w.time_ms >= prev,
            "time went backwards: {} < {prev}",
            w.time_ms
        );
        prev = w.time_ms;
        assert!(!last_accept_seen[c], "client {c} wrote after it succeeded");
        assert_eq!(w.attempt, failures[c], "attempt counts failed writes");
        if w.accepted {
            accepted[c] += 1;
            last_accept_seen[c] = true;
        } else {
            failures[c] += 1;
        }
    }
    assert!(
        accepted.iter().all(|&a| a == 1),
        "every client succeeds once"
    );
    assert!(t.result.calls >= t.clients as u64);
    assert_eq!(t.result.calls, t.writes.len() as u64);
    // Completion = last accepted write's response, so after every write.
    assert!(t.result.time_ms >= prev);
}

#[test]
fn every_strategy_every_client_succeeds() {
    for clients in [1, 2, 10, 100] {
        for s in Strategy::ALL {
            let cfg = SimConfig {
                clients,
                ..SimConfig::default()
            };
            check_trace(&simulate_traced(&cfg, s, u64::from(clients) * 31 + 1));
        }
    }
}

#[test]
fn one_client_succeeds_at_once() {
    let cfg = SimConfig {
        clients: 1,
        ..SimConfig::default()
    };
    let r = simulate(&cfg, Strategy::Exponential, 1);
    assert_eq!(r.calls, 1);
    // Four one-way trips of about 10 ms each.
    assert!(r.time_ms > 20.0 && r.time_ms < 60.0, "{}", r.time_ms);
}

#[test]
fn step_reports_monotone_times_and_ends() {
    let mut sim = Simulation::new(&SimConfig::default(), Strategy::Equal, 8);
    let mut prev = 0.0;
    let mut steps = 0u64;
    while let Some(w) = sim.step() {
        assert!(w.time_ms >= prev);
        assert_eq!(sim.now_ms(), w.time_ms);
        prev = w.time_ms;
        steps += 1;
    }
    assert!(sim.is_done());
    assert_eq!(sim.pending_clients(), 0);
    assert_eq!(sim.result().calls, steps);
    assert_eq!(sim.step(), None);
}

/// The blog's point: without backoff the herd makes more calls than with
/// Full Jitter (means over 100 trials).
#[test]
fn no_backoff_makes_more_calls_than_full_jitter() {
    for clients in [50, 100, 150] {
        let cfg = SimConfig {
            clients,
            ..SimConfig::default()
        };
        let none = run_point(&cfg, Strategy::None, 100, 1);
        let full = run_point(&cfg, Strategy::Full, 100, 1);
        assert!(
            none.mean_calls >= full.mean_calls,
            "N={clients}: none {} < full {}",
            none.mean_calls,
            full.mean_calls
        );
        // And exponential without jitter takes far longer than Full Jitter.
        let exp = run_point(&cfg, Strategy::Exponential, 100, 1);
        assert!(exp.mean_time_ms > 2.0 * full.mean_time_ms);
    }
}

#[test]
fn summary_spread_is_consistent() {
    let cfg = SimConfig {
        clients: 40,
        ..SimConfig::default()
    };
    let p = run_point(&cfg, Strategy::Decorrelated, 50, 3);
    assert_eq!(p.trials, 50);
    for s in [p.calls, p.time_ms] {
        assert!(s.min <= s.p10 && s.p10 <= s.p50 && s.p50 <= s.p90 && s.p90 <= s.max);
        assert!(s.min <= s.mean && s.mean <= s.max && s.sd >= 0.0);
    }
    assert_eq!(p.mean_calls, p.calls.mean);
    assert!(p.calls.min >= 40.0);
}

/// Degenerate settings still terminate with every client served.
#[test]
fn zero_delays_and_zero_backoff_terminate() {
    for (mean, sd, base, cap) in [
        (0.0, 0.0, 0.0, 0.0),
        (10.0, 0.0, 5.0, 2000.0),
        (0.0, 5.0, 0.0, 10.0),
        (1000.0, 1000.0, 10_000.0, 600_000.0),
        (10.0, 2.0, 50.0, 1.0),
    ] {
        for s in Strategy::ALL {
            let cfg = SimConfig {
                clients: 30,
                base_ms: base,
                cap_ms: cap,
                net_mean_ms: mean,
                net_sd_ms: sd,
            };
            let t = simulate_traced(&cfg, s, 2);
            check_trace(&t);
            assert!(t.result.calls <= 30 * 31, "{s:?} {:?}", t.result);
        }
    }
}

/// Lockstep clients (no network jitter, no backoff): exactly one wins per round.
#[test]
fn lockstep_herd_serves_one_client_per_round() {
    let cfg = SimConfig {
        clients: 10,
        base_ms: 0.0,
        cap_ms: 0.0,
        net_mean_ms: 10.0,
        net_sd_ms: 0.0,
    };
    let r = simulate(&cfg, Strategy::None, 1);
    // Rounds have 10, 9, …, 1 writers.
    assert_eq!(r.calls, 55);
    // Each round is 4 trips of 10 ms; the last response lands after 10 rounds.
    assert_eq!(r.time_ms, 400.0);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn random_small_configs_hold_the_invariants(
        clients in 1u32..40,
        strategy in 0usize..7,
        base in 0.0f64..50.0,
        cap in 0.0f64..5000.0,
        mean in 0.0f64..30.0,
        sd in 0.0f64..10.0,
        seed in any::<u64>(),
    ) {
        let cfg = SimConfig { clients, base_ms: base, cap_ms: cap, net_mean_ms: mean, net_sd_ms: sd };
        let s = Strategy::ALL[strategy];
        let t = simulate_traced(&cfg, s, seed);
        check_trace(&t);
        prop_assert_eq!(t.result, simulate(&cfg, s, seed));
        prop_assert!(t.result.calls <= u64::from(clients) * u64::from(clients + 1));
    }
}
