//! The one sentence above the load view's lanes: what the preset's run
//! teaches, stated from the lanes' own results (so a change of settings
//! that breaks the story changes the sentence too).

use super::config::{LoadConfig, LoadPolicy};
use super::explain::Sentence;
use super::job::LaneResult;
use crate::amplify::load_presets::Preset;
use crate::amplify::params::fmt_num;

/// The lesson: a sentence, and for the metastable story the policies that
/// never recovered (the page names them in its language).
#[derive(Clone, Debug, PartialEq)]
pub struct Lesson {
    pub sentence: Sentence,
    pub never: Vec<LoadPolicy>,
}

/// The lesson of `preset`'s lanes, once they are all done; `None` when the
/// results do not tell the preset's story (e.g. no lane of the Codex
/// comparison, or no trigger left in the settings).
pub fn lesson(preset: Preset, cfg: &LoadConfig, lanes: &[LaneResult]) -> Option<Lesson> {
    match preset {
        Preset::Metastable => metastable(cfg, lanes),
        Preset::Codex => codex(lanes),
        Preset::Brooker => None,
    }
}

fn metastable(cfg: &LoadConfig, lanes: &[LaneResult]) -> Option<Lesson> {
    if lanes.is_empty() || !lanes.iter().all(|r| r.has_trigger) {
        return None;
    }
    let never: Vec<LoadPolicy> = lanes
        .iter()
        .filter(|r| r.recovered.is_none())
        .map(|r| r.policy)
        .collect();
    let args = vec![
        ("start", fmt_num(cfg.trigger.start)),
        ("end", fmt_num(cfg.trigger.end)),
        ("share", format!("{:.0} %", cfg.trigger_capacity * 100.0)),
    ];
    let key = if never.is_empty() {
        "amplify.lesson.metastable_all"
    } else {
        "amplify.lesson.metastable"
    };
    Some(Lesson {
        sentence: Sentence { key, args },
        never,
    })
}

/// A whole number as such, anything else with two decimals.
fn short(x: f64) -> String {
    if (x - x.round()).abs() < 1e-9 {
        fmt_num(x.round())
    } else {
        format!("{x:.2}")
    }
}

fn codex(lanes: &[LaneResult]) -> Option<Lesson> {
    let amp = |with: bool| {
        lanes
            .iter()
            .find(|r| r.policy == LoadPolicy::RetryAfter && (r.cfg.retry_after > 0.0) == with)
            .map(|r| r.amplification)
    };
    let (with, without) = (amp(true)?, amp(false)?);
    Some(Lesson {
        sentence: Sentence {
            key: "amplify.lesson.codex",
            args: vec![("with", short(with)), ("without", short(without))],
        },
        never: Vec::new(),
    })
}
