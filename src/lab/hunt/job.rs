//! The hunt as a job: draw a schedule, run it through the real model,
//! grade it with the suite's one pass rule ([`passes`]); at the first
//! failure, shrink it. One run per [`Stepped::step`], so the lab worker
//! reports progress between slices and a cancel stops it.
//!
//! The types are pure (the page holds them); the job runs the engine.

use borsh::{BorshDeserialize, BorshSerialize};
use serde::{Deserialize, Serialize};

use super::kinds::KindSet;
use crate::lab::design::Design;
use crate::lab::faults::FaultSchedule;
use crate::lab::ids::{ClientStrategy, ToolOutcome};
use crate::params::Bound;

/// `budget`: schedules tried before the hunt gives up.
pub const BUDGET: Bound<i64> = Bound {
    name: "budget",
    min: 1,
    max: 200_000,
    default: 20_000,
};

/// What to hunt: a design and a client; the seed (the lab's `seed`: of the
/// generator and of every run), the budget and the fault kinds it may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[derive(BorshSerialize, BorshDeserialize)]
pub struct HuntSpec {
    pub design: Design,
    pub client: ClientStrategy,
    /// The seed of the schedule generator and of every run (network
    /// jitter, ids), so a found schedule opens in the lab at this seed.
    pub seed: u64,
    pub budget: u32,
    pub kinds: KindSet,
}

/// A failing schedule, shrunk.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[derive(BorshSerialize, BorshDeserialize)]
pub struct Counterexample {
    /// Which schedule failed first (1-based: schedules tried until then).
    pub tried: u32,
    /// The schedule as drawn.
    pub found: FaultSchedule,
    /// Every schedule the shrinker moved to; the last is the minimum.
    pub path: Vec<FaultSchedule>,
    /// Schedules run while shrinking.
    pub shrink_tried: u32,
    /// The minimum's outcome: reports, what the model was told, and the run
    /// view's step where it broke.
    pub reports: usize,
    pub tool: ToolOutcome,
    pub break_step: Option<usize>,
}

impl Counterexample {
    /// The shrunk schedule.
    pub fn minimal(&self) -> &FaultSchedule {
        self.path.last().unwrap_or(&self.found)
    }
}

/// How a hunt ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[derive(BorshSerialize, BorshDeserialize)]
#[serde(rename_all = "snake_case")]
pub enum HuntOutcome {
    Found(Box<Counterexample>),
    /// Every schedule of the budget passed (which proves nothing).
    NoneWithin {
        tried: u32,
    },
}

#[cfg(feature = "sqlite")]
pub use engine::*;

#[cfg(feature = "sqlite")]
mod engine {
    use crate::rng::{lab_rng, LabRng};

    use super::super::generate::generate;
    use super::super::shrink::Shrinker;
    use super::*;
    use crate::job::Stepped;
    use crate::lab::sim::{run_fast, run_schedule};
    use crate::lab::suite::break_index;

    #[derive(Clone, Debug)]
    enum Phase {
        Search,
        Shrink {
            tried: u32,
            found: FaultSchedule,
            shrinker: Box<Shrinker>,
        },
        Done(HuntOutcome),
    }

    /// A running hunt.
    #[derive(Clone, Debug)]
    pub struct HuntJob {
        spec: HuntSpec,
        rng: LabRng,
        tried: u32,
        phase: Phase,
    }

    impl HuntJob {
        pub fn new(spec: HuntSpec) -> Self {
            Self {
                rng: lab_rng(spec.seed),
                spec,
                tried: 0,
                phase: Phase::Search,
            }
        }

        pub fn spec(&self) -> &HuntSpec {
            &self.spec
        }

        /// Schedules drawn and run so far (not counting the shrink's).
        pub fn tried(&self) -> u32 {
            self.tried
        }

        /// Whether the search found one and is shrinking it.
        pub fn shrinking(&self) -> bool {
            matches!(self.phase, Phase::Shrink { .. })
        }

        /// Simplifications that still failed so far.
        pub fn shrink_steps(&self) -> usize {
            match &self.phase {
                Phase::Shrink { shrinker, .. } => shrinker.path.len(),
                _ => 0,
            }
        }

        pub fn outcome(&self) -> Option<&HuntOutcome> {
            match &self.phase {
                Phase::Done(o) => Some(o),
                _ => None,
            }
        }

        /// Whether `s` breaks the pass rule on the hunted design.
        pub fn fails(spec: &HuntSpec, s: &FaultSchedule) -> bool {
            !crate::lab::judgement::judge(&run_fast(s, spec.client, spec.design, spec.seed))
                .passes()
        }

        fn search(&mut self) {
            if self.tried >= self.spec.budget {
                self.phase = Phase::Done(HuntOutcome::NoneWithin { tried: self.tried });
                return;
            }
            let s = generate(&mut self.rng, self.spec.kinds);
            self.tried += 1;
            if Self::fails(&self.spec, &s) {
                self.phase = Phase::Shrink {
                    tried: self.tried,
                    shrinker: Box::new(Shrinker::new(s.clone())),
                    found: s,
                };
            }
        }

        fn finish(&self, tried: u32, found: FaultSchedule, shrinker: &Shrinker) -> HuntOutcome {
            let spec = &self.spec;
            let run = run_schedule(shrinker.current(), spec.client, spec.design, spec.seed);
            HuntOutcome::Found(Box::new(Counterexample {
                tried,
                found,
                path: shrinker.path.clone(),
                shrink_tried: shrinker.tried as u32,
                reports: run.final_report_count(),
                tool: run.tool_outcome(),
                break_step: break_index(&run).map(|i| i + 1),
            }))
        }
    }

    impl Stepped for HuntJob {
        /// One run: a drawn schedule, or one simplification of the failure.
        fn step(&mut self) -> bool {
            let spec = self.spec;
            match &mut self.phase {
                Phase::Search => self.search(),
                Phase::Shrink {
                    tried,
                    found,
                    shrinker,
                } => {
                    if !shrinker.step(&mut |s| Self::fails(&spec, s)) {
                        let (tried, found, shrinker) = (*tried, found.clone(), shrinker.clone());
                        self.phase = Phase::Done(self.finish(tried, found, &shrinker));
                    }
                }
                Phase::Done(_) => return false,
            }
            !matches!(self.phase, Phase::Done(_))
        }

        /// The budget's share searched; all of it once found.
        fn progress(&self) -> f64 {
            match self.phase {
                Phase::Search => f64::from(self.tried) / f64::from(self.spec.budget.max(1)),
                _ => 1.0,
            }
        }
    }

    /// Runs a hunt to its end.
    pub fn hunt(spec: HuntSpec) -> HuntOutcome {
        let mut job = HuntJob::new(spec);
        while job.step() {}
        job.outcome()
            .cloned()
            .unwrap_or(HuntOutcome::NoneWithin { tried: 0 })
    }
}
