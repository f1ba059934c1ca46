//! Questions on the retry-amplification demo (`#/amplify`). Numeric answers
//! come from the demo's own models (the exact expectation of the fanout
//! model, a run of the load model); the choices state what the chapter and
//! Brooker's article say, and tests/amplify_exercises.rs runs the models to
//! check that the demo shows exactly that.

use super::{Formula, Kind, NumField, Question, Unit};
use crate::amplify::demos::Demo;
use crate::amplify::load::{run_load, LoadConfig, LoadPolicy};
use crate::amplify::presets::Preset;
use crate::amplify::{expected, FanoutConfig, FanoutPolicy};
use crate::links::Link;

/// Options of the choice questions (ids; texts are `ex.opt.<id>`).
pub const TB_OPTIONS: &[&str] = &["amp_tb_three", "amp_tb_one", "amp_tb_zero"];
pub const MS_OPTIONS: &[&str] = &["amp_ms_retries", "amp_ms_token_bucket", "amp_ms_neither"];
pub const WHERE_OPTIONS: &[&str] = &["amp_where_every", "amp_where_one", "amp_where_bottom"];

/// The exact mean bottom requests of a fanout stack.
pub fn fanout_expected(layers: &[u32], p: f64, policy: FanoutPolicy, budget: u32) -> f64 {
    expected(&FanoutConfig {
        layers: layers.to_vec(),
        p,
        policy,
        budget,
    })
    .bottom
}

/// Server requests per logical call of the Codex preset (short run).
pub fn codex_amplification(retry_after: f64) -> f64 {
    let cfg = LoadConfig {
        duration: 10.0,
        retry_after,
        ..Preset::Codex.config()
    };
    run_load(&cfg, LoadPolicy::RetryAfter, 1).amplification()
}

fn requests(answer: f64, tol: f64) -> NumField {
    NumField {
        label: "ex.field.amp_bottom",
        answer,
        tol,
        unit: Unit::Requests,
    }
}

fn numeric(id: &'static str, fields: Vec<NumField>, demo: Demo) -> Question {
    Question {
        id,
        kind: Kind::Numeric(fields),
        demo: Some(Link::Amplify(demo.params())),
        formula: Some(Formula::LayerProduct),
    }
}

fn choice(
    id: &'static str,
    options: &'static [&'static str],
    correct: &'static str,
    demo: Demo,
) -> Question {
    Question {
        id,
        kind: Kind::Choice { options, correct },
        demo: Some(Link::Amplify(demo.params())),
        formula: None,
    }
}

/// The amplification questions, in the order the page teaches them.
pub fn questions() -> Vec<Question> {
    use FanoutPolicy::*;
    vec![
        numeric(
            "amp_243",
            vec![requests(
                fanout_expected(&[3, 3, 3, 3, 3], 1.0, Independent, 1),
                0.0,
            )],
            Demo::Layers243,
        ),
        numeric(
            "amp_12",
            vec![requests(fanout_expected(&[4, 3], 1.0, Independent, 1), 0.0)],
            Demo::Layers12,
        ),
        numeric(
            "amp_top_only",
            vec![requests(fanout_expected(&[4, 3], 1.0, TopOnly, 1), 0.0)],
            Demo::TopOnly,
        ),
        numeric(
            "amp_budget",
            vec![requests(fanout_expected(&[4, 3], 1.0, Budget, 5), 0.0)],
            Demo::Budget,
        ),
        numeric(
            "amp_mean",
            vec![requests(
                fanout_expected(&[3, 3, 3], 0.8, Independent, 1),
                0.05,
            )],
            Demo::Mean,
        ),
        numeric(
            "amp_codex",
            vec![
                NumField {
                    label: "ex.field.amp_with_header",
                    answer: codex_amplification(1.0),
                    tol: 0.0,
                    unit: Unit::Requests,
                },
                NumField {
                    label: "ex.field.amp_without_header",
                    answer: codex_amplification(0.0),
                    tol: 0.0,
                    unit: Unit::Requests,
                },
            ],
            Demo::Codex,
        ),
        choice(
            "amp_token_bucket_p1",
            TB_OPTIONS,
            "amp_tb_one",
            Demo::Brooker,
        ),
        choice(
            "amp_metastable",
            MS_OPTIONS,
            "amp_ms_token_bucket",
            Demo::Metastable,
        ),
        choice("amp_where", WHERE_OPTIONS, "amp_where_one", Demo::TopOnly),
    ]
}
