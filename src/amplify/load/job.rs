//! The load view's lanes as one incremental job: lane after lane, a
//! bounded number of events per call, so the page can slice the work.

use super::explain::LaneFacts;
use super::queue::RunQueue;
use super::series::Series;
use super::sim::{LoadOutcome, LoadSim};
use crate::amplify::lanes::Lane;

/// What the page shows for one finished lane.
#[derive(Clone, Debug, PartialEq)]
pub struct LaneResult {
    pub id: String,
    pub policy: super::LoadPolicy,
    pub calls: u64,
    pub requests: u64,
    pub amplification: f64,
    pub success_rate: f64,
    /// Seconds after the trigger until goodput recovered; `None` = never
    /// (or no trigger in the run, see `has_trigger`).
    pub recovered: Option<f64>,
    pub has_trigger: bool,
    /// What the run measured besides these numbers (for the lane's «why»).
    pub facts: LaneFacts,
    /// The lane's settings.
    pub cfg: super::LoadConfig,
    /// Every request of the run's first call.
    pub first_call: Vec<super::TracedRequest>,
    pub series: Series,
}

impl LaneResult {
    fn of(lane: &Lane, o: LoadOutcome) -> Self {
        let c = &lane.cfg;
        let has_trigger = c.trigger.end > c.trigger.start && c.trigger_capacity < 1.0;
        let facts = LaneFacts::of(c, &o, has_trigger);
        LaneResult {
            id: lane.id.clone(),
            policy: lane.policy,
            calls: o.calls,
            requests: o.requests,
            amplification: o.amplification(),
            success_rate: o.success_rate(),
            recovered: o
                .series
                .recovered(c.trigger.start, c.trigger.end, c.recover_pct)
                .filter(|_| has_trigger),
            has_trigger,
            facts,
            cfg: c.clone(),
            first_call: o.first_call,
            series: o.series,
        }
    }
}

/// Lanes in progress.
pub struct LoadJob {
    lanes: RunQueue<Lane>,
    seed: u64,
    pub results: Vec<LaneResult>,
}

impl LoadJob {
    /// Every lane on the same seed.
    pub fn new(lanes: Vec<Lane>, seed: u64) -> Self {
        LoadJob {
            lanes: RunQueue::new(lanes),
            seed,
            results: Vec::new(),
        }
    }

    /// Whether every lane has run.
    pub fn done(&self) -> bool {
        self.lanes.done()
    }

    /// Share of lanes done.
    pub fn progress(&self) -> f64 {
        self.lanes.progress()
    }

    /// Runs at most about `budget` events; returns whether all is done.
    pub fn advance(&mut self, budget: u32) -> bool {
        let seed = self.seed;
        let results = &mut self.results;
        self.lanes.advance(
            budget,
            |lane| LoadSim::new(&lane.cfg, lane.policy, seed),
            |lane, o| results.push(LaneResult::of(lane, o)),
        )
    }
}
