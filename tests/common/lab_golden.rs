//! Golden trace digests of the idempotency lab, shared by the native test
//! (tests/lab_golden.rs) and the browser test (tests/wasm_lab.rs): equal
//! digests prove the server code, SQLite and the RNG agree bit for bit.

use retry_lab::lab::{ClientStrategy, Scenario, ServerImpl};

/// (scenario, client, server, seed, SHA-256 of the trace JSON).
pub const GOLDEN: [(Scenario, ClientStrategy, ServerImpl, u64, &str); 4] = [
    (
        Scenario::LeaseExpired,
        ClientStrategy::StableKey,
        ServerImpl::Fenced,
        1,
        "f215a3e46c28944e43eada6fde9a2722a402f7fd3c3ba1a1b6044d0c4a222f8a",
    ),
    (
        Scenario::ModelRetry,
        ClientStrategy::NewKey,
        ServerImpl::Atomic,
        7,
        "79ff53b1ce1a4849647432e7128a0165a5d9ffe2b06e7db0b7937b235f8e0c37",
    ),
    (
        Scenario::CrashBetweenCommits,
        ClientStrategy::BusinessKey,
        ServerImpl::KeySplit,
        42,
        "5b365ea123e01819ce0346137ddbd0b5382dfe3a4011710e896e51e50d43ce75",
    ),
    (
        Scenario::SlowServer,
        ClientStrategy::StableKey,
        ServerImpl::KeySplit,
        3,
        "b8be8eab37aa3ccd6e4f28efc47ce7fd778b51f3d789d25e7278f3126a3338f8",
    ),
];
