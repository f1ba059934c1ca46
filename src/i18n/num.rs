//! The app's numbers are written by [`crate::kernel::num`]; this path
//! stays for the callers not yet moved, plus the one writer that needs the
//! translation table (a count with its agreeing noun).

pub use crate::kernel::num::*;

use super::Lang;

/// `n` with a noun that agrees with it, e.g. `1 report`, `2 reports`: the
/// table holds the singular under `one` and the plural under `other`
/// (Chinese has one form for both), each with an `{n}` placeholder.
pub fn counted(lang: Lang, n: u64, one: &str, other: &str) -> String {
    let key = if n == 1 { one } else { other };
    super::tf(lang, key, &[("n", group(n))])
}
