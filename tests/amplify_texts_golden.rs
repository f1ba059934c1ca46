//! The load view's sentences, pinned: every lane's «why» (its mechanism and
//! what the server went through), the amplification chart's note and the
//! lessons, in both languages, for the presets' real runs and for a grid of
//! made-up facts and settings that walks every number format (shares,
//! rates under and over ten, whole and fractional, thousands). The texts
//! are hashed (SHA-256) and compared with the digest they had before the
//! core's sentences took typed arguments: how a sentence is written may
//! change, its text may not.
//!
//! To see a difference, run with `AMPLIFY_TEXTS_DUMP=/some/file`.

#![cfg(not(target_family = "wasm"))]

use retry_lab::amplify::load::explain::{amp_note, mechanism, outcome, LaneFacts};
use retry_lab::amplify::load::job::{LaneResult, LoadJob};
use retry_lab::amplify::load::lesson::lesson;
use retry_lab::amplify::load_presets::Preset;
use retry_lab::amplify::{AmplifyParams, LoadConfig, LoadPolicy, View};
use retry_lab::i18n::{render, Lang, Sentence};
use sha2::{Digest, Sha256};

const LANGS: [Lang; 2] = [Lang::Zh, Lang::En];
const PRESETS: [Preset; 3] = [Preset::Metastable, Preset::Codex, Preset::Brooker];

/// Numbers that walk every format: zero, small fractions, rounding edges,
/// whole, over ten, over a thousand.
const VALUES: [f64; 9] = [0.0, 0.04, 0.5, 0.995, 2.04, 7.0, 12.5, 99.95, 1234.5];

/// A sentence of the core in `l` (its rendering is the harness's only
/// part that may change).
fn say(l: Lang, s: &Sentence) -> String {
    render(l, s)
}

fn lanes(preset: Preset) -> (AmplifyParams, Vec<LaneResult>) {
    let prm = AmplifyParams::for_view(View::Load, preset);
    let mut job = LoadJob::new(prm.lanes(), prm.seed);
    while !job.advance(u32::MAX) {}
    (prm, job.results)
}

fn facts(v: f64, w: f64, backlog: Option<f64>) -> LaneFacts {
    LaneFacts {
        retry_share: v.min(1.0),
        wasted_share: (w / 100.0).min(1.0),
        dropped: v as u64,
        fast_fails: w as u64,
        refused: (v * 3.0) as u64,
        backlog,
        load_after: w,
        peak_load: v,
        peak_amplification: v + w,
        amplification: w,
        first_call_requests: v as usize,
        first_call_span: v,
    }
}

fn all_of_one_lane(out: &mut Vec<String>, l: Lang, cfg: &LoadConfig, f: &LaneFacts) {
    for p in LoadPolicy::ALL {
        out.push(say(l, &mechanism(p, cfg, f)));
    }
    for recovered in [None, Some(0.0), Some(2.04), Some(37.0)] {
        out.push(say(l, &outcome(cfg, f, recovered)));
    }
    out.push(say(l, &amp_note(f)));
}

fn grid_texts(l: Lang) -> Vec<String> {
    let mut out = Vec::new();
    for (i, &v) in VALUES.iter().enumerate() {
        let cfg = LoadConfig {
            refill: v,
            budget_ratio: v.min(1.0),
            capacity: VALUES[(i + 3) % VALUES.len()] + 1.0,
            ..LoadConfig::default()
        };
        for &w in &VALUES {
            for backlog in [None, Some(v), Some(w)] {
                all_of_one_lane(&mut out, l, &cfg, &facts(v, w, backlog));
            }
        }
    }
    out
}

fn preset_texts(l: Lang) -> Vec<String> {
    let mut out = Vec::new();
    for preset in PRESETS {
        let (prm, mut results) = lanes(preset);
        for r in &results {
            all_of_one_lane(&mut out, l, &r.cfg, &r.facts);
        }
        for (i, &v) in VALUES.iter().enumerate() {
            let mut cfg = prm.load.clone();
            cfg.trigger.start = v;
            cfg.trigger.end = VALUES[(i + 4) % VALUES.len()];
            cfg.trigger_capacity = v.min(1.0);
            for (j, r) in results.iter_mut().enumerate() {
                r.amplification = VALUES[(i + j) % VALUES.len()];
            }
            if let Some(ls) = lesson(preset, &cfg, &results) {
                let sentence = ls.sentence.arg("never", "X");
                out.push(format!("{:?} {}", ls.never, say(l, &sentence)));
            }
        }
    }
    out
}

const GOLDEN: &str = "a89cb7ddcd96280b057f64668fadc2e4c32cf003afa249a665e91d01071ba829";

#[test]
fn the_load_views_sentences_are_the_ones_pinned() {
    let mut text = String::new();
    for l in LANGS {
        for line in grid_texts(l).into_iter().chain(preset_texts(l)) {
            assert!(!line.contains('⟦') && !line.contains('{'), "{line}");
            text.push_str(&line);
            text.push('\n');
        }
    }
    if let Ok(path) = std::env::var("AMPLIFY_TEXTS_DUMP") {
        std::fs::write(path, &text).unwrap();
    }
    assert_eq!(hex::encode(Sha256::digest(text.as_bytes())), GOLDEN);
}
