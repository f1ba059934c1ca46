//! The named load scenarios (`preset=` of the load and sweep views): each
//! one's settings and the policies it compares, linked from the page, the
//! exercises and the CLI. The page's preset bar, which also holds fanout
//! settings, is [`super::page_presets`].

use super::load::{LoadConfig, LoadPolicy, Window};
use crate::kernel::ids::id_enum;

id_enum! {
    /// A named load scenario.
    Preset {
        /// Brooker's comparison: one layer of 3 attempts, a server with room to
        /// spare, failure rate `p` for the whole run, swept from 0 to 1.
        Brooker => "brooker",
        /// A server at 80 % utilisation, three layers of 3 attempts, capacity
        /// down to 30 % for 10 s: does goodput come back after the trigger?
        Metastable => "metastable",
        /// Codex: sampling layer × HTTP layer, 3 attempts each, every request
        /// answered 503 (with or without `Retry-After`).
        Codex => "codex",
    }
}

impl Preset {
    /// The policies the preset compares.
    pub fn policies(self) -> Vec<LoadPolicy> {
        use LoadPolicy::*;
        match self {
            Preset::Brooker => vec![None, Retries, TokenBucket, CircuitBreaker, RetryBudget],
            Preset::Metastable => vec![
                None,
                Retries,
                TokenBucket,
                TokenBucketFixedRate,
                RetryBudget,
                Deadline,
            ],
            Preset::Codex => vec![RetryAfter],
        }
    }

    /// The preset's settings.
    pub fn config(self) -> LoadConfig {
        match self {
            Preset::Brooker => LoadConfig {
                layers: vec![3],
                rate: 1000.0,
                capacity: 10_000.0,
                duration: 100.0,
                p: 0.5,
                base: 0.01,
                cap: 0.1,
                ..steady_fault()
            },
            Preset::Metastable => LoadConfig::default(),
            Preset::Codex => LoadConfig {
                layers: vec![3, 3],
                rate: 10.0,
                capacity: 1000.0,
                duration: 60.0,
                p: 1.0,
                retry_after: 1.0,
                ..steady_fault()
            },
        }
    }
}

/// The default settings with the failure rate for the whole run and no
/// capacity trigger: Brooker's and Codex's scenarios fail steadily, with no
/// incident that starts and ends.
fn steady_fault() -> LoadConfig {
    LoadConfig {
        incident: Window {
            start: 0.0,
            end: 1e9,
        },
        trigger: Window {
            start: 0.0,
            end: 0.0,
        },
        ..LoadConfig::default()
    }
}

/// The failure rates of Brooker's sweep: 0, 0.05, …, 1 (21 values).
pub fn brooker_ps() -> Vec<f64> {
    (0..=20).map(|i| f64::from(i) / 20.0).collect()
}
