//! The counterexample hunt on the real model: what it finds on each preset,
//! that its shrink ends on a schedule that still fails and that no single
//! simplification of it does, that a seed fixes the answer, and that the
//! schedule's URL code round-trips every generated schedule.

#![cfg(not(target_family = "wasm"))]

use proptest::prelude::*;
use rand::SeedableRng;
use retry_lab::lab::hunt::*;
use retry_lab::lab::*;

fn spec(design: impl Into<Design>, client: ClientStrategy) -> HuntSpec {
    HuntSpec {
        design: design.into(),
        client,
        seed: 1,
        budget: 20_000,
        kinds: KindSet::all(),
    }
}

fn found(o: &HuntOutcome) -> &Counterexample {
    match o {
        HuntOutcome::Found(c) => c,
        other => panic!("no counterexample: {other:?}"),
    }
}

fn minimal_run(s: &HuntSpec, c: &Counterexample) -> Run {
    run_schedule(c.minimal(), s.client, s.design, s.seed)
}

fn took_over(r: &Run) -> bool {
    r.steps().iter().any(|st| {
        matches!(
            st.kind,
            StepKind::Server {
                decision: Decision::TookOver { .. },
                ..
            }
        )
    })
}

#[test]
fn naive_key_split_and_atomic_break_with_a_stable_key() {
    for p in [Preset::Naive, Preset::KeySplit, Preset::Atomic] {
        let s = spec(p, ClientStrategy::StableKey);
        let c = found(&hunt(s)).clone();
        let r = minimal_run(&s, &c);
        assert!(!suite::passes(&r), "{p:?}");
        assert_eq!(c.reports, r.final_report_count());
        assert!(c.break_step.is_some());
    }
}

/// Past the service's own database, every preset's key table is global: a
/// second tenant whose key string equals the first's breaks them all (a
/// leak or a cross-tenant refusal), and shrinking leaves it alone, at once.
#[test]
fn with_every_kind_a_second_tenant_breaks_every_keyed_preset() {
    for p in [
        Preset::KeySplit,
        Preset::Atomic,
        Preset::LeasedUnguarded,
        Preset::Leased,
        Preset::Fenced,
    ] {
        let s = spec(p, ClientStrategy::StableKey);
        let c = found(&hunt(s)).clone();
        let alone = FaultSchedule {
            second_tenant: Some(0),
            ..FaultSchedule::default()
        };
        assert_eq!(*c.minimal(), alone, "{p:?}: {}", encode(c.minimal()));
        let r = minimal_run(&s, &c);
        assert!(
            !r.leaks().is_empty() || !r.tenant_refusals().is_empty(),
            "{p:?}"
        );
    }
}

#[test]
fn leased_unguarded_breaks_by_a_lease_takeover() {
    let s = HuntSpec {
        kinds: KindSet::database(),
        ..spec(Preset::LeasedUnguarded, ClientStrategy::StableKey)
    };
    let c = found(&hunt(s)).clone();
    let r = minimal_run(&s, &c);
    assert!(took_over(&r), "{}", encode(c.minimal()));
    assert_eq!(r.final_report_count(), 2);
    // The stall is past the lease: a takeover needs it.
    assert!(c
        .minimal()
        .attempts
        .iter()
        .any(|a| matches!(a.server, ServerFault::Stall(ms) if ms >= LEASE_MS)));
}

#[test]
fn fenced_with_a_stable_key_breaks_by_a_model_recall() {
    // Within the key's retention: without next-day restarts the only way
    // past the fence is a new key, which a model re-call brings.
    let kinds = KindSet::database().without(FaultKind::NextDay);
    let s = HuntSpec {
        kinds,
        ..spec(Preset::Fenced, ClientStrategy::StableKey)
    };
    let c = found(&hunt(s)).clone();
    assert!(c.minimal().model_recalls > 0, "{}", encode(c.minimal()));
    assert!(minimal_run(&s, &c).calls().len() >= 2);
    // With every kind of its own database, the first it finds is the
    // pruned key of the next day.
    let all = HuntSpec {
        kinds: KindSet::database(),
        ..spec(Preset::Fenced, ClientStrategy::StableKey)
    };
    assert!(found(&hunt(all)).minimal().restart_next_day);
}

#[test]
fn fenced_with_a_business_key_finds_none_within_the_keys_retention() {
    let s = HuntSpec {
        kinds: KindSet::database().without(FaultKind::NextDay),
        budget: 300,
        ..spec(Preset::Fenced, ClientStrategy::BusinessKey)
    };
    assert_eq!(hunt(s), HuntOutcome::NoneWithin { tried: 300 });
}

