//! The herd strategies of the AWS experiment, for the «fewest calls»
//! question (ids are the herd's URL ids; texts are `ex.opt.<id>`).

use crate::herd::Strategy;

/// The ids of the five strategies the AWS blog compares
/// ([`Strategy::AWS`], in its order): the question's choices.
pub const AWS_STRATEGIES: &[&str] = &{
    let mut ids = [""; Strategy::AWS.len()];
    let mut i = 0;
    while i < ids.len() {
        ids[i] = Strategy::AWS[i].id();
        i += 1;
    }
    ids
};
