//! The order in which a question's options are shown: a shuffle seeded by
//! the question's id (and a case's and part's labels), so it is the same
//! on every visit and in every language, and the correct option's position
//! carries no pattern. Grading compares option ids, never positions.

use super::Question;

pub use super::kinds::cases::case_options;
pub use super::shuffle::shuffled;

/// The options of a choice question, or of a «predict, then run» choice, as
/// shown. True/false keeps «对, 错»; other kinds have no options here.
pub fn shown(q: &Question) -> Vec<&'static str> {
    q.kind.module().shown(q.id)
}

/// The 0-based position at which a choice question shows its correct option.
pub fn correct_position(q: &Question) -> Option<usize> {
    let correct = q.kind.module().correct_option()?;
    shown(q).iter().position(|o| *o == correct)
}

/// A digest of every question's shown order (choices, and every part of
/// every case):
/// equal natively and in wasm, so the page shows what the tests check.
pub fn fingerprint(bank: &[Question]) -> String {
    use sha2::{Digest, Sha256};
    let mut h = Sha256::new();
    for q in bank {
        h.update(q.id.as_bytes());
        for o in q.kind.module().shown_lists(q.id).iter().flatten() {
            h.update([0]);
            h.update(o.as_bytes());
        }
        h.update([1]);
    }
    hex::encode(&h.finalize()[..8])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_order_depends_on_the_id_only_and_keeps_every_option() {
        let opts = ["a", "b", "c", "d", "e"];
        assert_eq!(shuffled("q1", "", &opts), shuffled("q1", "", &opts));
        let mut sorted = shuffled("q1", "", &opts);
        sorted.sort();
        assert_eq!(sorted, opts);
        // Different ids give different orders (for these two, at least).
        assert_ne!(shuffled("q1", "", &opts), shuffled("q2", "", &opts));
        assert_ne!(shuffled("q1", "r1", &opts), shuffled("q1", "r2", &opts));
    }
}
