//! The seeded shuffle every shown order is made with: seeded by the
//! question's id (and a row's name), so an order is the same on every
//! visit, in every language, natively and in wasm ([`super::order`]).

use rand::RngCore;

use crate::kernel::rng::{demo_rng, text_seed};

/// `options` in the order shown for the question `id` (`row` names the
/// case and part of a cases question, a test's group; `""` otherwise).
pub fn shuffled(id: &str, row: &str, options: &[&'static str]) -> Vec<&'static str> {
    // Fisher–Yates on 64-bit draws, written out so the order is the same
    // on 32-bit wasm and 64-bit native (no `usize`-width sampling).
    // The seed depends only on the ids.
    let mut rng = demo_rng(text_seed(&[id, row]));
    let mut v = options.to_vec();
    for i in (1..v.len()).rev() {
        let j = (rng.next_u64() % (i as u64 + 1)) as usize;
        v.swap(i, j);
    }
    v
}
