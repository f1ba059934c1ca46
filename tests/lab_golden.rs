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
        "1b1970469e48fdf9a8dced1ada21c9c76192ef2639d2045c9408a68cf4f26bef",
    ),
    (
        Scenario::ModelRetry,
        ClientStrategy::NewKey,
        ServerImpl::Atomic,
        7,
        "b2444cf4d6085731eb0495b9e265c4619829d6495f8e2889b3e7d4ffb1d55dfb",
    ),
    (
        Scenario::CrashBetweenCommits,
        ClientStrategy::BusinessKey,
        ServerImpl::KeySplit,
        42,
        "d6642a8f816af01855949aeea9977b7876acb5622bdff23cd761dadb11dbb84e",
    ),
    (
        Scenario::SlowServer,
        ClientStrategy::StableKey,
        ServerImpl::KeySplit,
        3,
        "27a3bb120150678e369a64889f5e1d11a92f3c11c173d67f276140e2de10be1d",
    ),
];

#[test]
fn trace_digests_match_the_golden_values() {
    for (sc, c, s, seed, want) in GOLDEN {
        let got = run(sc, c, s, seed).trace_digest();
        assert_eq!(got, want, "{sc:?} {c:?} {s:?} {seed}");
    }
}
