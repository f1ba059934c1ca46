//! The texts each page family draws: the groups of the data files' tables
//! (one group per area folder, `table`) and the rows written in Rust (the
//! lab's mechanisms). A page wasm installs its family's set, so the linker
//! keeps no other family's keys; the build writes the same set's Chinese
//! column as the family's own file (`scripts/i18n-files.mjs`), which
//! `tests/i18n_file.rs` holds equal to this.

use super::table::{AMPLIFY, EXERCISES, HERD, KERNEL, LAB};
use super::{Entry, TextSet};
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
    let (groups, rust_rows): (&'static [super::TextGroup], _) = match family {
        Family::Home => (&[KERNEL], no_rows as fn() -> Vec<&'static Entry>),
        Family::Herd => (&[KERNEL, HERD], no_rows),
        Family::Amplify => (&[KERNEL, AMPLIFY], no_rows),
        Family::Lab | Family::LabMatrix | Family::LabBuild => (&[KERNEL, LAB], lab_rows),
        Family::Exercises | Family::ExercisesBuilder => {
            (&[KERNEL, HERD, AMPLIFY, LAB, EXERCISES], lab_rows)
        }
    };
    TextSet { groups, rust_rows }
}

/// The name of the Chinese file `family` loads (`i18n-zh-<id>.json`): the
/// lab's views draw one set, so they share one file (fetched once).
pub const fn chinese_file_id(family: Family) -> &'static str {
    match family {
        Family::Home => "home",
        Family::Herd => "herd",
        Family::Amplify => "amplify",
        Family::Lab | Family::LabMatrix | Family::LabBuild => "lab",
        Family::Exercises | Family::ExercisesBuilder => "exercises",
    }
}
