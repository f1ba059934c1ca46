//! `herd`: command-line companion of the thundering-herd simulator.
fn main() {}
