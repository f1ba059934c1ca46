//! The CSV the `lab` CLI prints, built here so the tests check it natively
//! and the page's numbers and the CLI's come from one core.

use crate::kernel::csv::row;
use crate::lab::grading::suite::{score, suite};
use crate::lab::harness::Harness;
use crate::lab::model::design::Design;
use crate::lab::model::ids::Scenario;
use crate::lab::model::sim::run_fast;

/// An optional number as a CSV field: empty when absent.
fn opt(v: Option<u64>) -> String {
    v.map_or(String::new(), |v| v.to_string())
}

/// `lab matrix`: every scenario × harness for each design; a harness is
/// named by its `harness=` value (a preset's id for a preset).
pub fn matrix_csv(designs: &[Design], harnesses: &[Harness], seed: u64) -> String {
    let mut out = String::from(
        "server,scenario,client,reports,tool,ending,notifications,attempts,wasted,answer_ms,leaks\n",
    );
    for d in designs {
        for sc in Scenario::ALL {
            for h in harnesses {
                let run = run_fast(&sc.schedule(), *h, *d, seed);
                let (cell, j) = (run.cell(), run.judgement());
                let reports = cell.reports.to_string();
                let notes = cell.notes.delivered.to_string();
                out.push_str(&row(&[
                    &d.label(),
                    sc.id(),
                    &h.to_ids(),
                    &reports,
                    cell.tool.id(),
                    cell.ending().id(),
                    &notes,
                    &cell.attempts.to_string(),
                    &j.wasted.to_string(),
                    &opt(j.answer_ms),
                    &cell.leaks.to_string(),
                ]));
                out.push('\n');
            }
        }
    }
    out
}

/// `lab suite`: every scenario graded, then `score,<pass>,<total>`.
pub fn suite_csv(design: Design, harness: impl Into<Harness>, seed: u64) -> String {
    let rows = suite(design, harness.into(), seed, &Scenario::ALL);
    let mut out = String::from(
        "scenario,reports,tool,pass,ending,notifications,attempts,wasted,answer_ms,leaks\n",
    );
    for r in &rows {
        let (reports, pass) = (r.reports.to_string(), r.pass.to_string());
        let notes = r.notes.delivered.to_string();
        out.push_str(&row(&[
            r.scenario.id(),
            &reports,
            r.tool.id(),
            &pass,
            r.ending.id(),
            &notes,
            &r.attempts.to_string(),
            &r.wasted.to_string(),
            &opt(r.answer_ms),
            &r.leaks.to_string(),
        ]));
        out.push('\n');
    }
    let s = score(&rows);
    out.push_str(&row(&["score", &s.pass.to_string(), &s.total.to_string()]));
    out.push('\n');
    out
}
