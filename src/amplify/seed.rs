//! Seeds of the independent random streams of a run, derived from the one
//! seed the user sees, so that each stream (arrivals, faults, jitter) is the
//! same whichever policy runs: policies side by side face the same calls.

/// SplitMix64's finaliser: a bijective mix of 64 bits.
pub fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The seed of stream `stream` of a run seeded with `seed`.
pub fn stream_seed(seed: u64, stream: u64) -> u64 {
    mix(mix(seed) ^ stream)
}
