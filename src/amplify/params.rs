//! The page's parameters, read from and written to the URL query; the CLI
//! reads its `--name value` options through the same function, so both use
//! one set of bounds ([`super::bounds`]) and defaults.

use crate::kernel::ids::id_enum;
use crate::kernel::page_params::Limit;
use crate::kernel::param_table::{always, names, param, read_rows, row, write_rows, Field, Param};
use crate::kernel::params::{
    apply_limit, cap_notices, check_int, limit_notice, Bound, Notice, Query, Reader,
};

use super::bounds as b;
use super::fanout::{FanoutConfig, FanoutPolicy, MAX_LAYERS};
use super::load::{LoadConfig, LoadPolicy};
use super::load_presets::Preset;

id_enum! {
    /// Which view of the page.
    View {
        /// One logical call as a tree of attempts, and the mean over many.
        Fanout => "fanout",
        /// A stream of calls over time, policies side by side.
        Load => "load",
        /// Brooker's comparison: amplification and success against `p`.
        Sweep => "sweep",
    }
}

impl View {
    /// The load preset the view starts from.
    pub fn default_preset(self) -> Preset {
        match self {
            View::Sweep => Preset::Brooker,
            _ => Preset::Metastable,
        }
    }
}

/// Every parameter of `#/amplify`.
#[derive(Clone, Debug, PartialEq)]
pub struct AmplifyParams {
    pub view: View,
    pub seed: u64,
    /// Fanout settings (layers and p shared with the load views).
    pub fanout: FanoutConfig,
    pub trials: u32,
    /// Attempts of the traced call shown (−1 = all).
    pub step: i64,
    pub preset: Preset,
    pub policies: Vec<LoadPolicy>,
    /// Load settings (its `layers` and `p` are the same as `fanout`'s).
    pub load: LoadConfig,
    pub calls: u32,
    pub steps: u32,
}

/// What the page reads before its rows: the view and the preset, whose
/// settings are the other rows' defaults, and the layers (their notice
/// comes first).
pub struct Context {
    pub view: View,
    pub preset: Preset,
    /// The preset's settings.
    pub config: LoadConfig,
}

/// One load setting: a float whose default is the preset's (cut to the
/// bound, so a preset's open-ended incident ends at the page's limit),
/// written on the load views where it differs from that default.
macro_rules! load_row {
    ($bound:expr, $label:literal, $($field:ident).+) => {
        Param {
            read: Some(|r, c, p| {
                p.load.$($field).+ = r.float(with_default($bound, c.config.$($field).+.min($bound.max)))
            }),
            written: |p| {
                p.view != View::Fanout
                    && p.load.$($field).+ != p.preset.config().$($field).+.min($bound.max)
            },
            ..param!(float $label, $bound, load.$($field).+)
        }
    };
}

