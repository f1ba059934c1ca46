//! What a hunt found, as the `lab hunt` command prints it: «this design
//! fails in N ways», then per way its class, the minimal schedule's code,
//! its link into the lab's step-through view and its lines;
//! or, honestly, that none was found within the budget, which proves
//! nothing, with the fault kinds it covered and those it cannot produce.

use super::job::{Counterexample, Findings, HuntOutcome, HuntSpec};
use super::kinds::{FaultKind, KindSet};
use super::lines::{kind_name, lines, uncovered_names};
use crate::kernel::text::{Arg, Join, Sentence};

/// Names as one list of the language («甲、乙», "a, b").
fn list(names: impl IntoIterator<Item = Sentence>) -> Arg {
    let names = names.into_iter().map(Arg::from).collect();
    Arg::Joined(Join::Key("common.list_sep".into()), names)
}

/// The names of a set of kinds, in display order.
pub fn kind_names(kinds: KindSet) -> Arg {
    list(kinds.kinds().into_iter().map(kind_name))
}

/// The names of the kinds a hunt did not use: those left out of `kinds`,
/// then those the model cannot inject yet.
pub fn unused_names(kinds: KindSet) -> Arg {
    let missing = KindSet::all()
        .kinds()
        .into_iter()
        .filter(|k: &FaultKind| !kinds.has(*k));
    list(missing.map(kind_name).chain(uncovered_names()))
}

/// The headline of a hunt that found something: «这个设计有 3 种坏法».
pub fn ways_headline(f: &Findings) -> Sentence {
    let ways = Sentence::counted(f.ways.len() as u64, "hunt.ways.one", "hunt.ways.other");
    Sentence::new("hunt.ways")
        .arg("ways", ways)
        .arg("tried", u64::from(f.tried))
}

/// One way's heading: its class, when it was found, how far it shrank,
/// and (where no server fixes it) the label that says the suite has it.
pub fn way_heading(c: &Counterexample) -> Sentence {
    let shrunk = Sentence::new("hunt.shrunk")
        .arg("tried", Arg::raw(c.tried))
        .arg("steps", Arg::raw(c.path.len()))
        .arg("runs", Arg::raw(c.shrink_tried));
    let class = Sentence::new(c.way.class.key());
    let way = Sentence::new("hunt.way")
        .arg("class", class)
        .arg("shrunk", shrunk);
    let parts = std::iter::once(way)
        .chain(no_server_label(c))
        .map(Arg::from)
        .collect();
    Sentence::joined(Join::Key("hunt.sep".into()), parts)
}

/// The label of a way no server fixes: the suite already shows it (with
/// the fault past any server's reach it needs, if one).
pub fn no_server_label(c: &Counterexample) -> Option<Sentence> {
    if !c.way.no_server_fixes {
        return None;
    }
    Some(match c.way.needs {
        Some(k) => Sentence::new("hunt.no_server_fixes.needs").arg("kind", kind_name(k)),
        None => Sentence::new("hunt.no_server_fixes"),
    })
}

/// A counterexample's lines, worded from what came of its attempts.
pub fn way_lines(c: &Counterexample) -> Vec<Sentence> {
    lines(c.minimal(), Some(&c.fates))
}

/// `s` after a literal prefix (a number, an indent).
fn after(prefix: String, s: Sentence) -> Sentence {
    Sentence::joined(Join::Raw(""), vec![prefix.into(), s.into()])
}

/// The report, one sentence a line; `href` writes the link that opens a
/// counterexample (the caller's: the lab's page parameters and links sit
/// above its grading).
pub fn report(
    spec: &HuntSpec,
    outcome: &HuntOutcome,
    href: impl Fn(&Counterexample) -> String,
) -> Vec<Sentence> {
    let mut out = Vec::new();
    match outcome {
        HuntOutcome::Found(f) => {
            out.push(ways_headline(f));
            for (i, c) in f.ways.iter().enumerate() {
                out.push(after(format!("{}. ", i + 1), way_heading(c)));
                out.push(Sentence::raw(format!(
                    "   schedule={}",
                    super::encode(c.minimal())
                )));
                if let Some(h) = c.harness {
                    out.push(Sentence::raw(format!("   harness={}", h.to_ids())));
                }
                out.push(Sentence::raw(format!("   {}", href(c))));
                out.extend(way_lines(c).into_iter().map(|x| after("     ".into(), x)));
            }
        }
        HuntOutcome::NoneWithin { tried } => {
            out.push(Sentence::new("hunt.none").arg("n", u64::from(*tried)));
            out.push(Sentence::new("hunt.covered").arg("kinds", kind_names(spec.kinds)));
            out.push(Sentence::new("hunt.uncovered").arg("kinds", unused_names(spec.kinds)));
        }
    }
    out
}
