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
