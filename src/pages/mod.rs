//! What names every page: routes, links, the embed snippet and the
//! keyboard shortcuts. Above the demos, below the UI.

pub mod embed;
pub mod fields;
pub mod keys;
pub mod links;
pub mod route;
