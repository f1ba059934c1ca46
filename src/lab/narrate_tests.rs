//! The narration, natively: every step of a run that reaches each ending
//! reads as a finished sentence, and the default run's story is the
//! translation table's sentences filled with the run's own data.

use std::collections::BTreeMap;

use super::*;
use crate::i18n::num::clock;
use crate::lab::{ClientStrategy, Ending, LabParams, Preset, Scenario, SEED_BOUND};

/// The table's sentence `key` with its placeholders filled.
fn fill(l: Lang, key: &str, args: &[(&str, &str)]) -> String {
    let mut s = t(l, key);
    for (name, value) in args {
        let slot = format!("{{{name}}}");
        assert!(s.contains(&slot), "{key} has no {slot}");
        s = s.replace(&slot, value);
    }
    s
}

/// Sentences as the page runs them together.
fn story(l: Lang, parts: &[String]) -> String {
    parts.join(if l == Lang::Zh { "" } else { " " })
}

#[test]
fn every_ending_a_run_reaches_is_told_in_finished_sentences() {
    let mut first: BTreeMap<&str, Run> = BTreeMap::new();
    let seed = SEED_BOUND.default as u64;
    for sc in Scenario::ALL {
        for c in ClientStrategy::ALL {
            for p in Preset::ALL {
                let run = crate::lab::run(sc, c, p, seed);
                first.entry(run.ending().id()).or_insert(run);
            }
        }
    }
    for e in Ending::LEGEND {
        let run = first
            .get(e.id())
            .unwrap_or_else(|| panic!("no run ends {e:?}"));
        for l in [Lang::Zh, Lang::En] {
            let start = narrate(l, run, None);
            for (i, step) in run.steps().iter().enumerate() {
                let s = narrate(l, run, Some(step));
                let what = format!("{e:?} {l:?} step {}: {s}", i + 1);
                assert!(!s.trim().is_empty(), "{what}");
                assert_ne!(s, start, "{what}");
                assert!(!s.contains('⟦'), "missing text: {what}");
                assert!(!s.contains('{') && !s.contains('}'), "unfilled: {what}");
            }
        }
    }
}

#[test]
fn the_default_run_reads_as_the_table_says() {
    let p = LabParams::default();
    let run = crate::lab::run(p.scenario, p.client, p.design, p.seed);
    let kinds: Vec<&StepKind> = run.steps().iter().map(|s| &s.kind).collect();
    // The work times and the backoff are the run's own (seeded) data.
    let until: Vec<u64> = kinds
        .iter()
        .filter_map(|k| match k {
            StepKind::Server { works_until_ms, .. } => *works_until_ms,
            _ => None,
        })
        .collect();
    let wait = kinds
        .iter()
        .find_map(|k| match k {
            StepKind::Timeout {
                next: Next::Backoff { wait_ms },
                ..
            } => Some(*wait_ms),
            _ => None,
        })
        .expect("the lost response is retried after a backoff");
    assert_eq!(until.len(), 2, "{kinds:?}");
    let tool_id = run.calls()[0].tool_use_id.clone();
    let digest = &run.requests()[0].digest[..12];
    for l in [Lang::Zh, Lang::En] {
        let send = |n: &str| {
            let key = t(l, "lab.n.no_key");
            fill(
                l,
                "lab.n.send",
                &[
                    ("attempt", n),
                    ("req", n),
                    ("key", &key),
                    ("digest", digest),
                ],
            )
        };
        let work = |n: &str, until: u64| {
            let t = clock(l, until);
            story(
                l,
                &[
                    fill(l, "lab.d.no_check", &[("req", n)]),
                    fill(l, "lab.n.works_until", &[("t", &t)]),
                ],
            )
        };
        let created = |n: &str| {
            let who = fill(l, "lab.n.note.by_handler", &[("req", n)]);
            let what = fill(l, "lab.n.note.names", &[("id", n)]);
            let sent = [("who", &who[..]), ("call", n), ("what", &what[..])];
            story(
                l,
                &[
                    fill(l, "lab.d.created", &[("id", n)]),
                    fill(l, "lab.n.note.sent", &sent),
                ],
            )
        };
        let recorded = |n: &str| fill(l, "lab.n.note.recorded", &[("call", n), ("id", n)]);
        let (outcome, result) = (
            fill(l, "lab.outcome.status", &[("status", "201")]),
            fill(l, "lab.tool.created", &[("id", "2")]),
        );
        let expected = vec![
            fill(l, "lab.n.tool_call", &[("id", &tool_id)]),
            send("1"),
            work("1", until[0]),
            created("1"),
            recorded("1"),
            fill(l, "lab.n.response_lost", &[("req", "1"), ("status", "201")]),
            story(
                l,
                &[
                    fill(l, "lab.n.timeout", &[("req", "1")]),
                    fill(l, "lab.next.backoff", &[("wait", &clock(l, wait))]),
                ],
            ),
            send("2"),
            work("2", until[1]),
            created("2"),
            recorded("2"),
            story(
                l,
                &[
                    fill(l, "lab.n.received", &[("req", "2"), ("outcome", &outcome)]),
                    fill(l, "lab.next.finish", &[("result", &result)]),
                ],
            ),
        ];
        let told: Vec<String> = run
            .steps()
            .iter()
            .map(|s| narrate(l, &run, Some(s)))
            .collect();
        assert_eq!(told, expected, "{l:?}");
        assert_eq!(narrate(l, &run, None), t(l, "lab.n.start"));
    }
}
