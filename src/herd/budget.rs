//! The work a set of `#/herd` parameters asks for, in worst-case simulated
//! writes, and the limits that keep it bounded, applied after the query is
//! read because each depends on several parameters: the sweep's range and
//! step (at most [`MAX_SWEEP_POINTS`] points), then [`MAX_WRITES`] on
//! `n_to` and `trials`.

use crate::kernel::params::{apply_limit, Notice};

use super::bounds::{self, MAX_SWEEP_POINTS, MAX_WRITES};
use super::params::{HerdParams, View};
use super::sim::max_writes_per_trial;

impl HerdParams {
    /// Applies the limits that depend on several parameters, each with one
    /// notice naming what was changed.
    pub(super) fn apply_limits(&mut self, notices: &mut Vec<Notice>) {
        self.limit_sweep_range(notices);
        self.limit_work(notices);
    }

    /// `n_to` not below `n_from`, and a step that keeps the sweep within
    /// [`MAX_SWEEP_POINTS`]: it has ⌊(n_to − n_from) / n_step⌋ + 1 points, so
    /// the least step is ⌊span / MAX⌋ + 1 (1..=199 step 2 and 10..=1000
    /// step 10, exactly 100 points, are allowed).
    fn limit_sweep_range(&mut self, notices: &mut Vec<Notice>) {
        if self.n_to < self.n_from {
            let range = format!("{}–{}", self.n_from, bounds::N_TO.max);
            apply_limit(notices, "n_to", &mut self.n_to, self.n_from, range);
        }
        let min_step = (self.n_to - self.n_from) / MAX_SWEEP_POINTS as u32 + 1;
        if self.n_step < min_step {
            let range = format!("{min_step}–{}", bounds::N_STEP.max);
            apply_limit(notices, "n_step", &mut self.n_step, min_step, range);
        }
    }

    /// The work budget: a sweep whose one trial alone could exceed
    /// [`MAX_WRITES`] ends earlier, then `trials` fits the rest.
    fn limit_work(&mut self, notices: &mut Vec<Notice>) {
        if let Some(fit) = self.largest_fitting_n_to() {
            let range = format!("{}–{fit}", self.n_from);
            apply_limit(notices, "n_to", &mut self.n_to, fit, range);
        }
        let max_trials = self.max_trials();
        if self.trials > max_trials {
            let range = format!("1–{max_trials}");
            apply_limit(notices, "trials", &mut self.trials, max_trials, range);
        }
    }

    /// The N values of the sweep: `n_from, n_from + n_step, …` up to `n_to`.
    pub fn sweep_clients(&self) -> Vec<u32> {
        let step = self.n_step.max(1) as usize;
        (self.n_from..=self.n_to.max(self.n_from))
            .step_by(step)
            .take(MAX_SWEEP_POINTS)
            .collect()
    }

    /// The client counts the current view computes.
    pub(super) fn view_clients(&self) -> Vec<u32> {
        match self.view {
            View::Run => vec![self.clients],
            View::Sweep => self.sweep_clients(),
        }
    }

    /// Most writes one trial of every point and strategy of the current view
    /// can make.
    pub fn worst_writes_per_trial(&self) -> f64 {
        let per: f64 = self
            .view_clients()
            .iter()
            .map(|&n| max_writes_per_trial(n) as f64)
            .sum();
        per * self.strategies.len().max(1) as f64
    }

    /// For a sweep whose one trial alone could exceed [`MAX_WRITES`], the
    /// largest `n_to` that fits; `None` when it fits already.
    fn largest_fitting_n_to(&self) -> Option<u32> {
        if self.view != View::Sweep || self.worst_writes_per_trial() <= MAX_WRITES {
            return None;
        }
        let per_n = self.strategies.len().max(1) as f64;
        let mut sum = 0.0;
        let mut fit = self.n_from;
        for n in self.sweep_clients() {
            sum += max_writes_per_trial(n) as f64 * per_n;
            if sum > MAX_WRITES {
                break;
            }
            fit = n;
        }
        Some(fit)
    }

    /// Most writes the current view can make with its trials.
    pub fn worst_writes(&self) -> f64 {
        self.worst_writes_per_trial() * f64::from(self.trials)
    }

    /// The most trials [`MAX_WRITES`] allows for the current view (≥ 1).
    pub fn max_trials(&self) -> u32 {
        let m = (MAX_WRITES / self.worst_writes_per_trial()).floor();
        (m as u32).clamp(1, bounds::TRIALS.max as u32)
    }
}

/// How long a new worker may take to say it is ready (it receives the
/// page's compiled module, so it neither fetches nor compiles the bundle)
/// before the page computes the points itself.
pub const WORKER_LOAD_MS: f64 = 3000.0;

/// How long a worker may take for one point of `clients` clients and
/// `trials` trials before the page gives the point back and computes it on
/// the main thread: 5 s plus the point's worst case at a pessimistic 2·10⁶
/// writes per second (a worker usually does ten times that).
pub fn point_watchdog_ms(clients: u32, trials: u32) -> f64 {
    5000.0 + max_writes_per_trial(clients) as f64 * f64::from(trials) / 2000.0
}
