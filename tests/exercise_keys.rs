//! Every question key comes from the model. One table: each choice,
//! true/false and cases question whose answer a model run or a formula
//! can compute is listed with the function that computes it (the lab's
//! runs, the herd, the amplification models, the backoff formulas, the
//! hunt), and every option of a choice question with its model-derived
//! truth; the questions no model can answer are listed with a reason each.
//! Numeric and «predict, then run» questions and build challenges hold no
//! literal at all (a `Derivation`, a model or a suite), which is checked
//! here too. A key edited without changing the model fails this test, and a
//! new question of a computable kind fails it until it joins the table.
#![cfg(not(target_arch = "wasm32"))]

use std::collections::BTreeSet;

use retry_lab::amplify::load::{run_load, LoadPolicy};
use retry_lab::amplify::load_presets::Preset as Load;
use retry_lab::amplify::FanoutPolicy;
use retry_lab::exercises::bank_hunt::{
    hunt_of, question_kinds, COUNT_OPTIONS, COUNT_SCHEDULE, WHERE_OPTIONS,
};
use retry_lab::exercises::bank_layers::fanout_expected;
use retry_lab::exercises::formulas::{nominal_wait_ms, worst_case_requests};
use retry_lab::exercises::{bank, Kind, Model, PredictInput, Question};
use retry_lab::herd::chart_data::{has_distinct_waves, own_histogram};
use retry_lab::herd::{simulate_traced, trial_seed, HerdParams, Strategy};
use retry_lab::lab::grading::hunt::{decode, encode, hunt, HuntOutcome};
use retry_lab::lab::grading::judgement::{judge, FailureClass};
use retry_lab::lab::{
    run, run_schedule, ClientStrategy as C, Decision, Design, Holder, Preset as V, Run,
    Scenario as S, StepKind, ToolOutcome,
};

