//! The chapter's testing method as a question: «在 naive 服务上断言"出现了
//! 2 份报告"，再在正确实现上断言"只有 1 份"». The student picks a fault to
//! inject and an assertion on the final report count; the lab runs every
//! fault on a wrong server and on a correct one, and the test is good when
//! its assertion fails (red) on the wrong server and passes (green) on the
//! correct one. Nothing here knows which faults duplicate: the counts come
//! from the runs.

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

/// How a picked test fares: whether its assertion passes on the wrong
/// server and on the correct one. A good test is `(false, true)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    pub passes_on_red: bool,
    pub passes_on_green: bool,
}

impl Outcome {
    /// Red on the wrong server, green on the correct one.
    pub fn catches_the_bug(self) -> bool {
        !self.passes_on_red && self.passes_on_green
    }
}

/// How the test (`fault`, `assertion`) fares on the model's counts.
pub fn outcome(bench: &Bench, values: &[f64], fault: &str, assertion: &str) -> Option<Outcome> {
    let (red, green) = bench.counts(values, fault)?;
    Some(Outcome {
        passes_on_red: holds(assertion, red)?,
        passes_on_green: holds(assertion, green)?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_test_is_good_when_red_on_the_wrong_server_and_green_on_the_right_one() {
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
        let good = outcome(&b, &values, "response_lost", "assert_exactly_one").unwrap();
        assert!(good.catches_the_bug());
        // The happy path never goes red; «2 份» is the bug reproduced, not a test.
        assert!(!outcome(&b, &values, "none", "assert_exactly_one")
            .unwrap()
            .catches_the_bug());
        let repro = outcome(&b, &values, "response_lost", "assert_exactly_two").unwrap();
        assert_eq!((repro.passes_on_red, repro.passes_on_green), (true, false));
        assert!(outcome(&b, &values, "meteor", "assert_exactly_one").is_none());
        assert!(outcome(&b, &values, "none", "assert_maybe").is_none());
        assert!(b.counts(&values[..3], "response_lost").is_none());
    }
}
