//! What a run is and how it is computed: the designs, the handler on SQLite, the harness, the
//! notifier, the simulation and the run it records (its trace and counts). The mechanisms
//! (`lab::mechanisms`) and fault primitives (`lab::faults`) are its vocabulary.

#[cfg(feature = "sqlite")]
pub(in crate::lab) mod cleanup_and_lookup;
#[cfg(feature = "sqlite")]
pub(in crate::lab) mod db;
pub(in crate::lab) mod design;
pub(in crate::lab) mod downstream;
#[cfg(feature = "sqlite")]
pub(in crate::lab) mod handler;
pub mod harness;
pub(in crate::lab) mod ids;
#[cfg(feature = "sqlite")]
pub(in crate::lab) mod notifier;
pub(in crate::lab) mod result;
#[cfg(feature = "sqlite")]
pub(in crate::lab) mod sim;
pub mod sql;
pub(in crate::lab) mod times;
pub(in crate::lab) mod trace;
