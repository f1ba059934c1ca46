//! §3 试几次：重试会层层相乘: one product of the layers' attempts (the
//! reading «重试怎样避免放大故障»'s 27), then one question for each thing
//! the product leaves out: a layer that does not retry this error (Codex
//! without `Retry-After`), retries counted against attempts
//! (`Retry(total=3)`), the model's re-call as a layer of its own, the
//! timeouts and deadline a retry count needs, and the `#/amplify` demo's
//! models (top-only, budget, mean, token bucket, metastable). Numeric
//! answers come from the formulas or the demo's own models;
//! tests/amplify_exercises.rs runs the models behind the choices.

use super::compose::{choice, num, In};
use super::demos::amp;
use super::sections::{Reading, Source};
use super::{Derivation as D, Kind, Question, Unit};
use crate::amplify::page_presets::Demo;
use crate::amplify::FanoutPolicy::{Budget, Independent, TopOnly};

pub use super::derive::{codex_amplification, fanout_expected};

const BUDGET_READING: Source = Source::Reading(Reading::Amplification);

/// The demo's token bucket at p = 1: roughly how many requests per call.
pub const TB_OPTIONS: &[&str] = &["amp_tb_three", "amp_tb_two", "amp_tb_one", "amp_tb_zero"];
/// The metastable preset: which way of limiting retries stays collapsed
/// after the trigger (retrying at the top layer only, three attempts, does).
pub const STUCK_OPTIONS: &[&str] = &[
    "amp_stuck_top_only",
    "amp_stuck_token_bucket",
    "amp_stuck_budget",
    "amp_stuck_deadline",
];
/// Who owns the retry budget of one logical operation.
pub const BUDGET_OWNER: &[&str] = &[
    "owner_runtime",
    "owner_every_layer",
    "owner_sdk",
    "owner_model",
];
/// What backoff, jitter and a retry budget each suppress (002 自测 1).
pub const SUPPRESS: &[&str] = &[
    "bjb_interval_sync_total",
    "bjb_sync_interval_total",
    "bjb_interval_sync_rate",
    "bjb_interval_count_whether",
];

fn requests(label: &'static str, derivation: D, tol: f64) -> Kind {
    Kind::Numeric(vec![num(label, derivation, tol, Unit::Requests)])
}

fn fanout(layers: &'static [u32], p: f64, policy: crate::amplify::FanoutPolicy, budget: u32) -> D {
    D::Fanout {
        layers,
        p,
        policy,
        budget,
    }
}

/// The section's questions, in page order.
pub(super) fn questions(here: In) -> Vec<Question> {
    let codex = |label, retry_after| num(label, D::CodexLoad { retry_after }, 0.0, Unit::Requests);
    vec![
        here.at(
            "three_layers",
            BUDGET_READING,
            requests("ex.field.requests", D::AttemptProduct(&[3, 3, 3]), 0.0),
            amp(Demo::Layers27),
        ),
        here.at(
            "amp_codex",
            Source::Chapter,
            Kind::Numeric(vec![codex("ex.field.amp_without_header", 0.0)]),
            amp(Demo::Codex),
        ),
        here.at(
            "urllib3_total3",
            Source::Reading(Reading::Timeouts),
            Kind::Numeric(vec![num(
                "ex.field.attempts",
                D::AttemptsFromRetries(3),
                0.0,
                Unit::Attempts,
            )]),
            None,
        ),
        here.statement(
            "tf_retry_count_and_deadline",
            Source::Reading(Reading::Timeouts),
            false,
            None,
        ),
        here.statement(
            "tf_harness_sdk_limit",
            Source::Chapter,
            false,
            amp(Demo::Layers12),
        ),
        here.at(
            "amp_top_only",
            Source::Chapter,
            requests("ex.field.amp_bottom", fanout(&[4, 3], 1.0, TopOnly, 1), 0.0),
            amp(Demo::TopOnly),
        ),
        here.at(
            "amp_budget",
            BUDGET_READING,
            requests("ex.field.amp_bottom", fanout(&[4, 3], 1.0, Budget, 5), 0.0),
            amp(Demo::Budget),
        ),
        here.at(
            "amp_mean",
            Source::Chapter,
            requests(
                "ex.field.amp_bottom",
                fanout(&[3, 3, 3], 0.8, Independent, 1),
                0.05,
            ),
            amp(Demo::Mean),
        ),
        here.at(
            "backoff_jitter_budget",
            BUDGET_READING,
            choice(SUPPRESS, "bjb_interval_sync_total"),
            None,
        ),
        here.at(
            "retry_budget_owner",
            BUDGET_READING,
            choice(BUDGET_OWNER, "owner_runtime"),
            amp(Demo::Budget),
        ),
        here.at(
            "amp_token_bucket_p1",
            Source::Chapter,
            choice(TB_OPTIONS, "amp_tb_one"),
            amp(Demo::Brooker),
        ),
        here.at(
            "amp_metastable_stuck",
            Source::Chapter,
            choice(STUCK_OPTIONS, "amp_stuck_top_only"),
            amp(Demo::Metastable),
        ),
    ]
}
