//! The page's parameters, read from and written to the URL query.
//!
//! Every parameter has documented bounds ([`bounds`]); bad values are clamped
//! or replaced by the default with a visible notice (see `crate::params`).
//! On top of the per-parameter bounds, a cap on the worst-case number of
//! simulated writes ([`MAX_WRITES`]) bounds `trials`, so that no run or sweep
//! can keep the browser busy for minutes, whatever the parameters.

use crate::ids::id_enum;
use crate::params::{cap_notices, Notice, NoticeKind, Reader};
use crate::route::Query;

use super::chart_data::HistAxis;
use super::sim::{max_writes_per_trial, SimConfig};
use super::strategy::Strategy;
use super::sweep::SweepSpec;

/// Bounds of every URL parameter of `#/herd`.
pub mod bounds {
    use crate::params::Bound;

    /// `clients`: N for the run view.
    pub const CLIENTS: Bound<i64> = Bound {
        name: "clients",
        min: 1,
        max: 1000,
        default: 100,
    };
    /// `trials`: trials per point (further limited by [`super::MAX_WRITES`]).
    pub const TRIALS: Bound<i64> = Bound {
        name: "trials",
        min: 1,
        max: 1000,
        default: 100,
    };
    /// `seed`: any integer JavaScript represents exactly, so the random-seed
    /// button and the URL always agree.
    pub const SEED: Bound<i64> = Bound {
        name: "seed",
        min: 0,
        max: 9_007_199_254_740_991,
        default: 1,
    };
    /// `base` (ms).
    pub const BASE: Bound<f64> = Bound {
        name: "base",
        min: 0.0,
        max: 10_000.0,
        default: 5.0,
    };
    /// `cap` (ms).
    pub const CAP: Bound<f64> = Bound {
        name: "cap",
        min: 0.0,
        max: 600_000.0,
        default: 2000.0,
    };
    /// `net_mean` (ms): mean one-way network delay.
    pub const NET_MEAN: Bound<f64> = Bound {
        name: "net_mean",
        min: 0.0,
        max: 1000.0,
        default: 10.0,
    };
    /// `net_sd` (ms): its standard deviation.
    pub const NET_SD: Bound<f64> = Bound {
        name: "net_sd",
        min: 0.0,
        max: 1000.0,
        default: 2.0,
    };
    /// `n_from`: first N of the sweep.
    pub const N_FROM: Bound<i64> = Bound {
        name: "n_from",
        min: 1,
        max: 1000,
        default: 10,
    };
    /// `n_to`: last N of the sweep (inclusive when on the step grid).
    pub const N_TO: Bound<i64> = Bound {
        name: "n_to",
        min: 1,
        max: 1000,
        default: 190,
    };
    /// `n_step`: step of N in the sweep.
    pub const N_STEP: Bound<i64> = Bound {
        name: "n_step",
        min: 1,
        max: 1000,
        default: 10,
    };
}

/// Most points a sweep may have; a smaller step is raised to respect it.
pub const MAX_SWEEP_POINTS: usize = 100;

/// Hard cap on the simulated writes one page may make, in the worst case.
/// A trial of N clients makes at most N·(N+1)/2 writes
/// ([`super::sim::max_writes_per_trial`]); that bound is reached when the
/// clients move in lockstep (`net_sd=0`, `base=0`), so the budget is checked
/// against it, not against a typical run. 10⁸ keeps the blog's full sweep with
/// all seven strategies at 100 trials (8.7·10⁷ writes at most).
pub const MAX_WRITES: f64 = 1e8;

/// How long a worker may take for one point of `clients` clients and
/// `trials` trials before the page gives the point back and computes it on
/// the main thread: 5 s plus the point's worst case at a pessimistic 2·10⁶
/// writes per second (a worker usually does ten times that).
pub fn point_watchdog_ms(clients: u32, trials: u32) -> f64 {
    5000.0 + max_writes_per_trial(clients) as f64 * f64::from(trials) / 2000.0
}

id_enum! {
    /// Which view of the page.
    View {
        /// One N, many trials, with the histogram and the timeline.
        Run => "run",
        /// The blog's two figures over a range of N.
        Sweep => "sweep",
    }
}

