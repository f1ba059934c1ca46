//! The load view's explanations against the model: every claim a lane's
//! «why» line or the lesson makes is checked on the run it describes, and
//! the fixed-rate token bucket behaves as the chapter's sentence says.
#![cfg(not(target_arch = "wasm32"))]

use retry_lab::amplify::load::explain::{mechanism, outcome, plan};
use retry_lab::amplify::load::job::{LaneResult, LoadJob};
use retry_lab::amplify::load::lesson::lesson;
use retry_lab::amplify::load_presets::Preset;
use retry_lab::amplify::{run_load, AmplifyParams, LoadConfig, LoadPolicy, View};
use retry_lab::i18n::Arg;

fn lanes(preset: Preset) -> (AmplifyParams, Vec<LaneResult>) {
    let prm = AmplifyParams::for_view(View::Load, preset);
    let mut job = LoadJob::new(prm.lanes(), prm.seed);
    while !job.advance(u32::MAX) {}
    (prm, job.results)
}

fn lane(results: &[LaneResult], p: LoadPolicy) -> &LaneResult {
    results.iter().find(|r| r.policy == p).expect("lane")
}

#[test]
fn fixed_rate_bucket_without_refill_is_brookers_bucket() {
    for (cfg, seed) in [
        (Preset::Metastable.config(), 1),
        (
            LoadConfig {
                p: 1.0,
                ..Preset::Brooker.config()
            },
            3,
        ),
    ] {
        let cfg = LoadConfig { refill: 0.0, ..cfg };
        let a = run_load(&cfg, LoadPolicy::TokenBucket, seed);
        let b = run_load(&cfg, LoadPolicy::TokenBucketFixedRate, seed);
        assert_eq!(
            (a.requests, a.succeeded, &a.series),
            (b.requests, b.succeeded, &b.series)
        );
    }
}

#[test]
fn fixed_rate_bucket_keeps_retrying_at_its_rate_when_everything_fails() {
    // One layer, every request fails for 100 s: Brooker's bucket spends its
    // 10 tokens and stops; the fixed-rate one goes on at `refill` per second.
    for refill in [0.0, 2.0, 5.0] {
        let cfg = LoadConfig {
            p: 1.0,
            refill,
            ..Preset::Brooker.config()
        };
        let o = run_load(&cfg, LoadPolicy::TokenBucketFixedRate, 1);
        let want = 10.0 + refill * cfg.duration;
        let got = o.retries as f64;
        assert!(
            (got - want).abs() <= 2.0,
            "refill {refill}: {got} retries, want ≈ {want}"
        );
        assert_eq!(o.retries, o.requests - o.calls);
    }
}

#[test]
fn a_fixed_rate_above_the_headroom_keeps_the_server_down() {
    // Headroom after the trigger: capacity 100 − 80 calls/s = 20 requests/s.
    let run = |refill| {
        let prm = AmplifyParams::for_view(View::Load, Preset::Metastable);
        let cfg = LoadConfig { refill, ..prm.load };
        let mut job = LoadJob::new(
            vec![retry_lab::amplify::Lane {
                id: "x".into(),
                policy: LoadPolicy::TokenBucketFixedRate,
                cfg,
            }],
            prm.seed,
        );
        while !job.advance(u32::MAX) {}
        job.results.remove(0)
    };
    // 3 layers × 1 token/s fit in the headroom: it recovers, later than
    // Brooker's bucket.
    let (_, results) = lanes(Preset::Metastable);
    let slow = run(1.0);
    let tb = lane(&results, LoadPolicy::TokenBucket)
        .recovered
        .expect("tb");
    assert!(slow.recovered.expect("refill 1 recovers") > tb);
    // 3 × 10 tokens/s do not: the load stays above capacity.
    let fast = run(10.0);
    assert_eq!(fast.recovered, None);
    assert!(
        fast.facts.load_after > fast.cfg.capacity,
        "{}",
        fast.facts.load_after
    );
}

#[test]
fn metastable_why_lines_match_the_runs() {
    let (prm, r) = lanes(Preset::Metastable);
    let cfg = &prm.load;
    let key = |p| outcome(cfg, &lane(&r, p).facts, lane(&r, p).recovered).key;
    // Plain retries: the load after the trigger stays above capacity and
    // nearly all service time goes to requests nobody waits for.
    let retries = lane(&r, LoadPolicy::Retries);
    assert_eq!(key(LoadPolicy::Retries), "amplify.why.overloaded");
    assert!(retries.facts.load_after > cfg.capacity);
    assert!(
        retries.facts.wasted_share > 0.9,
        "{}",
        retries.facts.wasted_share
    );
    // No retries: the backlog drains at about capacity − arrival rate.
    let none = lane(&r, LoadPolicy::None);
    assert_eq!(key(LoadPolicy::None), "amplify.why.recovered");
    let drain = cfg.capacity - none.facts.load_after;
    assert!((drain - (cfg.capacity - cfg.rate)).abs() < 5.0, "{drain}");
    // The retry budget still retries under overload: more load after the
    // trigger, a slower drain, a later recovery than no retries.
    let budget = lane(&r, LoadPolicy::RetryBudget);
    assert!(budget.facts.load_after > none.facts.load_after + 3.0);
    assert!(budget.recovered.unwrap() > none.recovered.unwrap());
    // Deadline: the server drops expired work, so the backlog never exceeds
    // one timeout, no service time is wasted, and goodput is back at once.
    let dl = lane(&r, LoadPolicy::Deadline);
    assert_eq!(key(LoadPolicy::Deadline), "amplify.why.at_once");
    assert!(dl.facts.backlog.unwrap() <= cfg.timeout);
    assert!(dl.facts.dropped > 0 && dl.facts.wasted_share == 0.0);
    // Brooker's bucket: almost no retries.
    assert!(lane(&r, LoadPolicy::TokenBucket).facts.retry_share < 0.01);
    for x in &r {
        let m = mechanism(x.policy, cfg, &x.facts);
        assert!(m.key.starts_with("amplify.why."), "{}", m.key);
    }
}

