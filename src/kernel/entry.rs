//! One row of the translation table: a key and its texts. Below every demo,
//! so a module that brings its own texts (a lab mechanism) writes its rows
//! without reaching up to the table that indexes them (`crate::i18n`).

/// One row of the table.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    pub key: &'static str,
    #[cfg(feature = "chinese")]
    pub zh: &'static str,
    #[cfg(feature = "english")]
    pub en: &'static str,
}

/// Shorthand used by the table slices. Without the `english` (`chinese`)
/// feature the English (Chinese) text is dropped at compile time (a
/// constant's unused literal is not in the binary).
#[cfg_attr(
    not(all(feature = "english", feature = "chinese")),
    allow(unused_variables)
)]
pub(crate) const fn e(key: &'static str, zh: &'static str, en: &'static str) -> Entry {
    Entry {
        key,
        #[cfg(feature = "chinese")]
        zh,
        #[cfg(feature = "english")]
        en,
    }
}

/// A digest of a set of keys that does not depend on their order: how many,
/// and the wrapping sum of each key's hash. The page's wasm holds its
/// family's keys only as this (`build.rs` writes one per data file, computed
/// at compile time, so the keys themselves stay out of the wasm), and a
/// texts file whose keys give another digest is another family's or another
/// build's.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct KeySum {
    pub count: u32,
    pub sum: u64,
}

impl KeySum {
    pub const EMPTY: KeySum = KeySum { count: 0, sum: 0 };

    /// The digest of `keys` (a constant when `keys` is one).
    pub const fn of_keys(keys: &[&str]) -> KeySum {
        let mut out = KeySum::EMPTY;
        let mut i = 0;
        while i < keys.len() {
            out = out.with(keys[i]);
            i += 1;
        }
        out
    }

    /// The digest of every key `keys` yields.
    pub fn of<'a>(keys: impl IntoIterator<Item = &'a str>) -> KeySum {
        keys.into_iter().fold(KeySum::EMPTY, KeySum::with)
    }

    /// This digest with `key` added.
    pub const fn with(self, key: &str) -> KeySum {
        KeySum {
            count: self.count + 1,
            sum: self.sum.wrapping_add(key_hash(key)),
        }
    }

    /// The digest of both sets (disjoint ones: a key in both counts twice).
    pub const fn plus(self, other: KeySum) -> KeySum {
        KeySum {
            count: self.count + other.count,
            sum: self.sum.wrapping_add(other.sum),
        }
    }
}

/// FNV-1a over the key's bytes, then SplitMix64's finaliser, so that the
/// sum of many keys' hashes does not keep FNV's structure.
const fn key_hash(key: &str) -> u64 {
    let bytes = key.as_bytes();
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut i = 0;
    while i < bytes.len() {
        h ^= bytes[i] as u64;
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
        i += 1;
    }
    h ^= h >> 30;
    h = h.wrapping_mul(0xbf58_476d_1ce4_e5b9);
    h ^= h >> 27;
    h = h.wrapping_mul(0x94d0_49bb_1331_11eb);
    h ^ (h >> 31)
}

#[cfg(test)]
mod tests {
    use super::KeySum;

    #[test]
    fn a_key_sum_is_the_same_in_any_order_and_differs_for_another_set() {
        let a = KeySum::of_keys(&["k_one", "k_two", "k_three"]);
        let b = KeySum::of(["k_three", "k_one", "k_two"]);
        assert_eq!(a, b);
        assert_eq!(a.count, 3);
        let parts = KeySum::of_keys(&["k_one"]).plus(KeySum::of(["k_two", "k_three"]));
        assert_eq!(parts, a);
        for other in [
            KeySum::of(["k_one", "k_two"]),
            KeySum::of(["k_one", "k_two", "k_thre"]),
            KeySum::of(["k_one", "k_two", "k_four"]),
        ] {
            assert_ne!(other, a);
        }
        assert_eq!(KeySum::of([]), KeySum::EMPTY);
    }
}
