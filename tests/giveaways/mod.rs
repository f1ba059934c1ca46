//! Each question's giveaway phrases, one file per section of the chapter
//! (read by `tests/exercises_leaks.rs`). A phrase is what would answer the
//! question if another card showed it: its key in words («2 条通知»,
//! «fence 要由资源自己检查»), the number it asks for with its unit, the
//! option text of its key where that is specific. Both languages, the way
//! the cards word it. Honest phrases only: a phrase that no text could ever
//! contain proves nothing.

mod agent;
mod interview;
mod keys;
mod layers;
mod recovery;
mod refund;
mod truths;
mod wait;

/// One question's giveaways.
#[derive(Clone, Copy)]
pub struct Giveaway {
    pub id: &'static str,
    pub zh: &'static [&'static str],
    pub en: &'static [&'static str],
}

/// Every section's table.
pub fn all() -> Vec<Giveaway> {
    [
        truths::G,
        wait::G,
        layers::G,
        keys::G,
        refund::G,
        recovery::G,
        agent::G,
        interview::G,
    ]
    .into_iter()
    .flat_map(|g| g.iter().copied())
    .collect()
}
