//! How a run is told: narration, the diagram, words, the player's steps, drawing in parts and
//! the CLI's CSV. Sentences and data only: the UI and the CLI turn them into text.

#[cfg(feature = "sqlite")]
pub mod csv;
pub mod diagram;
pub mod layers;
pub mod narrate;
pub mod narrate_notes;
pub mod player;
pub mod recovery;
pub mod reveal;
pub mod words;
