//! The scenarios a harness design is graded on (the outage and its many
//! tool calls, `Retry-After` as a date or invalid, a malformed field, a
//! connection never established), against the `fenced` server: each
//! expectation is the model's formula (attempts × the SDK's layer, the
//! run's budget, the connect timer), never a number read off a run.
#![cfg(not(target_arch = "wasm32"))]

use retry_lab::lab::harness::policy::SDK_RETRIES;
use retry_lab::lab::harness::{retry_after, Class, HarnessPreset, RetryAfterChoice, WaitChoice};
use retry_lab::lab::*;

const SEEDS: std::ops::RangeInclusive<u64> = 1..=5;

/// A harness from its written form; an unknown token is a typo in this
/// test (a dropped «within the deadline» is not: the spec honours instead).
fn harness(text: &str) -> Harness {
    let (h, problems) = Harness::parse(text);
    let typo = problems.iter().any(|p| {
        matches!(
            p,
            HarnessProblem::Unknown { .. } | HarnessProblem::OutOfRange { .. }
        )
    });
    assert!(!typo, "{text}: {problems:?}");
    h
}

fn fenced(sc: Scenario, h: Harness, seed: u64) -> Run {
    run(sc, h, Preset::Fenced, seed)
}

/// The waits after each failed attempt the harness itself decided
/// (`Next` of every `Received`/`Timeout` step that retries).
fn nexts(r: &Run) -> Vec<Next> {
    r.steps()
        .iter()
        .filter_map(|s| match &s.kind {
            StepKind::Received { next, .. } | StepKind::Timeout { next, .. } => Some(*next),
            _ => None,
        })
        .collect()
}

#[test]
fn an_outage_multiplies_the_sdk_layer_inside_the_harness_s_attempts() {
    for text in ["naive,sdk,deadline_none", "stable_key,sdk,deadline_none"] {
        let h = harness(text);
        assert!(h.sdk && h.attempts == 4 && h.wait == WaitChoice::Codex && h.deadline_ms.is_none());
        let without = harness(&format!("{text},nosdk"));
        for seed in SEEDS {
            let r = fenced(Scenario::Outage, h, seed);
            assert_eq!(r.calls().len(), 1);
            // The amplify demo's 4 × 3.
            assert_eq!(
                r.attempts(),
                (h.attempts * (1 + SDK_RETRIES)) as usize,
                "{text} {seed}"
            );
            assert_eq!(r.final_report_count(), 0);
            assert_eq!(r.tool_outcome(), ToolOutcome::NotCreated);
            let r = fenced(Scenario::Outage, without, seed);
            assert_eq!(
                r.attempts(),
                without.attempts as usize,
                "{text},nosdk {seed}"
            );
        }
    }
}

#[test]
fn a_harness_that_outlasts_the_outage_files_once_it_is_over() {
    let h = harness("stable_key,deadline_none,attempts_10,wait_exponential");
    for seed in SEEDS {
        let r = fenced(Scenario::Outage, h, seed);
        assert_eq!(
            (r.final_report_count(), r.tool_outcome()),
            (1, ToolOutcome::Created)
        );
        let worked = r.steps().iter().find(|s| {
            matches!(
                s.kind,
                StepKind::Server {
                    decision: Decision::Claimed { .. },
                    ..
                }
            )
        });
        assert!(worked.is_some_and(|s| s.time_ms >= OUTAGE_MS), "{seed}");
    }
}

#[test]
fn the_run_s_budget_caps_the_retries_of_twenty_tool_calls() {
    for text in ["chapter", "stable_key,budget_8"] {
        let h = harness(text);
        let budget = h.budget.expect("a run budget") as usize;
        for seed in SEEDS {
            let r = fenced(Scenario::ManyTools, h, seed);
            let calls = r.calls().len();
            assert_eq!(calls, MANY_TOOL_CALLS as usize);
            let retries = r.attempts() - calls;
            // Every call wants `attempts − 1` retries; the run has `budget`.
            let wanted = calls * (h.attempts as usize - 1);
            assert_eq!(retries, budget.min(wanted), "{text} {seed}");
            assert!(retries <= 8);
            let out_of_budget = r
                .calls()
                .iter()
                .filter(|c| c.give_up == Some(GiveUp::BudgetExhausted))
                .count();
            assert!(out_of_budget >= calls - budget, "{text} {seed}");
            assert_eq!(r.final_report_count(), 0);
        }
    }
}

