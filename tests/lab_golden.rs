//! Golden trace digests: the same values are asserted in tests/wasm_lab.rs,
//! which proves the server code, SQLite and the RNG agree bit for bit in the
//! browser.

use retry_lab::lab::*;

/// (scenario, client, server, seed, SHA-256 of the trace JSON).
pub const GOLDEN: [(Scenario, ClientStrategy, ServerImpl, u64, &str); 4] = [
    (
        Scenario::LeaseExpired,
        ClientStrategy::StableKey,
        ServerImpl::Fenced,
        1,
        "704c887e21a7cedc6ed9ea995c003f43bc85398073f39fb738ed77b0b3996a56",
    ),
    (
        Scenario::ModelRetry,
        ClientStrategy::NewKey,
        ServerImpl::Atomic,
        7,
        "69b601292cf1ea1eeb35b8f0c5d656dba8a203bc081a226437070cc8086d8edb",
    ),
    (
        Scenario::CrashBetweenCommits,
        ClientStrategy::BusinessKey,
        ServerImpl::KeySplit,
        42,
        "b002a857433ebb51d1d198eb0c6a23471640a22887f8cec264131a7a6ad745c9",
    ),
    (
        Scenario::SlowServer,
        ClientStrategy::StableKey,
        ServerImpl::KeySplit,
        3,
        "da323e2c774ab4d5e03e945ee3cd65a8e343a94668fe7ac98f6e77cf31ab85bd",
    ),
];

#[test]
fn trace_digests_match_the_golden_values() {
    for (sc, c, s, seed, want) in GOLDEN {
        let got = run(sc, c, s, seed).trace_digest();
        assert_eq!(got, want, "{sc:?} {c:?} {s:?} {seed}");
    }
}
