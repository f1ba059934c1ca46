//! The named scenarios linked from the page, the exercises and the CLI.

use super::load::{LoadConfig, LoadPolicy, Window};

/// A named load scenario.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Preset {
    /// Brooker's comparison: one layer of 3 attempts, a server with room to
    /// spare, failure rate `p` for the whole run, swept from 0 to 1.
    Brooker,
    /// A server at 80 % utilisation, three layers of 3 attempts, capacity
    /// down to 30 % for 10 s: does goodput come back after the trigger?
    Metastable,
    /// Codex: sampling layer × HTTP layer, 3 attempts each, every request
    /// answered 503 (with or without `Retry-After`).
    Codex,
}

impl Preset {
    pub const ALL: [Preset; 3] = [Preset::Brooker, Preset::Metastable, Preset::Codex];

    /// The URL id.
    pub fn id(self) -> &'static str {
        match self {
            Preset::Brooker => "brooker",
            Preset::Metastable => "metastable",
            Preset::Codex => "codex",
        }
    }

    /// Parses an id.
    pub fn from_id(id: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|p| p.id() == id)
    }

    /// The policies the preset compares.
    pub fn policies(self) -> Vec<LoadPolicy> {
        use LoadPolicy::*;
        match self {
            Preset::Brooker => vec![None, Retries, TokenBucket, CircuitBreaker, RetryBudget],
            Preset::Metastable => vec![None, Retries, TokenBucket, RetryBudget, Deadline],
            Preset::Codex => vec![RetryAfter],
        }
    }

    /// The preset's settings.
    pub fn config(self) -> LoadConfig {
        let d = LoadConfig::default();
        match self {
            Preset::Brooker => LoadConfig {
                layers: vec![3],
                rate: 1000.0,
                capacity: 10_000.0,
                duration: 100.0,
                p: 0.5,
                incident: Window {
                    start: 0.0,
                    end: 1e9,
                },
                trigger: Window {
                    start: 0.0,
                    end: 0.0,
                },
                base: 0.01,
                cap: 0.1,
                ..d
            },
            Preset::Metastable => d,
            Preset::Codex => LoadConfig {
                layers: vec![3, 3],
                rate: 10.0,
                capacity: 1000.0,
                duration: 60.0,
                p: 1.0,
                incident: Window {
                    start: 0.0,
                    end: 1e9,
                },
                trigger: Window {
                    start: 0.0,
                    end: 0.0,
                },
                retry_after: 1.0,
                ..d
            },
        }
    }
}

/// The failure rates of Brooker's sweep: 0, 0.05, …, 1 (21 values).
pub fn brooker_ps() -> Vec<f64> {
    (0..=20).map(|i| f64::from(i) / 20.0).collect()
}
