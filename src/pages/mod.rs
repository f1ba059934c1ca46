//! What names every page: its route (`#/herd`, `#/lab/build`, …) and the
//! typed link to it with its parameters. Above the demos, whose parameters
//! a link carries; below the exercises, whose questions link to demo states.

pub mod links;
pub mod route;
