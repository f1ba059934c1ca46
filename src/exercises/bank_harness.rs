//! «搭一个 harness»: challenges graded by running the student's harness
//! ([`super::harness`]) behind `fenced`, each asking one of the chapter's
//! three questions of a whole suite: how many retries in all, which
//! failures never, how long, and whether a retry adds a report or is
//! wasted.

use super::compose::q;
use super::harness::{Check, HarnessChallenge};
use super::sections::{Section, Source};
use super::{Kind, Question};
use crate::lab::Preset;

/// A challenge behind `fenced` at seed 1.
const fn fenced(scenarios: &'static [&'static str], check: Check) -> HarnessChallenge {
    HarnessChallenge {
        server: Preset::Fenced,
        scenarios,
        check,
        seed: 1,
    }
}

/// The challenges by id, in page order. `many_tools` (20 tool calls during
/// a 30 s outage, 002's example) counts once the lab has it.
pub const CHALLENGES: [(&str, HarnessChallenge); 4] = [
    (
        "harness_run_budget",
        fenced(
            &["many_tools", "response_lost", "rate_limited_429"],
            Check::RunRetriesAtMost(8),
        ),
    ),
    (
        "harness_tls_branch",
        fenced(
            &["tls_error", "retry_after_503", "response_lost"],
            Check::NoTlsRetry,
        ),
    ),
    (
        "harness_retry_after_deadline",
        fenced(
            &[
                "retry_after_503",
                "retry_after_long",
                "retry_after_date",
                "retry_after_invalid",
            ],
            Check::WithinDeadline,
        ),
    ),
    (
        "harness_no_dup_no_waste",
        fenced(
            &[
                "response_lost",
                "tls_error",
                "quota_429",
                "retry_after_503",
                "model_retry",
                "client_error",
            ],
            Check::NoDuplicateNoWaste,
        ),
    ),
];

/// The section each challenge tests, in [`CHALLENGES`]' order: the run's
/// budget and the layers (002), the decision tree's TLS branch and
/// `Retry-After` (001, waiting), and the key with the waste (000's agent
/// section).
const SECTIONS: [Section; 4] = [
    Section::Layers,
    Section::Wait,
    Section::Wait,
    Section::Agent,
];

/// The challenges as questions, in page order within their sections.
pub(super) fn questions() -> Vec<Question> {
    CHALLENGES
        .into_iter()
        .zip(SECTIONS)
        .map(|((id, c), section)| q(section, id, Source::Chapter, Kind::BuildHarness(c), None))
        .collect()
}
