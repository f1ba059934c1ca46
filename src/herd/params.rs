//! The page's parameters, read from and written to the URL query.
//!
//! Every parameter has documented bounds ([`bounds`]); bad values are clamped
//! or replaced by the default with a visible notice (see `crate::kernel::params`).
//! On top of the per-parameter bounds, the limits that depend on several
//! parameters (the sweep's range and step, a cap on the worst-case number of
//! simulated writes, [`MAX_WRITES`]) are applied after reading (in
//! `super::budget`), so that no run or sweep can keep the browser busy for
//! minutes, whatever the parameters.

use crate::kernel::ids::id_enum;
use crate::kernel::param_table::{always, names, param, read_table, write_rows, Field, Param};
use crate::kernel::params::{cap_notices, Notice, Query, Reader};

use super::chart_data::HistAxis;
use super::sim::SimConfig;
use super::strategy::Strategy;
use super::sweep::SweepSpec;

pub use super::bounds::{self, MAX_SWEEP_POINTS, MAX_WRITES};

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
    /// How the run view's per-client timeline panels lay out time: each
    /// over its own trial (the default) or all on one axis (display only).
    pub timeline_axis: HistAxis,
    /// Whether the sweep's time chart uses a logarithmic y axis (display
    /// only; the default, so that no-jitter's ~100 s does not flatten the
    /// other curves).
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
            timeline_axis: d.timeline_axis,
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
            timeline_axis: HistAxis::Own,
            time_log: true,
            highlight: None,
        }
    }
}

/// Every URL parameter of the page, in the order of its fields (the
/// notices and the query follow it); `trials` and `seed` are read within
/// the page's or the CLI's [`bounds::Limits`].
pub const PARAMS: [Param<HerdParams, bounds::Limits>; 16] = [
    param!(pick "view", "herd.view.label", view),
    param!(int "herd.param.clients", bounds::CLIENTS, clients),
    Param {
        read: Some(|r, limits, p| p.trials = r.int(limits.trials) as u32),
        ..param!(int "common.field.trials", bounds::TRIALS, trials)
    },
    Param {
        read: Some(|r, limits, p| p.seed = r.int(limits.seed)),
        ..param!(int "common.seed", bounds::SEED, seed)
    },
    param!(set "strategies", "herd.param.strategies", strategies),
    param!(float "herd.param.base", bounds::BASE, base_ms),
    param!(float "herd.param.cap", bounds::CAP, cap_ms),
    param!(float "herd.param.net_mean", bounds::NET_MEAN, net_mean_ms),
    param!(float "herd.param.net_sd", bounds::NET_SD, net_sd_ms),
    param!(int "herd.param.n_from", bounds::N_FROM, n_from),
    param!(int "herd.param.n_to", bounds::N_TO, n_to),
    param!(int "herd.param.n_step", bounds::N_STEP, n_step),
    param!(pick "hist_axis", "common.field.hist_axis", hist_axis),
    param!(pick "timeline_axis", "common.field.timeline_axis", timeline_axis),
    Param {
        name: "time_scale",
        label: "common.field.time_scale",
        field: Field::Choice,
        limit: None,
        read: Some(|r, _, p| {
            p.time_log = r.choice("time_scale", &["linear", "log"], "log") == "log";
        }),
        value: |p| if p.time_log { "log" } else { "linear" }.into(),
        written: always,
    },
    Param {
        name: "highlight",
        label: "common.field.highlight",
        field: Field::Choice,
        limit: None,
        read: Some(|r, _, p| p.highlight = read_highlight(r)),
        value: |p| p.highlight.map_or("all", |s| s.id()).into(),
        written: always,
    },
];

/// Every URL parameter name of the page.
pub const KNOWN: [&str; 16] = names(&PARAMS);

impl HerdParams {
    /// Reads every parameter; never panics. Notices name each parameter that
    /// was not used as given.
    pub fn from_query(q: &Query) -> (HerdParams, Vec<Notice>) {
        let (mut p, mut notices) = Self::read(q, bounds::PAGE);
        p.apply_limits(&mut notices);
        (p, cap_notices(notices))
    }

    /// Reads every parameter within its own bound, `trials` and `seed`
    /// within `limits`; the limits that depend on several parameters (the
    /// page's work budget, [`Self::from_query`]) are not applied. The
    /// `herd` CLI reads its flags here with [`bounds::CLI`].
    pub fn read(q: &Query, limits: bounds::Limits) -> (HerdParams, Vec<Notice>) {
        read_table(&PARAMS, q, &limits)
    }

    /// The query that reproduces these parameters exactly: every pair
    /// (links and the address bar drop the defaults,
    /// [`PageParams::minimal_query`]).
    pub fn to_query(&self) -> Query {
        write_rows(&PARAMS, self)
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

/// `highlight=`: a strategy's id, or `all` (the default) for none; `none`
/// is the no-backoff strategy.
fn read_highlight(r: &mut Reader) -> Option<Strategy> {
    let mut focus = vec!["all"];
    focus.extend(Strategy::ids());
    Strategy::from_id(&r.choice("highlight", &focus, "all"))
}

/// A number for the URL (the one writer of every page's numbers).
pub use crate::kernel::params::url_num as fmt_num;

crate::kernel::param_table::page_params!(HerdParams, PARAMS, to_query);
