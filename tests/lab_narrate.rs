//! The narration, natively: every step of a run that reaches each ending
//! reads as a finished sentence, and the default run's story is the
//! translation table's sentences filled with the run's own data. The
//! rendering is the i18n layer's, above the lab, so the test lives here.
#![cfg(all(not(target_arch = "wasm32"), feature = "sqlite"))]

use std::collections::BTreeMap;

use retry_lab::i18n::{render, t, Lang};
use retry_lab::kernel::num::clock;
use retry_lab::lab::view::narrate::narrate;
use retry_lab::lab::{
    ClientStrategy, Ending, LabParams, Next, Preset, Run, Scenario, Step, StepKind, SEED_BOUND,
};

/// The narration of `step` as the page writes it in `l`.
fn told(l: Lang, run: &Run, step: Option<&Step>) -> String {
    render(l, &narrate(run, step))
}

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
                let run = retry_lab::lab::run(sc, c, p, seed);
                first.entry(run.ending().id()).or_insert(run);
            }
        }
    }
    for e in Ending::LEGEND {
        let run = first
            .get(e.id())
            .unwrap_or_else(|| panic!("no run ends {e:?}"));
        for l in [Lang::Zh, Lang::En] {
            let start = told(l, run, None);
            for (i, step) in run.steps().iter().enumerate() {
                let s = told(l, run, Some(step));
                let what = format!("{e:?} {l:?} step {}: {s}", i + 1);
                assert!(!s.trim().is_empty(), "{what}");
                assert_ne!(s, start, "{what}");
                assert!(!s.contains('⟦'), "missing text: {what}");
                assert!(!s.contains('{') && !s.contains('}'), "unfilled: {what}");
            }
        }
    }
}

/// The default run's seeded data the story quotes: when each handler's
/// work ends, and the backoff after the lost response.
fn seeded_times(run: &Run) -> (Vec<u64>, u64) {
    let kinds: Vec<&StepKind> = run.steps().iter().map(|s| &s.kind).collect();
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
    (until, wait)
}

/// The default run's story, sentence by sentence from the table: the
/// model calls the tool; the harness sends; the naive server works and
/// creates report 1 and tells the notifier; the response is lost; after
/// the timeout and a backoff the same happens again, and this time the
/// harness hears 201 and hands the model report 2.
fn expected_story(l: Lang, run: &Run) -> Vec<String> {
    let (until, wait) = seeded_times(run);
    let tool_id = run.calls()[0].tool_use_id.clone();
    let digest = &run.requests()[0].digest[..12];
    let send = |n: &str| {
        let key = t(l, "lab.n.no_key");
        let args = [
            ("attempt", n),
            ("req", n),
            ("key", &key),
            ("digest", digest),
        ];
        fill(l, "lab.n.send", &args)
    };
    let work = |n: &str, until: u64| {
        let t = clock(l, until);
        let parts = [
            fill(l, "lab.d.no_check", &[("req", n)]),
            fill(l, "lab.n.works_until", &[("t", &t)]),
        ];
        story(l, &parts)
    };
    let created = |n: &str| {
        let who = fill(l, "lab.n.note.by_handler", &[("req", n)]);
        let what = fill(l, "lab.n.note.names", &[("id", n)]);
        let sent = [("who", &who[..]), ("call", n), ("what", &what[..])];
        let parts = [
            fill(l, "lab.d.created", &[("id", n)]),
            fill(l, "lab.n.note.sent", &sent),
        ];
        story(l, &parts)
    };
    let recorded = |n: &str| fill(l, "lab.n.note.recorded", &[("call", n), ("id", n)]);
    let outcome = fill(l, "lab.outcome.status", &[("status", "201")]);
    let result = fill(l, "lab.tool.created", &[("id", "2")]);
    let timeout = [
        fill(l, "lab.n.timeout", &[("req", "1")]),
        fill(l, "lab.next.backoff", &[("wait", &clock(l, wait))]),
    ];
    let received = [
        fill(l, "lab.n.received", &[("req", "2"), ("outcome", &outcome)]),
        fill(l, "lab.next.finish", &[("result", &result)]),
    ];
    vec![
        fill(l, "lab.n.tool_call", &[("id", &tool_id)]),
        send("1"),
        work("1", until[0]),
        created("1"),
        recorded("1"),
        fill(l, "lab.n.response_lost", &[("req", "1"), ("status", "201")]),
        story(l, &timeout),
        send("2"),
        work("2", until[1]),
        created("2"),
        recorded("2"),
        story(l, &received),
    ]
}

#[test]
fn the_default_run_reads_as_the_table_says() {
    let p = LabParams::default();
    let run = retry_lab::lab::run(p.scenario, p.harness, p.design, p.seed);
    for l in [Lang::Zh, Lang::En] {
        let story: Vec<String> = run.steps().iter().map(|s| told(l, &run, Some(s))).collect();
        assert_eq!(story, expected_story(l, &run), "{l:?}");
        assert_eq!(told(l, &run, None), t(l, "lab.n.start"));
    }
}
