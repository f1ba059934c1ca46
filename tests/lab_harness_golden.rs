//! The harness designs' golden traces, natively (the browser tier,
//! `tests/wasm_lab.rs`, checks the same rows).
#![cfg(not(target_arch = "wasm32"))]

#[path = "common/lab_golden_harness.rs"]
mod golden;

#[test]
fn harness_designs_give_their_recorded_traces() {
    golden::check_harness_golden();
}

#[test]
#[ignore = "prints the rows' digests, to record them"]
fn print_digests() {
    for row in golden::GOLDEN_HARNESS {
        println!("{} {} {}", row.0, row.1, golden::digest_of(row));
    }
}