/// Every parameter of `#/herd`.
#[derive(Clone, Debug, PartialEq)]
pub struct HerdParams {
    pub view: View,
    pub clients: u32,
    pub trials: u32,
    pub seed: u64,
    /// Selected strategies, in [`Strategy::ALL`] order, never empty.
    pub strategies: Vec<Strategy>,
    pub base_ms: f64,
    pub cap_ms: f64,
    pub net_mean_ms: f64,
    pub net_sd_ms: f64,
    pub n_from: u32,
    pub n_to: u32,
    pub n_step: u32,
    /// How the run view's histogram panels lay out time (display only).
    pub hist_axis: HistAxis,
    /// Whether the sweep's time chart uses a logarithmic y axis (display only).
    pub time_log: bool,
    /// The strategy the sweep charts bring to the front (display only).
    pub highlight: Option<Strategy>,
}

impl HerdParams {
    /// The parameters without the display-only ones: what is computed.
    pub fn computed(&self) -> HerdParams {
        let d = HerdParams::default();
        HerdParams {
            hist_axis: d.hist_axis,
            time_log: d.time_log,
            highlight: d.highlight,
            ..self.clone()
        }
    }
}

impl Default for HerdParams {
    fn default() -> Self {
        let c = SimConfig::default();
        Self {
            view: View::Run,
            clients: c.clients,
            trials: bounds::TRIALS.default as u32,
            seed: bounds::SEED.default as u64,
            strategies: Strategy::ALL.to_vec(),
            base_ms: c.base_ms,
            cap_ms: c.cap_ms,
            net_mean_ms: c.net_mean_ms,
            net_sd_ms: c.net_sd_ms,
            n_from: bounds::N_FROM.default as u32,
            n_to: bounds::N_TO.default as u32,
            n_step: bounds::N_STEP.default as u32,
            hist_axis: HistAxis::Own,
            time_log: false,
            highlight: None,
        }
    }
}

/// Every URL parameter name of the page.
pub const KNOWN: [&str; 15] = [
    "view",
    "clients",
    "trials",
    "seed",
    "strategies",
    "base",
    "cap",
    "net_mean",
    "net_sd",
    "n_from",
    "n_to",
    "n_step",
    "hist_axis",
    "time_scale",
    "highlight",
];

impl HerdParams {
    /// Reads every parameter; never panics. Notices name each parameter that
    /// was not used as given.
    pub fn from_query(q: &Query) -> (HerdParams, Vec<Notice>) {
        let mut r = Reader::new(q);
        let view =
            View::from_id(&r.choice("view", &View::ids(), View::Run.id())).unwrap_or(View::Run);
        let clients = r.int(bounds::CLIENTS) as u32;
        let trials = r.int(bounds::TRIALS) as u32;
        let seed = r.int(bounds::SEED) as u64;
        let ids = Strategy::all_ids();
        let chosen = r.subset("strategies", &ids, &ids);
        let strategies = Strategy::ALL
            .into_iter()
            .filter(|s| chosen.iter().any(|c| c == s.id()))
            .collect();
        let base_ms = r.float(bounds::BASE);
        let cap_ms = r.float(bounds::CAP);
        let net_mean_ms = r.float(bounds::NET_MEAN);
        let net_sd_ms = r.float(bounds::NET_SD);
        let n_from = r.int(bounds::N_FROM) as u32;
        let mut n_to = r.int(bounds::N_TO) as u32;
        let mut n_step = r.int(bounds::N_STEP) as u32;
        let hist_axis = match r.choice("hist_axis", &["own", "shared"], "own").as_str() {
            "shared" => HistAxis::Shared,
            _ => HistAxis::Own,
        };
        let time_log = r.choice("time_scale", &["linear", "log"], "linear") == "log";
        // `all` (the default) highlights nothing; `none` is the no-backoff strategy.
        let mut focus = vec!["all"];
        focus.extend(ids);
        let highlight = Strategy::from_id(&r.choice("highlight", &focus, "all"));
        r.reject_unknown(&KNOWN);
        let mut notices = r.notices;
        if n_to < n_from {
            clamp_notice(
                &mut notices,
                Notice {
                    kind: NoticeKind::Clamped,
                    param: "n_to".into(),
                    given: n_to.to_string(),
                    range: format!("{n_from}–{}", bounds::N_TO.max),
                    used: n_from.to_string(),
                },
            );
            n_to = n_from;
        }
        let min_step = (n_to - n_from).div_ceil(MAX_SWEEP_POINTS as u32 - 1).max(1);
        if n_step < min_step {
            clamp_notice(
                &mut notices,
                Notice {
                    kind: NoticeKind::Clamped,
                    param: "n_step".into(),
                    given: n_step.to_string(),
                    range: format!("{min_step}–{}", bounds::N_STEP.max),
                    used: min_step.to_string(),
                },
            );
            n_step = min_step;
        }
        let mut p = HerdParams {
            view,
            clients,
            trials,
            seed,
            strategies,
            base_ms,
            cap_ms,
            net_mean_ms,
            net_sd_ms,
            n_from,
            n_to,
            n_step,
            hist_axis,
            time_log,
            highlight,
        };
        if let Some(fit) = p.largest_fitting_n_to() {
            clamp_notice(
                &mut notices,
                Notice {
                    kind: NoticeKind::Clamped,
                    param: "n_to".into(),
                    given: p.n_to.to_string(),
                    range: format!("{}–{fit}", p.n_from),
                    used: fit.to_string(),
                },
            );
            p.n_to = fit;
        }
        let max_trials = p.max_trials();
        if p.trials > max_trials {
            clamp_notice(
                &mut notices,
                Notice {
                    kind: NoticeKind::Clamped,
                    param: "trials".into(),
                    given: p.trials.to_string(),
                    range: format!("1–{max_trials}"),
                    used: max_trials.to_string(),
                },
            );
            p.trials = max_trials;
        }
        (p, cap_notices(notices))
    }

