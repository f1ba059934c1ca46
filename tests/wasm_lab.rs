//! Browser tier for the idempotency lab: the same server code runs against
//! SQLite compiled to wasm (sqlite-wasm-rs), gives the outcomes the course
//! claims, and produces traces bit-identical to the native ones.
#![cfg(target_arch = "wasm32")]

use retry_lab::lab::*;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

#[path = "common/suite_columns.rs"]
mod columns;
#[path = "common/lab_golden.rs"]
mod golden;
use golden::GOLDEN;

#[wasm_bindgen_test]
fn sqlite_in_memory_works() {
    let c = rusqlite::Connection::open_in_memory().unwrap();
    c.execute_batch("CREATE TABLE t(x INTEGER); INSERT INTO t VALUES (1),(2);")
        .unwrap();
    let n: i64 = c
        .query_row("SELECT count(*) FROM t", [], |r| r.get(0))
        .unwrap();
    assert_eq!(n, 2);
}

#[wasm_bindgen_test]
fn trace_digests_equal_the_native_ones() {
    for (sc, c, s, seed, want) in GOLDEN {
        assert_eq!(
            run(sc, c, s, seed).trace_digest(),
            want,
            "{sc:?} {c:?} {s:?} {seed}"
        );
    }
}

/// The notifier's own database, the outbox and the relay give, in the
/// browser, the counts and traces they give natively.
#[wasm_bindgen_test]
fn downstream_traces_and_counts_equal_the_native_ones() {
    golden::check_downstream();
}

#[wasm_bindgen_test]
fn the_claimed_outcomes_hold_in_the_browser() {
    use ClientStrategy as C;
    use Preset as V;
    use Scenario as S;
    let n = |sc, c, s| run(sc, c, s, 1).final_report_count();
    assert_eq!(n(S::ResponseLost, C::Naive, V::Naive), 2);
    for s in [V::Atomic, V::Leased, V::Fenced] {
        assert_eq!(n(S::ResponseLost, C::StableKey, s), 1);
        assert_eq!(n(S::ModelRetry, C::StableKey, s), 2);
        assert_eq!(n(S::ModelRetry, C::BusinessKey, s), 1);
    }
    assert_eq!(n(S::CrashBetweenCommits, C::StableKey, V::KeySplit), 2);
    // The status guard stops the stale writer on leased; the overlap is
    // where only the fence refuses it (both keep one report).
    assert_eq!(n(S::LeaseExpired, C::StableKey, V::Leased), 1);
    assert_eq!(n(S::LeaseExpired, C::StableKey, V::Fenced), 1);
    assert_eq!(n(S::LeaseOverlap, C::StableKey, V::Fenced), 1);
    let cell = |sc, c, s| run(sc, c, s, 1).cell();
    for s in Preset::ALL {
        for c in ClientStrategy::ALL {
            assert_eq!(cell(S::ConnectRefused, c, s).reports, 1);
            for sc in [S::RetryAfterLong, S::Quota429] {
                let x = cell(sc, c, s);
                assert_eq!((x.reports, x.tool), (0, ToolOutcome::NotCreated));
            }
        }
        let x = cell(S::ModelRetry, C::QueryFirst, s);
        assert_eq!((x.reports, x.tool), (1, ToolOutcome::Created));
    }
    for s in [V::Atomic, V::Leased, V::Fenced] {
        // The replayed 500 proves nothing about side effects (003): the
        // model hears «unknown».
        let x = cell(S::Stored500, C::StableKey, s);
        assert_eq!((x.reports, x.tool), (0, ToolOutcome::Unknown));
        assert_eq!(n(S::ConcurrentSameKey, C::StableKey, s), 1);
    }
    for s in [V::Naive, V::KeySplit] {
        assert_eq!(n(S::ConcurrentSameKey, C::StableKey, s), 2);
    }
    let r = run(S::BodyMismatch, C::StableKey, V::Atomic, 1);
    assert_eq!(
        r.final_outcome(),
        Some(AttemptOutcome::Status {
            status: 422,
            replayed: false
        })
    );
    assert_eq!(r.tool_outcome(), ToolOutcome::Unknown);
}

/// The workbench's suites, computed on SQLite in the browser, are the very
/// CSV the native `lab suite` prints (the fixture tests/lab_cli.rs checks
/// against the CLI): every design mechanism runs the same in wasm.
#[wasm_bindgen_test]
fn the_workbench_suites_equal_the_clis() {
    let fixture = include_str!("data/lab_build_suites.txt");
    let mut blocks = 0;
    for block in fixture.split("\n== ").skip(1) {
        let (head, csv) = block.split_once('\n').expect("a head line");
        let (ids, client) = head.split_once(' ').expect("design and client");
        let design = Preset::from_id(ids).map_or_else(
            || {
                let (design, problems) = Design::parse(ids);
                assert!(problems.is_empty(), "{head}: {problems:?}");
                design
            },
            Preset::design,
        );
        let client = ClientStrategy::from_id(client).expect("a client id");
        let got = retry_lab::lab::view::csv::suite_csv(design, client, 1);
        let got: Vec<String> = got.trim_end().lines().map(columns::without_added).collect();
        assert_eq!(got.join("\n"), csv.trim_end(), "{head}");
        blocks += 1;
    }
    assert!(blocks >= 3, "{blocks} suites");
}

