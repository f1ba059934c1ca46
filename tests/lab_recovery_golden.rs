//! 003's recovery runs against their golden values (shared with the
//! browser test, tests/wasm_lab.rs).
#![cfg(not(target_arch = "wasm32"))]

#[path = "common/lab_golden_recovery.rs"]
mod golden;

#[test]
fn the_recovery_runs_match_their_golden_values() {
    golden::check_recovery();
}
