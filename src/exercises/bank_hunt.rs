//! Questions on the workbench's counterexample hunt: where the
//! counterexample of a design that passes its scenarios is, a count to
//! predict on a shrunk schedule, and why «没有找到反例» is not a proof.
//! Their answers come from the model (`tests/exercises_hunt.rs` runs each).

use super::compose::{choice, q};
use super::sections::{Section, Source};
use super::Question;
use crate::lab::grading::hunt::{FaultKind, HuntSpec, KindSet};
use crate::lab::{ClientStrategy as C, Preset as V, StepParam};
use crate::pages::links::Link;

/// The options of «where is the counterexample», each with the schedule
/// (its URL code) it names. Every one lets the model call again after a
/// result that is not a success (`m1`, stated once in the prompt), so the
/// re-call is no cue: only one of them files a second report.
pub const WHERE_OPTIONS: &[(&str, &str)] = &[
    ("hunt_cx_lost_response", "1.a.pl.m1"),
    ("hunt_cx_stall", "1.a.s3500.m1"),
    ("hunt_cx_double_submit", "1.d.m1"),
    ("hunt_cx_crash", "1.a.c.m1"),
];

/// The count options of the shrunk `leased_unguarded` schedule
/// (`hunt_count_<n>` is n reports), in no particular order: the shuffle
/// decides where they are shown.
pub const COUNT_OPTIONS: &[&str] = &[
    "hunt_count_2",
    "hunt_count_0",
    "hunt_count_1",
    "hunt_count_3",
];

/// The shrunk schedule the count question shows.
pub const COUNT_SCHEDULE: &str = "1.a.s5300";

/// The options of «none found».
pub const PROOF_OPTIONS: &[&str] = &[
    "hunt_proof_correct",
    "hunt_proof_budget",
    "hunt_proof_ticked",
    "hunt_proof_not",
];

/// The hunt each question is about, at seed 1 with the default budget.
pub fn hunt_of(preset: V, client: C, kinds: KindSet) -> HuntSpec {
    HuntSpec {
        design: preset.design(),
        client,
        seed: 1,
        budget: crate::lab::grading::hunt::BUDGET.default as u32,
        kinds,
    }
}

/// The kinds of the questions on `atomic` and `leased_unguarded`: those
/// inside the service's own database, whose scenarios those presets pass.
pub fn question_kinds() -> KindSet {
    KindSet::database()
}

/// The kinds of the «none found» question: those inside the service's own
/// database but next-day restarts.
pub fn proof_kinds() -> KindSet {
    KindSet::database().without(FaultKind::NextDay)
}

/// A link into the run view of `code` on `preset` with `client`, at its end.
fn schedule_demo(code: &str, preset: V, client: C) -> Option<Link> {
    let s = crate::lab::grading::hunt::decode(code).ok()?;
    Some(Link::lab_schedule(
        &s,
        client,
        preset.design(),
        1,
        StepParam::End,
    ))
}

/// The option ids of [`WHERE_OPTIONS`], in its order.
const WHERE_IDS: &[&str] = &[
    WHERE_OPTIONS[0].0,
    WHERE_OPTIONS[1].0,
    WHERE_OPTIONS[2].0,
    WHERE_OPTIONS[3].0,
];

pub(super) fn questions() -> Vec<Question> {
    vec![
        q(
            Section::Interview,
            "hunt_where_is_counterexample",
            Source::Chapter,
            choice(WHERE_IDS, "hunt_cx_stall"),
            schedule_demo("1.a.s3500.m1", V::Atomic, C::StableKey),
        ),
        q(
            Section::Interview,
            "hunt_predict_shrunk_count",
            Source::Chapter,
            choice(COUNT_OPTIONS, "hunt_count_2"),
            schedule_demo(COUNT_SCHEDULE, V::LeasedUnguarded, C::StableKey),
        ),
        q(
            Section::Interview,
            "hunt_none_found_proof",
            Source::Chapter,
            choice(PROOF_OPTIONS, "hunt_proof_not"),
            schedule_demo("1.a.pl.n", V::Fenced, C::BusinessKey),
        ),
    ]
}
