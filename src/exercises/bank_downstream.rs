//! Past the database (the chapter's first 追问, «副作用不在你的数据库里怎么办？»):
//! why delivery must deduplicate too, what a fencing
//! token protects, and a server to build that notifies each report once.
//! Each correct option is what the lab's runs show (tests/exercises_downstream.rs).

use super::build::Challenge;
use super::compose::{choice, q};
use super::sections::{Section, Source};
use super::{Kind, Question};
use crate::lab::{ClientStrategy as C, Design, Mechanism as M, Preset as V, Scenario as S};
use crate::links::Link;

/// Why the relay's delivery must deduplicate too.
pub const RELAY_DEDUPE: &[&str] = &[
    "relay_redelivers",
    "relay_rollback",
    "relay_lost",
    "relay_fence",
];

/// What stops the stale handler's notification in `lease_notify`.
pub const FENCE_RESOURCE: &[&str] = &[
    "fence_needs_resource",
    "fence_stops_it",
    "fence_rollback_recalls",
    "fence_longer_lease",
];

/// `fenced` plus `added`, as the demos link it.
pub fn fenced_with(added: &[M]) -> Design {
    V::Fenced.design().with_all(added).resolve().0
}

fn demo(sc: S, added: &[M]) -> Option<Link> {
    Some(Link::lab_start(sc, C::StableKey, fenced_with(added), 1))
}

/// The questions, in page order.
pub(super) fn questions() -> Vec<Question> {
    let chapter = Source::Chapter;
    vec![
        q(
            Section::Interview,
            "relay_delivery_dedupe",
            chapter,
            choice(RELAY_DEDUPE, "relay_redelivers"),
            demo(S::RelayCrash, &[M::Outbox]),
        ),
        q(
            Section::Interview,
            "lease_fence_resource",
            chapter,
            choice(FENCE_RESOURCE, "fence_needs_resource"),
            demo(S::LeaseNotify, &[M::NotifyBeforeCommit]),
        ),
        q(
            Section::Interview,
            "build_outbox_dedupe",
            chapter,
            Kind::Build(Challenge {
                client: C::StableKey,
                suite: &[
                    S::ResponseLost,
                    S::CrashBetweenCommits,
                    S::CrashBeforeNotify,
                    S::NotifierTimeout,
                    S::RelayCrash,
                ],
                max: Some(6),
                requires: Design::NONE,
                seed: 1,
            }),
            None,
        ),
    ]
}
