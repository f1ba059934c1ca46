//! The demo links the questions open once answered, as typed values: each
//! one is the run or preset that shows the case its question is about
//! (tests/exercises_demos.rs runs every one and checks that it does).

use crate::amplify::page_presets::Demo;
use crate::herd::{HerdParams, Strategy};
use crate::lab::{ClientStrategy, Preset, Scenario};
use crate::pages::links::Link;

/// A lab run at its start (the student steps through it), seed 1.
pub(super) fn lab_run(scenario: Scenario, client: ClientStrategy, server: Preset) -> Option<Link> {
    Some(Link::lab_start(scenario, client, server, 1))
}

/// These herd strategies side by side (in the page's order), 100 clients,
/// defaults otherwise.
fn herd_demo(strategies: &[Strategy]) -> Option<Link> {
    let strategies = Strategy::in_page_order(strategies);
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
