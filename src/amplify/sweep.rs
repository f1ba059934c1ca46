//! Brooker's comparison as an incremental job: every (p, policy) point is
//! one load run, advanced by a bounded number of events per call so the
//! page can draw the curves as they grow and cancel between slices.

use serde::{Deserialize, Serialize};

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
    todo: Vec<(f64, LoadPolicy)>,
    next: usize,
    current: Option<LoadSim>,
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
            todo,
            next: 0,
            current: None,
            points: Vec::new(),
        }
    }

    /// Points in all.
    pub fn total(&self) -> usize {
        self.todo.len()
    }

    /// Whether every point is done.
    pub fn done(&self) -> bool {
        self.points.len() == self.todo.len()
    }

    /// Share done, 0–1 (by points).
    pub fn progress(&self) -> f64 {
        if self.todo.is_empty() {
            1.0
        } else {
            self.points.len() as f64 / self.todo.len() as f64
        }
    }

    /// Runs at most about `budget` events; returns whether all is done.
    pub fn advance(&mut self, budget: u32) -> bool {
        let mut left = budget;
        while left > 0 && !self.done() {
            let sim = match &mut self.current {
                Some(s) => s,
                None => {
                    let (p, pol) = self.todo[self.next];
                    let cfg = self.params.sweep_config(p);
                    self.current
                        .insert(LoadSim::new(&cfg, pol, self.params.seed))
                }
            };
            left -= sim.step(left).min(left);
            if sim.done() {
                let (p, pol) = self.todo[self.next];
                let o = self.current.take().expect("current run").finish();
                self.points.push(SweepPoint {
                    p,
                    policy: pol.id().to_string(),
                    calls: o.calls,
                    requests: o.requests,
                    amplification: o.amplification(),
                    success_rate: o.success_rate(),
                });
                self.next += 1;
            }
        }
        self.done()
    }
}
