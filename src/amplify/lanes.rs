//! What the load and sweep views run: the lanes side by side, and the
//! configuration of each point of Brooker's sweep.

use super::load::{LoadConfig, LoadPolicy, Window};
use super::load_presets::Preset;
use super::params::AmplifyParams;

impl AmplifyParams {
    /// The lanes of the load view: one per policy; the Codex preset adds,
    /// for each, the same server without `Retry-After`.
    pub fn lanes(&self) -> Vec<Lane> {
        let mut out = Vec::new();
        for &policy in &self.policies {
            out.push(Lane {
                id: policy.id().to_string(),
                policy,
                cfg: self.load.clone(),
            });
            if self.preset == Preset::Codex && self.load.retry_after > 0.0 {
                out.push(Lane {
                    id: format!("{}-no_retry_after", policy.id()),
                    policy,
                    cfg: LoadConfig {
                        retry_after: 0.0,
                        ..self.load.clone()
                    },
                });
            }
        }
        out
    }

    /// The config of the sweep point with failure rate `p`: the incident
    /// covers the whole run, and `calls` calls arrive.
    pub fn sweep_config(&self, p: f64) -> LoadConfig {
        LoadConfig {
            p,
            incident: Window {
                start: 0.0,
                end: f64::INFINITY,
            },
            duration: f64::INFINITY,
            max_calls: u64::from(self.calls),
            ..self.load.clone()
        }
    }

    /// The failure rates of the sweep, from 0 to 1.
    pub fn sweep_ps(&self) -> Vec<f64> {
        let n = self.steps.max(2) - 1;
        (0..=n).map(|i| f64::from(i) / f64::from(n)).collect()
    }
}

/// One run of the load view.
#[derive(Clone, Debug, PartialEq)]
pub struct Lane {
    /// Used in test ids and CSV, e.g. `token_bucket`.
    pub id: String,
    pub policy: LoadPolicy,
    pub cfg: LoadConfig,
}
