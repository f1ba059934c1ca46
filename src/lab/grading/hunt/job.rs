//! The hunt as a job: draw a schedule, run it through the real model,
//! read the one judgement of the run ([`crate::lab::grading::judgement::judge`]);
//! for every way it fails that is not found yet (a failure class, and
//! whether any server could fix it), shrink it while it still fails that
//! way. It runs until the budget is spent or every way is found. One run
//! per [`Stepped::step`] (two where the complete design is asked), so the
//! lab worker reports progress between slices and a cancel stops it.
//!
//! The hunt runs the spec's client, or, when asked
//! ([`HuntJob::drawing_harnesses`]), a harness design drawn for each
//! schedule ([`crate::lab::harness::draw`]) among those that add no break
//! of the chapter's rules to the design's own: a counterexample then names
//! the harness it used.
//!
//! The types are pure (the page holds them); the job runs the engine.

use borsh::{BorshDeserialize, BorshSerialize};
use serde::{Deserialize, Serialize};

use super::fate::AttemptFate;
use super::kinds::KindSet;
use super::kinds::{FaultKind, BEYOND_ANY_SERVER};
use crate::kernel::params::Bound;
use crate::lab::faults::FaultSchedule;
use crate::lab::grading::judgement::FailureClass;
use crate::lab::grading::rules::{design_breaks, harness_breaks, server_breaks};
use crate::lab::harness::Harness;
use crate::lab::model::design::Design;
use crate::lab::model::ids::{ClientStrategy, ToolOutcome};

/// `budget`: schedules tried before the hunt gives up.
pub const BUDGET: Bound<i64> = Bound {
    name: "budget",
    min: 1,
    max: 200_000,
    default: 20_000,
};

/// `hunt_seed` (the workbench's): the hunt's seed, apart from the suite's.
/// It spans the lab's own seed range ([`crate::lab::SEED_BOUND`]).
pub const HUNT_SEED: Bound<i64> = Bound {
    name: "hunt_seed",
    ..crate::lab::SEED_BOUND
};

/// The seed «再找一次» draws after `seed`: the next one up, wrapping
/// inside [`HUNT_SEED`]'s range.
pub fn next_seed(seed: u64) -> u64 {
    (seed + 1) % (HUNT_SEED.max as u64 + 1)
}

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

/// One way a design fails: a failure class of the one judgement, and
/// whether the complete design (every mechanism a fix may add) fails the
/// same way on the same schedule, in which case no server fixes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[derive(BorshSerialize, BorshDeserialize)]
pub struct Way {
    pub class: FailureClass,
    pub no_server_fixes: bool,
    /// Where no server fixes it: the kind past any server's reach
    /// ([`BEYOND_ANY_SERVER`]) its schedule needs, if any.
    pub needs: Option<FaultKind>,
}

/// A failing schedule, shrunk while it still failed in its way.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[derive(BorshSerialize, BorshDeserialize)]
pub struct Counterexample {
    pub way: Way,
    /// Which schedule failed this way first (1-based: schedules tried
    /// until then).
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
    /// What came of each attempt of the minimum in its run, which its
    /// lines are worded from.
    pub fates: Vec<AttemptFate>,
    /// The harness design the hunt drew for this schedule (none: the
    /// spec's client ran it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub harness: Option<Harness>,
}

impl Counterexample {
    /// The shrunk schedule.
    pub fn minimal(&self) -> &FaultSchedule {
        self.path.last().unwrap_or(&self.found)
    }
}

/// Every way a hunt found, the ways a server can fix first (what the
/// student has not seen in the suite), each in [`FailureClass::ALL`]'s
/// order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[derive(BorshSerialize, BorshDeserialize)]
pub struct Findings {
    /// Schedules drawn in all.
    pub tried: u32,
    pub ways: Vec<Counterexample>,
}

impl Findings {
    /// The ways in their display order.
    pub fn sorted(tried: u32, mut ways: Vec<Counterexample>) -> Self {
        let rank = |c: &Counterexample| {
            let class = FailureClass::ALL.iter().position(|k| *k == c.way.class);
            let needs = c
                .way
                .needs
                .and_then(|k| BEYOND_ANY_SERVER.iter().position(|b| *b == k));
            (c.way.no_server_fixes, class, needs)
        };
        ways.sort_by_key(rank);
        Self { tried, ways }
    }

    /// The way of `class` (the one a server can fix, if both were found).
    pub fn of(&self, class: FailureClass) -> Option<&Counterexample> {
        self.ways.iter().find(|c| c.way.class == class)
    }
}

