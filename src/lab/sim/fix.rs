//! The «试试修好的版本» search: the nearest combination that ends well. It
//! runs the simulation, so it lives on the engine's side.

use super::cell;
use crate::lab::design::Design;
use crate::lab::explain::is_good;
use crate::lab::ids::{ClientStrategy, Preset, Scenario};

/// The presets a fix may name, in the chapter's order. `leased_unguarded`
/// exists to show the stale write-back, so it is never suggested.
const FIX_PRESETS: [Preset; 5] = [
    Preset::Naive,
    Preset::KeySplit,
    Preset::Atomic,
    Preset::Leased,
    Preset::Fenced,
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
/// on the same server; then both. `None` if the run is already good or no
/// combination fixes it.
pub fn nearest_fix(
    scenario: Scenario,
    client: ClientStrategy,
    design: impl Into<Design>,
    seed: u64,
) -> Option<(ClientStrategy, Preset)> {
    let design = design.into();
    if is_good(cell(scenario, client, design, seed)) {
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
    let tiers = [
        others.iter().map(|s| (client, *s)).collect::<Vec<_>>(),
        ClientStrategy::ALL
            .iter()
            .filter(|c| **c != client)
            .flat_map(|c| same_server.map(|s| (*c, s)))
            .collect(),
        ClientStrategy::ALL
            .iter()
            .filter(|c| **c != client)
            .flat_map(|c| others.iter().map(move |s| (*c, *s)))
            .collect(),
    ];
    tiers
        .into_iter()
        .flatten()
        .find(|(c, s)| is_good(cell(scenario, *c, *s, seed)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lab::design::Mechanism;

    #[test]
    fn fixes_are_nearest_and_good() {
        // Lost response on the naive server: a key-aware server with the same
        // client fixes it.
        let fix = nearest_fix(
            Scenario::ResponseLost,
            ClientStrategy::StableKey,
            Preset::Naive,
            1,
        );
        assert_eq!(fix, Some((ClientStrategy::StableKey, Preset::KeySplit)));
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
    fn a_custom_design_is_fixed_from_its_nearest_preset_never_by_the_unguarded_lease() {
        let unguarded = Preset::LeasedUnguarded.design();
        assert_eq!(place(unguarded), 3, "one mechanism from leased");
        let fix = nearest_fix(
            Scenario::LeaseOverlap,
            ClientStrategy::StableKey,
            unguarded,
            1,
        );
        assert_eq!(fix, Some((ClientStrategy::StableKey, Preset::Leased)));
        // Fenced without its lease's guard: nearest to fenced itself.
        let d = Preset::Fenced.design().without(Mechanism::Guard);
        assert_eq!(place(d), 4);
    }
}