#[test]
fn the_lessons_state_what_the_runs_show() {
    let (prm, r) = lanes(Preset::Metastable);
    let l = lesson(Preset::Metastable, &prm.load, &r).expect("lesson");
    assert_eq!(l.sentence.key, "amplify.lesson.metastable");
    assert_eq!(l.never, vec![LoadPolicy::Retries]);
    let (prm, r) = lanes(Preset::Codex);
    let l = lesson(Preset::Codex, &prm.load, &r).expect("lesson");
    assert_eq!(
        l.sentence.args,
        [
            ("with", Arg::Fixed(9.0, 0)),
            ("without", Arg::Fixed(3.0, 0))
        ]
    );
}

#[test]
fn codex_lanes_show_requests_per_call_not_flat_charts() {
    let (prm, r) = lanes(Preset::Codex);
    for x in &r {
        let p = plan(&prm.load, &x.facts, x.success_rate > 0.0);
        assert!(!p.load && !p.goodput, "{}: {p:?}", x.id);
        assert!(p.first_call && p.amp_note, "{}: {p:?}", x.id);
        // Some second holds retries of earlier calls: the ratio exceeds the mean.
        assert!(x.facts.peak_amplification > x.amplification);
    }
    // With Retry-After every HTTP retry waits at least 1 s: one call's 9
    // requests spread over seconds.
    let with = r.iter().find(|x| x.cfg.retry_after > 0.0).unwrap();
    assert_eq!(with.facts.first_call_requests, 9);
    assert!(
        with.facts.first_call_span > 4.0,
        "{}",
        with.facts.first_call_span
    );
    assert!(with.facts.peak_amplification > 9.0);
    let (prm, r) = lanes(Preset::Metastable);
    let p = plan(&prm.load, &lane(&r, LoadPolicy::Retries).facts, true);
    assert!(p.load && p.goodput);
}

#[test]
fn chart_ticks_are_round_numbers() {
    use retry_lab::herd::chart_data::{tick_label, Axis};
    // The ranges the load view's charts take (seconds, requests per second,
    // amplification, shares), at every tick density a card's width gives.
    let mut maxima = vec![1.0, 0.117, 9.8];
    for preset in [Preset::Metastable, Preset::Codex] {
        let (_, r) = lanes(preset);
        for x in &r {
            let s = &x.series;
            maxima.push(s.bins.len() as f64);
            maxima.push(
                s.bins
                    .iter()
                    .map(|b| f64::from(b.requests).max(b.capacity))
                    .fold(1.0, f64::max),
            );
            maxima.push(x.facts.peak_amplification);
            maxima.push(x.facts.first_call_span);
        }
    }
    // A 120 s run ends at 120 on the axis, not 150.
    assert_eq!(Axis::snug(0.0, 120.0, 6).max, 120.0);
    assert_eq!(Axis::snug(0.0, 1.0, 5).max, 1.0);
    for &m in &maxima {
        for k in 2..=10 {
            let a = Axis::snug(0.0, m, k);
            assert!(
                a.max >= m && a.ticks.len() <= k + 1,
                "{m} by {k}: {:?}",
                a.ticks
            );
            let step = a.ticks[1] - a.ticks[0];
            // A 1-2-5 step, and labels with just the decimals it needs
            // (no «54.50»: a step of 0.05 allows two, a step of 10 none).
            let mag = 10f64.powf(step.log10().floor());
            let norm = (step / mag * 1e6).round() / 1e6;
            assert!(
                [1.0, 2.0, 5.0, 10.0].contains(&norm),
                "{m} by {k}: step {step}"
            );
            let allowed = (-step.log10().floor()).max(0.0) as usize;
            for &v in &a.ticks {
                let label = tick_label(v);
                let (num, scale) = match label.strip_suffix('k') {
                    Some(n) => (n, 1000.0),
                    None => (label.as_str(), 1.0),
                };
                let decimals = num.split('.').nth(1).map_or(0, str::len);
                assert!(
                    decimals <= allowed && !num.ends_with('0') || !num.contains('.'),
                    "{m} by {k}: {label}"
                );
                let back: f64 = num.parse::<f64>().unwrap() * scale;
                assert!(
                    (back - v).abs() <= 1e-9 * v.abs().max(1.0),
                    "{m} by {k}: {label} for {v}"
                );
            }
        }
    }
}

#[test]
fn a_bucket_that_never_ran_dry_says_so() {
    // Few failures: Brooker's bucket stays full and retries like plain retries.
    let cfg = LoadConfig {
        p: 0.02,
        ..Preset::Brooker.config()
    };
    for pol in [LoadPolicy::TokenBucket, LoadPolicy::TokenBucketAws] {
        let o = run_load(&cfg, pol, 1);
        let f = retry_lab::amplify::load::explain::LaneFacts::of(&cfg, &o, false);
        assert_eq!(f.refused, 0, "{pol:?}");
        assert_eq!(
            mechanism(pol, &cfg, &f).key,
            "amplify.why.bucket_never_empty"
        );
    }
    // Everything failing: it ran dry and refused retries.
    let cfg = LoadConfig { p: 1.0, ..cfg };
    let o = run_load(&cfg, LoadPolicy::TokenBucket, 1);
    let f = retry_lab::amplify::load::explain::LaneFacts::of(&cfg, &o, false);
    assert!(f.refused > 0);
    assert_eq!(
        mechanism(LoadPolicy::TokenBucket, &cfg, &f).key,
        "amplify.why.token_bucket"
    );
}
