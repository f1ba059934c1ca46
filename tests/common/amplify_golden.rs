//! Golden values of the amplification demo, checked by the native test
//! (tests/amplify_golden.rs) and the browser test (tests/wasm_amplify.rs):
//! passing both proves a seed gives the same numbers natively and in wasm.
//!
//! The values were printed by this implementation: they catch any
//! unintended change and prove native = wasm, not that the numbers are
//! right. What follows from the model's rules is checked against the rules
//! themselves (tests/amplify_fanout.rs: the chapter's products and the
//! closed forms; tests/derived_expectations.rs: Poisson arrivals).

use retry_lab::amplify::load_presets::Preset;
use retry_lab::amplify::{run_fanout, run_load, FanoutConfig, FanoutPolicy, LoadPolicy};

/// `layers=4,3&p=0.5`, 1000 calls, seed 42: bottom requests in all, and
/// the first call (succeeded?, bottom requests, tree nodes).
pub const FANOUT_4_3_TOTAL: u64 = 2032;
pub const FANOUT_4_3_FIRST: (bool, u64, usize) = (true, 1, 2);

/// Metastable preset, seed 42: (policy, calls, server requests, successes).
pub const METASTABLE_SEED_42: [(LoadPolicy, u64, u64, u64); 5] = [
    (LoadPolicy::None, 9652, 9652, 7261),
    (LoadPolicy::Retries, 9652, 216950, 1679),
    (LoadPolicy::TokenBucket, 9652, 9682, 7179),
    (LoadPolicy::RetryBudget, 9652, 10132, 5341),
    (LoadPolicy::Deadline, 9652, 10606, 9266),
];

/// The fanout run gives the golden totals.
pub fn check_fanout() {
    let cfg = FanoutConfig {
        layers: vec![4, 3],
        p: 0.5,
        policy: FanoutPolicy::Independent,
        budget: 5,
    };
    let r = run_fanout(&cfg, 1000, 42);
    let total = (r.summary.amplification * 1000.0).round() as u64;
    assert_eq!(total, FANOUT_4_3_TOTAL);
    assert_eq!((r.first_ok, r.first_bottom, r.tree.len()), FANOUT_4_3_FIRST);
}

/// Every metastable lane gives the golden counts.
pub fn check_metastable() {
    let cfg = Preset::Metastable.config();
    for (policy, calls, requests, ok) in METASTABLE_SEED_42 {
        let o = run_load(&cfg, policy, 42);
        assert_eq!(
            (o.calls, o.requests, o.succeeded),
            (calls, requests, ok),
            "{policy:?}"
        );
    }
}
