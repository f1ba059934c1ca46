//! Turning random words into a seed in `0..=max` without bias, for the
//! «换一个随机种子» buttons (the browser draws the words with `getrandom`,
//! see `ui::dom::fresh_seed`). Pure, so the mapping is tested natively.

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
