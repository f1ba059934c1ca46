//! Browser tier for the idempotency lab: the same server code runs against
//! SQLite compiled to wasm (sqlite-wasm-rs), gives the outcomes the course
//! claims, and produces traces bit-identical to the native ones.
#![cfg(target_arch = "wasm32")]

use retry_lab::lab::*;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

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

#[wasm_bindgen_test]
fn the_claimed_outcomes_hold_in_the_browser() {
    use ClientStrategy as C;
    use Scenario as S;
    use ServerImpl as V;
    let n = |sc, c, s| run(sc, c, s, 1).final_report_count();
    assert_eq!(n(S::ResponseLost, C::Naive, V::Naive), 2);
    for s in [V::Atomic, V::Leased, V::Fenced] {
        assert_eq!(n(S::ResponseLost, C::StableKey, s), 1);
        assert_eq!(n(S::ModelRetry, C::StableKey, s), 2);
        assert_eq!(n(S::ModelRetry, C::BusinessKey, s), 1);
    }
    assert_eq!(n(S::CrashBetweenCommits, C::StableKey, V::KeySplit), 2);
    assert_eq!(n(S::LeaseExpired, C::StableKey, V::Leased), 2);
    assert_eq!(n(S::LeaseExpired, C::StableKey, V::Fenced), 1);
    let r = run(S::BodyMismatch, C::StableKey, V::Atomic, 1);
    assert_eq!(
        r.final_outcome(),
        Some(AttemptOutcome::Status {
            status: 422,
            replayed: false
        })
    );
}

#[wasm_bindgen_test]
fn a_full_matrix_is_fast_enough() {
    let perf = web_sys_now();
    let t0 = perf();
    let mut total = 0;
    for s in ServerImpl::ALL {
        for sc in Scenario::ALL {
            for c in ClientStrategy::ALL {
                total += final_count(sc, c, s, 1);
            }
        }
    }
    let ms = perf() - t0;
    wasm_bindgen_test::console_log!("180 runs (5 matrices) in {ms:.1} ms; {total} reports");
    assert!(total > 180);
}

fn web_sys_now() -> impl Fn() -> f64 {
    || js_sys::Date::now()
}