/// `fenced` with the outbox, delivery dedupe and the tenant's namespace,
/// and a business key: no counterexample over every kind once next-day
/// restarts, rewritten titles and TLS failures (which this client retries,
/// against 001's first branch) are off (the default budget); with every
/// kind one comes at once, and it needs one of those three.
#[test]
fn fenced_past_the_database_with_a_business_key_finds_none_without_next_day_or_rewrites() {
    let (d, notices) = Design::parse(
        "claim,digest,store_errors,lease,guard,fence,outbox,downstream_key,tenant_scope",
    );
    assert!(notices.is_empty(), "{notices:?}");
    let kinds = KindSet::all()
        .without(FaultKind::NextDay)
        .without(FaultKind::TitleRewrite)
        .without(FaultKind::TlsError);
    let s = HuntSpec {
        kinds,
        ..spec(d, ClientStrategy::BusinessKey)
    };
    assert_eq!(hunt(s), HuntOutcome::NoneWithin { tried: s.budget });
    let all = spec(d, ClientStrategy::BusinessKey);
    let c = found(&hunt(all)).clone();
    let min = c.minimal();
    let tls = min
        .attempts
        .iter()
        .any(|a| a.request == retry_lab::lab::Delivery::TlsFailure);
    assert!(
        min.restart_next_day || min.rewrite_title || tls,
        "{}",
        encode(min)
    );
    assert!(!suite::passes(&minimal_run(&all, &c)));
}

/// For each hunt: the shrink path only goes down, every schedule on it
/// fails, and no single simplification of its end does.
#[test]
fn the_shrink_ends_on_a_failure_no_simplification_keeps() {
    let cases = [
        (Preset::Atomic, ClientStrategy::StableKey, 1),
        (Preset::Atomic, ClientStrategy::StableKey, 7),
        (Preset::LeasedUnguarded, ClientStrategy::BusinessKey, 3),
        (Preset::KeySplit, ClientStrategy::NewKey, 2),
        (Preset::Leased, ClientStrategy::Naive, 5),
    ];
    for (p, client, seed) in cases {
        let s = HuntSpec {
            seed,
            ..spec(p, client)
        };
        let c = found(&hunt(s)).clone();
        let mut last = measure(&c.found);
        for step in &c.path {
            assert!(measure(step) < last, "{p:?}: the shrink went up");
            last = measure(step);
            assert!(HuntJob::fails(&s, step));
        }
        let min = c.minimal();
        assert!(HuntJob::fails(&s, min));
        for simpler in simplifications(min) {
            assert!(!HuntJob::fails(&s, &simpler), "{p:?}: {}", encode(&simpler));
        }
        assert!(c.shrink_tried as usize >= simplifications(min).len());
    }
}

#[test]
fn the_same_seed_gives_the_same_counterexample() {
    let s = spec(Preset::Atomic, ClientStrategy::StableKey);
    assert_eq!(hunt(s), hunt(s));
    let seeds: Vec<String> = (1..6)
        .map(|seed| {
            let o = hunt(HuntSpec { seed, ..s });
            encode(found(&o).minimal())
        })
        .collect();
    assert!(seeds.iter().any(|c| *c != seeds[0]), "{seeds:?}");
}

#[test]
fn the_job_reports_progress_and_stops_at_the_budget() {
    use retry_lab::job::Stepped;
    let s = HuntSpec {
        budget: 40,
        kinds: KindSet::none().with(FaultKind::Delayed),
        ..spec(Preset::Fenced, ClientStrategy::StableKey)
    };
    let mut job = HuntJob::new(s);
    let mut last = 0.0;
    while job.step() {
        assert!(job.progress() >= last);
        last = job.progress();
    }
    assert_eq!(job.outcome(), Some(&HuntOutcome::NoneWithin { tried: 40 }));
    assert_eq!((job.tried(), job.progress()), (40, 1.0));
    assert!(!job.step());
}

/// Schedules as the hunt draws them: a seed and a set of kinds.
fn drawn() -> impl Strategy<Value = FaultSchedule> {
    (any::<u64>(), any::<u16>()).prop_map(|(seed, bits)| {
        let kinds = FaultKind::ALL
            .into_iter()
            .enumerate()
            .filter(|(i, _)| bits >> i & 1 == 1)
            .map(|(_, k)| k)
            .collect();
        generate(&mut rand_pcg::Pcg64::seed_from_u64(seed), kinds)
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    #[test]
    fn the_code_round_trips_every_drawn_schedule(s in drawn()) {
        let code = encode(&s);
        prop_assert!(code.len() <= code::MAX_CODE_LEN);
        prop_assert!(code.chars().all(|c| c.is_ascii_alphanumeric() || c == '.'));
        let back = decode(&code).unwrap();
        // Trailing attempts without faults are dropped: they mean the same.
        for n in 0..s.attempts.len() + 2 {
            prop_assert_eq!(back.attempt(n), s.attempt(n));
        }
        prop_assert_eq!(encode(&back), code);
        prop_assert_eq!(
            (back.model_recalls, back.double_submit, back.restart_next_day),
            (s.model_recalls, s.double_submit, s.restart_next_day)
        );
        for n in 0..s.notify.len() + 2 {
            prop_assert_eq!(back.notify_call(n), s.notify_call(n));
        }
        prop_assert_eq!(
            (back.second_tenant, back.rewrite_title),
            (s.second_tenant, s.rewrite_title)
        );
    }

    #[test]
    fn garbage_is_refused_or_read_never_a_panic(code in "[0-9a-z.]{0,60}") {
        if let Ok(s) = decode(&code) {
            prop_assert!(s.attempts.len() <= code::MAX_CODE_ATTEMPTS);
        }
    }
}
