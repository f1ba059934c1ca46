//! The one sentence above the load view's lanes: what the preset's run
//! teaches, stated from the lanes' own results (so a change of settings
//! that breaks the story changes the sentence too).

use super::config::{LoadConfig, LoadPolicy};
use super::job::LaneResult;
use crate::amplify::load_presets::Preset;
use crate::amplify::params::fmt_num;
use crate::kernel::text::{Arg, Sentence};

/// The lesson: a sentence, and for the metastable story the policies that
/// never recovered (the page names them in its language, as `{never}`).
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
    let key = if never.is_empty() {
        "amplify.lesson.metastable_all"
    } else {
        "amplify.lesson.metastable"
    };
    // The trigger's window as the student set it in the form and the URL.
    let sentence = Sentence::new(key)
        .arg("start", fmt_num(cfg.trigger.start))
        .arg("end", fmt_num(cfg.trigger.end))
        .arg("share", Arg::Pct(cfg.trigger_capacity, 0));
    Some(Lesson { sentence, never })
}

/// A whole number as such, anything else with two decimals.
fn short(x: f64) -> Arg {
    if (x - x.round()).abs() < 1e-9 {
        Arg::Fixed(x.round(), 0)
    } else {
        Arg::Fixed(x, 2)
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
        sentence: Sentence::new("amplify.lesson.codex")
            .arg("with", short(with))
            .arg("without", short(without)),
        never: Vec::new(),
    })
}
