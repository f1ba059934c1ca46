//! Giveaways of the «layers» section's questions (see `mod.rs`).

use super::Giveaway;

pub const G: &[Giveaway] = &[];
