//! The exercise texts a card shows stand on their own and never rely on a
//! font glyph:
//!
//! - the marks of a graded answer (right, wrong, per field and per row)
//!   are drawn as icons (src/ui/icons.rs) beside a word, so no `ex.` text
//!   (nor the exercises' help) carries a mark glyph a platform font may
//!   lack;
//! - a term no seed of the chapter uses, shown in a prompt, an option or a
//!   label, is defined in that same text and marked as not the chapter's
//!   («本章没有这个词» / "not a term of the chapter"): a card can be
//!   embedded alone, so a definition elsewhere on the page does not help.
#![cfg(all(not(target_arch = "wasm32"), feature = "english"))]

use retry_lab::i18n::{entries, Entry};

/// Mark glyphs: a check, a cross, a ballot box.
const MARK_GLYPHS: &[char] = &['✓', '✔', '✗', '✘', '✕', '❌', '☒', '☑'];

/// Every text of the exercises: the page's, the questions', and the help
/// entries about the page.
fn exercise_texts() -> impl Iterator<Item = &'static Entry> {
    entries().filter(|e| e.key.starts_with("ex.") || e.key.starts_with("common.help.ex."))
}

#[test]
fn exercise_texts_carry_no_mark_glyphs() {
    let mut found = Vec::new();
    for e in exercise_texts() {
        for text in [e.zh, e.en] {
            let glyphs: String = text.chars().filter(|c| MARK_GLYPHS.contains(c)).collect();
            if !glyphs.is_empty() {
                found.push(format!("{}: {glyphs} in «{text}»", e.key));
            }
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}

/// Terms of the exercises that no seed uses (`grep` over
/// /work/shared/seeds/*.txt finds neither the Chinese nor the English),
/// each as the Chinese and the English text spell it. A word the chapter
/// uses in its own language (惊群, 令牌桶, fencing token, 幂等键 …) is
/// the chapter's, and an everyday word (反例, 批处理) needs no definition.
const NOT_THE_CHAPTERS: &[(&str, &str)] = &[
    ("亚稳态", "metastable"),
    ("goodput", "goodput"),
    ("Idempotent-Replayed", "Idempotent-Replayed"),
    ("对冲请求", "hedged request"),
];

/// The texts a card shows before it is answered, alone: its prompt, its
/// options, its labels (an explanation comes with its card's answer).
fn shown_before_answering(e: &Entry) -> bool {
    e.key.starts_with("ex.") && !e.key.ends_with(".explain")
}

/// The texts that use `term` (in `text` of each entry) without saying it
/// is not the chapter's (`marker`).
fn undefined(term: &str, marker: &str, text: fn(&Entry) -> &'static str) -> Vec<String> {
    let lower = term.to_lowercase();
    entries()
        .filter(|e| shown_before_answering(e))
        .filter(|e| text(e).to_lowercase().contains(&lower) && !text(e).contains(marker))
        .map(|e| format!("{} uses «{term}» without «{marker}»: {}", e.key, text(e)))
        .collect()
}

#[test]
fn terms_beyond_the_chapter_are_defined_where_a_card_shows_them() {
    let mut missing = Vec::new();
    for (zh, en) in NOT_THE_CHAPTERS {
        missing.extend(undefined(zh, "本章没有", |e| e.zh));
        missing.extend(undefined(en, "not a term of the chapter", |e| e.en));
    }
    assert!(
        missing.is_empty(),
        "{} text(s): define the term in the same text, marked «本章没有这个词» / \
         \"not a term of the chapter\":\n{}",
        missing.len(),
        missing.join("\n")
    );
}

#[test]
fn the_terms_beyond_the_chapter_are_not_the_seeds() {
    // The list stays honest: a term the seeds do use is the chapter's.
    let Ok(dir) = std::fs::read_dir("/work/shared/seeds") else {
        return; // the seeds are not on this machine
    };
    let seeds: String = dir
        .filter_map(|f| std::fs::read_to_string(f.ok()?.path()).ok())
        .collect::<String>()
        .to_lowercase();
    for (zh, en) in NOT_THE_CHAPTERS {
        assert!(!seeds.contains(&zh.to_lowercase()), "{zh} is in the seeds");
        assert!(!seeds.contains(&en.to_lowercase()), "{en} is in the seeds");
    }
}
