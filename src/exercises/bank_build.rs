//! «搭一个服务端»: challenges graded by running the student's design
//! ([`super::build`]), each in the chapter section it tests.

use super::build::Challenge;
use super::compose::q;
use super::sections::{Section, Source};
use super::{mechanisms, Kind, Question};
use crate::lab::{ClientStrategy as C, Design, Scenario as S};

/// A challenge with `stable_key` at seed 1, requiring the mechanisms of
/// `requires` (a comma list of ids).
fn build(suite: &'static [S], max: Option<usize>, requires: &str) -> Kind {
    Kind::Build(Challenge {
        client: C::StableKey,
        suite,
        max,
        requires: Design::of(&mechanisms(requires)),
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
                "",
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
                "claim,store_errors",
            ),
            None,
        ),
        q(
            Section::Interview,
            "build_lost_and_crash",
            chapter,
            build(
                &[
                    S::ResponseLost,
                    S::CrashBetweenCommits,
                    S::ConcurrentSameKey,
                    S::LeaseExpired,
                ],
                Some(4),
                "",
            ),
            None,
        ),
    ]
}
