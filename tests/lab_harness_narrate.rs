//! The narration of a harness built from choices: each layer's sends (the
//! SDK inside the harness), the wait before each retry with its cause, and
//! the budget or deferral that ended a call, in both languages, with no
//! placeholder left unfilled.
#![cfg(not(target_arch = "wasm32"))]

use retry_lab::i18n::{render, Lang};
use retry_lab::lab::view::layers::{layers, WaitCause};
use retry_lab::lab::view::narrate::narrate;
use retry_lab::lab::{GiveUp, Harness, Next, Preset, Run, Scenario, StepKind};

/// Every step's narration of `run` in `l`.
fn story(l: Lang, run: &Run) -> Vec<String> {
    run.steps()
        .iter()
        .map(|s| render(l, &narrate(run, Some(s))))
        .collect()
}

fn harness(spec: &str) -> Harness {
    let (h, problems) = Harness::parse(spec);
    assert!(problems.is_empty(), "{spec}: {problems:?}");
    h
}

fn finished(run: &Run) -> Vec<GiveUp> {
    run.steps()
        .iter()
        .filter_map(|s| match &s.kind {
            StepKind::Received { next, .. } | StepKind::Timeout { next, .. } => match next {
                Next::Finish { give_up, .. } => *give_up,
                _ => None,
            },
            _ => None,
        })
        .collect()
}

#[test]
fn sdk_retries_are_told_inside_the_harness_attempt() {
    let h = harness("stable_key,sdk,deadline_none,ra_honour");
    let run = retry_lab::lab::run(Scenario::RetryAfter503, h, Preset::Fenced, 1);
    let ls = layers(&run);
    let sdk: Vec<_> = ls.iter().filter(|l| l.sdk_retry > 0).collect();
    assert!(!sdk.is_empty(), "the SDK retries a 503 itself: {ls:?}");
    assert!(sdk.iter().all(|l| matches!(
        l.wait.map(|w| w.cause),
        Some(WaitCause::SdkBackoff | WaitCause::SdkRetryAfter)
    )));
    for l in [Lang::Zh, Lang::En] {
        let told = story(l, &run).join("\n");
        assert!(!told.contains('{'), "{told}");
        let (first, retry) = match l {
            Lang::Zh => ("SDK 的首发", "SDK 的第 1 次重试"),
            Lang::En => (
                "the SDK's first send",
                "the SDK's retry 1 inside harness attempt 1",
            ),
        };
        assert!(told.contains(first), "{told}");
        assert!(told.contains(retry), "{told}");
        let sdk_wait = match l {
            Lang::Zh => "SDK 在这次尝试里自己重试",
            Lang::En => "The SDK retries inside this attempt",
        };
        assert!(told.contains(sdk_wait), "{told}");
    }
}

#[test]
fn a_spent_retry_budget_ends_the_call_and_says_so() {
    // A budget of 0: the 503 is retryable, and the run may not retry.
    let run = retry_lab::lab::run(
        Scenario::RetryAfter503,
        harness("stable_key,budget_0"),
        Preset::Fenced,
        1,
    );
    assert_eq!(run.requests().len(), 1);
    assert_eq!(finished(&run), [GiveUp::BudgetExhausted]);
    let en = story(Lang::En, &run).join("\n");
    assert!(en.contains("the run's retry budget is spent"), "{en}");
    let zh = story(Lang::Zh, &run).join("\n");
    assert!(zh.contains("整个 run 的重试预算已用完"), "{zh}");
    // A budget of 1 is one retry, after which the 503's retry succeeds.
    let one = retry_lab::lab::run(
        Scenario::RetryAfter503,
        harness("stable_key,budget_1"),
        Preset::Fenced,
        1,
    );
    assert_eq!(one.requests().len(), 2);
}

#[test]
fn a_retry_after_past_the_deadline_is_deferred_and_told() {
    let h = harness("chapter,ra_defer");
    let run = retry_lab::lab::run(Scenario::RetryAfterLong, h, Preset::Fenced, 1);
    let gave_up = finished(&run);
    assert!(
        gave_up.iter().any(|g| matches!(g, GiveUp::Deferred { .. })),
        "{gave_up:?}"
    );
    let zh = story(Lang::Zh, &run).join("\n");
    assert!(zh.contains("交给延期队列"), "{zh}");
    let en = story(Lang::En, &run).join("\n");
    assert!(en.contains("handed to the deferral queue"), "{en}");
}

#[test]
fn an_ignored_retry_after_is_told_as_breaking_the_rule() {
    let h = harness("stable_key,ra_ignore");
    let run = retry_lab::lab::run(Scenario::RetryAfter503, h, Preset::Fenced, 1);
    let en = story(Lang::En, &run).join("\n");
    assert!(en.contains("ignores it and retries early"), "{en}");
    let waits: Vec<_> = layers(&run).into_iter().filter_map(|l| l.wait).collect();
    assert!(
        waits.iter().all(|w| w.cause == WaitCause::Backoff),
        "{waits:?}"
    );
}

#[test]
fn the_six_old_clients_are_told_as_before() {
    for c in retry_lab::lab::ClientStrategy::ALL {
        let run = retry_lab::lab::run(Scenario::RetryAfter503, c, Preset::Fenced, 1);
        let en = story(Lang::En, &run).join("\n");
        assert!(!en.contains("SDK"), "{c:?}: {en}");
        assert!(!en.contains("ignores it"), "{c:?}: {en}");
    }
}

/// The e2e test's run (`tests/e2e/harness.test.mjs`): the chapter's
/// harness with the SDK layer on retries the 503 inside its first attempt.
#[test]
fn the_chapter_with_the_sdk_retries_the_503_inside_its_first_attempt() {
    let run = retry_lab::lab::run(
        Scenario::RetryAfter503,
        harness("chapter,sdk"),
        Preset::Fenced,
        1,
    );
    let ls = layers(&run);
    assert_eq!((ls[0].attempt, ls[0].sdk_retry), (1, 0));
    let sdk = ls.iter().find(|l| l.sdk_retry > 0).expect("an SDK retry");
    assert_eq!(sdk.attempt, 1);
    let w = sdk.wait.expect("a wait before it");
    assert!(matches!(
        w.cause,
        WaitCause::SdkBackoff | WaitCause::SdkRetryAfter
    ));
    assert!(w.ms > 0);
}

/// The sequence diagram's request arrows name their layer where the SDK
/// retries inside the harness, and only there.
#[test]
fn the_diagram_labels_each_request_with_its_layer() {
    use retry_lab::lab::view::diagram::Layout;
    let labels = |run: &Run| -> Vec<String> {
        Layout::of(run, false)
            .rows
            .iter()
            .flat_map(|r| r.lines.iter().map(|l| render(Lang::En, &l.text)))
            .filter(|t| t.starts_with("POST #"))
            .collect()
    };
    let run = retry_lab::lab::run(
        Scenario::RetryAfter503,
        harness("chapter,sdk"),
        Preset::Fenced,
        1,
    );
    let mut got = labels(&run);
    got.dedup(); // a request's arrow may be drawn on two hops
    assert_eq!(got[0], "POST #1 (harness attempt 1)");
    assert_eq!(got[1], "POST #2 (harness attempt 1 · SDK retry 1)");
    let old = retry_lab::lab::run(
        Scenario::RetryAfter503,
        retry_lab::lab::ClientStrategy::StableKey,
        Preset::Fenced,
        1,
    );
    assert!(labels(&old).iter().all(|t| !t.contains("harness")));
}