/// How a hunt ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[derive(BorshSerialize, BorshDeserialize)]
#[serde(rename_all = "snake_case")]
pub enum HuntOutcome {
    /// At least one way; the budget ran out (or every way was found).
    Found(Box<Findings>),
    /// Every schedule of the budget passed (which proves nothing).
    NoneWithin { tried: u32 },
}

impl HuntOutcome {
    /// Schedules drawn in all.
    pub fn tried(&self) -> u32 {
        match self {
            HuntOutcome::Found(f) => f.tried,
            HuntOutcome::NoneWithin { tried } => *tried,
        }
    }
}

/// The design a «no server fixes it» is judged against: every mechanism a
/// fix may add ([`crate::lab::grading::suite::fix_order`]).
pub fn complete_design() -> Design {
    Design::of(&crate::lab::grading::suite::fix_order())
}

/// Harness designs drawn before the hunt gives up finding one that adds
/// no break of the rules and runs the spec's client instead (one in a
/// few dozen draws adds none).
const HARNESS_DRAWS: u32 = 10_000;

/// A harness drawn from `rng` that breaks no rule of the chapter with
/// `design` but those the design breaks by itself
/// ([`server_breaks`]), and none of the harness's retry rules
/// ([`harness_breaks`]: a drawn TLS retry would only find itself), or
/// `fallback` if none is drawn within [`HARNESS_DRAWS`].
pub fn draw_following(
    rng: &mut crate::kernel::rng::LabRng,
    design: Design,
    fallback: Harness,
) -> Harness {
    let own = server_breaks(design);
    (0..HARNESS_DRAWS)
        .map(|_| crate::lab::harness::draw(rng))
        .find(|h| {
            harness_breaks(*h).is_empty()
                && design_breaks(*h, design).iter().all(|r| own.contains(r))
        })
        .unwrap_or(fallback)
}

#[cfg(feature = "sqlite")]
pub use engine::*;

#[cfg(feature = "sqlite")]
mod engine {
    use crate::kernel::rng::{lab_rng, LabRng};

    use super::super::fate::fates;
    use super::super::generate::{generate, kinds_of};
    use super::super::shrink::Shrinker;
    use super::*;
    use crate::kernel::job::Stepped;
    use crate::lab::grading::judgement::judge;
    use crate::lab::grading::suite::break_index;
    use crate::lab::model::sim::{run_fast, run_schedule};

    /// A way found by a drawn schedule, waiting for its shrink.
    #[derive(Clone, Debug)]
    struct Pending {
        way: Way,
        tried: u32,
        found: FaultSchedule,
        /// The harness that ran it.
        harness: Harness,
    }

    #[derive(Clone, Debug)]
    enum Phase {
        Search,
        Shrink {
            pending: Box<Pending>,
            shrinker: Box<Shrinker>,
        },
        Done(HuntOutcome),
    }

    /// A running hunt: it draws schedules until the budget runs out (or
    /// every way is found); a schedule that fails in ways not found yet
    /// queues one shrink per way, each keeping that way.
    #[derive(Clone, Debug)]
    pub struct HuntJob {
        spec: HuntSpec,
        /// Whether each schedule runs with a harness drawn for it.
        draw: bool,
        /// The harness design every schedule runs with, where it is not
        /// one of the spec's clients (the reconciling harness, say).
        given: Option<Harness>,
        rng: LabRng,
        tried: u32,
        phase: Phase,
        queue: Vec<Pending>,
        ways: Vec<Counterexample>,
    }

    impl HuntJob {
        pub fn new(spec: HuntSpec) -> Self {
            Self {
                rng: lab_rng(spec.seed),
                draw: false,
                given: None,
                spec,
                tried: 0,
                phase: Phase::Search,
                queue: Vec::new(),
                ways: Vec::new(),
            }
        }

        /// A hunt that also varies the harness: each schedule runs with a
        /// harness design drawn for it that follows the rules with the
        /// spec's design ([`draw_following`]); the spec's client is the
        /// fallback.
        pub fn drawing_harnesses(spec: HuntSpec) -> Self {
            Self {
                draw: true,
                ..Self::new(spec)
            }
        }

        /// A hunt whose every schedule runs with the harness design `h`
        /// instead of the spec's client (a design no client stands for,
        /// such as one that reconciles an unknown outcome); its
        /// counterexamples name it.
        pub fn with_harness(spec: HuntSpec, h: Harness) -> Self {
            Self {
                given: Some(h),
                ..Self::new(spec)
            }
        }

        pub fn spec(&self) -> &HuntSpec {
            &self.spec
        }

        /// Schedules drawn and run so far (not counting the shrinks' runs).
        pub fn tried(&self) -> u32 {
            self.tried
        }

        /// Whether it is shrinking a way it found.
        pub fn shrinking(&self) -> bool {
            matches!(self.phase, Phase::Shrink { .. })
        }

