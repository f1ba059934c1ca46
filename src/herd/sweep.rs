//! An incremental sweep: many points (N × strategy), each of many trials,
//! advanced by a bounded number of writes per call.
//!
//! The browser calls [`Sweep::advance`] from timer callbacks and redraws from
//! [`Sweep::summaries`] between calls, so the page never blocks and the
//! charts grow while it computes. The run view is a sweep with one N that
//! also keeps the trace of trial 0 of each strategy. Results do not depend on
//! how the work was sliced: every trial's seed comes from [`trial_seed`].

use super::sim::{SimConfig, Simulation, Trace, TrialResult, WriteRecord};
use super::stats::{trial_seed, PointSummary};
use super::strategy::Strategy;

/// What to compute.
#[derive(Clone, Debug, PartialEq)]
pub struct SweepSpec {
    /// Network and backoff settings; `clients` is ignored (see `clients`).
    pub cfg: SimConfig,
    /// The client counts, in order.
    pub clients: Vec<u32>,
    /// The strategies, in order.
    pub strategies: Vec<Strategy>,
    /// Trials per point.
    pub trials: u32,
    /// Master seed.
    pub seed: u64,
    /// Whether to record every write of trial 0 of each point.
    pub trace_first: bool,
}

impl SweepSpec {
    /// Number of trials in the whole sweep.
    pub fn total_trials(&self) -> u64 {
        self.clients.len() as u64 * self.strategies.len() as u64 * u64::from(self.trials)
    }

    fn total_weight(&self) -> f64 {
        self.clients.iter().map(|&n| f64::from(n)).sum::<f64>()
            * self.strategies.len() as f64
            * f64::from(self.trials)
    }
}

/// A sweep in progress.
pub struct Sweep {
    spec: SweepSpec,
    point: usize,
    strategy: usize,
    trial: u32,
    current: Option<Simulation>,
    trace_buf: Vec<WriteRecord>,
    results: Vec<TrialResult>,
    summaries: Vec<PointSummary>,
    traces: Vec<Trace>,
    done_weight: f64,
    total_weight: f64,
    writes: u64,
}

impl Sweep {
    /// A sweep that has not started.
    pub fn new(spec: SweepSpec) -> Self {
        let total_weight = spec.total_weight();
        let results = Vec::with_capacity(spec.trials as usize);
        Self {
            spec,
            point: 0,
            strategy: 0,
            trial: 0,
            current: None,
            trace_buf: Vec::new(),
            results,
            summaries: Vec::new(),
            traces: Vec::new(),
            done_weight: 0.0,
            total_weight,
            writes: 0,
        }
    }

    /// The spec being computed.
    pub fn spec(&self) -> &SweepSpec {
        &self.spec
    }

    /// Whether every point is done (an empty spec is done at once).
    pub fn is_done(&self) -> bool {
        self.spec.trials == 0
            || self.spec.strategies.is_empty()
            || self.point >= self.spec.clients.len()
    }

    /// Fraction of the work done, 0..=1 (trials weighted by N).
    pub fn progress(&self) -> f64 {
        if self.is_done() || self.total_weight <= 0.0 {
            1.0
        } else {
            (self.done_weight / self.total_weight).clamp(0.0, 1.0)
        }
    }

    /// Writes simulated so far.
    pub fn writes(&self) -> u64 {
        self.writes
    }

    /// Finished points, in sweep order (N-major, then strategy).
    pub fn summaries(&self) -> &[PointSummary] {
        &self.summaries
    }

    /// Traces of trial 0 of each finished point (only with `trace_first`).
    pub fn traces(&self) -> &[Trace] {
        &self.traces
    }

    /// Processes at most `max_writes` writes (at least one trial start or one
    /// write per call, so it always makes progress); returns how many writes.
    pub fn advance(&mut self, max_writes: u64) -> u64 {
        let mut budget = max_writes.max(1);
        let mut done = 0;
        while budget > 0 && !self.is_done() {
            let clients = self.spec.clients[self.point];
            let strategy = self.spec.strategies[self.strategy];
            let tracing = self.spec.trace_first && self.trial == 0;
            let sim = self.current.get_or_insert_with(|| {
                let cfg = SimConfig {
                    clients,
                    ..self.spec.cfg
                };
                let seed = trial_seed(self.spec.seed, clients, strategy, self.trial);
                Simulation::new(&cfg, strategy, seed)
            });
            let n = if tracing {
                let mut n = 0;
                while n < budget {
                    match sim.step() {
                        Some(w) => self.trace_buf.push(w),
                        None => break,
                    }
                    n += 1;
                }
                n
            } else {
                sim.step_many(budget)
            };
            budget -= n;
            done += n;
            self.writes += n;
            if sim.is_done() {
                self.finish_trial();
            }
        }
        done
    }

    /// Runs the rest of the sweep in one go (native callers).
    pub fn run_to_end(&mut self) {
        while !self.is_done() {
            self.advance(u64::MAX);
        }
    }

    fn finish_trial(&mut self) {
        let Some(sim) = self.current.take() else {
            return;
        };
        let result = sim.result();
        let clients = self.spec.clients[self.point];
        let strategy = self.spec.strategies[self.strategy];
        if self.spec.trace_first && self.trial == 0 {
            self.traces.push(Trace {
                clients,
                strategy,
                result,
                writes: std::mem::take(&mut self.trace_buf),
            });
        }
        self.results.push(result);
        self.done_weight += f64::from(clients);
        self.trial += 1;
        if self.trial >= self.spec.trials {
            self.summaries
                .push(PointSummary::from_results(clients, strategy, &self.results));
            self.results.clear();
            self.trial = 0;
            self.strategy += 1;
            if self.strategy >= self.spec.strategies.len() {
                self.strategy = 0;
                self.point += 1;
            }
        }
    }
}
