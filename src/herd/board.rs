//! Book-keeping of a sweep computed point by point, out of order (by the
//! page's Web Workers): which points are still to hand out, heaviest first,
//! and the finished ones, presented in sweep order (N-major, then strategy)
//! so the charts grow just as with the sliced [`super::Sweep`].
//!
//! Heaviest first keeps the workers busy to the end: the last points handed
//! out are the quick ones, so no worker is left alone with a long point.
//! ([`PointBoard::take_lightest`] serves a fresh worker's warm-up point.)

use super::stats::PointSummary;
use super::strategy::Strategy;
use super::sweep::SweepSpec;
use super::wire::PointRequest;

/// Relative cost of one trial of `clients` × `strategy`: without backoff the
/// writes grow like N² (every rejected client retries at once), with backoff
/// like N·log N. Only the order and the progress bar use it.
pub fn point_cost(clients: u32, strategy: Strategy) -> f64 {
    let n = f64::from(clients.max(1));
    match strategy {
        Strategy::None => n * n,
        _ => n * libm::log2(n + 1.0),
    }
}

/// One point to compute: its index in sweep order and what it is.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PointTask {
    pub index: usize,
    pub clients: u32,
    pub strategy: Strategy,
}

/// Points handed out and collected.
pub struct PointBoard {
    spec: SweepSpec,
    /// Points not handed out, lightest first (so `pop` gives the heaviest).
    pending: Vec<usize>,
    results: Vec<Option<PointSummary>>,
    /// The finished points in sweep order.
    finished: Vec<PointSummary>,
    done_cost: f64,
    total_cost: f64,
}

impl PointBoard {
    /// A board with every point of `spec` pending.
    pub fn new(spec: SweepSpec) -> Self {
        let count = if spec.trials == 0 {
            0
        } else {
            spec.clients.len() * spec.strategies.len()
        };
        let mut pending: Vec<usize> = (0..count).collect();
        let cost = |i: &usize| {
            let t = Self::task_of(&spec, *i);
            point_cost(t.clients, t.strategy)
        };
        // Ascending cost; equal costs in reverse sweep order, so `pop` hands
        // out the heaviest first and equals in sweep order.
        pending.sort_by(|a, b| cost(a).total_cmp(&cost(b)).then(b.cmp(a)));
        let total_cost = pending.iter().map(cost).sum();
        PointBoard {
            spec,
            pending,
            results: vec![None; count],
            finished: Vec::new(),
            done_cost: 0.0,
            total_cost,
        }
    }

    fn task_of(spec: &SweepSpec, index: usize) -> PointTask {
        let per_n = spec.strategies.len().max(1);
        PointTask {
            index,
            clients: spec.clients[index / per_n],
            strategy: spec.strategies[index % per_n],
        }
    }

    /// The spec being computed.
    pub fn spec(&self) -> &SweepSpec {
        &self.spec
    }

    /// The heaviest point not yet handed out.
    pub fn take(&mut self) -> Option<PointTask> {
        self.pending.pop().map(|i| Self::task_of(&self.spec, i))
    }

    /// The lightest point not yet handed out.
    pub fn take_lightest(&mut self) -> Option<PointTask> {
        if self.pending.is_empty() {
            None
        } else {
            Some(Self::task_of(&self.spec, self.pending.remove(0)))
        }
    }

    /// Puts back a point whose computation was lost (its worker failed), so
    /// it is handed out next.
    pub fn give_back(&mut self, task: PointTask) {
        if self.results.get(task.index) == Some(&None) && !self.pending.contains(&task.index) {
            self.pending.push(task.index);
        }
    }

    /// The worker request for `task`.
    pub fn request(&self, task: PointTask) -> PointRequest {
        PointRequest::new(
            &self.spec.cfg,
            task.clients,
            task.strategy,
            self.spec.trials,
            self.spec.seed,
        )
    }

