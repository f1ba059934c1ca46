//! The chapter's testing method as a question: «在 naive 服务上断言"出现了
//! 2 份报告"，再在正确实现上断言"只有 1 份"», and its 面试要点 «断言库里只有一份，
//! 并且先在错误实现上看到它变红». The student picks a fault to inject, an
//! assertion that reproduces the bug on the wrong server, and the regression
//! assertion; the lab runs every fault on a wrong server and on a correct
//! one. The test is good when the first assertion passes on the wrong server
//! only, and the regression assertion fails (red) on the wrong server and
//! passes (green) on the correct one. Nothing here knows which faults
//! duplicate: the counts come from the runs.

use super::LabRun;
use crate::lab::{ClientStrategy, Preset, Scenario};

/// The assertions on the final report count a student can pick from.
pub const ASSERTIONS: &[&str] = &[
    "assert_exactly_one",
    "assert_exactly_two",
    "assert_at_least_one",
    "assert_no_report",
];

/// Whether `assertion` holds for a final count of `reports` (`None` for an
/// id that is not an assertion).
pub fn holds(assertion: &str, reports: f64) -> Option<bool> {
    Some(match assertion {
        "assert_exactly_one" => reports == 1.0,
        "assert_exactly_two" => reports == 2.0,
        "assert_at_least_one" => reports >= 1.0,
        "assert_no_report" => reports == 0.0,
        _ => return None,
    })
}

/// The runs behind the question: every fault, each on the wrong (`red`) and
/// on the correct (`green`) server, with one client and seed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bench {
    pub client: ClientStrategy,
    pub red: Preset,
    pub green: Preset,
    pub faults: &'static [Scenario],
    pub seed: u64,
}

impl Bench {
    /// The lab runs, two per fault: wrong server, then correct server.
    pub fn runs(&self) -> Vec<LabRun> {
        self.faults
            .iter()
            .flat_map(|&scenario| {
                [self.red, self.green].map(|server| LabRun {
                    seed: self.seed,
                    ..LabRun::reports(scenario, self.client, server)
                })
            })
            .collect()
    }

    /// The faults' ids: the choices of the question's first pick.
    pub fn fault_ids(&self) -> Vec<&'static str> {
        self.faults.iter().map(|f| f.id()).collect()
    }

    /// The final counts of `fault` (an id) on the wrong and the correct
    /// server, from the model's values (in [`Bench::runs`] order).
    pub fn counts(&self, values: &[f64], fault: &str) -> Option<(f64, f64)> {
        let i = self.faults.iter().position(|f| f.id() == fault)?;
        Some((*values.get(2 * i)?, *values.get(2 * i + 1)?))
    }
}

/// How a picked test fares, in the chapter's order: the assertion meant
/// for the wrong server reproduces the bug there (it passes on the wrong
/// server and fails on the correct one, so it shows the duplicate and not
/// just a submit); the regression assertion is seen red on the wrong server
/// first, then green on the correct one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The wrong server's assertion, on the wrong server.
    pub repro_on_red: bool,
    /// The wrong server's assertion, on the correct server.
    pub repro_on_green: bool,
    /// The regression assertion, on the wrong server.
    pub passes_on_red: bool,
    /// The regression assertion, on the correct server.
    pub passes_on_green: bool,
}

impl Outcome {
    /// The three parts a student is graded on: the bug reproduced on the
    /// wrong server, the regression test red there, and green on the
    /// correct server.
    pub fn parts(self) -> [bool; 3] {
        [
            self.repro_on_red && !self.repro_on_green,
            !self.passes_on_red,
            self.passes_on_green,
        ]
    }

    /// Every part right: the chapter's exercise done.
    pub fn catches_the_bug(self) -> bool {
        self.parts().iter().all(|b| *b)
    }
}

/// How the test (`fault`, `repro` asserted on the wrong server,
/// `regression` asserted on both) fares on the model's counts.
pub fn outcome(
    bench: &Bench,
    values: &[f64],
    fault: &str,
    repro: &str,
    regression: &str,
) -> Option<Outcome> {
    let (red, green) = bench.counts(values, fault)?;
    Some(Outcome {
        repro_on_red: holds(repro, red)?,
        repro_on_green: holds(repro, green)?,
        passes_on_red: holds(regression, red)?,
        passes_on_green: holds(regression, green)?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_test_reproduces_on_the_wrong_server_then_goes_red_there_and_green_on_the_right_one() {
        let b = Bench {
            client: ClientStrategy::StableKey,
            red: Preset::Naive,
            green: Preset::Fenced,
            faults: &[Scenario::None, Scenario::ResponseLost],
            seed: 1,
        };
        assert_eq!(b.runs().len(), 4);
        assert_eq!(b.runs()[1].server, Preset::Fenced);
        let values = [1.0, 1.0, 2.0, 1.0];
        let of = |f, r, g| outcome(&b, &values, f, r, g).unwrap();
        let good = of("response_lost", "assert_exactly_two", "assert_exactly_one");
        assert_eq!(good.parts(), [true, true, true]);
        assert!(good.catches_the_bug());
        // The happy path reproduces nothing and never goes red.
        assert_eq!(
            of("none", "assert_exactly_two", "assert_exactly_one").parts(),
            [false, false, true]
        );
        // «At least 1» holds on both servers: it shows a submit, not the bug.
        assert_eq!(
            of("response_lost", "assert_at_least_one", "assert_exactly_one").parts(),
            [false, true, true]
        );
        // «2» as the regression test: green on the bug, red on the fix.
        assert_eq!(
            of("response_lost", "assert_exactly_two", "assert_exactly_two").parts(),
            [true, false, false]
        );
        assert!(outcome(
            &b,
            &values,
            "meteor",
            "assert_exactly_two",
            "assert_exactly_one"
        )
        .is_none());
        assert!(outcome(&b, &values, "none", "assert_maybe", "assert_exactly_one").is_none());
        assert!(b.counts(&values[..3], "response_lost").is_none());
    }
}
