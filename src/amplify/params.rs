//! The page's parameters, read from and written to the URL query; the CLI
//! reads its `--name value` options through the same function, so both use
//! one set of bounds ([`super::bounds`]) and defaults.

use crate::kernel::ids::id_enum;
use crate::kernel::params::{
    apply_limit, cap_notices, check_int, limit_notice, Bound, Notice, Reader,
};
use crate::pages::route::Query;

use super::bounds as b;
use super::fanout::{FanoutConfig, FanoutPolicy, MAX_LAYERS};
use super::load::{LoadConfig, LoadPolicy, Window};
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

/// Every URL parameter name of the page.
pub const KNOWN: [&str; 29] = [
    "view",
    "layers",
    "p",
    "policy",
    "budget",
    "trials",
    "step",
    "seed",
    "preset",
    "policies",
    "rate",
    "capacity",
    "timeout",
    "duration",
    "incident_start",
    "incident_end",
    "trigger_start",
    "trigger_end",
    "trigger_capacity",
    "base",
    "cap",
    "deadline",
    "retry_after",
    "shed",
    "budget_ratio",
    "refill",
    "recover_pct",
    "calls",
    "steps",
];

impl Default for AmplifyParams {
    fn default() -> Self {
        Self::from_query(&Query::new()).0
    }
}

impl AmplifyParams {
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

/// The load settings, each defaulting to the preset's `d` (layers and
/// failure rate are the fanout's, read before).
fn read_load(r: &mut Reader, d: &LoadConfig, layers: Vec<u32>, p: f64) -> LoadConfig {
    LoadConfig {
        layers,
        p,
        rate: r.float(with_default(b::RATE, d.rate)),
        capacity: r.float(with_default(b::CAPACITY, d.capacity)),
        timeout: r.float(with_default(b::TIMEOUT, d.timeout)),
        duration: r.float(with_default(b::DURATION, d.duration)),
        max_calls: 0,
        incident: Window {
            start: r.float(with_default(b::INCIDENT_START, d.incident.start)),
            end: r.float(with_default(
                b::INCIDENT_END,
                d.incident.end.min(b::INCIDENT_END.max),
            )),
        },
        trigger: Window {
            start: r.float(with_default(b::TRIGGER_START, d.trigger.start)),
            end: r.float(with_default(b::TRIGGER_END, d.trigger.end)),
        },
        trigger_capacity: r.float(with_default(b::TRIGGER_CAPACITY, d.trigger_capacity)),
        base: r.float(with_default(b::BASE, d.base)),
        cap: r.float(with_default(b::CAP, d.cap)),
        deadline: r.float(with_default(b::DEADLINE, d.deadline)),
        retry_after: r.float(with_default(b::RETRY_AFTER, d.retry_after)),
        shed: r.float(with_default(b::SHED, d.shed)),
        budget_ratio: r.float(with_default(b::BUDGET_RATIO, d.budget_ratio)),
        refill: r.float(with_default(b::REFILL, d.refill)),
        recover_pct: r.float(with_default(b::RECOVER_PCT, d.recover_pct)),
    }
}

impl AmplifyParams {
    /// Reads every parameter; never panics. Notices name each parameter that
    /// was not used as given (in the order they are read).
    pub fn from_query(q: &Query) -> (AmplifyParams, Vec<Notice>) {
        let mut r = Reader::new(q);
        let view = r.pick("view", View::Fanout);
        let preset = r.pick("preset", view.default_preset());
        // The fanout view has its own layers and failure rate; the load
        // views start from the preset's.
        let d = preset.config();
        let (layers_default, p_default) = match view {
            View::Fanout => (b::FANOUT_LAYERS.to_vec(), b::P.default),
            _ => (d.layers.clone(), d.p),
        };
        let mut notices = Vec::new();
        let layers = read_layers(q, &layers_default, &mut notices);
        let p = r.float(with_default(b::P, p_default));
        let fanout = FanoutConfig {
            layers: layers.clone(),
            p,
            policy: r.pick("policy", FanoutPolicy::Independent),
            budget: r.int(b::BUDGET) as u32,
        };
        let mut prm = AmplifyParams {
            view,
            fanout,
            trials: r.int(b::TRIALS) as u32,
            step: r.int(b::STEP),
            seed: read_seed(&mut r, view),
            preset,
            policies: r.pick_set("policies", &preset.policies()),
            load: read_load(&mut r, &d, layers, p),
            calls: r.int(b::CALLS) as u32,
            steps: r.int(b::STEPS) as u32,
        };
        r.reject_unknown(&KNOWN);
        notices.extend(r.notices);
        prm.apply_limits(&mut notices);
        (prm, cap_notices(notices))
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
    /// and load settings only where they differ from the preset's.
    pub fn to_query(&self) -> Query {
        let mut q = Query::new()
            .with("view", self.view.id())
            .with("layers", join(&self.fanout.layers))
            .with("p", fmt_num(self.fanout.p));
        if self.view == View::Fanout {
            q.set("policy", self.fanout.policy.id());
            if self.fanout.policy == FanoutPolicy::Budget {
                q.set("budget", self.fanout.budget.to_string());
            }
            q.set("trials", self.trials.to_string());
            if self.step >= 0 {
                q.set("step", self.step.to_string());
            }
        } else {
            q.set("preset", self.preset.id());
            let ids: Vec<&str> = self.policies.iter().map(|p| p.id()).collect();
            q.set("policies", ids.join(","));
            let d = self.preset.config();
            let l = &self.load;
            for (name, v, dv) in [
                ("rate", l.rate, d.rate),
                ("capacity", l.capacity, d.capacity),
                ("timeout", l.timeout, d.timeout),
                ("duration", l.duration, d.duration),
                ("incident_start", l.incident.start, d.incident.start),
                (
                    "incident_end",
                    l.incident.end,
                    d.incident.end.min(b::INCIDENT_END.max),
                ),
                ("trigger_start", l.trigger.start, d.trigger.start),
                ("trigger_end", l.trigger.end, d.trigger.end),
                ("trigger_capacity", l.trigger_capacity, d.trigger_capacity),
                ("base", l.base, d.base),
                ("cap", l.cap, d.cap),
                ("deadline", l.deadline, d.deadline),
                ("retry_after", l.retry_after, d.retry_after),
                ("shed", l.shed, d.shed),
                ("budget_ratio", l.budget_ratio, d.budget_ratio),
                ("refill", l.refill, d.refill),
                ("recover_pct", l.recover_pct, d.recover_pct),
            ] {
                if v != dv {
                    q.set(name, fmt_num(v));
                }
            }
            if self.view == View::Sweep {
                q.set("calls", self.calls.to_string());
                q.set("steps", self.steps.to_string());
            }
        }
        q.set("seed", self.seed.to_string());
        q
    }

    /// The layers as written in the URL, e.g. `4,3`.
    pub fn layers_text(&self) -> String {
        join(&self.fanout.layers)
    }
}

/// A number for the URL (the one writer of every page's numbers).
pub use crate::kernel::params::url_num as fmt_num;
