//! Randomness, in one place: the seeded generator the simulations own, the
//! derivation of independent seeds from the one seed a student sees, and the
//! fresh seeds of the «换一个随机种子» buttons. Pure, so every mapping is
//! tested natively, and portable: the same seed gives the same numbers
//! natively and in wasm.
//!
//! Two generators, both named here: [`DemoRng`] for the herd, the
//! amplification models and the exercises, and [`LabRng`] for the
//! idempotency lab. Their streams differ, so moving either demo to the
//! other's generator would change every number it shows (the lab's trace
//! digests and the keys a student reads; the herd's and amplification's
//! golden values) for no gain in what the demo teaches.

use rand::SeedableRng;

/// The herd's, the amplification models' and the exercises' generator:
/// 128-bit PCG with a multiplicative step (`Pcg64Mcg`), the fastest of the
/// family, which the herd's hot loop wants.
pub type DemoRng = rand_pcg::Pcg64Mcg;

/// A [`DemoRng`] seeded with `seed`.
pub fn demo_rng(seed: u64) -> DemoRng {
    DemoRng::seed_from_u64(seed)
}

/// The idempotency lab's generator (its fault schedules, keys, UUIDs and
/// jitter): 128-bit PCG with the additive step (`Pcg64`).
pub type LabRng = rand_pcg::Pcg64;

/// A [`LabRng`] seeded with `seed`.
pub fn lab_rng(seed: u64) -> LabRng {
    LabRng::seed_from_u64(seed)
}

/// SplitMix64's finaliser: a bijective mix of 64 bits with good avalanche.
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The seed of one independent stream of a run seeded with `seed`, named by
/// `parts` (a herd trial by its N, strategy and trial number; a stream of
/// the load model by its number): `seed` mixed, then each part mixed in. It
/// depends on nothing else, so any one trial or stream is reproducible on
/// its own, whatever order the work runs in.
pub fn derive(seed: u64, parts: &[u64]) -> u64 {
    parts.iter().fold(mix(seed), |h, &p| mix(h ^ p))
}

/// A seed from text ids: FNV-1a of the parts, each followed by a zero byte,
/// stable across builds and targets (unlike `std`'s hasher). The exercises
/// shuffle a question's options with it.
pub fn text_seed(parts: &[&str]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for p in parts {
        for b in p.bytes().chain([0]) {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
    }
    h
}

/// A uniform value in `0..=max` from `next()`'s uniform 64-bit words:
/// rejection sampling, so no value is more likely than another (a plain
/// `word % (max + 1)` would favour small seeds).
pub fn uniform_up_to(max: u64, mut next: impl FnMut() -> u64) -> u64 {
    let Some(span) = max.checked_add(1) else {
        return next();
    };
    // The largest multiple of `span` that fits: words at or above it are
    // redrawn (fewer than half of all words, so this ends quickly).
    let zone = u64::MAX - (u64::MAX - span + 1) % span;
    loop {
        let w = next();
        if w <= zone {
            return w % span;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// SplitMix64's published first outputs for state 0 (each output is the
    /// finaliser of the state after one more golden-ratio step).
    #[test]
    fn mix_is_splitmix64() {
        assert_eq!(mix(0), 0xE220_A839_7B1D_CDAF);
        assert_eq!(mix(0x9E37_79B9_7F4A_7C15), 0x6E78_9E6A_A1B9_65F4);
    }

    #[test]
    fn derived_seeds_depend_on_every_part_and_its_place() {
        let base = derive(1, &[100, 3, 0]);
        assert_eq!(base, derive(1, &[100, 3, 0]));
        assert_ne!(base, derive(2, &[100, 3, 0]));
        assert_ne!(base, derive(1, &[101, 3, 0]));
        assert_ne!(base, derive(1, &[100, 3, 1]));
        assert_ne!(derive(1, &[1, 2]), derive(1, &[2, 1]));
        assert_eq!(derive(7, &[]), mix(7));
        assert_eq!(derive(7, &[5]), mix(mix(7) ^ 5));
    }

    /// Pinned to values from an independent SplitMix64 (a few lines of
    /// Python, outside this crate): a change of derivation would change
    /// every run a student has linked to.
    #[test]
    fn derived_seeds_are_pinned() {
        // The load model's arrival, fault and jitter streams for seed 42.
        assert_eq!(derive(42, &[1]), 0xf34f_e924_8c93_42e5);
        assert_eq!(derive(42, &[2]), 0x7253_9538_8690_ae46);
        assert_eq!(derive(42, &[3]), 0xfa4f_9455_99f9_054a);
        // The fanout trials' stream for seed 1.
        assert_eq!(derive(1, &[0xFA_0007]), 0x5526_d1ef_b9ed_dc3a);
        // A herd trial: seed 12345, N = 1000, strategy part 3, trial 29.
        assert_eq!(derive(12345, &[1000, 3, 29]), 0x1721_b6b2_9662_5e0e);
    }

    /// Pinned, so a change of hash (which would reshuffle the options every
    /// student sees) is a deliberate edit of this test.
    #[test]
    fn text_seeds_are_fixed_and_separate_their_parts() {
        assert_eq!(text_seed(&[]), 0xcbf2_9ce4_8422_2325);
        assert_eq!(text_seed(&["a"]), 0x089b_e207_b544_f1e4);
        assert_ne!(text_seed(&["ab", ""]), text_seed(&["a", "b"]));
        assert_ne!(text_seed(&["ab", "c"]), text_seed(&["a", "bc"]));
    }

    #[test]
    fn stays_in_range_and_reaches_both_ends() {
        let mut x = 0u64;
        let mut counter = || {
            x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
            x
        };
        let draws: Vec<u64> = (0..10_000)
            .map(|_| uniform_up_to(9, &mut counter))
            .collect();
        assert!(draws.iter().all(|&d| d <= 9));
        for v in 0..=9 {
            let n = draws.iter().filter(|&&d| d == v).count();
            assert!((800..=1200).contains(&n), "{v} drawn {n} times");
        }
    }

    #[test]
    fn redraws_words_past_the_last_full_span() {
        // span 3: the zone ends at u64::MAX - 1 (u64::MAX % 3 == 0, so
        // 2^64 = 3k + 1 and exactly one word, u64::MAX, must be redrawn).
        let mut words = [u64::MAX, 4].into_iter();
        assert_eq!(uniform_up_to(2, || words.next().unwrap()), 1);
    }

    #[test]
    fn full_range_and_zero() {
        assert_eq!(uniform_up_to(u64::MAX, || 77), 77);
        assert_eq!(uniform_up_to(0, || 12345), 0);
    }
}
