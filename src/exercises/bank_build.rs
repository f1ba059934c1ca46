//! «搭一个服务端»: challenges graded by running the student's design
//! ([`super::build`]), each in the chapter section it tests, and the one
//! row no server design can pass (`model_retry` with `stable_key`).

use super::build::Challenge;
use super::compose::{choice, q};
use super::demos::lab_run;
use super::sections::{Section, Source};
use super::{Kind, Question};
use crate::lab::{ClientStrategy as C, Design, Mechanism as M, Preset as V, Scenario as S};

/// Why no server design passes a model re-call with `stable_key`.
pub const RECALL_WHY: &[&str] = &[
    "recall_new_key",
    "recall_lease_short",
    "recall_result_lost",
    "recall_needs_fence",
];

/// A challenge with `stable_key` at seed 1.
fn build(suite: &'static [S], max: Option<usize>, requires: &[M]) -> Kind {
    Kind::Build(Challenge {
        client: C::StableKey,
        suite,
        max,
        requires: Design::of(requires),
        seed: 1,
    })
}

/// The challenges, in page order within their sections.
pub(super) fn questions() -> Vec<Question> {
    let chapter = Source::Chapter;
    vec![
        q(
            Section::Keys,
            "build_body_mismatch",
            chapter,
            build(
                &[S::ResponseLost, S::ConcurrentSameKey, S::BodyMismatch],
                Some(2),
                &[],
            ),
            None,
        ),
        q(
            Section::Keys,
            "build_stored_500",
            chapter,
            build(
                &[
                    S::Stored500,
                    S::ResponseLost,
                    S::BodyMismatch,
                    S::ConcurrentSameKey,
                ],
                Some(3),
                &[M::Claim, M::StoreErrors],
            ),
            None,
        ),
        q(
            Section::Agent,
            "model_recall_server_design",
            chapter,
            choice(RECALL_WHY, "recall_new_key"),
            lab_run(S::ModelRetry, C::StableKey, V::Fenced),
        ),
        q(
            Section::Interview,
            "build_lost_and_crash",
            chapter,
            build(&[S::ResponseLost, S::CrashBetweenCommits], Some(4), &[]),
            None,
        ),
        q(
            Section::Interview,
            "build_concurrent_same_key",
            chapter,
            build(
                &[
                    S::ResponseLost,
                    S::CrashBetweenCommits,
                    S::SlowServer,
                    S::ConcurrentSameKey,
                ],
                None,
                &[],
            ),
            None,
        ),
        q(
            Section::Interview,
            "build_lease_stale_writer",
            chapter,
            build(
                &[S::LeaseExpired, S::LeaseOverlap, S::CrashBetweenCommits],
                Some(4),
                &[M::Claim, M::Lease],
            ),
            None,
        ),
    ]
}