        /// Simplifications that still failed so far, in the current shrink.
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

        /// The classes the complete design fails in on `s` (the hunted
        /// design's own when it is the complete one).
        fn complete_fails(spec: &HuntSpec, h: Harness, s: &FaultSchedule) -> Vec<FailureClass> {
            let full = complete_design();
            judge(&run_fast(s, h, full, spec.seed)).classes
        }

        /// The classes `s` fails in on the hunted design: the hunt's
        /// property is the one judgement's.
        pub fn classes(spec: &HuntSpec, s: &FaultSchedule) -> Vec<FailureClass> {
            Self::classes_with(spec, spec.client.into(), s)
        }

        /// [`Self::classes`] with the harness `h`.
        fn classes_with(spec: &HuntSpec, h: Harness, s: &FaultSchedule) -> Vec<FailureClass> {
            judge(&run_fast(s, h, spec.design, spec.seed)).classes
        }

        /// Whether `s` fails in `way`: its class on the hunted design, the
        /// complete design fails in it too exactly when no server fixes it,
        /// and it keeps the kind the way needs.
        pub fn fails_as(spec: &HuntSpec, s: &FaultSchedule, way: Way) -> bool {
            Self::fails_as_with(spec, spec.client.into(), s, way)
        }

        /// [`Self::fails_as`] with the harness `h`.
        fn fails_as_with(spec: &HuntSpec, h: Harness, s: &FaultSchedule, way: Way) -> bool {
            if way.needs.is_some_and(|k| !kinds_of(s).has(k)) {
                return false;
            }
            let run = run_fast(s, h, spec.design, spec.seed);
            if !judge(&run).classes().contains(&way.class) {
                return false;
            }
            let full = spec.design == complete_design()
                || Self::complete_fails(spec, h, s).contains(&way.class);
            full == way.no_server_fixes
        }

        fn taken(&self, way: Way) -> bool {
            let shrinking =
                matches!(&self.phase, Phase::Shrink { pending, .. } if pending.way == way);
            shrinking
                || self.ways.iter().any(|c| c.way == way)
                || self.queue.iter().any(|p| p.way == way)
        }

        /// Every way there is to find has been found (each class: one a
        /// server fixes, one per kind past any server's reach, one without).
        fn complete(&self) -> bool {
            let per_class = 2 + BEYOND_ANY_SERVER.len();
            self.ways.len() + self.queue.len() >= per_class * FailureClass::ALL.len()
        }

        /// The ways `s` could stand for in `class`, before asking the
        /// complete design: one a server fixes, and those none does (one
        /// per kind past any server's reach it uses, or one without).
        fn candidates(class: FailureClass, beyond: &[FaultKind]) -> Vec<Way> {
            let way = |no_server_fixes, needs| Way {
                class,
                no_server_fixes,
                needs,
            };
            let mut out = vec![way(false, None)];
            if beyond.is_empty() {
                out.push(way(true, None));
            }
            out.extend(beyond.iter().map(|k| way(true, Some(*k))));
            out
        }

        /// Draws one schedule; queues the ways it fails in that are new.
        fn search(&mut self) {
            if self.tried >= self.spec.budget || self.complete() {
                self.finish();
                return;
            }
            let s = generate(&mut self.rng, self.spec.kinds);
            self.tried += 1;
            let spec = self.spec;
            let h = match (self.draw, self.given) {
                (true, _) => draw_following(&mut self.rng, spec.design, spec.client.into()),
                (false, given) => given.unwrap_or(spec.client.into()),
            };
            let classes = Self::classes_with(&spec, h, &s);
            let used = kinds_of(&s);
            let beyond: Vec<FaultKind> = BEYOND_ANY_SERVER
                .into_iter()
                .filter(|k| used.has(*k))
                .collect();
            let open = |this: &Self, c: &FailureClass| {
                Self::candidates(*c, &beyond)
                    .into_iter()
                    .any(|w| !this.taken(w))
            };
            if classes.iter().any(|c| open(self, c)) {
                self.queue_ways(&s, h, &classes, &beyond);
                self.next_shrink();
            }
        }

        /// Queues a shrink for each new way `s` fails in; a way that needs
        /// one kind past any server's reach starts without the others.
        fn queue_ways(
            &mut self,
            s: &FaultSchedule,
            h: Harness,
            classes: &[FailureClass],
            beyond: &[FaultKind],
        ) {
            let spec = self.spec;
            let full = if spec.design == complete_design() {
                classes.to_vec()
            } else {
                Self::complete_fails(&spec, h, s)
            };
            for class in classes {
                let no_server_fixes = full.contains(class);
                let ways = Self::candidates(*class, beyond)
                    .into_iter()
                    .filter(|w| w.no_server_fixes == no_server_fixes);
                for way in ways.collect::<Vec<_>>() {
                    let start = only_needed(s, way.needs);
                    let fits = way.needs.is_none() || Self::fails_as_with(&spec, h, &start, way);
                    if !self.taken(way) && fits {
                        let tried = self.tried;
                        self.queue.push(Pending {
                            way,
                            tried,
                            found: start,
                            harness: h,
                        });
                    }
                }
            }
        }

