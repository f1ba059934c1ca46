//! Which questions were rewritten, merged or regraded since the bank began
//! to number its revisions (the bank of commit `b2b6a76`, whose questions
//! are all revision 0).
//!
//! A stored answer counts only for the revision it answered: when a
//! question asks something else than it did (a new key, other options, a
//! merged question), its revision goes up here, and a record of an older
//! revision is kept but no longer counted (the card asks the student to
//! answer again). A renamed question that asks the same thing keeps its
//! revision ([`super::renames`]). A wording fix that changes nothing the
//! student answers keeps it too.

/// Question id → its current revision (absent: 0).
pub const REVISED: &[(&str, u32)] = &[
    // Keys section: each same-key case with its own options (the real
    // mistakes), no longer one shared pool of the draft's answers.
    ("same_key_in_progress", 1),
    // The status guard in a lease overlap left to lab_overlap_writer: three
    // counts instead of four.
    ("predict_lease_write_back", 1),
    // Who writes in a lease overlap now asks the count too, with each
    // distractor a real misreading (the status guard taken for a fence).
    ("lab_overlap_writer", 1),
    // Asks only the 503 without Retry-After (one field, was two).
    ("amp_codex", 1),
    // The key is retrying at the top layer only (was every layer retrying).
    ("amp_metastable_stuck", 1),
    // New questions that replaced others (renames::REPLACED): a record
    // moved from the old id answered something else.
    ("tf_harness_sdk_limit", 1),
    ("sdk_wait_range", 1),
    ("tf_read_timeout_server_side", 1),
    // Merged with two builds: the chapter's three faults and lease_expired.
    ("build_lost_and_crash", 1),
    // Options rewritten: every schedule lets the model call again.
    ("hunt_where_is_counterexample", 1),
    // A fourth option (3 reports).
    ("hunt_predict_shrunk_count", 1),
    // A fourth option (exhausting the ticked faults), the others reworded.
    ("hunt_none_found_proof", 1),
];

/// The current revision of question `id`.
pub fn revision(id: &str) -> u32 {
    REVISED
        .iter()
        .find(|(q, _)| *q == id)
        .map_or(0, |(_, r)| *r)
}
