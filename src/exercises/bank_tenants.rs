//! Beyond one tenant and one title: what a global key table leaks across
//! tenants (`003_*.txt`), which key survives a rewritten title (the
//! chapter, §5), and a build challenge with `tenant_scope` (how many
//! attempts a TLS error costs is predicted in [`super::bank_counts`]). The answers come
//! from the lab's runs (tests/lab_tenants.rs and the demo checks).

use super::build::Challenge;
use super::compose::{choice, q};
use super::demos::lab_run;
use super::sections::{Reading, Section, Source};
use super::{Kind, Question};
use crate::lab::{ClientStrategy as C, Design, Preset as V, Scenario as S};

/// What crossed from one tenant to the other in `key_collision` on `key_split`.
pub const WHAT_LEAKED: &[&str] = &[
    "leak_b_got_as_response",
    "leak_a_report_overwritten",
    "leak_b_report_twice",
    "leak_nothing",
];

/// The questions, in page order within their sections.
pub(super) fn questions() -> Vec<Question> {
    let observability = Source::Reading(Reading::Observability);
    vec![
        q(
            Section::Keys,
            "key_collision_what_leaked",
            observability,
            choice(WHAT_LEAKED, "leak_b_got_as_response"),
            lab_run(S::KeyCollision, C::StableKey, V::KeySplit),
        ),
        q(
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
        ),
    ]
}
