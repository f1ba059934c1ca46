//! What a hunt found, as the `lab hunt` command prints it: the minimal
//! schedule's code, its link into the lab's step-through view, its lines;
//! or, honestly, that none was found within the budget, which proves
//! nothing, with the fault kinds it covered and those it cannot produce.

use super::job::{Counterexample, HuntOutcome, HuntSpec};
use super::kinds::{FaultKind, KindSet};
use super::lines::{kind_name, lines, uncovered_names};
use crate::i18n::{join_list, tf, Lang};
use crate::lab::{Design, FaultSchedule, StepParam};
use crate::links::Link;

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

/// The report's text, one line each.
pub fn report(l: Lang, spec: &HuntSpec, outcome: &HuntOutcome) -> Vec<String> {
    let mut out = Vec::new();
    match outcome {
        HuntOutcome::Found(c) => {
            out.push(tf(
                l,
                "hunt.found",
                &[
                    ("tried", c.tried.to_string()),
                    ("steps", c.path.len().to_string()),
                    ("runs", c.shrink_tried.to_string()),
                ],
            ));
            out.push(format!("schedule={}", super::encode(c.minimal())));
            out.push(counterexample_link(spec, c).href());
            out.extend(lines(l, c.minimal()).into_iter().map(|x| format!("  {x}")));
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
