//! The property the harness design is for: over random fault schedules
//! and random harness designs, no harness that follows the chapter's rules,
//! behind a server that follows them, ever leaves two reports for one
//! tenant's request or lies to the model. «Follows the rules» is the one
//! list of them, [`design_breaks`], with the run's own rule clauses clean
//! (a TLS failure not retried, a failed handler not re-run), and the rules
//! the chapter states that the list does not hold as rules of a design,
//! because they depend on the schedule ([`Gap`]: a model re-call needs a
//! business key, a double submit a kept key; each is shown by a run of its
//! own below, so the property cannot hide one). The
//! schedules come from the hunt's generator without the faults no server
//! or harness can fix: the page's default kinds (which leave out a resend
//! past the key's retention and a rewritten title) plus TLS failures,
//! which only the harness can stop, and a harness that follows the rules
//! does.

#![cfg(not(target_family = "wasm"))]

use proptest::prelude::*;
use rand::SeedableRng;
use retry_lab::lab::grading::hunt::{self, FaultKind, KindSet};
use retry_lab::lab::grading::judgement::{judge, Clause};
use retry_lab::lab::grading::rules::design_breaks;
use retry_lab::lab::grading::rules::Rule;
use retry_lab::lab::harness::KeyChoice;
use retry_lab::lab::*;

/// A rule of the chapter that [`design_breaks`] does not hold yet, which
/// the property needs: without it, a combination the list lets through
/// duplicates or lies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Gap {
    /// The model calls the tool again (a new tool_use): only a key derived
    /// from the business content survives it, behind a server that keeps
    /// keys (000: «需要跨模型层去重时，用业务内容推导键»).
    RecallWithoutBusinessKey,
    /// The harness submits one tool call twice: only its key, kept by the
    /// server, makes the second a replay (000: «同键并发 … 断言库里只有一份»).
    TwiceWithoutDedup,
}

/// The gaps `h` behind `d` falls into on schedule `s` (the last two only
/// where the schedule resends outside the harness's loop).
fn gaps(h: Harness, d: Design, s: &FaultSchedule) -> Vec<Gap> {
    let dedup = h.key != KeyChoice::None && d.keyed();
    [
        (
            Gap::RecallWithoutBusinessKey,
            s.model_recalls > 0 && !(dedup && h.key == KeyChoice::Business),
        ),
        (Gap::TwiceWithoutDedup, s.double_submit && !dedup),
    ]
    .into_iter()
    .filter_map(|(g, on)| on.then_some(g))
    .collect()
}

/// Whether `h` behind `d` follows the chapter's rules on `s`.
fn follows_the_rules(h: Harness, d: Design, s: &FaultSchedule) -> bool {
    design_breaks(h, d).is_empty() && gaps(h, d, s).is_empty()
}

/// The hunt's kinds the property draws from: the page's default, and TLS.
fn fixable_kinds() -> KindSet {
    KindSet::page_default().with(FaultKind::TlsError)
}

/// Schedules as the hunt draws them: a generator seed and the fixable
/// kinds (all of them half the time, any subset otherwise).
fn schedule() -> impl Strategy<Value = FaultSchedule> {
    let all = fixable_kinds();
    let kinds = prop_oneof![
        Just(all),
        prop::collection::vec(any::<bool>(), FaultKind::ALL.len()).prop_map(move |on| {
            FaultKind::ALL
                .into_iter()
                .zip(on)
                .filter_map(|(k, on)| (on && all.has(k)).then_some(k))
                .collect()
        }),
    ];
    (any::<u64>(), kinds)
        .prop_map(|(seed, kinds)| hunt::generate(&mut rand_pcg::Pcg64::seed_from_u64(seed), kinds))
}

/// Harness designs drawn from a seed as the hunt draws them
/// ([`hunt::draw_following`]): each adds no break of the rules behind
/// `fenced` (a design of the server breaks or keeps others on its own).
fn harnesses(n: usize) -> impl Strategy<Value = Vec<Harness>> {
    any::<u64>().prop_map(move |seed| {
        let mut rng = rand_pcg::Pcg64::seed_from_u64(seed);
        let fenced = Preset::Fenced.design();
        let chapter = HarnessPreset::Chapter.harness();
        (0..n)
            .map(|_| hunt::draw_following(&mut rng, fenced, chapter))
            .collect()
    })
}

/// The designs of the service's own database (the downstream group's
/// mechanisms answer for notifications, not for reports or the truth).
fn local_designs() -> Vec<Design> {
    Design::all_valid_walked()
        .into_iter()
        .filter(|d| {
            d.mechanisms()
                .iter()
                .all(|m| m.group() != Group::Downstream)
        })
        .collect()
}

