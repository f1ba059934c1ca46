//! Past the database (the chapter's first 追问, «副作用不在你的数据库里怎么办？»):
//! a server to build that notifies each report once. Why delivery must
//! deduplicate too and what a fencing token protects are asked by the
//! «predict, then run» questions on the same runs (`bank_counts`), whose
//! counts carry the answer (tests/exercises_downstream.rs).

use super::build::Challenge;
use super::compose::In;
use super::sections::Source;
use super::{Kind, Question};
use crate::lab::{ClientStrategy as C, Design, Scenario as S};

/// The questions, in page order.
pub(super) fn questions(here: In) -> Vec<Question> {
    let chapter = Source::Chapter;
    vec![here.at(
        "build_downstream",
        chapter,
        Kind::Build(Challenge {
            client: C::StableKey,
            suite: &[
                S::ResponseLost,
                S::CrashBeforeNotify,
                S::NotifierTimeout,
                S::Stored500,
            ],
            max: Some(5),
            requires: Design::NONE,
            seed: 1,
        }),
        None,
    )]
}
