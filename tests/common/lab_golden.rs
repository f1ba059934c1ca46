//! Golden trace digests of the idempotency lab, shared by the native test
//! (tests/lab_golden.rs) and the browser test (tests/wasm_lab.rs): equal
//! digests prove the server code, SQLite and the RNG agree bit for bit.
//!
//! Last deliberate change: every trace changed because the keys table gained
//! `created_ms` (key retention), `leased` writes back with a status guard,
//! `slow_server` works 2.5 s (the lease rule: 5 s > 2 s timeout + 2.56 s),
//! fence decisions record both fences, and the request body no longer
//! carries a «(render n)» marker. Two runs were added: the fence's key
//! moment (`lease_overlap`) and a resend after key expiry with `query_first`.

use retry_lab::lab::{ClientStrategy, Preset, Scenario};

/// (scenario, client, server, seed, SHA-256 of the trace JSON).
pub const GOLDEN: [(Scenario, ClientStrategy, Preset, u64, &str); 6] = [
    (
        Scenario::LeaseExpired,
        ClientStrategy::StableKey,
        Preset::Fenced,
        1,
        "4b30f8613dc396519821ae6b5d4ef0a9bb6c2b6cc4202204528c26ba9e3a3e2e",
    ),
    (
        Scenario::ModelRetry,
        ClientStrategy::NewKey,
        Preset::Atomic,
        7,
        "7a6cd3df5c678aaa7e52c1f242d8d2e773d27b0e63c7e47bfa283a90a925c159",
    ),
    (
        Scenario::CrashBetweenCommits,
        ClientStrategy::BusinessKey,
        Preset::KeySplit,
        42,
        "b1dea23aa319c2dbffb838a3a6fea639b99e6ab1f35618c2c76f085aba8e190e",
    ),
    (
        Scenario::SlowServer,
        ClientStrategy::StableKey,
        Preset::KeySplit,
        3,
        "68331a453fd9bd2a5e16504353087aaf4c662904164f6f280907abc21e2346fe",
    ),
    (
        Scenario::LeaseOverlap,
        ClientStrategy::StableKey,
        Preset::Fenced,
        1,
        "1dd383927dbd29defddbb4da1cb8fb520192a7e5955a68918fdb645c61984c54",
    ),
    (
        Scenario::KeyExpired,
        ClientStrategy::QueryFirst,
        Preset::Leased,
        5,
        "64f60cc16d15770dd4113ef8685c16606de67e5dd7e8619322d7fcc6609c2d4f",
    ),
];