#[wasm_bindgen_test]
fn a_full_matrix_is_fast_enough() {
    let perf = web_sys_now();
    let t0 = perf();
    let mut total = 0;
    for s in Preset::ALL {
        for sc in Scenario::ALL {
            for c in ClientStrategy::ALL {
                total += final_count(sc, c, s, 1);
            }
        }
    }
    let ms = perf() - t0;
    let runs = Preset::ALL.len() * Scenario::ALL.len() * ClientStrategy::ALL.len();
    wasm_bindgen_test::console_log!("{runs} runs (5 matrices) in {ms:.1} ms; {total} reports");
    assert!(total > runs / 2);
}

fn web_sys_now() -> impl Fn() -> f64 {
    || js_sys::Date::now()
}

#[path = "common/app.rs"]
mod app;

fn attr(el: &web_sys::Element, name: &str) -> String {
    el.get_attribute(name).unwrap_or_default()
}

#[wasm_bindgen_test]
async fn the_run_view_splits_the_card_and_ends_with_a_cause_and_a_fix() {
    retry_lab::ui::lab::answer_on_this_thread();
    let root =
        app::mount("#/lab?scenario=response_lost&client=stable_key&server=naive&seed=1&step=end");
    let end = app::wait_for(&root, "[data-testid=end-sentence]").await;
    assert!(root
        .query_selector("[data-testid=card-now]")
        .unwrap()
        .is_some());
    let outcome = app::wait_for(&root, "[data-testid=tool-outcome]").await;
    assert_eq!(attr(&outcome, "data-tool"), "created");
    let verdict = app::wait_for(&root, "[data-testid=final-verdict]").await;
    assert_eq!(attr(&verdict, "data-count"), "2");
    // The nearest fix: the same client on the nearest server that breaks
    // no rule of the chapter (key_split inserts before recording the key).
    let fix = app::wait_for(&root, "[data-testid=fix-link]").await;
    assert!(
        attr(&fix, "href").contains("server=atomic"),
        "{}",
        attr(&fix, "href")
    );
    assert!(end
        .text_content()
        .unwrap_or_default()
        .contains("不看幂等键"));
    assert!(app::wait_for(&root, "[data-testid=lab-params]")
        .await
        .text_content()
        .unwrap()
        .contains("5"));
}

#[wasm_bindgen_test]
async fn matrix_cells_carry_the_count_and_what_the_model_was_told() {
    retry_lab::ui::lab::answer_on_this_thread();
    let root = app::mount("#/lab/matrix?server=atomic");
    let cell = app::wait_for(&root, "a[data-testid=cell-stored_500-stable_key]").await;
    assert_eq!(attr(&cell, "data-reports"), "0");
    assert_eq!(attr(&cell, "data-tool"), "unknown");
    let unknown = app::wait_for(
        &root,
        "a[data-testid=cell-crash_between_commits-stable_key]",
    )
    .await;
    assert_eq!(attr(&unknown, "data-tool"), "unknown");
    // Both «0, unknown»: the replayed 500 where no report could be filed
    // passes, the claim stuck where one could be does not, and they look
    // different (their ending's icon).
    assert_eq!(attr(&cell, "data-pass"), "true");
    assert_eq!(attr(&unknown, "data-pass"), "false");
    assert_ne!(attr(&cell, "data-ending"), attr(&unknown, "data-ending"));
    assert_ne!(cell.inner_html(), unknown.inner_html());
    let lucky = app::wait_for(&root, "a[data-testid=cell-crash_between_commits-new_key]").await;
    assert_eq!(attr(&lucky, "data-lucky"), "true");
}

#[path = "common/lab_golden_tenants.rs"]
mod golden_tenants;

/// Two tenants, the tenant-scoped key table, a TLS failure and a response
/// that trickles in: the same counts and the same traces as natively.
#[wasm_bindgen_test]
fn the_new_scenarios_equal_the_native_golden_values() {
    golden_tenants::check_all();
}

#[path = "common/lab_golden_harness.rs"]
mod golden_harness;

/// Harness designs (the SDK layer, budgets, waits, `Retry-After` dates,
/// deferral, connect timeouts) run in the browser as they run natively.
#[wasm_bindgen_test]
fn harness_designs_equal_the_native_ones() {
    golden_harness::check_harness_golden();
}

#[path = "common/lab_golden_recovery.rs"]
mod golden_recovery;

/// 003's recovery protocol (the downstream's receipts, status queries, a
/// failure recorded unknown, authorisation on replay, the approval and
/// the request's deadline) runs in the browser as it runs natively.
#[wasm_bindgen_test]
fn the_recovery_runs_equal_the_native_ones() {
    golden_recovery::check_recovery();
}
