//! Giveaways of the «keys» section's questions (see `mod.rs`).

use super::Giveaway;

pub const G: &[Giveaway] = &[];
