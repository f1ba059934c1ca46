//! Browser tier for the counterexample hunt: the same seed gives the same
//! counterexample in wasm as natively (`lab hunt`'s output, kept in
//! tests/data/lab_hunt_atomic.txt and checked by tests/lab_cli.rs), and how
//! many schedules a second the browser searches (printed, not asserted).
#![cfg(target_arch = "wasm32")]

use retry_lab::i18n::{render_all, Lang};
use retry_lab::lab::grading::hunt::report::report;
use retry_lab::lab::grading::hunt::{hunt, FaultKind, HuntOutcome, HuntSpec, KindSet};
use retry_lab::lab::{ClientStrategy, LabParams, Preset};
use retry_lab::pages::links::Link;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn spec(p: Preset, client: ClientStrategy) -> HuntSpec {
    HuntSpec {
        design: p.design(),
        client,
        seed: 1,
        budget: 20_000,
        kinds: KindSet::all(),
    }
}

#[wasm_bindgen_test]
fn the_same_seed_gives_the_clis_counterexample() {
    let s = HuntSpec {
        budget: 2_000,
        kinds: KindSet::page_default(),
        ..spec(Preset::Atomic, ClientStrategy::StableKey)
    };
    let mut text = render_all(
        Lang::En,
        &report(&s, &hunt(s), |c| {
            Link::Lab(LabParams::counterexample(&s, c)).href()
        }),
    )
    .join("\n");
    text.push('\n');
    assert_eq!(text, include_str!("data/lab_hunt_atomic.txt"));
}

#[wasm_bindgen_test]
fn schedules_per_second_in_the_browser() {
    let s = HuntSpec {
        budget: 2_000,
        kinds: KindSet::database().without(FaultKind::NextDay),
        ..spec(Preset::Fenced, ClientStrategy::BusinessKey)
    };
    let t0 = js_sys::Date::now();
    let o = hunt(s);
    let ms = js_sys::Date::now() - t0;
    assert_eq!(o, HuntOutcome::NoneWithin { tried: 2_000 });
    wasm_bindgen_test::console_log!(
        "2000 schedules in {ms:.0} ms: {:.0} schedules per second",
        2_000.0 / (ms / 1000.0)
    );
}
