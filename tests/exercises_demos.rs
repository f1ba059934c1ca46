//! Every demo link of the bank shows the case its question is about: each
//! linked preset is run through the same core the page uses (herd presets
//! through the herd simulator, lab presets through `lab::run`, amplify
//! presets through its models) and the situation the question asks about is
//! asserted on the run itself: a question on a stored 500 links a run where
//! a 500 is replayed, one on 409 a run answered 409. A link whose case is
//! not listed here fails, so a new link cannot go unchecked.

use retry_lab::amplify::load::{run_load, LoadPolicy};
use retry_lab::amplify::AmplifyParams;
use retry_lab::exercises::{bank, CaseRun, Kind, Question};
use retry_lab::herd::chart_data::{has_distinct_waves, own_histogram};
use retry_lab::herd::{run_point, simulate_traced, trial_seed, HerdParams, Strategy};
use retry_lab::lab::{
    run_schedule, AttemptOutcome, Decision, LabParams, Run, StepKind, ToolOutcome,
};
use retry_lab::pages::route::{Location, Page};

/// What a demo must show.
enum Shows {
    /// Trial 1 of `waves` comes in distinct waves, trial 1 of `stream` does not.
    Waves { waves: Strategy, stream: Strategy },
    /// `more` makes more mean calls than `fewer`.
    MoreCalls { more: Strategy, fewer: Strategy },
    /// The run ends with this many reports.
    Reports(usize),
    /// The server answers some request with this status.
    Status(u16),
    /// The server replays a stored response with this status.
    ReplayOf(u16),
    /// The harness saw only timeouts (no response at all) and told the model
    /// the outcome is unknown, while the database holds this many reports.
    TimeoutUnknown(usize),
    /// The harness sent this many requests.
    Requests(usize),
    /// The notifier sent this many notifications.
    Notifications(usize),
    /// The harness ends with a 2xx, yet the database holds this many reports.
    SuccessWithReports(usize),
    /// The fanout view's exact mean of bottom requests per logical call.
    Bottom(f64),
    /// The sweep at p = 1: `retries` costs the product of the attempts, the
    /// token bucket at most about 1.1 requests per call.
    TokenBucketAtP1,
    /// The metastable preset: `retries` never recovers, the token bucket does
    /// (the question's top-only case is the same policy with 3, 1, 1).
    Metastable,
    /// The Codex preset: this many requests per call with `Retry-After`, and
    /// that many without.
    Codex(f64, f64),
}

fn expected(id: &str) -> Vec<Shows> {
    use Shows::*;
    match id {
        "tf_codex_jitter_herd" => vec![Waves {
            waves: Strategy::Codex,
            stream: Strategy::Full,
        }],
        "tf_backoff_without_jitter" => vec![
            Waves {
                waves: Strategy::Exponential,
                stream: Strategy::Full,
            },
            MoreCalls {
                more: Strategy::Exponential,
                fewer: Strategy::Full,
            },
        ],
        "predict_fewest_calls" => vec![MoreCalls {
            more: Strategy::None,
            fewer: Strategy::Full,
        }],
        // A read timeout with the report already stored: the client cannot tell.
        "timeout_three_outcomes" => vec![TimeoutUnknown(1), Requests(1)],
        // A blind automatic retry of a POST whose response was lost.
        "tf_rfc9110_post_retry" | "decide_post_read_timeout" => {
            vec![Requests(2), Reports(2)]
        }
        "tf_monitor_success_rate" => vec![SuccessWithReports(2)],
        "same_key_in_progress" => vec![Status(409)],
        "which_key_codex_reset" => vec![ReplayOf(201), Reports(1)],
        "which_key_model_recall" => vec![Reports(1)],
        // The lease rule: a slow but normal request is not taken over.
        "lab_lease_rule" => vec![Reports(1)],
        // The stale handler commits first; the taker's write-back finds the
        // key done and rolls back: one report, written by the stale handler.
        "lab_overlap_writer" => vec![Reports(1)],
        "tf_429_quota" => vec![Status(429), Requests(1), Reports(0)],
        "tf_429_retry_after" => vec![Status(429), Reports(1)],
        "decide_retry_after_long" => vec![Status(503), Requests(1), Reports(0)],
        "tf_connect_refused_post" => vec![Requests(2), Reports(1)],
        // Still running when the client gives up: the resend runs beside it.
        "tf_read_timeout_server_side" => vec![Requests(2), Reports(2)],
        "tf_key_retention_next_day" => vec![Reports(2)],
        // The counterexamples the hunt questions are about.
        "hunt_where_is_counterexample" | "hunt_predict_shrunk_count" | "hunt_none_found_proof" => {
            vec![Reports(2)]
        }
        // The layer-counting questions open the matching #/amplify preset.
        // The statement's harness × SDK product, before the model's re-call.
        "tf_harness_sdk_limit" => vec![Bottom(12.0)],
        "three_layers" => vec![Bottom(27.0)],
        // The demo shows both; the question asks the 3 without the header.
        "amp_codex" => vec![Codex(9.0, 3.0)],
        "amp_top_only" => vec![Bottom(4.0)],
        "amp_budget" | "retry_budget_owner" => vec![Bottom(5.0)],
        // 1 + 0.8·3 stacked three times: 1 + 0.8·(1 + 0.8·(1 + 0.8·…)) ≈ 4.99.
        "amp_mean" => vec![Bottom(4.99)],
        "amp_token_bucket_p1" => vec![TokenBucketAtP1],
        "amp_metastable_stuck" => vec![Metastable],
        // A rewritten title defeats the business key: two reports.
        "title_rewrite_which_key" => vec![Reports(2)],
        // Past the database: fenced + outbox after the crash, fenced +
        // outbox when the relay dies, fenced + notify_before_commit when the
        // stale handler notifies.
        "outbox_after_crash" => vec![Reports(1), Notifications(1)],
        other => {
            panic!("{other} links a demo; list the case it must show in tests/exercises_demos.rs")
        }
    }
}

