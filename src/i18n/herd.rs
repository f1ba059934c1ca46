//! Texts of the `herd` area.

use super::{e, Entry};

#[allow(unused_imports)]
use e as _;

pub(super) const ENTRIES: &[Entry] = &[];
