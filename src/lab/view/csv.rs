//! The CSV the `lab` CLI prints, built here so the tests check it natively
//! and the page's numbers and the CLI's come from one core.

use crate::kernel::csv::row;
use crate::lab::grading::suite::{score, suite};
use crate::lab::model::design::Design;
use crate::lab::model::ids::{ClientStrategy, Scenario};
use crate::lab::model::sim::cell;

/// `lab matrix`: every scenario × client for each design.
pub fn matrix_csv(designs: &[Design], clients: &[ClientStrategy], seed: u64) -> String {
    let mut out =
        String::from("server,scenario,client,reports,tool,ending,notifications,attempts,leaks\n");
    for d in designs {
        for sc in Scenario::ALL {
            for c in clients {
                let cell = cell(sc, *c, *d, seed);
                let reports = cell.reports.to_string();
                let notes = cell.notes.delivered.to_string();
                out.push_str(&row(&[
                    &d.label(),
                    sc.id(),
                    c.id(),
                    &reports,
                    cell.tool.id(),
                    cell.ending().id(),
                    &notes,
                    &cell.attempts.to_string(),
                    &cell.leaks.to_string(),
                ]));
                out.push('\n');
            }
        }
    }
    out
}

/// `lab suite`: every scenario graded, then `score,<pass>,<total>`.
pub fn suite_csv(design: Design, client: ClientStrategy, seed: u64) -> String {
    let rows = suite(design, client, seed, &Scenario::ALL);
    let mut out = String::from("scenario,reports,tool,pass,ending,notifications,attempts,leaks\n");
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
            &r.leaks.to_string(),
        ]));
        out.push('\n');
    }
    let s = score(&rows);
    out.push_str(&row(&["score", &s.pass.to_string(), &s.total.to_string()]));
    out.push('\n');
    out
}