fn herd(hash: &str, shows: &Shows) {
    let (p, notices) = HerdParams::from_query(&Location::parse(hash).query);
    assert!(notices.is_empty(), "{hash}: {notices:?}");
    let cfg = p.sim_config(p.clients);
    match *shows {
        Shows::Waves { waves, stream } => {
            for (s, want) in [(waves, true), (stream, false)] {
                assert!(p.strategies.contains(&s), "{hash} lacks {s:?}");
                let tr = simulate_traced(&cfg, s, trial_seed(p.seed, p.clients, s, 0));
                assert_eq!(
                    has_distinct_waves(&own_histogram(&tr).hist),
                    want,
                    "{hash}: {s:?}"
                );
            }
        }
        Shows::MoreCalls { more, fewer } => {
            let calls = |s| run_point(&cfg, s, p.trials, p.seed).mean_calls;
            assert!(calls(more) > 1.5 * calls(fewer), "{hash}");
        }
        _ => panic!("{hash}: a lab phenomenon on a herd link"),
    }
}

fn responses(r: &Run) -> impl Iterator<Item = (u16, bool, &Decision)> {
    r.steps().iter().filter_map(|s| match &s.kind {
        StepKind::Server {
            response: Some(resp),
            decision,
            ..
        } => Some((resp.status, resp.replayed, decision)),
        _ => None,
    })
}

fn lab(hash: &str, shows: &Shows) {
    let (p, notices) = LabParams::from_query(&Location::parse(hash).query);
    assert!(notices.is_empty(), "{hash}: {notices:?}");
    // Exercises link a preset by its id (`server=`, left out for the
    // default), never by its mechanisms; a design that is no preset (the
    // downstream questions' fenced + outbox) by its ids.
    match p.design.preset() {
        Some(preset) => {
            let named = hash.contains(&format!("server={}", preset.id()));
            assert!(
                !hash.contains("design=") && (named || preset == retry_lab::lab::Preset::Naive),
                "{hash}"
            );
        }
        None => assert!(hash.contains("design="), "{hash}"),
    }
    let r = run_schedule(&p.fault_schedule(), p.harness, p.design, p.seed);
    match *shows {
        Shows::Reports(n) => assert_eq!(r.final_report_count(), n, "{hash}"),
        Shows::Status(code) => assert!(responses(&r).any(|(s, _, _)| s == code), "{hash}"),
        Shows::ReplayOf(code) => assert!(
            responses(&r).any(|(s, replayed, d)| s == code && replayed && *d == Decision::Replay),
            "{hash}: no replayed {code}"
        ),
        Shows::TimeoutUnknown(n) => {
            assert_eq!(r.final_report_count(), n, "{hash}");
            assert!(
                r.calls()
                    .iter()
                    .all(|c| matches!(c.last, Some(AttemptOutcome::Timeout))),
                "{hash}: {:?}",
                r.calls()
            );
            assert_eq!(r.tool_outcome(), ToolOutcome::Unknown, "{hash}");
        }
        Shows::Requests(n) => assert_eq!(r.requests().len(), n, "{hash}"),
        Shows::Notifications(n) => assert_eq!(r.note_counts().delivered, n, "{hash}"),
        Shows::SuccessWithReports(n) => {
            assert_eq!(r.final_report_count(), n, "{hash}");
            let last = r.final_call().and_then(|c| c.last);
            assert!(
                matches!(last, Some(AttemptOutcome::Status { status, .. }) if (200..300).contains(&status)),
                "{hash}: {last:?}"
            );
        }
        _ => panic!("{hash}: a herd phenomenon on a lab link"),
    }
}