#[test]
fn without_a_budget_every_tool_call_retries_to_its_own_limit() {
    for text in ["stable_key", "chapter,budget_none"] {
        let h = harness(text);
        assert_eq!(h.budget, None);
        for seed in SEEDS {
            let r = fenced(Scenario::ManyTools, h, seed);
            assert_eq!(r.calls().len(), MANY_TOOL_CALLS as usize);
            for c in r.calls() {
                assert_eq!(c.attempts, h.attempts, "{text} {seed}");
                assert_eq!(c.give_up, Some(GiveUp::AttemptsExhausted));
            }
            let all = MANY_TOOL_CALLS * h.attempts;
            assert_eq!(r.attempts(), all as usize);
            // Twenty different reports: twenty different business keys.
            let mut keys: Vec<_> = r.requests().iter().map(|q| q.key.clone()).collect();
            keys.sort();
            keys.dedup();
            if text == "chapter,budget_none" {
                assert_eq!(keys.len(), MANY_TOOL_CALLS as usize);
            }
        }
    }
}

#[test]
fn a_long_retry_after_fails_fast_within_the_deadline_and_ignoring_it_retries_early() {
    let fail_fast = harness("chapter");
    assert_eq!(fail_fast.retry_after, RetryAfterChoice::FailFast);
    let ignore = harness("chapter,ra_ignore");
    for seed in SEEDS {
        let r = fenced(Scenario::RetryAfterLong, fail_fast, seed);
        assert_eq!(r.attempts(), 1);
        let give_up = r.calls()[0].give_up;
        assert!(
            matches!(give_up, Some(GiveUp::RetryAfterTooLong { retry_after_s, .. }) if retry_after_s == RETRY_AFTER_LONG_S),
            "{give_up:?}"
        );
        let r = fenced(Scenario::RetryAfterLong, ignore, seed);
        assert!(r.attempts() > 1);
        let second = r
            .steps()
            .iter()
            .find(|s| matches!(&s.kind, StepKind::Send { request } if request.id == 1))
            .expect("a retry");
        assert!(
            second.time_ms < RETRY_AFTER_LONG_S * 1000,
            "{}",
            second.time_ms
        );
    }
}

#[test]
fn an_invalid_retry_after_falls_back_to_the_backoff() {
    for text in ["chapter,ra_honour", "stable_key,ra_honour"] {
        let h = harness(text);
        for seed in SEEDS {
            let r = fenced(Scenario::RetryAfterInvalid, h, seed);
            let waits = nexts(&r);
            assert_eq!(waits.len(), 4, "{text} {seed}: three 503s, then 201");
            for (n, next) in waits[..3].iter().enumerate() {
                let Next::Backoff { wait_ms } = *next else {
                    panic!("{text} {seed}: retry {} waits {next:?}", n + 1)
                };
                // The backoff's bound for retry n + 1: `base·2ⁿ`, ±10 % for Codex.
                let nominal = f64::from(h.base_ms) * 2f64.powi(n as i32);
                let high = match h.wait {
                    WaitChoice::Codex => nominal * 1.1,
                    _ => nominal,
                };
                assert!((wait_ms as f64) < high, "{text} {seed}: {wait_ms} ≥ {high}");
            }
            assert_eq!(
                (r.final_report_count(), r.tool_outcome()),
                (1, ToolOutcome::Created)
            );
        }
    }
}

/// The `Retry-After` of the first response, as the server wrote it.
fn first_raw_retry_after(r: &Run) -> (String, Option<u64>) {
    r.steps()
        .iter()
        .find_map(|s| match &s.kind {
            StepKind::Server {
                response: Some(resp),
                ..
            } => Some((resp.retry_after_raw.clone()?, resp.retry_after_s)),
            _ => None,
        })
        .expect("a 503 with Retry-After")
}

#[test]
fn a_retry_after_date_is_waited_out_as_the_date_says() {
    for text in ["chapter,ra_honour", "chapter", "stable_key,ra_honour"] {
        let h = harness(text);
        for seed in SEEDS {
            let r = fenced(Scenario::RetryAfterDate, h, seed);
            let (raw, meant) = first_raw_retry_after(&r);
            assert_eq!(meant, Some(RETRY_AFTER_DATE_S));
            assert!(retry_after::http_date_s(&raw).is_some(), "{raw}");
            let received = r
                .steps()
                .iter()
                .find(|s| matches!(s.kind, StepKind::Received { request: 0, .. }))
                .expect("the 503 arrives");
            let StepKind::Received { next, .. } = received.kind else {
                unreachable!()
            };
            let says = retry_after::wait_s(&raw, received.time_ms).expect("a valid date");
            assert_eq!(
                next,
                Next::RetryAfter {
                    wait_ms: says * 1000
                },
                "{text} {seed}"
            );
            // A date has whole seconds: the server's and the harness's
            // clocks may fall on either side of one.
            assert!(says + 1 >= RETRY_AFTER_DATE_S && says <= RETRY_AFTER_DATE_S);
            assert_eq!(
                (r.final_report_count(), r.tool_outcome()),
                (1, ToolOutcome::Created)
            );
        }
    }
}

