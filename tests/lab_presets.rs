//! The presets are the servers the lab had before they became designs of
//! mechanisms: every (server, scenario, client, seed 1–5) gives the report
//! count, the tool outcome, the luck mark and the trace digest recorded in
//! `tests/data/lab_presets.txt` by the old hard-coded handlers (the file's
//! first commit), so the one handler assembled from mechanisms runs, for
//! each preset, byte for byte the SQL they ran. Regenerated since only for
//! deliberate changes, named in their commits (the last: the fencing counter
//! in its own table, the business key as a digest, a replayed stored 500
//! told as «unknown»; no report count changed).
//!
//! The fixture is data, not a test of itself: regenerate it only after a
//! deliberate change of the lab's behaviour, with
//! `LAB_PRESETS_WRITE=1 cargo test --release --test lab_presets -- --ignored`.
#![cfg(not(target_arch = "wasm32"))]

use retry_lab::lab::*;

const FIXTURE: &str = include_str!("data/lab_presets.txt");
const PATH: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/lab_presets.txt");
const SEEDS: std::ops::RangeInclusive<u64> = 1..=5;
/// The servers the fixture was recorded from.
const OLD_SERVERS: [Preset; 5] = [
    Preset::Naive,
    Preset::KeySplit,
    Preset::Atomic,
    Preset::Leased,
    Preset::Fenced,
];
/// The scenarios the fixture holds (the first ones of [`Scenario::ALL`]):
/// the 17 the old servers were recorded with, and the 5 past the database
/// added with the notifier. Later scenarios are pinned by their own tests
/// (tests/lab_tenants.rs).
const RECORDED_SCENARIOS: usize = 22;
/// Hex digits of the trace digest kept (48 bits: a collision is not a worry).
const DIGEST_HEX: usize = 12;

const HEADER: &str = "\
# The lab's servers before they became designs of mechanisms: one line per
# (server, scenario, client), then for seeds 1-5 one field each:
# <reports><tool>[L]:<first 12 hex digits of Run::trace_digest>
# tool: c = created, u = unknown, n = not_created, r = rejected; L = lucky.
# Regenerate (only after a deliberate change of behaviour):
#   LAB_PRESETS_WRITE=1 cargo test --release --test lab_presets -- --ignored
";

fn tool_char(t: ToolOutcome) -> char {
    t.letter()
}

/// One fixture line as the current code computes it.
fn line(server: Preset, sc: Scenario, c: ClientStrategy) -> String {
    let mut out = format!("{} {} {}", server.id(), sc.id(), c.id());
    for seed in SEEDS {
        let r = run(sc, c, server, seed);
        let cell = r.cell();
        let lucky = if cell.lucky { "L" } else { "" };
        out.push_str(&format!(
            " {}{}{}:{}",
            cell.reports,
            tool_char(cell.tool),
            lucky,
            &r.trace_digest()[..DIGEST_HEX]
        ));
    }
    out
}

fn fixture_keys() -> Vec<(Preset, Scenario, ClientStrategy)> {
    FIXTURE
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let mut f = l.split(' ');
            let mut next = || f.next().expect("three ids");
            (
                Preset::from_id(next()).expect("a server id"),
                Scenario::from_id(next()).expect("a scenario id"),
                ClientStrategy::from_id(next()).expect("a client id"),
            )
        })
        .collect()
}

#[test]
fn every_server_reproduces_the_recorded_behaviour() {
    let keys = fixture_keys();
    assert_eq!(
        keys.len(),
        OLD_SERVERS.len() * RECORDED_SCENARIOS * ClientStrategy::ALL.len()
    );
    let want: Vec<&str> = FIXTURE
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .collect();
    for ((s, sc, c), want) in keys.into_iter().zip(want) {
        assert_eq!(line(s, sc, c), want);
    }
}

#[test]
#[ignore = "writes the fixture; see the module doc"]
fn write_fixture() {
    if std::env::var("LAB_PRESETS_WRITE").is_err() {
        return;
    }
    let mut out = HEADER.to_string();
    for s in OLD_SERVERS {
        for sc in &Scenario::ALL[..RECORDED_SCENARIOS] {
            for c in ClientStrategy::ALL {
                out.push_str(&line(s, *sc, c));
                out.push('\n');
            }
        }
    }
    std::fs::write(PATH, out).expect("fixture written");
}
