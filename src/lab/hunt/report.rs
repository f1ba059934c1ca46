//! What a hunt found, as the `lab hunt` command prints it: «this design
//! fails in N ways», then per way its class, the minimal schedule's code,
//! its link into the lab's step-through view and its lines;
//! or, honestly, that none was found within the budget, which proves
//! nothing, with the fault kinds it covered and those it cannot produce.

use super::job::{Counterexample, Findings, HuntOutcome, HuntSpec};
use super::kinds::{FaultKind, KindSet};
use super::lines::{kind_name, lines, uncovered_names};
use crate::i18n::num::counted;
use crate::i18n::{join_list, t, tf, Lang};
use crate::lab::{Design, FaultSchedule, StepParam};
use crate::pages::links::Link;

/// The link that opens a counterexample in the lab at the step where it
/// broke (its end if the step is unknown).
pub fn counterexample_link(spec: &HuntSpec, c: &Counterexample) -> Link {
    schedule_link(spec.design, spec, c.minimal(), c.break_step)
}

fn schedule_link(design: Design, spec: &HuntSpec, s: &FaultSchedule, step: Option<usize>) -> Link {
    let step = step.map_or(StepParam::End, |n| StepParam::Raw(n.to_string()));
    Link::lab_schedule(s, spec.client, design, spec.seed, step)
}

/// The names of a set of kinds, in display order.
pub fn kind_names(l: Lang, kinds: KindSet) -> String {
    let names: Vec<String> = kinds.kinds().into_iter().map(|k| kind_name(l, k)).collect();
    join_list(l, &names)
}

/// The headline of a hunt that found something: «这个设计有 3 种坏法».
pub fn ways_headline(l: Lang, f: &Findings) -> String {
    let ways = counted(l, f.ways.len() as u64, "hunt.ways.one", "hunt.ways.other");
    tf(
        l,
        "hunt.ways",
        &[
            ("ways", ways),
            ("tried", crate::i18n::num::group(f.tried.into())),
        ],
    )
}

/// One way's heading: its class, when it was found, how far it shrank,
/// and (where no server fixes it) the label that says the suite has it.
pub fn way_heading(l: Lang, c: &Counterexample) -> String {
    let shrunk = tf(
        l,
        "hunt.shrunk",
        &[
            ("tried", c.tried.to_string()),
            ("steps", c.path.len().to_string()),
            ("runs", c.shrink_tried.to_string()),
        ],
    );
    let class = t(l, &c.way.class.key());
    let mut out = tf(l, "hunt.way", &[("class", class), ("shrunk", shrunk)]);
    if let Some(label) = no_server_label(l, c) {
        out.push_str(&t(l, "hunt.sep"));
        out.push_str(&label);
    }
    out
}

/// The label of a way no server fixes: the suite already shows it (with
/// the fault past any server's reach it needs, if one).
pub fn no_server_label(l: Lang, c: &Counterexample) -> Option<String> {
    if !c.way.no_server_fixes {
        return None;
    }
    Some(match c.way.needs {
        Some(k) => tf(
            l,
            "hunt.no_server_fixes.needs",
            &[("kind", kind_name(l, k))],
        ),
        None => t(l, "hunt.no_server_fixes"),
    })
}

/// A counterexample's lines, worded from what came of its attempts.
pub fn way_lines(l: Lang, c: &Counterexample) -> Vec<String> {
    lines(l, c.minimal(), Some(&c.fates))
}

/// The report's text, one line each.
pub fn report(l: Lang, spec: &HuntSpec, outcome: &HuntOutcome) -> Vec<String> {
    let mut out = Vec::new();
    match outcome {
        HuntOutcome::Found(f) => {
            out.push(ways_headline(l, f));
            for (i, c) in f.ways.iter().enumerate() {
                out.push(format!("{}. {}", i + 1, way_heading(l, c)));
                out.push(format!("   schedule={}", super::encode(c.minimal())));
                out.push(format!("   {}", counterexample_link(spec, c).href()));
                out.extend(way_lines(l, c).into_iter().map(|x| format!("     {x}")));
            }
        }
        HuntOutcome::NoneWithin { tried } => {
            out.push(tf(
                l,
                "hunt.none",
                &[("n", crate::i18n::num::group(u64::from(*tried)))],
            ));
            let missing = KindSet::all()
                .kinds()
                .into_iter()
                .filter(|k: &FaultKind| !spec.kinds.has(*k))
                .collect::<KindSet>();
            out.push(tf(
                l,
                "hunt.covered",
                &[("kinds", kind_names(l, spec.kinds))],
            ));
            let mut not = uncovered_names(l);
            not.splice(0..0, missing.kinds().into_iter().map(|k| kind_name(l, k)));
            out.push(tf(l, "hunt.uncovered", &[("kinds", join_list(l, &not))]));
        }
    }
    out
}
