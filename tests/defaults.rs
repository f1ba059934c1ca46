//! One source for each default and limit: the page's URL bounds are the
//! defaults of the simulation models and of a page opened without a query.
#![cfg(not(target_arch = "wasm32"))]

use retry_lab::amplify::bounds as ab;
use retry_lab::amplify::presets::Preset;
use retry_lab::amplify::{AmplifyParams, LoadConfig, View};
use retry_lab::herd::{bounds as hb, HerdParams, SimConfig, MAX_CLIENTS};
use retry_lab::lab::{LabParams, MatrixParams, SEED_BOUND};
use retry_lab::route::Query;

#[test]
fn herd_defaults_are_the_url_bounds() {
    let c = SimConfig::default();
    assert_eq!(i64::from(c.clients), hb::CLIENTS.default);
    assert_eq!(i64::from(MAX_CLIENTS), hb::CLIENTS.max);
    assert_eq!(
        (c.base_ms, c.cap_ms, c.net_mean_ms, c.net_sd_ms),
        (
            hb::BASE.default,
            hb::CAP.default,
            hb::NET_MEAN.default,
            hb::NET_SD.default
        )
    );
    let p = HerdParams::default();
    assert_eq!(HerdParams::from_query(&Query::new()), (p.clone(), vec![]));
    assert_eq!(i64::from(p.trials), hb::TRIALS.default);
    assert_eq!(p.seed as i64, hb::SEED.default);
    assert_eq!(
        (p.n_from, p.n_to, p.n_step),
        (
            hb::N_FROM.default as u32,
            hb::N_TO.default as u32,
            hb::N_STEP.default as u32
        )
    );
}

#[test]
fn amplify_defaults_are_the_url_bounds() {
    let d = LoadConfig::default();
    assert_eq!(
        [d.rate, d.capacity, d.timeout, d.duration, d.base, d.cap],
        [
            ab::RATE.default,
            ab::CAPACITY.default,
            ab::TIMEOUT.default,
            ab::DURATION.default,
            ab::BASE.default,
            ab::CAP.default
        ]
    );
    assert_eq!(
        [
            d.deadline,
            d.retry_after,
            d.shed,
            d.budget_ratio,
            d.refill,
            d.recover_pct
        ],
        [
            ab::DEADLINE.default,
            ab::RETRY_AFTER.default,
            ab::SHED.default,
            ab::BUDGET_RATIO.default,
            ab::REFILL.default,
            ab::RECOVER_PCT.default
        ]
    );
    assert_eq!(
        [
            d.incident.start,
            d.incident.end,
            d.trigger.start,
            d.trigger.end
        ],
        [
            ab::INCIDENT_START.default,
            ab::INCIDENT_END.default,
            ab::TRIGGER_START.default,
            ab::TRIGGER_END.default
        ]
    );
    // The load view opened bare runs exactly the model's default scenario.
    assert_eq!(
        AmplifyParams::for_view(View::Load, Preset::Metastable).load,
        d
    );
    let f = AmplifyParams::default();
    assert_eq!(f.fanout.layers, ab::FANOUT_LAYERS.to_vec());
    assert_eq!(f.fanout.p, ab::P.default);
    assert_eq!(i64::from(f.trials), ab::TRIALS.default);
}

#[test]
fn lab_defaults_are_the_url_bounds() {
    assert_eq!(LabParams::default().seed as i64, SEED_BOUND.default);
    assert_eq!(MatrixParams::default().seed as i64, SEED_BOUND.default);
    assert_eq!(
        LabParams::from_query(&Query::new()),
        (LabParams::default(), vec![])
    );
}
