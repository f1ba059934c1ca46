//! Beyond one tenant: a build challenge with `tenant_scope`, where a
//! global key table lets one tenant's key string occupy another's
//! (`003_*.txt`). What crosses between the tenants is predicted in
//! [`super::bank_counts`] (`predict_key_collision`); the answers come from
//! the lab's runs (tests/lab_tenants.rs).

use super::build::Challenge;
use super::compose::q;
use super::sections::{Reading, Section, Source};
use super::{Kind, Question};
use crate::lab::{ClientStrategy as C, Design, Scenario as S};

/// The questions, in page order within their sections.
pub(super) fn questions() -> Vec<Question> {
    let observability = Source::Reading(Reading::Observability);
    vec![q(
        Section::Keys,
        "build_key_collision",
        observability,
        Kind::Build(Challenge {
            client: C::StableKey,
            suite: &[
                S::KeyCollision,
                S::ResponseLost,
                S::BodyMismatch,
                S::ConcurrentSameKey,
            ],
            max: Some(3),
            requires: Design::NONE,
            seed: 1,
        }),
        None,
    )]
}
