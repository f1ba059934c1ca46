//! Harness designs beyond the six old clients, as native and wasm tiers
//! must both run them: each row's trace digest was recorded natively when
//! the harness became a design (the SDK layer, the run budget, the waits,
//! `Retry-After` as a date and invalid text, the deferral queue, a connect
//! timeout, `unknown_failed`). The browser tier checks the same rows.

use retry_lab::lab::*;

/// (scenario, harness, server preset, seed, first 16 hex digits of the trace digest).
pub const GOLDEN_HARNESS: [(&str, &str, &str, u64, &str); 10] = [
    (
        "outage",
        "naive,sdk,deadline_none,ra_honour",
        "fenced",
        1,
        "647f68a62731862e",
    ),
    ("many_tools", "chapter", "fenced", 1, "d527580f843dccc9"),
    (
        "retry_after_date",
        "chapter",
        "fenced",
        1,
        "ecc3c4d716073f49",
    ),
    (
        "retry_after_invalid",
        "chapter,ra_honour",
        "fenced",
        2,
        "eccb3fa3d542d445",
    ),
    (
        "connect_timeout",
        "chapter",
        "atomic",
        1,
        "40b27ee93c38aad5",
    ),
    (
        "client_error",
        "chapter,retry_4xx",
        "fenced",
        1,
        "20a2bd05d4ee7193",
    ),
    (
        "retry_after_long",
        "chapter,ra_defer",
        "fenced",
        1,
        "3e7308936592e81f",
    ),
    (
        "tls_error",
        "urllib3_reads_only",
        "naive",
        1,
        "93f3147d3bffe14b",
    ),
    (
        "response_lost",
        "sdk_default",
        "fenced",
        3,
        "786f795afcb791ae",
    ),
    (
        "model_retry",
        "chapter,wait_decorrelated,budget_2",
        "fenced",
        1,
        "4e41d56ee26a7d2d",
    ),
];

/// Hex digits of the digest kept.
pub const DIGEST_HEX: usize = 16;

/// The digest of one row's run, as this build computes it.
pub fn digest_of(row: (&str, &str, &str, u64, &str)) -> String {
    let (sc, h, server, seed, _) = row;
    let sc = Scenario::from_id(sc).expect("a scenario id");
    let (h, problems) = Harness::parse(h);
    assert!(problems.is_empty(), "{problems:?}");
    let server = Preset::from_id(server).expect("a server id");
    run(sc, h, server, seed).trace_digest()[..DIGEST_HEX].to_string()
}

/// Every row's run gives its recorded digest.
pub fn check_harness_golden() {
    for row in GOLDEN_HARNESS {
        assert_eq!(digest_of(row), row.4, "{} {}", row.0, row.1);
    }
}
