//! Golden trace digests of the idempotency lab, shared by the native test
//! (tests/lab_golden.rs) and the browser test (tests/wasm_lab.rs): equal
//! digests prove the server code, SQLite and the RNG agree bit for bit.
//! The digests were printed by this implementation: they catch any change
//! of a trace and prove native = wasm, not that a trace is right (the
//! report counts each scenario must give are checked against the chapter's
//! rules in tests/lab_outcomes.rs and tests/lab_truth.rs).
//!
//! Last deliberate change: the fenced runs changed because the fencing
//! counter lives in its own table (`fence_counter`: each claim and takeover
//! raises it and reads the token), and the business key's runs because the
//! header carries a digest of the normalised fields, not the title; report
//! counts, notifications and what the model is told did not change.
//!
//! Before that: every trace with a committed report changed
//! because the service now notifies the module's owner through the notifier
//! (its calls, its answers and its own table are steps of the trace); the
//! report counts and what the model is told did not change. Three runs past
//! the database were added ([`GOLDEN_DOWNSTREAM`]).
//!
//! Before that: the keys table gained `created_ms` (key retention),
//! `leased` writes back with a status guard, `slow_server` works 2.5 s (the
//! lease rule: 5 s > 2 s timeout + 2.56 s), fence decisions record both
//! fences, and the request body no longer carries a «(render n)» marker.

use retry_lab::lab::{run, ClientStrategy, Design, Preset, Scenario};

/// The mechanisms of the `fenced` preset, to which the downstream runs add theirs.
pub const FENCED: &str = "claim,digest,store_errors,lease,guard,fence";

/// (scenario, client, server, seed, SHA-256 of the trace JSON).
pub const GOLDEN: [(Scenario, ClientStrategy, Preset, u64, &str); 6] = [
    (
        Scenario::LeaseExpired,
        ClientStrategy::StableKey,
        Preset::Fenced,
        1,
        "75a1e50946fda417820cff1d1d642d210dd5c0a5c7664d92201bde83f562b2d4",
    ),
    (
        Scenario::ModelRetry,
        ClientStrategy::NewKey,
        Preset::Atomic,
        7,
        "50ef3c4f54ce4034d46f2058155da78823bed57d025185ba51e354efedb4029b",
    ),
    (
        Scenario::CrashBetweenCommits,
        ClientStrategy::BusinessKey,
        Preset::KeySplit,
        42,
        "5ae38c37b905673c51ec6ec9f2e241a2d3c8eccd62546c660f70915711e42426",
    ),
    (
        Scenario::SlowServer,
        ClientStrategy::StableKey,
        Preset::KeySplit,
        3,
        "427927405bb26f8b1cc50e5cdd7096fcae76cbbce013690a016cd2e51c079915",
    ),
    (
        Scenario::LeaseOverlap,
        ClientStrategy::StableKey,
        Preset::Fenced,
        1,
        "0afd7063248ae8c88eb4a234fb8bac00f57196bcda7ca1da56157b9f469860ba",
    ),
    (
        Scenario::KeyExpired,
        ClientStrategy::QueryFirst,
        Preset::Leased,
        5,
        "4a151ff317f3b7675aeb70c146b05a0081c8612e88fa7bf98b94f1cf10dad03a",
    ),
];

/// Runs past the database with `stable_key` on `fenced` plus the named
/// mechanisms: (scenario, added mechanisms, seed, reports, notifications
/// sent, phantom notifications, SHA-256 of the trace JSON).
pub const GOLDEN_DOWNSTREAM: [(Scenario, &str, u64, usize, usize, usize, &str); 3] = [
    (
        Scenario::NotifyThenCrash,
        "notify_before_commit",
        1,
        1,
        2,
        1,
        "a6618f85bfbbfb1266436149ef6233c4bba0102efd8cba5fdfa5d27e38ed5b6f",
    ),
    (
        Scenario::RelayCrash,
        "outbox,downstream_key",
        2,
        1,
        1,
        0,
        "93fd36b14d63f53c7fec9a0a8d9ba865f82dcc30b7a0f3452c557f23902c38c0",
    ),
    (
        Scenario::LeaseNotify,
        "notify_before_commit,downstream_fence",
        3,
        1,
        1,
        0,
        "73fb1f8d624e7338a41eb01625de5b1def3bf736d6b9770666b2eb5115ed48ff",
    ),
];

/// Runs every downstream golden run and compares its counts and trace (the
/// same check natively and in the browser).
pub fn check_downstream() {
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