fn amplify(hash: &str, shows: &Shows) {
    let (p, notices) = AmplifyParams::from_query(&Location::parse(hash).query);
    assert!(notices.is_empty(), "{hash}: {notices:?}");
    match *shows {
        Shows::Bottom(want) => {
            let got = retry_lab::amplify::expected(&p.fanout).bottom;
            assert!((got - want).abs() < 0.01, "{hash}: {got} ≠ {want}");
        }
        Shows::TokenBucketAtP1 => {
            let cfg = p.sweep_config(1.0);
            let cfg = retry_lab::amplify::LoadConfig {
                max_calls: 2000,
                ..cfg
            };
            let product: u32 = p.load.layers.iter().product();
            let retries = run_load(&cfg, LoadPolicy::Retries, p.seed).amplification();
            let bucket = run_load(&cfg, LoadPolicy::TokenBucket, p.seed).amplification();
            assert!(
                (retries - f64::from(product)).abs() < 1e-9,
                "{hash}: {retries}"
            );
            assert!(bucket <= 1.1, "{hash}: token bucket {bucket}");
        }
        Shows::Metastable => {
            let rec = |policy| {
                run_load(&p.load, policy, p.seed).series.recovered(
                    p.load.trigger.start,
                    p.load.trigger.end,
                    p.load.recover_pct,
                )
            };
            assert!(
                rec(LoadPolicy::Retries).is_none(),
                "{hash}: retries recovered"
            );
            for policy in [
                LoadPolicy::TokenBucket,
                LoadPolicy::RetryBudget,
                LoadPolicy::Deadline,
            ] {
                assert!(p.policies.contains(&policy), "{hash} lacks {policy:?}");
                assert!(rec(policy).is_some(), "{hash}: {policy:?} stuck");
            }
        }
        Shows::Codex(with, without) => {
            let lanes = p.lanes();
            let amp = |id: &str| {
                let lane = lanes.iter().find(|l| l.id == id).expect(id);
                run_load(&lane.cfg, lane.policy, p.seed).amplification()
            };
            let policy = p.policies[0].id();
            assert!((amp(policy) - with).abs() < 1e-9, "{hash}");
            let bare = format!("{policy}-no_retry_after");
            assert!((amp(&bare) - without).abs() < 1e-9, "{hash}");
        }
        _ => panic!("{hash}: not an amplification phenomenon"),
    }
}

/// A numeric question's answer is the number its demo shows.
fn answer_is_shown(q: &Question, shows: &Shows) {
    let Kind::Numeric(fields) = &q.kind else {
        return;
    };
    let shown: Vec<f64> = match *shows {
        Shows::Bottom(v) => vec![v],
        // The question asks the count without Retry-After; the demo shows
        // both, and the check above reads both off it.
        Shows::Codex(_, without) => vec![without],
        _ => return,
    };
    for (f, v) in fields.iter().zip(shown) {
        assert!(
            (f.answer() - v).abs() <= f.tol + 0.01,
            "{}: answer {} but the demo shows {v}",
            q.id,
            f.answer()
        );
    }
}

#[test]
fn every_demo_link_shows_the_case_its_question_is_about() {
    let mut checked = 0;
    for q in bank() {
        let Some(hash) = q.demo.clone() else {
            continue;
        };
        let hash = hash.href();
        let hash = hash.as_str();
        for shows in expected(q.id) {
            match Location::parse(hash).page {
                Page::Herd => herd(hash, &shows),
                Page::Lab => lab(hash, &shows),
                Page::Amplify => amplify(hash, &shows),
                other => panic!("{}: {hash} opens {other:?}", q.id),
            }
            answer_is_shown(&q, &shows);
            checked += 1;
        }
    }
    assert!(checked >= 20, "only {checked} checks");
}

/// What the run a cases question offers for each case must show: the first
/// success files one report; the same-key retry replays it; the changed
/// body is refused with 422; the crash before persisting ends with the one
/// report backfilled; the expired approval leaves the one report of the
/// first attempt; the revoked permission is refused with 403; the 429 is
/// answered, and after its wait one report is filed. A case the lab cannot
/// run yet links nothing.
fn case_expected(id: &str, case: usize) -> Vec<Shows> {
    use Shows::*;
    match (id, case) {
        ("create_refund_design", 1) => vec![Reports(1), Requests(1)],
        ("create_refund_design", 2) => vec![ReplayOf(201), Reports(1)],
        ("create_refund_design", 3) => vec![Status(422), Reports(1)],
        ("create_refund_design", 4) => vec![Reports(1)],
        ("create_refund_design", 5) => vec![Status(403), Reports(0)],
        ("create_refund_design", 6) => vec![Status(403), Reports(1)],
        ("create_refund_design", 7) => vec![Status(429), Reports(1)],
        (id, n) => panic!("{id}: case {n} links a run; list what it must show here"),
    }
}

#[test]
fn every_case_run_shows_its_case() {
    let mut checked = 0;
    for q in bank() {
        let Kind::Cases(c) = &q.kind else { continue };
        for (i, row) in c.rows.iter().enumerate() {
            let hash = match &row.run {
                CaseRun::Lab(run) => run.link().href(),
                CaseRun::Recovery(rec) => rec.link().href(),
                CaseRun::Later(_) => continue,
            };
            for shows in case_expected(q.id, i + 1) {
                lab(&hash, &shows);
                checked += 1;
            }
        }
    }
    assert!(checked >= 8, "only {checked} checks");
}