/// Every URL parameter of the page, in the order it reads them (the
/// notices follow it).
pub const PARAMS: [Param<AmplifyParams, Context>; 29] = [
    Param {
        name: "view",
        label: "amplify.param.view",
        field: Field::Choice,
        limit: None,
        read: None,
        value: |p| p.view.id().into(),
        written: always,
    },
    Param {
        name: "layers",
        label: "amplify.param.layers",
        field: Field::Numbers,
        limit: Some(Limit::int(b::ATTEMPTS)),
        read: None,
        value: |p| join(&p.fanout.layers),
        written: always,
    },
    Param {
        read: Some(|r, c, p| {
            let default = match c.view {
                View::Fanout => b::P.default,
                _ => c.config.p,
            };
            p.fanout.p = r.float(with_default(b::P, default));
            p.load.p = p.fanout.p;
        }),
        ..param!(float "amplify.param.p", b::P, fanout.p)
    },
    Param {
        written: |p| p.view == View::Fanout,
        ..param!(pick "policy", "amplify.param.policy", fanout.policy)
    },
    Param {
        written: |p| p.view == View::Fanout && p.fanout.policy == FanoutPolicy::Budget,
        ..param!(int "amplify.param.budget", b::BUDGET, fanout.budget)
    },
    Param {
        written: |p| p.view == View::Fanout,
        ..param!(int "amplify.param.trials", b::TRIALS, trials)
    },
    Param {
        written: |p| p.view == View::Fanout && p.step >= 0,
        ..param!(int "amplify.param.step", b::STEP, step)
    },
    Param {
        // The page opened bare is the fanout view, with its own seed.
        limit: Some(Limit::int(Bound {
            default: b::FANOUT_SEED,
            ..b::SEED
        })),
        read: Some(|r, c, p| p.seed = read_seed(r, c.view)),
        ..param!(int "amplify.param.seed", b::SEED, seed)
    },
    Param {
        name: "preset",
        label: "amplify.param.preset",
        field: Field::Choice,
        limit: None,
        read: None,
        value: |p| p.preset.id().into(),
        written: |p| p.view != View::Fanout,
    },
    Param {
        written: |p| p.view != View::Fanout,
        ..param!(set "policies", "amplify.param.policies", policies)
    },
    load_row!(b::RATE, "amplify.param.rate", rate),
    load_row!(b::CAPACITY, "amplify.param.capacity", capacity),
    load_row!(b::TIMEOUT, "amplify.param.timeout", timeout),
    load_row!(b::DURATION, "amplify.param.duration", duration),
    load_row!(
        b::INCIDENT_START,
        "amplify.param.incident_start",
        incident.start
    ),
    load_row!(b::INCIDENT_END, "amplify.param.incident_end", incident.end),
    load_row!(
        b::TRIGGER_START,
        "amplify.param.trigger_start",
        trigger.start
    ),
    load_row!(b::TRIGGER_END, "amplify.param.trigger_end", trigger.end),
    load_row!(
        b::TRIGGER_CAPACITY,
        "amplify.param.trigger_capacity",
        trigger_capacity
    ),
    load_row!(b::BASE, "amplify.param.base", base),
    load_row!(b::CAP, "amplify.param.cap", cap),
    load_row!(b::DEADLINE, "amplify.param.deadline", deadline),
    load_row!(b::RETRY_AFTER, "amplify.param.retry_after", retry_after),
    load_row!(b::SHED, "amplify.param.shed", shed),
    load_row!(b::BUDGET_RATIO, "amplify.param.budget_ratio", budget_ratio),
    load_row!(b::REFILL, "amplify.param.refill", refill),
    load_row!(b::RECOVER_PCT, "amplify.param.recover_pct", recover_pct),
    Param {
        written: |p| p.view == View::Sweep,
        ..param!(int "amplify.param.calls", b::CALLS, calls)
    },
    Param {
        written: |p| p.view == View::Sweep,
        ..param!(int "amplify.param.steps", b::STEPS, steps)
    },
];

/// Every URL parameter name of the page.
pub const KNOWN: [&str; 29] = names(&PARAMS);

impl Default for AmplifyParams {
    fn default() -> Self {
        Self::from_query(&Query::new()).0
    }
}

impl AmplifyParams {
    /// One view at its defaults (its own default preset): a tab's link.
    pub fn view_start(view: View) -> AmplifyParams {
        AmplifyParams::for_view(view, view.default_preset())
    }

    /// The defaults of `view` with the load preset `preset` (its settings,
    /// layers and failure rate on the load views).
    pub fn for_view(view: View, preset: Preset) -> AmplifyParams {
        let q = Query::new()
            .with("view", view.id())
            .with("preset", preset.id());
        Self::from_query(&q).0
    }
}

fn with_default(bound: Bound<f64>, default: f64) -> Bound<f64> {
    Bound { default, ..bound }
}

/// Reads `layers=4,3`: 1–6 entries of 1–10 attempts.
fn read_layers(q: &Query, default: &[u32], notices: &mut Vec<Notice>) -> Vec<u32> {
    let Some(raw) = q.get("layers") else {
        return default.to_vec();
    };
    let mut out = Vec::new();
    let mut bad = false;
    for part in raw.split(',') {
        let (v, n) = check_int(part, b::ATTEMPTS);
        bad |= n.is_some();
        out.push(v as u32);
    }
    if out.len() > MAX_LAYERS {
        out.truncate(MAX_LAYERS);
        bad = true;
    }
    if raw.trim().is_empty() {
        out = default.to_vec();
        bad = true;
    }
    if bad {
        limit_notice(
            notices,
            "layers",
            raw.into(),
            format!("1–{MAX_LAYERS} × {}", b::ATTEMPTS.range_text()),
            join(&out),
        );
    }
    out
}

fn join(layers: &[u32]) -> String {
    layers
        .iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(",")
}

