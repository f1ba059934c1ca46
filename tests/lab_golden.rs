//! Golden trace digests: the same values are asserted in tests/wasm_lab.rs,
//! which proves the server code, SQLite and the RNG agree bit for bit in the
//! browser (native = wasm; the digests were printed by this implementation).

use retry_lab::lab::*;

#[path = "common/lab_golden.rs"]
mod golden;
use golden::GOLDEN;

#[test]
fn trace_digests_match_the_golden_values() {
    for (sc, c, s, seed, want) in GOLDEN {
        let got = run(sc, c, s, seed).trace_digest();
        assert_eq!(got, want, "{sc:?} {c:?} {s:?} {seed}");
    }
}

#[test]
fn downstream_traces_and_counts_match_the_golden_values() {
    golden::check_downstream();
}
