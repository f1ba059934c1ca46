//! Giveaways of the «agent» section's questions (see `mod.rs`).

use super::Giveaway;

pub const G: &[Giveaway] = &[];