        /// Starts the next queued shrink, or goes back to searching.
        fn next_shrink(&mut self) {
            self.phase = if self.queue.is_empty() {
                Phase::Search
            } else {
                let pending = self.queue.remove(0);
                Phase::Shrink {
                    shrinker: Box::new(Shrinker::new(pending.found.clone())),
                    pending: Box::new(pending),
                }
            };
        }

        /// The shrunk way, as the page and the CLI show it.
        fn found(&self, pending: Pending, shrinker: &Shrinker) -> Counterexample {
            let spec = &self.spec;
            let min = shrinker.current();
            let run = run_schedule(min, pending.harness, spec.design, spec.seed);
            Counterexample {
                harness: (self.draw || self.given.is_some()).then_some(pending.harness),
                way: pending.way,
                tried: pending.tried,
                fates: fates(min, &run),
                found: pending.found,
                path: shrinker.path.clone(),
                shrink_tried: shrinker.tried as u32,
                reports: run.final_report_count(),
                tool: run.tool_outcome(),
                break_step: break_index(&run).map(|i| i + 1),
            }
        }

        fn finish(&mut self) {
            let ways = std::mem::take(&mut self.ways);
            self.phase = Phase::Done(if ways.is_empty() {
                HuntOutcome::NoneWithin { tried: self.tried }
            } else {
                HuntOutcome::Found(Box::new(Findings::sorted(self.tried, ways)))
            });
        }

        /// One simplification of the way being shrunk.
        fn shrink(&mut self) {
            let spec = self.spec;
            let Phase::Shrink { pending, shrinker } = &mut self.phase else {
                return;
            };
            let (way, h) = (pending.way, pending.harness);
            if shrinker.step(&mut |s| Self::fails_as_with(&spec, h, s, way)) {
                return;
            }
            let (pending, shrinker) = (pending.clone(), shrinker.clone());
            let c = self.found(*pending, &shrinker);
            self.ways.push(c);
            self.next_shrink();
        }
    }

    impl Stepped for HuntJob {
        /// One run: a drawn schedule, or one simplification of a way.
        fn step(&mut self) -> bool {
            match &self.phase {
                Phase::Search => self.search(),
                Phase::Shrink { .. } => self.shrink(),
                Phase::Done(_) => return false,
            }
            !matches!(self.phase, Phase::Done(_))
        }

        /// The budget's share searched.
        fn progress(&self) -> f64 {
            match self.phase {
                Phase::Done(_) => 1.0,
                _ => f64::from(self.tried) / f64::from(self.spec.budget.max(1)),
            }
        }
    }

    /// `s` without the kinds past any server's reach other than `needs`
    /// (all of them kept when it needs none).
    fn only_needed(s: &FaultSchedule, needs: Option<FaultKind>) -> FaultSchedule {
        let Some(keep) = needs else {
            return s.clone();
        };
        let mut out = s.clone();
        for k in BEYOND_ANY_SERVER.into_iter().filter(|k| *k != keep) {
            match k {
                FaultKind::NextDay => out.restart_next_day = false,
                FaultKind::ModelRecall => out.model_recalls = 0,
                FaultKind::TitleRewrite => out.rewrite_title = false,
                _ => {}
            }
        }
        out
    }

    /// Runs a hunt to its end.
    pub fn hunt(spec: HuntSpec) -> HuntOutcome {
        run_to_end(HuntJob::new(spec))
    }

    /// Runs a hunt that draws a harness for each schedule
    /// ([`HuntJob::drawing_harnesses`]) to its end.
    pub fn hunt_drawing_harnesses(spec: HuntSpec) -> HuntOutcome {
        run_to_end(HuntJob::drawing_harnesses(spec))
    }

    /// Runs a hunt whose every schedule runs with `h`
    /// ([`HuntJob::with_harness`]) to its end.
    pub fn hunt_with(spec: HuntSpec, h: Harness) -> HuntOutcome {
        run_to_end(HuntJob::with_harness(spec, h))
    }

    fn run_to_end(mut job: HuntJob) -> HuntOutcome {
        while job.step() {}
        job.outcome()
            .cloned()
            .unwrap_or(HuntOutcome::NoneWithin { tried: 0 })
    }
}
