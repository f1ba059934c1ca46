//! Every line of a shrunk schedule agrees with the timeline of the run it
//! opens: each counterexample a batch of hunts finds (every keyed preset,
//! the chapter's two keyed clients, a few seeds) and each one the property
//! tests' generator draws is replayed, and each attempt's line is checked
//! against the trace by rules of its own: a response the harness read is
//! «delivered» with its status, a late one «arrived late, discarded», a lost
//! one «lost», a crash sends none, an attempt never sent says so.

#![cfg(not(target_family = "wasm"))]

use proptest::prelude::*;
use rand::SeedableRng;
use retry_lab::i18n::{render, render_all, Lang};
use retry_lab::lab::grading::hunt::fate::fates;
use retry_lab::lab::grading::hunt::lines::{kind_name, lines, uncovered_names};
use retry_lab::lab::grading::hunt::*;
use retry_lab::lab::*;

/// What the trace says of request `n`, in the words its line must hold
/// (and must not).
fn expected(run: &Run, n: usize) -> (Vec<String>, Vec<String>) {
    let (mut must, mut not) = (Vec::new(), Vec::new());
    let mut sent = false;
    for st in run.steps() {
        match &st.kind {
            StepKind::Send { request } if request.id == n => sent = true,
            StepKind::Received {
                request,
                outcome: AttemptOutcome::Status { status, .. },
                ..
            } if *request == n => must.push(format!("{status} delivered")),
            StepKind::Late { request, status } if *request == n => {
                must.push(format!("{status} arrived late, discarded"));
                not.push(format!("{status} delivered"));
            }
            StepKind::ResponseLost { request, status } if *request == n => {
                must.push(format!("{status} lost"));
                not.push(format!("{status} delivered"));
            }
            StepKind::Server {
                request,
                decision: Decision::Crashed,
                ..
            } if *request == n => not.push("response:".into()),
            _ => {}
        }
    }
    if !sent {
        must.push("never sent".into());
        not.push("response:".into());
    }
    (must, not)
}

/// Checks each attempt line of `s` (worded from its run) against the run.
fn check(s: &FaultSchedule, client: impl Into<Harness>, design: Design, seed: u64) {
    let run = run_schedule(s, client, design, seed);
    let f = fates(s, &run);
    let text = render_all(Lang::En, &lines(s, Some(&f)));
    let keep = s
        .attempts
        .iter()
        .rposition(|a| *a != AttemptFault::default())
        .map_or(0, |i| i + 1);
    for n in 0..keep {
        let prefix = format!("Attempt {}: ", n + 1);
        let line = text
            .iter()
            .find(|l| l.starts_with(&prefix))
            .unwrap_or_else(|| panic!("{}: no line {}", encode(s), n + 1));
        let (must, not) = expected(&run, n);
        for m in must {
            assert!(line.contains(&m), "{}: «{line}» lacks «{m}»", encode(s));
        }
        for m in not {
            assert!(!line.contains(&m), "{}: «{line}» has «{m}»", encode(s));
        }
    }
}

#[test]
fn every_counterexample_of_a_batch_of_hunts_reads_as_its_run() {
    let mut checked = 0;
    for p in [
        Preset::KeySplit,
        Preset::Atomic,
        Preset::LeasedUnguarded,
        Preset::Fenced,
    ] {
        for client in [ClientStrategy::StableKey, ClientStrategy::BusinessKey] {
            for seed in 1..=2 {
                let spec = HuntSpec {
                    design: p.design(),
                    client,
                    seed,
                    budget: 300,
                    kinds: KindSet::all(),
                };
                if let HuntOutcome::Found(f) = hunt(spec) {
                    for c in &f.ways {
                        check(c.minimal(), client, spec.design, seed);
                        assert_eq!(
                            c.fates,
                            fates(
                                c.minimal(),
                                &run_schedule(c.minimal(), client, spec.design, seed)
                            )
                        );
                        checked += 1;
                    }
                }
            }
        }
    }
    assert!(checked >= 10, "{checked}");
}