    /// The query that reproduces these parameters exactly.
    pub fn to_query(&self) -> Query {
        let ids: Vec<&str> = self.strategies.iter().map(|s| s.id()).collect();
        let mut q = Query::new()
            .with("view", self.view.id())
            .with("clients", self.clients.to_string())
            .with("trials", self.trials.to_string())
            .with("seed", self.seed.to_string())
            .with("strategies", ids.join(","))
            .with("base", fmt_num(self.base_ms))
            .with("cap", fmt_num(self.cap_ms))
            .with("net_mean", fmt_num(self.net_mean_ms))
            .with("net_sd", fmt_num(self.net_sd_ms));
        let d = HerdParams::default();
        if self.view == View::Sweep
            || (self.n_from, self.n_to, self.n_step) != (d.n_from, d.n_to, d.n_step)
        {
            q.set("n_from", self.n_from.to_string());
            q.set("n_to", self.n_to.to_string());
            q.set("n_step", self.n_step.to_string());
        }
        if self.hist_axis != HistAxis::Own {
            q.set("hist_axis", self.hist_axis.id());
        }
        if self.time_log {
            q.set("time_scale", "log");
        }
        if let Some(s) = self.highlight {
            q.set("highlight", s.id());
        }
        q
    }

    /// The simulation settings for `clients` clients.
    pub fn sim_config(&self, clients: u32) -> SimConfig {
        SimConfig {
            clients,
            base_ms: self.base_ms,
            cap_ms: self.cap_ms,
            net_mean_ms: self.net_mean_ms,
            net_sd_ms: self.net_sd_ms,
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
    fn view_clients(&self) -> Vec<u32> {
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

    /// What the current view computes.
    pub fn spec(&self) -> SweepSpec {
        SweepSpec {
            cfg: self.sim_config(self.clients),
            clients: self.view_clients(),
            strategies: self.strategies.clone(),
            trials: self.trials,
            seed: self.seed,
            trace_first: self.view == View::Run,
        }
    }
}

/// Adds a notice for a limit that depends on other parameters. If the
/// parameter already has a notice (e.g. `n_step=0` was raised to 1), that one
/// is updated, keeping the raw value the user gave, so each parameter gets one.
fn clamp_notice(notices: &mut Vec<Notice>, n: Notice) {
    match notices.iter_mut().find(|o| o.param == n.param) {
        Some(o) => {
            o.kind = NoticeKind::Clamped;
            o.range = n.range;
            o.used = n.used;
        }
        None => notices.push(n),
    }
}

/// A number for the URL: integers without `.0`, others as Rust prints them
/// (shortest text that parses back to the same f64).
pub fn fmt_num(v: f64) -> String {
    if v.fract() == 0.0 && v.abs() < 1e15 {
        format!("{}", v as i64)
    } else {
        format!("{v}")
    }
}
