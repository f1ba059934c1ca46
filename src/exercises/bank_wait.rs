//! §2 等多久：指数退避和抖动: the chapter's ✎练习 on Codex's backoff, the
//! SDK's jitter (downwards only), the capped bounds of the reading
//! «超时、重试、退避与幂等性», and the herd.

use super::compose::{num, In};
use super::demos::{herd_codex, herd_jitter};
use super::options_herd::AWS_STRATEGIES;
use super::sections::{Reading, Source};
use super::{Derivation as D, HerdPreset, Kind, Model, PredictInput, Question, Unit};
use crate::herd::Strategy;

/// Codex's sampling layer: the first retry waits 200 ms.
const CODEX_FIRST_MS: f64 = 200.0;
/// The anthropic Python SDK: the first retry (k = 0) waits 0.5 s.
const SDK_FIRST_MS: f64 = 500.0;
/// The SDK's retry asked about: k = 3 retries already made, so the fourth
/// (the chapter's table counts `2^k`; [`D::Jittered`] counts from 1).
const SDK_RETRY: u32 = 4;

/// The section's questions, in page order.
pub(super) fn questions(here: In) -> Vec<Question> {
    let wait = |attempt| D::NominalWait {
        first_ms: CODEX_FIRST_MS,
        attempt,
    };
    // The SDK's factor 1 − 0.25·r, r in [0, 1): (0.75, 1].
    let sdk = |factor| D::Jittered {
        first_ms: SDK_FIRST_MS,
        attempt: SDK_RETRY,
        factor,
    };
    let bound = |n| D::CappedBound {
        b: 0.5,
        d_max: 8.0,
        n,
    };
    let bound_labels = [
        "ex.field.d1",
        "ex.field.d2",
        "ex.field.d3",
        "ex.field.d4",
        "ex.field.d5",
        "ex.field.d6",
    ];
    vec![
        here.at(
            "backoff_4th_retry",
            Source::Chapter,
            Kind::Numeric(vec![num("ex.field.wait", wait(4), 1.0, Unit::Ms)]),
            None,
        ),
        here.at(
            "sdk_wait_range",
            Source::Chapter,
            Kind::Numeric(vec![
                num("ex.field.low", sdk(0.75), 1.0, Unit::Ms),
                num("ex.field.high", sdk(1.0), 1.0, Unit::Ms),
            ]),
            None,
        ),
        here.at(
            "codex_total_wait",
            Source::Chapter,
            Kind::Numeric(vec![num(
                "ex.field.total_wait",
                D::TotalNominalWait {
                    first_ms: CODEX_FIRST_MS,
                    retries: 5,
                },
                1.0,
                Unit::Ms,
            )]),
            None,
        ),
        here.at(
            "capped_bounds_six",
            Source::Reading(Reading::Timeouts),
            Kind::Numeric(
                (1..=6)
                    .zip(bound_labels)
                    .map(|(n, l)| num(l, bound(n), 0.001, Unit::Seconds))
                    .collect(),
            ),
            None,
        ),
        here.statement(
            "tf_backoff_without_jitter",
            Source::Chapter,
            false,
            herd_jitter(),
        ),
        here.statement("tf_codex_jitter_herd", Source::Chapter, true, herd_codex()),
        here.statement(
            "tf_backoff_cap",
            Source::Reading(Reading::Timeouts),
            true,
            None,
        ),
        predict_fewest(here),
    ]
}

/// Which AWS strategy makes the fewest calls: the herd model runs it.
fn predict_fewest(here: In) -> Question {
    let herd = HerdPreset {
        clients: 100,
        trials: 30,
        seed: 1,
        strategies: &Strategy::AWS,
    };
    let demo = Some(herd.link());
    here.at(
        "predict_fewest_calls",
        Source::Chapter,
        Kind::Predict {
            input: PredictInput::Choice(AWS_STRATEGIES),
            model: Model::HerdFewestCalls(herd),
        },
        demo,
    )
}
