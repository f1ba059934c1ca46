//! The page's preset bar («预设»): named starting points as whole page
//! parameters, defined once; the exercises link the same values, and
//! [`crate::pages::links`] turns them into hashes. A load-view preset names one of
//! the load scenarios of [`super::load_presets`] and takes its settings.

use super::fanout::FanoutPolicy;
use super::load_presets::Preset;
use super::params::{AmplifyParams, View};
use crate::kernel::ids::id_enum;

id_enum! {
    /// A preset of `#/amplify`.
    Demo {
        /// The chapter's 3⁵ = 243: five layers of 3 attempts, every attempt fails.
        Layers243 => "243",
        /// Three layers of 3 attempts (27): SDK × ToolExecutor × Runtime.
        Layers27 => "27",
        /// Codex's SDK × harness: 4 × 3 = 12.
        Layers12 => "12",
        /// The same stack retrying only at the top: 4.
        TopOnly => "top-only",
        /// The same stack with a shared budget of 5 requests.
        Budget => "budget",
        /// Three layers of 3 at p = 0.8: the mean, not the worst case.
        Mean => "mean",
        /// Brooker's sweep of the failure rate.
        Brooker => "brooker",
        /// A metastable incident on the load view.
        Metastable => "metastable",
        /// The Codex load preset: 503 with and without `Retry-After`.
        Codex => "codex",
    }
}

impl Demo {
    /// Translation key of the preset's button text.
    pub fn text_key(self) -> &'static str {
        match self {
            Demo::Layers243 => "amplify.preset.p243",
            Demo::Layers12 => "amplify.preset.p12",
            Demo::TopOnly => "amplify.preset.top_only",
            Demo::Budget => "amplify.preset.budget",
            Demo::Mean => "amplify.preset.mean",
            Demo::Layers27 => "amplify.preset.p27",
            Demo::Brooker => "amplify.preset.brooker",
            Demo::Metastable => "amplify.preset.metastable",
            Demo::Codex => "amplify.preset.codex",
        }
    }

    /// The preset the page shows, for the preset bar to mark: on the fanout
    /// view the one whose settings these are (any seed and step); on the
    /// load and sweep views the scenario named by `preset` (its settings may
    /// have been changed since).
    pub fn active(prm: &AmplifyParams) -> Option<Demo> {
        let loose = |p: &AmplifyParams| AmplifyParams {
            seed: 0,
            step: -1,
            ..p.clone()
        };
        Demo::ALL.into_iter().find(|d| {
            let want = d.params();
            match prm.view {
                View::Fanout => loose(&want) == loose(prm),
                _ => want.view == prm.view && want.preset == prm.preset,
            }
        })
    }

    /// The page's parameters for this preset.
    pub fn params(self) -> AmplifyParams {
        use FanoutPolicy::*;
        match self {
            Demo::Layers243 => fanout(&[3, 3, 3, 3, 3], 1.0, Independent),
            Demo::Layers12 => fanout(&[4, 3], 1.0, Independent),
            Demo::TopOnly => fanout(&[4, 3], 1.0, TopOnly),
            Demo::Budget => {
                let mut p = fanout(&[4, 3], 1.0, Budget);
                p.fanout.budget = 5;
                p
            }
            Demo::Mean => AmplifyParams {
                trials: 20_000,
                ..fanout(&[3, 3, 3], 0.8, Independent)
            },
            Demo::Layers27 => fanout(&[3, 3, 3], 1.0, Independent),
            Demo::Brooker => AmplifyParams::for_view(View::Sweep, Preset::Brooker),
            Demo::Metastable => AmplifyParams::for_view(View::Load, Preset::Metastable),
            Demo::Codex => AmplifyParams::for_view(View::Load, Preset::Codex),
        }
    }
}

/// The fanout view with these layers, failure rate and policy, everything
/// else at its default.
fn fanout(layers: &[u32], p: f64, policy: FanoutPolicy) -> AmplifyParams {
    let mut prm = AmplifyParams::default();
    prm.fanout.layers = layers.to_vec();
    prm.fanout.p = p;
    prm.fanout.policy = policy;
    prm.load.layers = layers.to_vec();
    prm.load.p = p;
    prm
}
