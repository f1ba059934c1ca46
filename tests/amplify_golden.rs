//! Native side of the golden values shared with tests/wasm_amplify.rs: both
//! passing proves native = wasm (see the table's own comment).
#![cfg(not(target_arch = "wasm32"))]

#[path = "common/amplify_golden.rs"]
mod golden;

#[test]
fn fanout_matches_golden() {
    golden::check_fanout();
}

#[test]
fn metastable_matches_golden() {
    golden::check_metastable();
}
