//! The fault kinds the recovery property test and the hunt's recovery
//! tests draw from: the page's default, TLS failures and 003's recovery,
//! without a model's re-call.

use retry_lab::lab::grading::hunt::{FaultKind, KindSet};

pub fn kinds() -> KindSet {
    KindSet::page_default()
        .with(FaultKind::TlsError)
        .with(FaultKind::Recovery)
        .without(FaultKind::ModelRecall)
}
