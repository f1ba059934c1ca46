//! §6 面试要点: the chapter's testing method (its ✎练习: assert «2 份» on
//! naive, then «只有 1 份» on a correct implementation, seen red on naive
//! first, with the three faults 面试要点 names; graded by running the lab), and the follow-up questions: `kill -9` after claiming a key (the
//! lease), 429, and side effects outside the database.

use super::compose::{num, In};
use super::demos::lab_run;
use super::redgreen::{Bench, ASSERTIONS};
use super::sections::Source;
use super::{Derivation, Kind, Model, PredictInput, Question, Unit};
use crate::lab::{ClientStrategy as C, Preset as V, Scenario as S, Scenario};

/// The faults a student can inject in the red/green question: 面试要点's
/// three («提交后丢响应»「两次提交之间崩溃」「同键并发」) among faults that
/// leave one report on every server.
pub const TEST_FAULTS: &[Scenario] = &[
    S::None,
    S::RequestLost,
    S::ResponseLost,
    S::SlowServer,
    S::CrashBetweenCommits,
    S::ConcurrentSameKey,
];

/// The section's questions, in page order.
pub(super) fn questions(here: In) -> Vec<Question> {
    let at = |id, kind, demo| here.at(id, Source::Chapter, kind, demo);
    vec![
        at(
            "test_naive_then_fenced",
            Kind::Predict {
                input: PredictInput::RedGreen(ASSERTIONS),
                model: Model::RedGreen(Bench {
                    client: C::StableKey,
                    red: V::Naive,
                    green: V::Fenced,
                    faults: TEST_FAULTS,
                    seed: 1,
                }),
            },
            None,
        ),
        at(
            "lab_lease_rule",
            Kind::Numeric(vec![num(
                "ex.field.lease_min",
                Derivation::LabLeaseBound,
                0.01,
                Unit::Seconds,
            )]),
            lab_run(S::SlowServer, C::StableKey, V::Leased),
        ),
        at(
            "tf_429_quota",
            Kind::TrueFalse(false),
            lab_run(S::Quota429, C::StableKey, V::Fenced),
        ),
        at(
            "tf_429_retry_after",
            Kind::TrueFalse(true),
            lab_run(S::RateLimited429, C::StableKey, V::Fenced),
        ),
        at("tf_side_effect_outside_db", Kind::TrueFalse(false), None),
    ]
}
