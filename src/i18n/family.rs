//! The texts each page family draws: the groups of the data files' tables
//! (one group per area folder, `table`) and the rows written in Rust (the
//! lab's mechanisms). A page wasm installs its family's set, so the linker
//! keeps no other family's keys; the build writes the same set's Chinese
//! column as the family's own file (`scripts/i18n-files.mjs`), which
//! `tests/i18n_file.rs` holds equal to this.

use super::table::{
    AMPLIFY, AMPLIFY_KEYS, EXERCISES, EXERCISES_KEYS, HERD, HERD_KEYS, KERNEL, KERNEL_KEYS, LAB,
    LAB_KEYS,
};
use super::{Entry, TextSet};
use crate::kernel::entry::KeySum;
use crate::pages::route::Family;

fn no_rows() -> Vec<&'static Entry> {
    Vec::new()
}

fn lab_rows() -> Vec<&'static Entry> {
    crate::lab::mechanisms::texts().collect()
}

/// What `family`'s views draw. The exercises draw the other demos' terms
/// (scenarios, strategies, policies) and the lab's mechanisms.
pub const fn family_texts(family: Family) -> TextSet {
    type Rows = fn() -> Vec<&'static Entry>;
    let (groups, keys, rust_rows): (&'static [&'static [&'static [Entry]]], KeySum, Rows) =
        match family {
            Family::Home => (&[KERNEL], KERNEL_KEYS, no_rows),
            Family::Herd => (&[KERNEL, HERD], KERNEL_KEYS.plus(HERD_KEYS), no_rows),
            Family::Amplify => (&[KERNEL, AMPLIFY], KERNEL_KEYS.plus(AMPLIFY_KEYS), no_rows),
            Family::Lab => (&[KERNEL, LAB], KERNEL_KEYS.plus(LAB_KEYS), lab_rows),
            Family::Exercises => (
                &[KERNEL, HERD, AMPLIFY, LAB, EXERCISES],
                KERNEL_KEYS
                    .plus(HERD_KEYS)
                    .plus(AMPLIFY_KEYS)
                    .plus(LAB_KEYS)
                    .plus(EXERCISES_KEYS),
                lab_rows,
            ),
        };
    TextSet {
        groups,
        keys,
        rust_rows,
    }
}