/// What a choice option is, by the model: right or wrong, or (for an
/// option no model can judge) the reading that makes it wrong.
#[derive(Clone, Copy, Debug)]
enum Truth {
    Model(bool),
    Reading(&'static str),
}

/// How a question's key is computed.
enum Key {
    /// Each option of a choice question with its truth.
    Options(fn() -> Vec<(&'static str, Truth)>),
    /// The truth of a true/false statement.
    Statement(fn() -> bool),
}

use Truth::{Model as M_, Reading};

/// A lab run at seed 1.
fn lab(sc: S, c: C, d: impl Into<Design>) -> Run {
    run(sc, c, d.into(), 1)
}

/// What the server decided for each request after the first, in order.
fn later_decisions(r: &Run) -> Vec<Decision> {
    r.steps()
        .iter()
        .filter_map(|s| match &s.kind {
            StepKind::Server {
                request, decision, ..
            } if *request > 0 => Some(decision.clone()),
            _ => None,
        })
        .collect()
}

/// The IETF draft's three answers to a same-key request, as the lab's
/// `atomic` server gives them: the first decision on a later request.
fn same_key(sc: S, options: [&'static str; 4]) -> Vec<(&'static str, Truth)> {
    let first = later_decisions(&lab(sc, C::StableKey, V::Atomic))
        .into_iter()
        .find(|d| !matches!(d, Decision::Failed | Decision::Claimed { .. }))
        .expect("a later request is decided");
    options
        .into_iter()
        .map(|o| {
            let t = match o {
                "reject_409" => matches!(first, Decision::InProgress),
                "replay_stored" => matches!(first, Decision::Replay),
                // Every other option runs the retry's work again (in
                // parallel, after a lock or a takeover, or over the first
                // record): true only if the server executes it.
                _ => matches!(first, Decision::Created { .. }),
            };
            (o, M_(t))
        })
        .collect()
}

/// Whether the herd of 100 clients with `s` still comes in distinct waves.
fn waves(s: Strategy) -> bool {
    let p = HerdParams {
        clients: 100,
        ..HerdParams::default()
    };
    let cfg = p.sim_config(p.clients);
    let tr = simulate_traced(&cfg, s, trial_seed(p.seed, p.clients, s, 0));
    has_distinct_waves(&own_histogram(&tr).hist)
}

/// The three server states behind one read timeout: the first attempt of
/// a lost request and of a lost response both end in the same timeout,
/// after the same wait, while the server did nothing in one and created
/// the report in the other.
fn timeout_outcomes() -> Vec<(&'static str, Truth)> {
    let view = |sc| {
        let r = lab(sc, C::Careful, V::Naive);
        let at = |f: &dyn Fn(&StepKind) -> bool| {
            r.steps().iter().find(|s| f(&s.kind)).map(|s| s.time_ms)
        };
        let sent = at(&|k| matches!(k, StepKind::Send { request } if request.id == 0));
        let timed_out = at(&|k| matches!(k, StepKind::Timeout { request: 0, .. }));
        let handled = r
            .steps()
            .iter()
            .any(|s| matches!(s.kind, StepKind::Server { request: 0, .. }));
        (timed_out.zip(sent).map(|(t, s)| t - s), handled)
    };
    let (lost_req, lost_resp) = (view(S::RequestLost), view(S::ResponseLost));
    let same_timeout = lost_req.0.is_some() && lost_req.0 == lost_resp.0;
    let cannot_tell = same_timeout && lost_req.1 != lost_resp.1;
    let resend = lab(S::ResponseLost, C::Naive, V::Naive).final_report_count() <= 1;
    vec![
        ("timeout_cannot_tell", M_(cannot_tell)),
        ("timeout_connect_vs_read", M_(!cannot_tell)),
        ("timeout_elapsed", M_(!same_timeout)),
        ("timeout_resend_probe", M_(resend)),
    ]
}

fn token_bucket() -> Vec<(&'static str, Truth)> {
    let cfg = retry_lab::amplify::LoadConfig {
        p: 1.0,
        duration: 20.0,
        ..Load::Brooker.config()
    };
    let amp = run_load(&cfg, LoadPolicy::TokenBucket, 1).amplification();
    let near = |n: f64| (amp - n).abs() < 0.5;
    vec![
        ("amp_tb_three", M_(near(3.0))),
        ("amp_tb_two", M_(near(2.0))),
        ("amp_tb_one", M_(near(1.0))),
        ("amp_tb_zero", M_(near(0.0))),
    ]
}

fn metastable() -> Vec<(&'static str, Truth)> {
    let m = Load::Metastable.config();
    let stuck_with = |m: &retry_lab::amplify::LoadConfig, p| {
        run_load(m, p, 1)
            .series
            .recovered(m.trigger.start, m.trigger.end, m.recover_pct)
            .is_none()
    };
    let stuck = |p| stuck_with(&m, p);
    // Only the top layer retries: its attempts, one below it.
    let top_only = retry_lab::amplify::LoadConfig {
        layers: vec![m.layers[0], 1, 1],
        ..m.clone()
    };
    vec![
        (
            "amp_stuck_top_only",
            M_(stuck_with(&top_only, LoadPolicy::Retries)),
        ),
        ("amp_stuck_token_bucket", M_(stuck(LoadPolicy::TokenBucket))),
        ("amp_stuck_budget", M_(stuck(LoadPolicy::RetryBudget))),
        ("amp_stuck_deadline", M_(stuck(LoadPolicy::Deadline))),
    ]
}

fn overlap_writer() -> Vec<(&'static str, Truth)> {
    let r = lab(S::LeaseOverlap, C::StableKey, V::Leased);
    let kept: Vec<Holder> = r.survivors().map(|w| w.holder).collect();
    let stale = kept == [Holder::Claimant];
    let taker = matches!(kept.as_slice(), [Holder::Taker { .. }]);
    vec![
        ("stale_handler", M_(stale)),
        ("taker", M_(taker)),
        ("both_write", M_(kept.len() == 2)),
        ("neither_writes", M_(kept.is_empty())),
    ]
}

/// Which key survives the model's re-call: the client that derives its
/// key that way ends with one report.
fn recall_key() -> Vec<(&'static str, Truth)> {
    let one = |c| M_(lab(S::ModelRetry, c, V::Fenced).final_report_count() == 1);
    vec![
        ("http_request_id", one(C::NewKey)),
        ("fresh_uuid_per_attempt", one(C::NewKey)),
        ("business_key", one(C::BusinessKey)),
        (
            "operation_id",
            Reading("one id for a whole task merges its different reports too; the lab's task files one"),
        ),
        ("tool_use_key", one(C::StableKey)),
    ]
}

fn hunt_where() -> Vec<(&'static str, Truth)> {
    let HuntOutcome::Found(f) = hunt(hunt_of(V::Atomic, C::StableKey, question_kinds())) else {
        panic!("atomic has a counterexample")
    };
    let way = f.of(FailureClass::Duplicate).expect("a duplicate way");
    assert!(
        !way.way.no_server_fixes,
        "the question asks for a fixable one"
    );
    let found = encode(way.minimal());
    WHERE_OPTIONS
        .iter()
        .map(|(id, code)| {
            let run = run_schedule(&decode(code).unwrap(), C::StableKey, V::Atomic, 1);
            let duplicate = judge(&run).classes().contains(&FailureClass::Duplicate);
            (*id, M_(duplicate && found == *code))
        })
        .collect()
}

fn hunt_count() -> Vec<(&'static str, Truth)> {
    let s = decode(COUNT_SCHEDULE).unwrap();
    let n = run_schedule(&s, C::StableKey, V::LeasedUnguarded, 1).final_report_count();
    COUNT_OPTIONS
        .iter()
        .map(|o| (*o, M_(*o == format!("hunt_count_{n}"))))
        .collect()
}

/// The table: question id → how its key is computed, section by section.
fn keyed() -> Vec<(&'static str, Key)> {
    let mut all = keyed_truths_wait_layers();
    all.extend(keyed_keys());
    all.extend(keyed_agent_interview());
    all
}

/// §1–§3: timeouts, backoff and the layers' products.
fn keyed_truths_wait_layers() -> Vec<(&'static str, Key)> {
    use Key::{Options, Statement};
    vec![
        ("timeout_three_outcomes", Options(timeout_outcomes)),
        (
            "tf_read_timeout_server_side",
            Statement(|| lab(S::SlowServer, C::Naive, V::Naive).final_report_count() <= 1),
        ),
        (
            "tf_connect_refused_post",
            Statement(|| lab(S::ConnectRefused, C::Naive, V::Naive).final_report_count() == 1),
        ),
        (
            "tf_requests_timeout_tuple",
            Statement(|| {
                let run = lab(S::SlowDrip, C::StableKey, V::Fenced);
                let t = retry_lab::lab::faults::drip::timers(&run).expect("a trickling response");
                t.every_ms < t.read_timeout_ms && t.complete_ms > t.read_timeout_ms
            }),
        ),
        (
            "tf_backoff_without_jitter",
            Statement(|| !waves(Strategy::Exponential)),
        ),
        ("tf_codex_jitter_herd", Statement(|| waves(Strategy::Codex))),
        (
            "tf_backoff_cap",
            Statement(|| (nominal_wait_ms(200.0, 10) / 1000.0 - 102.0).abs() < 1.0),
        ),
        // «At most 12 per bug report»: the model calling the tool once more
        // is a layer on top of harness × SDK.
        (
            "tf_harness_sdk_limit",
            Statement(|| {
                fanout_expected(&[4, 3], 1.0, FanoutPolicy::Independent, 1) == 12.0
                    && worst_case_requests(&[2, 4, 3]) <= 12
            }),
        ),
        ("amp_token_bucket_p1", Options(token_bucket)),
        ("amp_metastable_stuck", Options(metastable)),
    ]
}

/// §4: the key, the lab's servers and the tenants.
fn keyed_keys() -> Vec<(&'static str, Key)> {
    use Key::{Options, Statement};
    vec![
        (
            "same_key_in_progress",
            Options(|| {
                same_key(
                    S::SlowServer,
                    [
                        "reject_409",
                        "execute_parallel",
                        "take_over_claim",
                        "queue_then_execute",
                    ],
                )
            }),
        ),
        ("lab_overlap_writer", Options(overlap_writer)),
        (
            "tf_key_retention_next_day",
            Statement(|| lab(S::KeyExpired, C::StableKey, V::Fenced).final_report_count() <= 1),
        ),
    ]
}

/// §4's monitoring and tenants; §5–§6: the agent's two layers, the
/// interview and the hunt.
fn keyed_agent_interview() -> Vec<(&'static str, Key)> {
    use Key::{Options, Statement};
    vec![
        (
            "tf_monitor_success_rate",
            Statement(|| {
                let r = lab(S::ResponseLost, C::NewKey, V::Atomic);
                !(r.tool_outcome() == ToolOutcome::Created && r.final_report_count() > 1)
            }),
        ),
        ("which_key_model_recall", Options(recall_key)),
        (
            "tf_429_retry_after",
            Statement(|| {
                let r = lab(S::RateLimited429, C::StableKey, V::Fenced);
                r.final_report_count() == 1 && r.tool_outcome() == ToolOutcome::Created
            }),
        ),
        (
            "tf_side_effect_outside_db",
            Statement(|| {
                let r = lab(S::CrashBeforeNotify, C::StableKey, V::Fenced);
                r.note_counts().delivered == r.final_report_count()
            }),
        ),
        ("hunt_where_is_counterexample", Options(hunt_where)),
        ("hunt_predict_shrunk_count", Options(hunt_count)),
    ]
}

/// The questions no model here can answer, each with the reason.
const CONCEPTUAL: &[(&str, &str)] = &[
    ("tf_rfc9110_post_retry", "what RFC 9110 says, quoted"),
    (
        "decide_get_read_timeout",
        "001's conservative matrix: a policy, not a run",
    ),
    (
        "decide_post_read_timeout",
        "001's matrix; the lab has no client that reports failure",
    ),
    (
        "decide_delete_temp_file",
        "an API's documented 404 semantics, not modelled",
    ),
    (
        "decide_llm_batch",
        "a batch API's lookup by job_id, not modelled",
    ),
    (
        "decide_put_5xx",
        "001's matrix on undocumented PUT semantics",
    ),
    (
        "decide_retry_after_long",
        "the harness implements this rule, so its run cannot judge it",
    ),
    (
        "decide_other_4xx",
        "validation 422s are not modelled (the lab's 422 is a digest mismatch)",
    ),
    (
        "tf_tls_error_retry",
        "Requests' exception hierarchy (SSLError is a ConnectionError)",
    ),
    ("urllib3_post_test", "how a urllib3 test is written"),
    (
        "tf_retry_count_and_deadline",
        "a design rule of 001; no model has a count without a deadline",
    ),
    (
        "backoff_jitter_budget",
        "002's self-check: what each mechanism is for",
    ),
    (
        "retry_budget_owner",
        "002's layering advice: who should own the budget",
    ),
    (
        "tf_idempotency_key_status",
        "the standards' status (IETF draft, vendors)",
    ),
    (
        "which_key_codex_reset",
        "a fact of Codex's source (usage.rs)",
    ),
    (
        "lab_stored_error_next",
        "contested: 003 says a failed handler proves nothing, Stripe replays",
    ),
    (
        "tf_key_store_memory",
        "process restarts and instances are not modelled",
    ),
    ("tf_log_fields", "logging practice (003)"),
    (
        "timeout_state_recovery",
        "003's two timeout states and their default actions",
    ),
    (
        "tf_digest_call_id",
        "no design digests a call id; the consequence is argued in 003",
    ),
    ("tf_mcp_idempotent_hint", "a fact of the MCP schema"),
    (
        "tf_sampling_retry_tools",
        "a fact of Codex's source (turn.rs)",
    ),
    (
        "tf_429_quota",
        "the harness implements Codex's quota rule, so its run cannot judge it",
    ),
    (
        "hunt_none_found_proof",
        "why a search is no proof; tests/exercises_hunt.rs runs the hunt",
    ),
    (
        "create_refund_design",
        "003's refund rules, re-derived case by case in tests/exercises_refund.rs",
    ),
];

/// Whether a question's key is a literal (and so must be computed here).
fn literal_key(q: &Question) -> bool {
    matches!(
        q.kind,
        Kind::Choice { .. } | Kind::TrueFalse(_) | Kind::Cases(_)
    )
}

#[test]
fn every_literal_key_is_in_the_table_or_named_conceptual() {
    let table: BTreeSet<&str> = keyed().iter().map(|(id, _)| *id).collect();
    let conceptual: BTreeSet<&str> = CONCEPTUAL.iter().map(|(id, _)| *id).collect();
    assert!(table.is_disjoint(&conceptual));
    let literal: BTreeSet<&str> = bank()
        .iter()
        .filter(|q| literal_key(q))
        .map(|q| q.id)
        .collect();
    let listed: BTreeSet<&str> = table.union(&conceptual).copied().collect();
    let missing: Vec<_> = literal.difference(&listed).collect();
    let stale: Vec<_> = listed.difference(&literal).collect();
    assert!(missing.is_empty(), "not in the key table: {missing:?}");
    assert!(stale.is_empty(), "no such question: {stale:?}");
    assert!(CONCEPTUAL.iter().all(|(_, why)| !why.is_empty()));
}

#[test]
fn every_tabled_key_is_what_the_model_computes() {
    let bank = bank();
    for (id, key) in keyed() {
        let q = bank.iter().find(|q| q.id == id).unwrap();
        match (&q.kind, key) {
            (Kind::TrueFalse(truth), Key::Statement(f)) => assert_eq!(*truth, f(), "{id}"),
            (Kind::Choice { options, correct }, Key::Options(f)) => {
                let truths = f();
                let mapped: Vec<&str> = truths.iter().map(|(o, _)| *o).collect();
                assert_eq!(mapped, options.to_vec(), "{id}: every option, in order");
                for (o, t) in truths {
                    match t {
                        M_(right) => assert_eq!(right, o == *correct, "{id}: {o}"),
                        Reading(why) => {
                            assert!(o != *correct && !why.is_empty(), "{id}: {o}")
                        }
                    }
                }
            }
            (k, _) => panic!("{id}: the table's key does not fit {k:?}"),
        }
    }
}

/// Numeric fields, «predict, then run» and build challenges hold no literal:
/// their answers are a `Derivation`, a model run or a suite.
#[test]
fn the_other_kinds_compute_their_answer() {
    for q in bank() {
        for f in q.kind.module().fields() {
            let answer = f.answer.unwrap_or_default();
            assert!(answer.is_finite(), "{}: {}", q.id, f.label);
        }
        if let Kind::Predict { input, model } = &q.kind {
            match (input, model) {
                (PredictInput::Numbers(fields), Model::LabCounts(runs)) => {
                    assert_eq!(fields.len(), runs.len(), "{}", q.id)
                }
                (PredictInput::Choice(_), Model::HerdFewestCalls(_))
                | (PredictInput::RedGreen(_), Model::RedGreen(_)) => {}
                other => panic!("{}: {other:?}", q.id),
            }
        }
    }
}
