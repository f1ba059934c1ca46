//! The six clients the lab started with are named harness presets: every
//! (server preset, scenario, client preset, seed 1–5) gives the report
//! count, the tool outcome, the attempts of all its calls and the trace
//! digest recorded in `tests/data/lab_harness_presets.txt` by the old
//! hard-coded clients (the file's first commit). Scenarios added after the
//! harness became a design are not in the file; their own tests pin them.
//!
//! Regenerate only after a deliberate change of behaviour, named in its
//! commit:
//! `LAB_HARNESS_PRESETS_WRITE=1 cargo test --release --test lab_harness_presets -- --ignored`.
#![cfg(not(target_arch = "wasm32"))]

use retry_lab::lab::*;

const FIXTURE: &str = include_str!("data/lab_harness_presets.txt");
const PATH: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/data/lab_harness_presets.txt"
);
const SEEDS: std::ops::RangeInclusive<u64> = 1..=5;
/// Hex digits of the trace digest kept (48 bits: a collision is not a worry).
const DIGEST_HEX: usize = 12;

const HEADER: &str = "\
# The six client presets before the harness became a design: one line per
# (server, scenario, client), then for seeds 1-5 one field each:
# <reports><tool>/<attempts of all calls>:<first 12 hex digits of Run::trace_digest>
# tool: c = created, u = unknown, n = not_created, r = rejected.
# Regenerate (only after a deliberate change of behaviour):
#   LAB_HARNESS_PRESETS_WRITE=1 cargo test --release --test lab_harness_presets -- --ignored
";

fn tool_char(t: ToolOutcome) -> char {
    t.letter()
}

/// One fixture line as the current code computes it.
fn line(server: &str, scenario: &str, client: &str) -> String {
    let preset = Preset::from_id(server).expect("a server id");
    let sc = Scenario::from_id(scenario).expect("a scenario id");
    let c = ClientStrategy::from_id(client).expect("a client id");
    let mut out = format!("{server} {scenario} {client}");
    for seed in SEEDS {
        let r = run(sc, c, preset, seed);
        let cell = r.cell();
        out.push_str(&format!(
            " {}{}/{}:{}",
            cell.reports,
            tool_char(cell.tool),
            r.calls().iter().map(|c| c.attempts).sum::<u32>(),
            &r.trace_digest()[..DIGEST_HEX]
        ));
    }
    out
}

fn fixture_lines() -> Vec<&'static str> {
    FIXTURE
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .collect()
}

#[test]
fn every_client_preset_reproduces_the_recorded_behaviour() {
    let lines = fixture_lines();
    assert!(lines.len() == 6 * 6 * 27, "{} lines", lines.len());
    for want in lines {
        let mut f = want.split(' ');
        let mut next = || f.next().expect("three ids");
        let (s, sc, c) = (next(), next(), next());
        assert_eq!(line(s, sc, c), want);
    }
}

#[test]
#[ignore = "writes the fixture; see the module doc"]
fn write_fixture() {
    if std::env::var("LAB_HARNESS_PRESETS_WRITE").is_err() {
        return;
    }
    let mut out = HEADER.to_string();
    for s in Preset::ALL {
        for sc in Scenario::ALL {
            for c in ClientStrategy::ALL {
                out.push_str(&line(s.id(), sc.id(), c.id()));
                out.push('\n');
            }
        }
    }
    std::fs::write(PATH, out).expect("fixture written");
}
