//! The demo links the chapter's questions open, as typed values: each one
//! is the run or preset that shows what its question is about
//! (tests/exercises_demos.rs runs every one and checks the cited value).

use crate::amplify::demos::Demo;
use crate::herd::{HerdParams, Strategy};
use crate::lab::{ClientStrategy, Preset, Scenario};
use crate::links::Link;
use Scenario::{BodyMismatch, ResponseLost};

/// A lab run at its start (the student steps through it), seed 1.
pub(super) fn lab_demo(scenario: Scenario, client: ClientStrategy, server: Preset) -> Option<Link> {
    Some(Link::lab_start(scenario, client, server, 1))
}

/// A POST retried with a fresh key per retry after its response was lost:
/// two reports.
pub(super) fn lab_new_key() -> Option<Link> {
    lab_demo(ResponseLost, ClientStrategy::NewKey, Preset::Atomic)
}

/// A blind automatic retry of a POST whose response was lost: two reports.
pub(super) fn lab_naive() -> Option<Link> {
    lab_demo(ResponseLost, ClientStrategy::Naive, Preset::Naive)
}

/// The same key on the retry: the server replays, one report.
pub(super) fn lab_stable() -> Option<Link> {
    lab_demo(ResponseLost, ClientStrategy::StableKey, Preset::Atomic)
}

/// Same key, different body: 422.
pub(super) fn lab_mismatch() -> Option<Link> {
    lab_demo(BodyMismatch, ClientStrategy::StableKey, Preset::Atomic)
}

/// These herd strategies side by side (in the page's order), 100 clients,
/// defaults otherwise.
pub(super) fn herd_demo(strategies: &[Strategy]) -> Option<Link> {
    let mut strategies = strategies.to_vec();
    strategies.sort();
    Some(Link::Herd(HerdParams {
        clients: 100,
        strategies,
        ..HerdParams::default()
    }))
}

/// Un-jittered backoff next to Full Jitter: waves against a stream.
pub(super) fn herd_jitter() -> Option<Link> {
    herd_demo(&[Strategy::None, Strategy::Exponential, Strategy::Full])
}

/// Codex's ±10 % next to Full Jitter: still waves against a stream.
pub(super) fn herd_codex() -> Option<Link> {
    herd_demo(&[Strategy::Codex, Strategy::Full])
}

/// An `#/amplify` preset.
pub(super) fn amp(demo: Demo) -> Option<Link> {
    Some(Link::Amplify(demo.params()))
}
