//! Golden trace digests of the scenarios beyond one tenant and one title,
//! shared by the native test (tests/lab_tenants.rs) and the browser test
//! (tests/wasm_lab.rs): equal digests prove that two tenants, the
//! tenant-scoped key table, a TLS failure and a trickling response run
//! bit for bit the same on native SQLite and in wasm.

use retry_lab::lab::{run, ClientStrategy, Design, Scenario};

/// (scenario, client, design ids, seed, SHA-256 of the trace JSON, reports, attempts, leaks).
/// One golden run.
pub type Golden = (
    Scenario,
    ClientStrategy,
    &'static str,
    u64,
    &'static str,
    usize,
    usize,
    usize,
);

pub const GOLDEN_TENANTS: [Golden; 5] = [
    (
        Scenario::KeyCollision,
        ClientStrategy::StableKey,
        "record_after",
        1,
        "35cd51faa5f5c952d6c025cb74b719fb6b710d80ed975d03c11a3713ed66a229",
        1,
        2,
        1,
    ),
    (
        Scenario::KeyCollision,
        ClientStrategy::StableKey,
        "claim,digest,store_errors,lease,guard,fence,tenant_scope",
        3,
        "5f1da790badeac01307c4dadd1cf233cbdd6301d45c0e0d806707380b00a5edb",
        2,
        2,
        0,
    ),
    (
        Scenario::TitleRewrite,
        ClientStrategy::BusinessKey,
        "claim,digest,store_errors,lease,guard,fence",
        1,
        "df3b07b5ee4c56f02a9539149afedcc0f42705092d9ffe07f5debb87f10d9c08",
        2,
        5,
        0,
    ),
    (
        Scenario::TlsError,
        ClientStrategy::Careful,
        "claim,digest,store_errors",
        2,
        "15e9fcd8ec0f8fc828951850905cf301a7156cc0a21e1975f5446d1a4f06eba5",
        0,
        1,
        0,
    ),
    (
        Scenario::SlowDrip,
        ClientStrategy::StableKey,
        "claim,digest,store_errors,lease,guard,fence",
        1,
        "7d3051c9018a559d2c712d5a01faf48a2b12d093e698b470c33323060e26d867",
        1,
        1,
        0,
    ),
];

/// Runs every golden run and asserts its counts and trace digest.
pub fn check_all() {
    for (sc, c, ids, seed, digest, reports, attempts, leaks) in GOLDEN_TENANTS {
        let (d, problems) = Design::parse(ids);
        assert!(problems.is_empty(), "{ids}: {problems:?}");
        let r = run(sc, c, d, seed);
        let cell = r.cell();
        let what = format!("{sc:?} {c:?} {ids} {seed}");
        assert_eq!(
            (cell.reports, cell.attempts, cell.leaks),
            (reports, attempts, leaks),
            "{what}"
        );
        assert_eq!(r.trace_digest(), digest, "{what}");
    }
}
