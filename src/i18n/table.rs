//! The translation table's rows from its data files (`src/**/texts.txt`,
//! `src/**/texts/*.txt`), as `build.rs` reads, checks and writes them: one
//! slice per file, in the order of its `TEXT_FILES`. Without the `english`
//! feature the generated rows have no English column.

use super::Entry;

include!(concat!(env!("OUT_DIR"), "/texts.rs"));
