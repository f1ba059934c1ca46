//! Benchmark of the full AWS sweep.
fn main() {}
