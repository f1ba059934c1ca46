//! The translation table's rows from its data files (`src/**/texts.txt`,
//! `src/**/texts/*.txt`), as `build.rs` reads, checks and writes them: one
//! slice per file, in the order of its `TEXT_FILES`, and one [`TextGroup`] per
//! area folder: its files' rows and the digest of their keys. Without the `english` feature the generated rows have no
//! English column; without `english` and `chinese` there are no rows, only
//! the digests.

use super::{Entry, TextGroup};
use crate::kernel::entry::KeySum;

include!(concat!(env!("OUT_DIR"), "/texts.rs"));
