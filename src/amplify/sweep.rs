//! Brooker's comparison as an incremental job: every (p, policy) point is
//! one load run, advanced by a bounded number of events per call so the
//! page can draw the curves as they grow and cancel between slices.

use serde::{Deserialize, Serialize};

use super::load::queue::RunQueue;
use super::load::{LoadPolicy, LoadSim};
use super::params::AmplifyParams;

/// One finished point of the sweep.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SweepPoint {
    pub p: f64,
    /// The policy id.
    pub policy: String,
    pub calls: u64,
    pub requests: u64,
    pub amplification: f64,
    pub success_rate: f64,
}

/// A sweep in progress.
pub struct SweepJob {
    params: AmplifyParams,
    todo: RunQueue<(f64, LoadPolicy)>,
    pub points: Vec<SweepPoint>,
}

impl SweepJob {
    /// Every `p` of the sweep × every selected policy, p-major.
    pub fn new(params: &AmplifyParams) -> Self {
        let todo = params
            .sweep_ps()
            .into_iter()
            .flat_map(|p| params.policies.iter().map(move |&pol| (p, pol)))
            .collect();
        SweepJob {
            params: params.clone(),
            todo: RunQueue::new(todo),
            points: Vec::new(),
        }
    }

    /// Points in all.
    pub fn total(&self) -> usize {
        self.todo.total()
    }

    /// Whether every point is done.
    pub fn done(&self) -> bool {
        self.todo.done()
    }

    /// Share done, 0–1 (by points).
    pub fn progress(&self) -> f64 {
        self.todo.progress()
    }

    /// Runs at most about `budget` events; returns whether all is done.
    pub fn advance(&mut self, budget: u32) -> bool {
        let params = &self.params;
        let points = &mut self.points;
        self.todo.advance(
            budget,
            |&(p, pol)| LoadSim::new(&params.sweep_config(p), pol, params.seed),
            |&(p, pol), o| {
                points.push(SweepPoint {
                    p,
                    policy: pol.id().to_string(),
                    calls: o.calls,
                    requests: o.requests,
                    amplification: o.amplification(),
                    success_rate: o.success_rate(),
                })
            },
        )
    }
}
