//! Golden trace digests: the same values are asserted in tests/wasm_lab.rs,
//! which proves the server code, SQLite and the RNG agree bit for bit in the
//! browser.

use retry_lab::lab::*;

#[path = "common/lab_golden.rs"]
mod golden;
use golden::{FENCED, GOLDEN, GOLDEN_DOWNSTREAM};

#[test]
fn trace_digests_match_the_golden_values() {
    for (sc, c, s, seed, want) in GOLDEN {
        let got = run(sc, c, s, seed).trace_digest();
        assert_eq!(got, want, "{sc:?} {c:?} {s:?} {seed}");
    }
}

#[test]
fn downstream_traces_and_counts_match_the_golden_values() {
    for (sc, added, seed, reports, sent, phantom, want) in GOLDEN_DOWNSTREAM {
        let (d, problems) = Design::parse(&format!("{FENCED},{added}"));
        assert!(problems.is_empty(), "{problems:?}");
        let r = run(sc, ClientStrategy::StableKey, d, seed);
        let n = r.note_counts();
        assert_eq!(
            (r.final_report_count(), n.delivered, n.phantom),
            (reports, sent, phantom),
            "{sc:?} {added}"
        );
        assert_eq!(r.trace_digest(), want, "{sc:?} {added}");
    }
}