/// The contradictions a student found: a stall past the timeout makes a
/// «delivered» response late, and a crash right after the COMMIT sends none.
#[test]
fn a_late_response_and_a_crash_after_commit_read_as_they_happen() {
    let stall = decode("1.a.s3500").unwrap();
    let run = run_schedule(&stall, ClientStrategy::StableKey, Preset::Atomic, 1);
    let text = render_all(Lang::Zh, &lines(&stall, Some(&fates(&stall, &run))));
    assert!(text[0].contains("201 迟到，丢弃"), "{text:?}");
    assert!(!text[0].contains("响应：201 送达"), "{text:?}");
    let crash = decode("1.a.ca").unwrap();
    let run = run_schedule(&crash, ClientStrategy::StableKey, Preset::Fenced, 1);
    let text = render_all(Lang::Zh, &lines(&crash, Some(&fates(&crash, &run))));
    assert!(text[0].contains("服务端刚 COMMIT 就崩溃"), "{text:?}");
    assert!(!text[0].contains("响应"), "{text:?}");
    check(
        &stall,
        ClientStrategy::StableKey,
        Preset::Atomic.design(),
        1,
    );
    check(
        &crash,
        ClientStrategy::StableKey,
        Preset::Fenced.design(),
        1,
    );
}

/// Every schedule reads one line per attempt, in words, in both
/// languages (the translation table is above the lab, so the test is here).
#[test]
fn a_schedule_reads_one_line_per_attempt_in_both_languages() {
    let s = Scenario::LeaseOverlap.schedule();
    let zh = render_all(Lang::Zh, &lines(&s, None));
    assert_eq!(zh.len(), 4, "{zh:?}");
    assert_eq!(
        zh[0],
        "第 1 次请求：送达；服务端在第一个事务之后停顿 6 秒；响应：送达"
    );
    assert_eq!(zh[1], "第 2 次请求：送达；响应：送达");
    let en = render_all(Lang::En, &lines(&Scenario::ModelRetry.schedule(), None));
    assert_eq!(en[0], "Attempt 1: delivered; response: lost");
    assert!(
        en.iter()
            .any(|l| l.contains("calls the tool again, at most 1 time")),
        "{en:?}"
    );
    for sc in Scenario::ALL {
        for l in [Lang::Zh, Lang::En] {
            for line in render_all(l, &lines(&sc.schedule(), None)) {
                assert!(!line.contains('⟦') && !line.contains('{'), "{line}");
            }
        }
    }
    for l in [Lang::Zh, Lang::En] {
        for k in FaultKind::ALL {
            assert!(!render(l, &kind_name(k)).contains('⟦'));
        }
        assert!(render_all(l, &uncovered_names())
            .iter()
            .all(|n| !n.contains('⟦')));
    }
}

/// 003's recovery faults read in words in both languages, each in its own
/// line after the attempts, and a schedule drawn with them reads as its
/// run behind the reconciling harness.
#[test]
fn the_recovery_faults_read_in_both_languages() {
    let s = decode("1.a.fe.pl.e.l2500.z1500.g1500").unwrap();
    let en = render_all(Lang::En, &lines(&s, None));
    let want_en = [
        "Attempt 1: delivered; the handler raises after its downstream call (500); response: lost",
        "The work is refund-like: before persisting, the service calls a downstream that makes an irreversible effect and keeps a receipt",
        "The downstream's receipt can be looked up only 2.5 s after the effect",
        "The first tenant's permission is revoked at 1.5 s",
        "The first tenant's one-time approval expires at 1.5 s",
    ];
    assert_eq!(en[..5], want_en, "{en:?}");
    let zh = render_all(Lang::Zh, &lines(&s, None));
    assert!(zh[1].contains("回执") && zh[2].contains("回执"), "{zh:?}");
    assert!(zh[3].contains("权限") && zh[4].contains("审批"), "{zh:?}");
    let reconciling = HarnessPreset::Reconciling.harness();
    let mut rng = rand_pcg::Pcg64::seed_from_u64(35);
    let kinds = KindSet::none()
        .with(FaultKind::Recovery)
        .with(FaultKind::Lost);
    for _ in 0..200 {
        let s = generate(&mut rng, kinds);
        check(&s, reconciling, Preset::Reconciled.design(), 1);
        check(&s, ClientStrategy::StableKey, Preset::Fenced.design(), 1);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Any drawn schedule, on any preset, reads as its run.
    #[test]
    fn every_drawn_schedule_reads_as_its_run(seed in any::<u64>(), preset in 0..Preset::ALL.len(), run_seed in 1u64..4) {
        let s = generate(&mut rand_pcg::Pcg64::seed_from_u64(seed), KindSet::all());
        check(&s, ClientStrategy::StableKey, Preset::ALL[preset].design(), run_seed);
    }
}
