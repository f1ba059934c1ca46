//! The translation table's rows from its data files (`src/**/texts.txt`,
//! `src/**/texts/*.txt`), as `build.rs` reads, checks and writes them: one
//! slice per file, in the order of its `TEXT_FILES`, and the digest of each
//! group's keys. Without the `english` feature the generated rows have no
//! English column; without `english` and `chinese` there are no rows, only
//! the digests.

use super::Entry;
use crate::kernel::entry::KeySum;

include!(concat!(env!("OUT_DIR"), "/texts.rs"));