/// `seed=`: the fanout view starts from its own seed (one whose first call
/// shows retries), the load views from the common default.
fn read_seed(r: &mut Reader, view: View) -> u64 {
    let default = match view {
        View::Fanout => b::FANOUT_SEED,
        _ => b::SEED.default,
    };
    r.int(Bound { default, ..b::SEED }) as u64
}

impl AmplifyParams {
    /// Reads every parameter; never panics. Notices name each parameter that
    /// was not used as given (in the order they are read).
    pub fn from_query(q: &Query) -> (AmplifyParams, Vec<Notice>) {
        let mut r = Reader::new(q);
        let view = r.pick("view", View::Fanout);
        let preset = r.pick("preset", view.default_preset());
        let config = preset.config();
        // The fanout view has its own layers; the load views start from
        // the preset's.
        let layers_default = match view {
            View::Fanout => b::FANOUT_LAYERS.to_vec(),
            _ => config.layers.clone(),
        };
        let mut notices = Vec::new();
        let layers = read_layers(q, &layers_default, &mut notices);
        let mut prm = AmplifyParams::unread(view, preset, layers, &config);
        let ctx = Context {
            view,
            preset,
            config,
        };
        read_rows(&PARAMS, &mut r, &ctx, &mut prm);
        notices.extend(r.notices);
        prm.apply_limits(&mut notices);
        (prm, cap_notices(notices))
    }

    /// The parameters before the rows read theirs: the view, the preset,
    /// the layers, and the preset's load settings.
    fn unread(view: View, preset: Preset, layers: Vec<u32>, config: &LoadConfig) -> Self {
        AmplifyParams {
            view,
            seed: b::SEED.default as u64,
            fanout: FanoutConfig {
                layers: layers.clone(),
                p: b::P.default,
                policy: FanoutPolicy::Independent,
                budget: b::BUDGET.default as u32,
            },
            trials: b::TRIALS.default as u32,
            step: b::STEP.default,
            preset,
            policies: preset.policies(),
            load: LoadConfig {
                layers,
                max_calls: 0,
                ..config.clone()
            },
            calls: b::CALLS.default as u32,
            steps: b::STEPS.default as u32,
        }
    }

    /// Limits that depend on several parameters: windows end after they
    /// start, and the work of one view stays bounded.
    fn apply_limits(&mut self, notices: &mut Vec<Notice>) {
        for (w, end) in [
            (&mut self.load.incident, b::INCIDENT_END),
            (&mut self.load.trigger, b::TRIGGER_END),
        ] {
            if w.end < w.start {
                let range = format!("{}–{}", w.start, end.max);
                apply_limit(notices, end.name, &mut w.end, w.start, range);
            }
        }
        let max_duration = (b::LOAD_CALLS / self.load.rate).floor().max(1.0);
        if self.load.duration > max_duration {
            let range = format!("1–{max_duration}");
            apply_limit(
                notices,
                "duration",
                &mut self.load.duration,
                max_duration,
                range,
            );
        }
        let worst = self.fanout.max_bottom().max(1) as f64;
        let max_trials = ((b::FANOUT_WORK / worst).floor() as u32).clamp(1, b::TRIALS.max as u32);
        if self.trials > max_trials {
            let range = format!("1–{max_trials}");
            apply_limit(notices, "trials", &mut self.trials, max_trials, range);
        }
    }

    /// The query that reproduces these parameters: the view's own ones,
    /// and load settings only where they differ from the preset's. The
    /// seed comes last, as it always has in a shared link.
    pub fn to_query(&self) -> Query {
        let mut q = write_rows(&PARAMS, self);
        q.remove("seed");
        q.set("seed", self.seed.to_string());
        q
    }

    /// The value of parameter `name` as the URL writes it (and the form
    /// shows it), written or not.
    pub fn value(&self, name: &str) -> String {
        row(&PARAMS, name).map_or_else(String::new, |r| (r.value)(self))
    }

    /// The layers as written in the URL, e.g. `4,3`.
    pub fn layers_text(&self) -> String {
        join(&self.fanout.layers)
    }
}

/// A number for the URL (the one writer of every page's numbers).
pub use crate::kernel::params::url_num as fmt_num;

crate::kernel::param_table::page_params!(AmplifyParams, PARAMS, to_query);
