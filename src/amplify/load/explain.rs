//! Why a lane did what it did, in one line derived from its own run: the
//! policy's mechanism with the run's counts, then what the server went
//! through after the trigger. The page and the tests read the same facts;
//! the lines are sentences with typed numbers, which the page writes.

use super::config::{LoadConfig, LoadPolicy};
use super::series::{Series, BIN_S};
use super::sim::LoadOutcome;
use crate::kernel::text::{Arg, Sentence};

/// Seconds after the trigger over which the offered load is averaged.
pub const AFTER_S: usize = 10;

/// What one run measured, beyond its headline numbers.
#[derive(Clone, Debug, PartialEq)]
pub struct LaneFacts {
    /// Retries among the requests that reached the server (0–1).
    pub retry_share: f64,
    /// Served requests whose client had already given up (0–1 of served).
    pub wasted_share: f64,
    pub dropped: u64,
    pub fast_fails: u64,
    /// Retries the policy refused although a layer had attempts left.
    pub refused: u64,
    /// Seconds of queued work when the trigger ended.
    pub backlog: Option<f64>,
    /// Mean requests per second at the server in the [`AFTER_S`] seconds
    /// after the trigger (over the whole run when there is no trigger).
    pub load_after: f64,
    /// The most requests the server received in one second.
    pub peak_load: f64,
    /// The highest per-second amplification, and the run's mean.
    pub peak_amplification: f64,
    pub amplification: f64,
    /// Requests of call 0 and how long they took from first to last (s).
    pub first_call_requests: usize,
    pub first_call_span: f64,
}

fn ratio(a: u64, b: u64) -> f64 {
    if b == 0 {
        0.0
    } else {
        a as f64 / b as f64
    }
}

fn mean_requests(s: &Series, from: usize, to: usize) -> f64 {
    let to = to.min(s.bins.len());
    if to <= from {
        return 0.0;
    }
    let n: u64 = s.bins[from..to].iter().map(|b| u64::from(b.requests)).sum();
    n as f64 / (to - from) as f64 / BIN_S
}

impl LaneFacts {
    /// The facts of run `o` of `cfg`.
    pub fn of(cfg: &LoadConfig, o: &LoadOutcome, has_trigger: bool) -> Self {
        let s = &o.series;
        let load_after = if has_trigger {
            let te = (cfg.trigger.end / BIN_S).ceil() as usize;
            mean_requests(s, te, te + AFTER_S)
        } else {
            mean_requests(s, 0, s.bins.len())
        };
        let first = o.first_call.first().map_or(0.0, |r| r.t);
        let last = o.first_call.last().map_or(0.0, |r| r.t);
        LaneFacts {
            retry_share: ratio(o.retries, o.requests),
            wasted_share: ratio(o.wasted, o.served),
            dropped: o.dropped,
            fast_fails: o.fast_fails,
            refused: o.refused,
            backlog: o.backlog_at_trigger_end.filter(|_| has_trigger),
            load_after,
            peak_load: s
                .bins
                .iter()
                .map(|b| f64::from(b.requests))
                .fold(0.0, f64::max),
            peak_amplification: s
                .bins
                .iter()
                .filter_map(|b| b.amplification())
                .fold(0.0, f64::max),
            amplification: o.amplification(),
            first_call_requests: o.first_call.len(),
            first_call_span: last - first,
        }
    }
}

/// A share as the «why» lines state it: a whole percentage.
fn pct(x: f64) -> Arg {
    Arg::Pct(x, 0)
}

/// A rate or a span in seconds: whole from ten up (and when whole), else
/// one decimal.
fn num(x: f64) -> Arg {
    let decimals = if x >= 10.0 || x.fract() == 0.0 { 0 } else { 1 };
    Arg::Fixed(x, decimals)
}

