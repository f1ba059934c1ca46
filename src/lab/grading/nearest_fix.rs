//! The «试试修好的版本» search: the nearest combination that ends well. It
//! runs the simulation, so it lives on the engine's side.

use crate::lab::grading::explain::is_good;
use crate::lab::grading::rules::design_breaks;
use crate::lab::model::design::Design;
use crate::lab::model::ids::{ClientStrategy, Preset, Scenario};
use crate::lab::model::result::Cell;
use crate::lab::model::sim::cell;

/// The presets a fix may name, in the chapter's order (their places measure
/// how near a design is). `leased_unguarded` exists to show the stale
/// write-back; like `leased`, it breaks a rule of the chapter (a lease
/// without a fencing token), so neither is ever suggested.
const FIX_PRESETS: [Preset; 6] = [
    Preset::Naive,
    Preset::KeySplit,
    Preset::Atomic,
    Preset::Leased,
    Preset::Fenced,
    Preset::Reconciled,
];

/// Where `design` stands among [`FIX_PRESETS`]: its own place, or the
/// place of the preset that differs from it in the fewest mechanisms (on a
/// tie, the later one).
fn place(design: Design) -> usize {
    let differ = |p: &Preset| (Design::from(*p).symmetric_difference(design)).len();
    (0..FIX_PRESETS.len())
        .rev()
        .min_by_key(|i| differ(&FIX_PRESETS[*i]))
        .unwrap_or(0)
}

/// The nearest combination (same scenario and seed) that ends well (the
/// lab engine computes it; the page receives it with the run): first
/// another server with the same client, nearest first; then another client
/// on the same server; then both. Only a combination that breaks none of the
/// chapter's rules ([`design_breaks`]) and ends well without luck counts.
/// `None` if the run already ends well without luck, or nothing fixes it.
pub fn nearest_fix(
    scenario: Scenario,
    client: ClientStrategy,
    design: impl Into<Design>,
    seed: u64,
) -> Option<(ClientStrategy, Preset)> {
    nearest_fix_among(client, design, |c, d| cell(scenario, c, d, seed))
}

/// [`nearest_fix`] over any source of cells (the tests pass a table of
/// cells computed once, so every run's advice can be checked).
pub fn nearest_fix_among(
    client: ClientStrategy,
    design: impl Into<Design>,
    cell_of: impl Fn(ClientStrategy, Design) -> Cell,
) -> Option<(ClientStrategy, Preset)> {
    let design = design.into();
    let fixed = |c: Cell| is_good(c) && !c.lucky;
    if fixed(cell_of(client, design)) {
        return None;
    }
    let here = place(design);
    let mut servers: Vec<(usize, Preset)> = FIX_PRESETS.into_iter().enumerate().collect();
    // Nearest first; on a tie, the more careful (later) server.
    servers.sort_by_key(|(i, _)| (i.abs_diff(here), std::cmp::Reverse(*i)));
    let others: Vec<Preset> = servers
        .into_iter()
        .map(|(_, p)| p)
        .filter(|p| Design::from(*p) != design)
        .collect();
    let same_server = design.preset().filter(|p| FIX_PRESETS.contains(p));
    let other_clients = || {
        ClientStrategy::ALL
            .into_iter()
            .filter(move |c| *c != client)
    };
    let tiers = others
        .iter()
        .map(|s| (client, *s))
        .chain(other_clients().flat_map(|c| same_server.map(|s| (c, s))))
        .chain(other_clients().flat_map(|c| others.iter().map(move |s| (c, *s))));
    tiers
        .filter(|(c, s)| design_breaks(*c, *s).is_empty())
        .find(|(c, s)| fixed(cell_of(*c, s.design())))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lab::model::design::Mechanism;

    #[test]
    fn fixes_are_nearest_and_good() {
        // Lost response on the naive server: the nearest key-aware server
        // that breaks no rule of the chapter (not key_split, which inserts
        // before recording the key) fixes it with the same client.
        let fix = nearest_fix(
            Scenario::ResponseLost,
            ClientStrategy::StableKey,
            Preset::Naive,
            1,
        );
        assert_eq!(fix, Some((ClientStrategy::StableKey, Preset::Atomic)));
        // A model re-call with a tool_use key: no server helps; a business key does.
        let fix = nearest_fix(
            Scenario::ModelRetry,
            ClientStrategy::StableKey,
            Preset::Fenced,
            1,
        );
        assert_eq!(fix, Some((ClientStrategy::BusinessKey, Preset::Fenced)));
        // Already good: nothing to fix.
        assert_eq!(
            nearest_fix(Scenario::None, ClientStrategy::Naive, Preset::Naive, 1),
            None
        );
    }

    #[test]
    fn a_custom_design_is_fixed_from_its_nearest_preset_never_by_a_lease_without_fence() {
        let unguarded = Preset::LeasedUnguarded.design();
        assert_eq!(place(unguarded), 3, "one mechanism from leased");
        let fix = nearest_fix(
            Scenario::LeaseOverlap,
            ClientStrategy::StableKey,
            unguarded,
            1,
        );
        // `leased` keeps one report here, but its lease has no fencing
        // token: the advice is the fenced server.
        assert_eq!(fix, Some((ClientStrategy::StableKey, Preset::Fenced)));
        // Fenced without its lease's guard: nearest to fenced itself.
        let d = Preset::Fenced.design().without(Mechanism::Guard);
        assert_eq!(place(d), 4);
    }
}
