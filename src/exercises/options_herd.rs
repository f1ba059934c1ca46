//! The herd strategies of the AWS experiment, for the «fewest calls»
//! question (ids are the herd's URL ids; texts are `ex.opt.<id>`).

/// The five strategies the AWS blog compares.
pub const AWS_STRATEGIES: &[&str] = &["none", "exponential", "full", "equal", "decorrelated"];
