//! Golden trace digests of the scenarios beyond one tenant and one title,
//! shared by the native test (tests/lab_tenants.rs) and the browser test
//! (tests/wasm_lab.rs): equal digests prove that two tenants, the
//! tenant-scoped key table, a TLS failure and a trickling response run
//! bit for bit the same on native SQLite and in wasm.
//!
//! Last deliberate change: the fenced runs changed because the fencing
//! counter lives in its own table (`fence_counter`), and the business key's
//! run because its header carries a digest, not the title; their reports,
//! attempts and leaks did not.
//!
//! Before that: the four runs with a committed report changed
//! because the service now notifies the module's owner (the notifier's
//! steps are part of the trace); their reports, attempts and leaks did not.

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
        "d851f90912bc02156ee548621b53343962aa143efc1f2baa13acd97ffb4f1b53",
        1,
        2,
        1,
    ),
    (
        Scenario::KeyCollision,
        ClientStrategy::StableKey,
        "claim,digest,store_errors,lease,guard,fence,tenant_scope",
        3,
        "d57aedb6e175cc348d4117e735070802745fb96de08cb518f10a43b3cda90ed7",
        2,
        2,
        0,
    ),
    (
        Scenario::TitleRewrite,
        ClientStrategy::BusinessKey,
        "claim,digest,store_errors,lease,guard,fence",
        1,
        "c65c19334f78faf2a92b5d23ebac629f1f73a809c32077c12a0798b0db29ac07",
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
        "2d2f51d1bc31b5e976f7149739d6d5338c03f66cc95703b19da289ab1376d548",
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
