//! The whole bank pinned: every question's id, section, source, kind (its
//! options, answer keys, fields, runs and challenges) and demo link, in
//! page order, then every exercise text in both languages. A change in how
//! the banks write their questions cannot change what the student is asked.
#![cfg(all(not(target_arch = "wasm32"), feature = "english"))]

use retry_lab::exercises::bank;
use retry_lab::i18n::entries;

const STORED: &str = include_str!("data/exercise_bank.txt");

fn all() -> String {
    let mut out = String::new();
    for q in bank() {
        out.push_str(&format!("{q:?}\n"));
    }
    for e in entries().filter(|e| e.key.starts_with("ex.")) {
        out.push_str(&format!("{} zh: {}\n{} en: {}\n", e.key, e.zh, e.key, e.en));
    }
    out
}

#[test]
fn the_bank_reads_as_it_always_did() {
    let now = all();
    // Regenerate (only after a deliberate change of a question):
    // EXERCISE_BANK_WRITE=1 cargo test --test exercises_pinned
    if std::env::var_os("EXERCISE_BANK_WRITE").is_some() {
        std::fs::write("tests/data/exercise_bank.txt", &now).unwrap();
        return;
    }
    assert!(now.lines().count() > 500, "{}", now.lines().count());
    for (i, (a, b)) in now.lines().zip(STORED.lines()).enumerate() {
        assert_eq!(a, b, "line {}", i + 1);
    }
    assert_eq!(now.lines().count(), STORED.lines().count());
}