    /// Stores the result of `task`; refuses a summary of another point.
    pub fn complete(&mut self, task: PointTask, summary: PointSummary) -> Result<(), String> {
        if summary.clients != task.clients
            || summary.strategy != task.strategy
            || summary.trials != self.spec.trials
        {
            return Err(format!(
                "summary of N={} {} ({} trials) for point N={} {}",
                summary.clients,
                summary.strategy.id(),
                summary.trials,
                task.clients,
                task.strategy.id()
            ));
        }
        match self.results.get_mut(task.index) {
            Some(slot @ None) => {
                *slot = Some(summary);
                self.done_cost += point_cost(task.clients, task.strategy);
                // At most a few hundred points: rebuilding is cheap.
                self.finished = self.results.iter().flatten().cloned().collect();
                Ok(())
            }
            _ => Err(format!("point {} is already done", task.index)),
        }
    }

    /// Finished points in sweep order.
    pub fn summaries(&self) -> &[PointSummary] {
        &self.finished
    }

    /// Number of points in the sweep.
    pub fn total(&self) -> usize {
        self.results.len()
    }

    /// Whether every point is done.
    pub fn is_done(&self) -> bool {
        self.finished.len() == self.results.len()
    }

    /// Cost of the finished points (see [`point_cost`]).
    pub fn done_cost(&self) -> f64 {
        self.done_cost
    }

    /// Cost of all points.
    pub fn total_cost(&self) -> f64 {
        self.total_cost
    }

    /// Finished cost over total cost, 0..=1.
    pub fn progress(&self) -> f64 {
        if self.is_done() || self.total_cost <= 0.0 {
            1.0
        } else {
            (self.done_cost / self.total_cost).clamp(0.0, 1.0)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::herd::{run_point, SimConfig, Sweep};

    fn spec() -> SweepSpec {
        SweepSpec {
            cfg: SimConfig::default(),
            clients: vec![10, 30, 20],
            strategies: vec![Strategy::None, Strategy::Full],
            trials: 4,
            seed: 5,
            trace_first: false,
        }
    }

    #[test]
    fn hands_out_heaviest_first_and_presents_in_sweep_order() {
        let mut board = PointBoard::new(spec());
        assert_eq!(board.total(), 6);
        let mut tasks = Vec::new();
        while let Some(t) = board.take() {
            tasks.push(t);
        }
        let costs: Vec<f64> = tasks
            .iter()
            .map(|t| point_cost(t.clients, t.strategy))
            .collect();
        assert!(costs.windows(2).all(|w| w[0] >= w[1]), "{costs:?}");
        assert_eq!((tasks[0].clients, tasks[0].strategy), (30, Strategy::None));
        // The lightest point can be taken out of turn (a fresh worker's first).
        let mut other = PointBoard::new(spec());
        let light = other.take_lightest().unwrap();
        assert_eq!(light, *tasks.last().unwrap());
        assert_eq!(other.take(), Some(tasks[0]));
        // A lost point comes back first.
        board.give_back(tasks[2]);
        board.give_back(tasks[2]);
        assert_eq!(board.take(), Some(tasks[2]));
        assert_eq!(board.take(), None);
        // Finish them in dispatch order; the summaries stay in sweep order.
        for t in &tasks {
            let cfg = SimConfig::with_clients(t.clients);
            let s = run_point(&cfg, t.strategy, 4, 5);
            board.complete(*t, s.clone()).unwrap();
            assert!(board.complete(*t, s).is_err(), "twice");
            assert!(board.progress() <= 1.0);
        }
        assert!(board.is_done());
        assert_eq!(board.progress(), 1.0);
        let mut sweep = Sweep::new(spec());
        sweep.run_to_end();
        assert_eq!(board.summaries(), sweep.summaries());
    }

    #[test]
    fn refuses_a_summary_of_another_point() {
        let mut board = PointBoard::new(spec());
        let t = board.take().unwrap();
        let other = run_point(&SimConfig::default(), Strategy::Full, 4, 5);
        assert!(board.complete(t, other).is_err());
        assert_eq!(board.progress(), 0.0);
        assert!(!board.is_done());
    }

    #[test]
    fn empty_spec_is_done() {
        let board = PointBoard::new(SweepSpec {
            trials: 0,
            ..spec()
        });
        assert!(board.is_done());
        assert_eq!(board.progress(), 1.0);
    }
}