/// For one schedule and each harness, every local design that, with it,
/// breaks none of the chapter's rules: a run that breaks no rule itself
/// leaves at most one report per tenant and tells each model the truth
/// (unless another tenant's stored response leaked to it, which is the
/// tenant scope's to stop, `lab_props`).
fn rule_followers_keep_one_and_tell_the_truth(
    s: &FaultSchedule,
    hs: &[Harness],
    seed: u64,
) -> Result<usize, TestCaseError> {
    let mut checked = 0;
    for h in hs {
        for d in local_designs() {
            if !follows_the_rules(*h, d, s) {
                continue;
            }
            let r = run_fast(s, *h, d, seed);
            prop_assert!(!r.truncated, "{}: {d:?}: hit the event cap", h.to_ids());
            let j = judge(&r);
            if !j.run_rules.is_empty() {
                continue;
            }
            checked += 1;
            let code = hunt::encode(s);
            prop_assert!(
                !j.clauses.contains(&Clause::AtMostOneReport),
                "harness={} {d:?} schedule={code}: {} reports",
                h.to_ids(),
                j.reports()
            );
            prop_assert!(
                j.leaks > 0 || !j.clauses.contains(&Clause::TruthTold),
                "harness={} {d:?} schedule={code}: {:?}",
                h.to_ids(),
                j.tenants
            );
        }
    }
    Ok(checked)
}

/// Harnesses drawn per schedule.
const HARNESSES_PER_CASE: usize = 4;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// The per-commit share (the release run has [`MANY_SCHEDULES`]).
    #[test]
    fn a_harness_that_follows_the_rules_never_duplicates_or_lies(
        s in schedule(), hs in harnesses(HARNESSES_PER_CASE), seed in 0u64..1_000_000
    ) {
        rule_followers_keep_one_and_tell_the_truth(&s, &hs, seed)?;
    }
}

/// Schedules for the large release-mode run (see scripts/test.sh).
const MANY_SCHEDULES: u32 = 2_000;

/// The large run: `cargo test --profile props --test lab_harness_props -- --ignored`.
#[test]
#[ignore = "release-mode run of 2,000 schedules, from scripts/test.sh"]
fn every_rule_following_harness_keeps_one_report_and_the_truth() {
    let cases = std::env::var("LAB_PROP_SCHEDULES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(MANY_SCHEDULES);
    let mut config = ProptestConfig::with_cases(cases);
    config.failure_persistence = None;
    let mut runner = proptest::test_runner::TestRunner::new(config);
    let t0 = std::time::Instant::now();
    let checked = std::cell::Cell::new(0usize);
    runner
        .run(
            &(schedule(), harnesses(HARNESSES_PER_CASE), 0u64..1_000_000),
            |(s, hs, seed)| {
                let n = rule_followers_keep_one_and_tell_the_truth(&s, &hs, seed)?;
                checked.set(checked.get() + n);
                Ok(())
            },
        )
        .unwrap();
    println!(
        "{cases} schedules × {HARNESSES_PER_CASE} harnesses: {} rule-following runs checked in {:.1} s",
        checked.get(),
        t0.elapsed().as_secs_f64()
    );
}

/// Two rules the list holds because a run showed them needed: the model
/// told «提交失败» on an unknown outcome lies (`unknown_as_failed`), and the
/// SDK layer's own retries without a key duplicate (`retry_without_dedup`).
#[test]
fn the_rules_hold_what_a_run_shows_needed() {
    let fenced = Preset::Fenced.design();
    let cases = [
        // One attempt; its response is lost after the report committed.
        ("chapter,unknown_failed,attempts_1", Rule::UnknownAsFailed),
        // The SDK alone, no key: its retry files a second report.
        ("sdk_default", Rule::RetryWithoutDedup),
    ];
    for (text, rule) in cases {
        let h = Harness::parse(text).0;
        assert!(design_breaks(h, fenced).contains(&rule), "{text}");
        let j = judge(&run(Scenario::ResponseLost, h, fenced, 1));
        let wrong =
            j.clauses.contains(&Clause::AtMostOneReport) || j.clauses.contains(&Clause::TruthTold);
        assert!(wrong, "{text}: {:?}", j.clauses);
    }
}

/// Each [`Gap`] is real: a combination that breaks nothing else, in a
/// scenario of the lab, duplicates or lies, and the gap names it.
#[test]
fn each_gap_is_shown_by_a_run() {
    let fenced = Preset::Fenced.design();
    let parse = |text: &str| {
        let (h, problems) = Harness::parse(text);
        assert!(problems.is_empty(), "{text}: {problems:?}");
        h
    };
    let cases = [
        // A per-tool-use key, no query first: the model's re-call is a new key.
        (
            Gap::RecallWithoutBusinessKey,
            "chapter,key_per_tool_use,unknown_unknown",
            Scenario::ModelRetry,
        ),
        // No key: the second submit is a second report.
        (
            Gap::TwiceWithoutDedup,
            "careful",
            Scenario::ConcurrentSameKey,
        ),
    ];
    for (gap, text, scenario) in cases {
        let h = parse(text);
        let r = run(scenario, h, fenced, 1);
        let j = judge(&r);
        assert!(j.run_rules.is_empty(), "{gap:?}: {:?}", j.run_rules);
        let wrong =
            j.clauses.contains(&Clause::AtMostOneReport) || j.clauses.contains(&Clause::TruthTold);
        assert!(
            wrong,
            "{gap:?}: {text} on {scenario:?} passes: {:?}",
            j.clauses
        );
        assert!(gaps(h, fenced, &r.schedule).contains(&gap), "{gap:?}");
    }
    // The chapter's harness falls into none of them, whatever the schedule.
    let recall_and_twice = FaultSchedule {
        model_recalls: 2,
        double_submit: true,
        ..FaultSchedule::default()
    };
    let chapter = HarnessPreset::Chapter.harness();
    assert!(follows_the_rules(chapter, fenced, &recall_and_twice));
}