#[test]
fn a_tls_failure_stops_the_chapter_s_harness_and_retry_tls_spends_every_attempt() {
    for seed in SEEDS {
        for h in [harness("careful"), harness("chapter")] {
            let r = fenced(Scenario::TlsError, h, seed);
            assert_eq!(r.attempts(), 1);
            assert_eq!(r.calls()[0].give_up, Some(GiveUp::TlsVerification));
        }
        let h = harness("chapter,retry_tls");
        assert!(h.retries(Class::Tls));
        let r = fenced(Scenario::TlsError, h, seed);
        assert_eq!(r.attempts(), h.attempts as usize);
    }
}

#[test]
fn a_malformed_field_is_rejected_and_retrying_it_only_wastes_attempts() {
    let retrying = harness("chapter,retry_4xx");
    let chapter = harness("chapter");
    for seed in SEEDS {
        let r = fenced(Scenario::ClientError, retrying, seed);
        // Every attempt gets the same 422.
        assert_eq!(r.attempts(), retrying.attempts as usize);
        assert!(r.attempts() > 1);
        assert_eq!(r.final_report_count(), 0);
        let r = fenced(Scenario::ClientError, chapter, seed);
        assert_eq!(r.attempts(), 1);
        assert_eq!(r.final_report_count(), 0);
        assert_eq!(r.tool_outcome(), ToolOutcome::Rejected);
        assert_eq!(r.calls()[0].result, Some(ToolResult::Rejected));
        assert_eq!(
            r.tool_text_key(ToolResult::Rejected, Some(0)),
            "lab.tool.malformed"
        );
        let body: serde_json::Value = serde_json::from_str(&r.requests()[0].body).unwrap();
        assert!(body["severity"].is_string(), "the field is in the request");
    }
}

#[test]
fn a_connection_never_established_ends_at_the_connect_timeout_and_is_retried() {
    let retry_refused = HarnessPreset::ALL
        .into_iter()
        .map(|p| p.harness())
        .filter(|h| h.retries(Class::Refused) || h.sdk);
    for h in retry_refused {
        let timer = h.connect_timeout_ms.unwrap_or(h.read_timeout_ms);
        let timer = u64::from(h.deadline_ms.map_or(timer, |d| d.min(timer)));
        for seed in SEEDS {
            let r = fenced(Scenario::ConnectTimeout, h, seed);
            let id = h.to_ids();
            assert_eq!(r.final_report_count(), 1, "{id} {seed}");
            assert_eq!(r.tool_outcome(), ToolOutcome::Created, "{id} {seed}");
            let ended = r
                .steps()
                .iter()
                .find(|s| matches!(s.kind, StepKind::Received { request: 0, .. }))
                .expect("the first attempt ends");
            assert!(matches!(
                ended.kind,
                StepKind::Received {
                    outcome: AttemptOutcome::ConnectTimeout,
                    ..
                }
            ));
            assert_eq!(ended.time_ms, timer, "{id} {seed}");
            // Nothing was sent: the server never saw the first two.
            let seen = |q: usize| {
                r.steps()
                    .iter()
                    .any(|s| matches!(s.kind, StepKind::Server { request, .. } if request == q))
            };
            assert!(!seen(0) && !seen(CONNECT_LOST_ATTEMPTS - 1));
        }
    }
}

#[test]
fn the_new_scenarios_leave_the_old_client_presets_reach_as_the_table_says() {
    use retry_lab::lab::grading::reach::reachable_for;
    for sc in [
        Scenario::RetryAfterDate,
        Scenario::RetryAfterInvalid,
        Scenario::ClientError,
        Scenario::Outage,
        Scenario::ManyTools,
        Scenario::ConnectTimeout,
    ] {
        let possible = sc.reach().possible;
        assert_eq!(reachable_for(&sc.schedule(), 0), Some(possible), "{sc:?}");
        // The chapter's harness files exactly where a report is reachable.
        let r = fenced(sc, harness("chapter"), 1);
        assert_eq!(r.final_report_count(), usize::from(possible), "{sc:?}");
    }
}

#[test]
fn the_new_scenarios_are_written_in_the_hunt_s_code_as_documented() {
    use retry_lab::lab::grading::hunt::{decode, encode};
    let codes = [
        (Scenario::RetryAfterDate, "1.a.ud3"),
        (Scenario::RetryAfterInvalid, "1.a.uneg.a.uwide.a.utext"),
        (Scenario::ClientError, "1.v"),
        (Scenario::Outage, "1.w30000"),
        (Scenario::ManyTools, "1.w30000.r20"),
        (Scenario::ConnectTimeout, "1.a.qn.a.qn"),
    ];
    for (sc, code) in codes {
        assert_eq!(encode(&sc.schedule()), code, "{sc:?}");
        assert_eq!(decode(code), Ok(sc.schedule()), "{sc:?}");
    }
    for bad in [
        "1.a.u", "1.a.uwid", "1.w", "1.r", "1.v1", "1.w1.w2", "1.r99",
    ] {
        assert!(decode(bad).is_err(), "{bad}");
    }
}