/// The policy's mechanism, with this run's counts. A bucket that never ran
/// dry and a breaker that never opened say so instead.
pub fn mechanism(policy: LoadPolicy, cfg: &LoadConfig, f: &LaneFacts) -> Sentence {
    use LoadPolicy as P;
    let retry = ("retry_pct", pct(f.retry_share));
    let refused = ("refused", Arg::Raw(f.refused.to_string().into()));
    let bucket = matches!(
        policy,
        P::TokenBucket | P::TokenBucketFixedRate | P::TokenBucketAws
    );
    let (key, args) = match policy {
        _ if bucket && f.refused == 0 => ("amplify.why.bucket_never_empty", vec![retry]),
        P::CircuitBreaker if f.fast_fails == 0 => ("amplify.why.circuit_breaker_closed", vec![]),
        P::None => ("amplify.why.none", vec![]),
        P::Retries => (
            "amplify.why.retries",
            vec![retry, ("wasted_pct", pct(f.wasted_share))],
        ),
        P::TokenBucket => ("amplify.why.token_bucket", vec![refused, retry]),
        P::TokenBucketFixedRate => (
            "amplify.why.token_bucket_fixed_rate",
            vec![
                ("refill", num(cfg.refill)),
                ("fixed", num(cfg.refill * cfg.layers.len() as f64)),
                refused,
                retry,
            ],
        ),
        P::TokenBucketAws => ("amplify.why.token_bucket_aws", vec![refused, retry]),
        P::RetryBudget => (
            "amplify.why.retry_budget",
            vec![("ratio", pct(cfg.budget_ratio)), retry],
        ),
        P::CircuitBreaker => (
            "amplify.why.circuit_breaker",
            vec![("fast_fails", Arg::Raw(f.fast_fails.to_string().into()))],
        ),
        P::BreakRetries => ("amplify.why.circuit_breaker_retries", vec![retry]),
        P::Deadline => (
            "amplify.why.deadline",
            vec![
                ("dropped", Arg::Raw(f.dropped.to_string().into())),
                ("wasted_pct", pct(f.wasted_share)),
            ],
        ),
        P::RetryAfter => ("amplify.why.retry_after", vec![retry]),
    };
    Sentence {
        key: key.into(),
        args,
    }
}

/// What the server went through: the backlog the trigger left, the load
/// after it against the capacity, and whether goodput came back.
pub fn outcome(cfg: &LoadConfig, f: &LaneFacts, recovered: Option<f64>) -> Sentence {
    let with = |key: &'static str, args: Vec<(&'static str, Arg)>| Sentence {
        key: key.into(),
        args,
    };
    let load = ("load", num(f.load_after));
    let cap = ("capacity", num(cfg.capacity));
    let Some(backlog) = f.backlog else {
        return with("amplify.why.no_trigger", vec![load, cap]);
    };
    let backlog = ("backlog", num(backlog));
    let drain = cfg.capacity - f.load_after;
    match recovered {
        Some(r) if r <= 0.0 => with("amplify.why.at_once", vec![backlog]),
        Some(r) => with(
            "amplify.why.recovered",
            vec![
                backlog,
                load,
                cap,
                ("drain", num(drain.max(0.0))),
                ("s", num(r)),
            ],
        ),
        None if drain <= 0.0 => with("amplify.why.overloaded", vec![backlog, load, cap]),
        None => with(
            "amplify.why.slow_drain",
            vec![backlog, load, cap, ("drain", num(drain))],
        ),
    }
}

/// Which charts of a lane say something: a chart that would be a flat line
/// gives way to a sentence saying so.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ChartPlan {
    /// Offered load against capacity; left out when the load never comes
    /// near the capacity.
    pub load: bool,
    /// Goodput and the success rate; left out when no call succeeded.
    pub goodput: bool,
    /// The first call's requests over time: when it made several.
    pub first_call: bool,
    /// Why the per-second amplification strays above the run's mean.
    pub amp_note: bool,
}

/// Share of the capacity below which the load chart is left out.
pub const LIGHT_LOAD: f64 = 0.2;

/// The charts worth drawing for a lane of `cfg` that measured `f`, with
/// `succeeded` calls in all.
pub fn plan(cfg: &LoadConfig, f: &LaneFacts, succeeded: bool) -> ChartPlan {
    ChartPlan {
        load: f.peak_load >= LIGHT_LOAD * cfg.capacity,
        goodput: succeeded,
        first_call: f.first_call_requests > 1,
        amp_note: f.amplification > 1.0 && f.peak_amplification > f.amplification,
    }
}

/// The sentence on the per-second amplification chart.
pub fn amp_note(f: &LaneFacts) -> Sentence {
    Sentence::new("amplify.chart.amp_note")
        .arg("n", Arg::Raw(f.first_call_requests.to_string().into()))
        .arg("span", num(f.first_call_span))
        .arg("peak", num(f.peak_amplification))
        .arg("mean", num(f.amplification))
}
