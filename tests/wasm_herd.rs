//! Browser tier: the simulator gives the SAME golden numbers in wasm as
//! natively (`tests/herd_golden.rs` asserts the identical table).
#![cfg(target_arch = "wasm32")]

use retry_lab::herd::{run_point, SimConfig, Strategy, Sweep, SweepSpec};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

#[path = "common/herd_golden.rs"]
mod golden;

#[wasm_bindgen_test]
fn single_trials_match_the_native_golden_table() {
    golden::check_single_trials();
}

#[wasm_bindgen_test]
fn points_match_the_native_golden_table() {
    golden::check_points();
}

#[wasm_bindgen_test]
fn sliced_sweep_in_wasm_equals_run_point() {
    let spec = SweepSpec {
        cfg: SimConfig::default(),
        clients: vec![50],
        strategies: vec![Strategy::Full, Strategy::Exponential],
        trials: 20,
        seed: 7,
        trace_first: true,
    };
    let mut sweep = Sweep::new(spec);
    while !sweep.is_done() {
        sweep.advance(500);
    }
    assert_eq!(sweep.summaries()[0].mean_calls, 333.5);
    assert_eq!(sweep.summaries()[1].mean_calls, 622.85);
}

/// The sweep workers' entry point gives exactly `run_point`'s numbers (the
/// main-thread sweep's), bit for bit, and refuses bad requests without
/// panicking.
#[wasm_bindgen_test]
fn worker_entry_point_equals_run_point_bit_for_bit() {
    use retry_lab::herd::wire::{parse_point_reply, PointRequest};
    use retry_lab::ui::herd::worker::herd_worker_point;
    let cfg = SimConfig {
        net_sd_ms: 3.5,
        ..SimConfig::default()
    };
    for (clients, strategy, trials, seed) in [
        (10, Strategy::None, 30, 1),
        (50, Strategy::Full, 20, 7),
        (90, Strategy::Decorrelated, 10, 9_007_199_254_740_991),
        (40, Strategy::Sdk, 5, 3),
    ] {
        let req = PointRequest::new(&cfg, clients, strategy, trials, seed);
        let got = parse_point_reply(&herd_worker_point(&req.to_json())).unwrap();
        let want = run_point(&SimConfig { clients, ..cfg }, strategy, trials, seed);
        assert_eq!(got, want);
        for (a, b) in [
            (got.mean_time_ms, want.mean_time_ms),
            (got.time_ms.sd, want.time_ms.sd),
            (got.calls.sd, want.calls.sd),
        ] {
            assert_eq!(a.to_bits(), b.to_bits());
        }
    }
    // The golden point of tests/herd_golden.rs, through the worker.
    let golden = PointRequest::new(&SimConfig::default(), 50, Strategy::Full, 20, 7);
    let got = parse_point_reply(&herd_worker_point(&golden.to_json())).unwrap();
    assert_eq!(got.mean_calls, 333.5);
    for bad in ["", "{}", "{\"clients\":0}", "null"] {
        assert!(parse_point_reply(&herd_worker_point(bad)).is_err(), "{bad}");
    }
}

#[path = "common/app.rs"]
mod app;
use app::{mount, wait_for};

/// The page renders the same numbers as `run_point` (the golden values),
/// computed in slices by the real component.
#[wasm_bindgen_test]
async fn herd_page_renders_the_golden_numbers() {
    let root = mount("#/herd?clients=50&trials=20&seed=7&strategies=full,exponential&lang=en");
    let calls = wait_for(&root, "[data-testid=calls-full]").await;
    assert_eq!(calls.text_content().unwrap(), "333.5");
    let time = wait_for(&root, "[data-testid=time-full]").await;
    // Exponential backoff takes 36.6 s here, so the whole column is in seconds.
    assert_eq!(time.text_content().unwrap(), "2.9 s");
    let exp = wait_for(&root, "[data-testid=calls-exponential]").await;
    assert_eq!(exp.text_content().unwrap(), "622.9");
    wait_for(&root, "[data-testid=hist-full]").await;
    wait_for(&root, "[data-testid=timeline-exponential]").await;
    assert!(root
        .query_selector("[data-testid=calls-none]")
        .unwrap()
        .is_none());
    let text = root.text_content().unwrap();
    assert!(
        text.contains("Full Jitter") && text.contains("Mean calls"),
        "{text}"
    );
    // The URL holds every parameter of the run.
    let hash = web_sys::window().unwrap().location().hash().unwrap();
    assert!(
        hash.contains("seed=7") && hash.contains("clients=50"),
        "{hash}"
    );
}

/// Bad URL values show notices naming the parameter; the page still runs.
#[wasm_bindgen_test]
async fn herd_page_shows_notices_for_bad_values() {
    let root = mount("#/herd?clients=-4&net_sd=NaN&strategies=none&trials=2");
    wait_for(&root, "[data-testid=calls-none]").await;
    let n = wait_for(&root, "[data-testid=notice-clients]").await;
    assert!(n.text_content().unwrap().contains("1–1,000"));
    wait_for(&root, "[data-testid=notice-net_sd]").await;
}
