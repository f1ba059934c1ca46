//! Completeness tests for the translation table.

use super::*;
use std::collections::HashSet;
use std::path::Path;

#[test]
fn keys_are_unique() {
    let mut seen = HashSet::new();
    for e in entries() {
        assert!(seen.insert(e.key), "duplicate translation key {}", e.key);
    }
}

#[test]
fn every_entry_has_both_languages_and_same_placeholders() {
    for e in entries() {
        assert!(!e.zh.trim().is_empty(), "missing zh text for {}", e.key);
        assert!(!e.en.trim().is_empty(), "missing en text for {}", e.key);
        assert_eq!(
            placeholders(e.zh),
            placeholders(e.en),
            "placeholders differ between zh and en for {}",
            e.key
        );
    }
}

#[test]
fn missing_key_is_visible() {
    assert_eq!(t(Lang::En, "no.such.key"), "⟦no.such.key⟧");
    assert!(has("common.app_title"));
}

/// The page's wasm holds each family's keys only as the digest `build.rs`
/// computes at compile time: it is the digest of the set's rows, and a
/// file of any other family (or with one key more or less) differs from it.
#[test]
fn each_familys_key_digest_is_its_rows_and_tells_other_files_apart() {
    use crate::pages::route::Family;
    for family in Family::ALL {
        let set = family_texts(family);
        let keys: Vec<&str> = set.entries().map(|e| e.key).collect();
        assert_eq!(
            set.key_sum(),
            KeySum::of(keys.iter().copied()),
            "{family:?}"
        );
        assert_eq!(keys_differ(set.key_sum(), keys.iter().copied()), None);
        let fewer = keys_differ(set.key_sum(), keys.iter().skip(1).copied()).unwrap();
        assert!(fewer.starts_with("this page's keys"), "{fewer}");
        let renamed = keys
            .iter()
            .map(|k| if *k == keys[0] { "no.such.key" } else { k });
        assert!(keys_differ(set.key_sum(), renamed).is_some(), "{family:?}");
        // Families sharing a file draw one set (the lab's views).
        let others = Family::ALL
            .into_iter()
            .filter(|f| chinese_file_id(*f) != chinese_file_id(family));
        for other in others {
            let theirs = family_texts(other).entries().map(|e| e.key);
            assert!(
                keys_differ(set.key_sum(), theirs).is_some(),
                "{family:?} {other:?}"
            );
        }
    }
}

#[test]
fn tf_fills_placeholders() {
    let s = tf(
        Lang::En,
        "common.notice.clamped",
        &[
            ("param", "clients".into()),
            ("field", "URL parameter clients".into()),
            ("given", "5000".into()),
            ("range", "1–1000".into()),
            ("used", "1000".into()),
        ],
    );
    assert!(
        s.contains("clients") && s.contains("5000") && s.contains("1000"),
        "{s}"
    );
}

/// The keys the UI builds with `format!` from URL ids:
/// `{prefix}.{id}{suffix}` for every id and every suffix.
fn id_keys(
    prefix: &str,
    ids: impl IntoIterator<Item = &'static str>,
    suffixes: &[&str],
) -> Vec<String> {
    ids.into_iter()
        .flat_map(|id| suffixes.iter().map(move |s| format!("{prefix}.{id}{s}")))
        .collect()
}

/// Keys the lab's views build with `format!` from ids (the literal test
/// below cannot see them).
#[test]
fn every_lab_key_built_from_ids_has_its_texts() {
    use crate::lab::grading::suite::Unfixable;
    use crate::lab::model::sql::{Branch, HandlerPhase};
    use crate::lab::{ClientStrategy, Ending, Group, Lane, Mechanism, Preset, Scenario};
    let mut keys = id_keys(
        "lab.scenario",
        Scenario::ALL.map(|s| s.id()),
        &["", ".desc"],
    );
    keys.extend(id_keys(
        "lab.client",
        ClientStrategy::ALL.map(|c| c.id()),
        &["", ".desc"],
    ));
    let server = ["", ".desc", ".cures"];
    keys.extend(id_keys("lab.server", Preset::ALL.map(|s| s.id()), &server));
    keys.extend(id_keys("lab.ending", Ending::ALL.map(|e| e.id()), &[""]));
    keys.extend(id_keys("lab.lane", Lane::ALL.map(|l| l.id()), &[""]));
    keys.extend(id_keys("lab.group", Group::ALL.map(|g| g.id()), &[""]));
    keys.extend(id_keys("lab.branch", Branch::ALL.map(|b| b.id()), &[""]));
    keys.extend(id_keys(
        "lab.phase",
        HandlerPhase::ALL.map(|p| p.id()),
        &[""],
    ));
    keys.extend(
        crate::lab::grading::rules::Rule::ALL
            .iter()
            .map(|r| r.key()),
    );
    keys.extend(Mechanism::ALL.iter().map(|m| m.key()));
    keys.extend(Mechanism::ALL.iter().map(|m| format!("{}.desc", m.key())));
    let reasons = [
        Unfixable::NoKey,
        Unfixable::KeyChangesPerAttempt,
        Unfixable::KeyChangesOnModelRecall,
        Unfixable::KeyPruned,
        Unfixable::Other,
        Unfixable::TitleRewritten,
    ];
    keys.extend(reasons.iter().map(|u| u.key()));
    let missing: Vec<_> = keys.iter().filter(|k| !has(k)).collect();
    assert!(missing.is_empty(), "missing: {missing:?}");
}

/// Collects every string literal in `src/` that looks like a translation key
/// (`common.`, `herd.`, `lab.`, `ex.` prefixes) and checks the table has it.
#[test]
fn every_key_literal_in_source_exists() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut missing = Vec::new();
    let mut files = Vec::new();
    collect_rs(&root, &mut files);
    for file in files {
        if file.components().any(|c| c.as_os_str() == "i18n") {
            continue;
        }
        let text = std::fs::read_to_string(&file).unwrap();
        // A file compiled only under a feature (the toy mechanism) brings
        // its rows with it when it is compiled.
        if text.lines().any(|l| l.starts_with("#![cfg(feature")) {
            continue;
        }
        for lit in string_literals(&text) {
            if looks_like_key(&lit) && !has(&lit) {
                missing.push(format!("{}: {lit}", file.display()));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "untranslated keys:\n{}",
        missing.join("\n")
    );
}

fn collect_rs(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let p = entry.unwrap().path();
        if p.is_dir() {
            collect_rs(&p, out);
        } else if p.extension().is_some_and(|e| e == "rs") {
            out.push(p);
        }
    }
}

fn string_literals(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '"' {
            let mut lit = String::new();
            let mut escaped = false;
            for c in chars.by_ref() {
                if escaped {
                    escaped = false;
                    lit.push(c);
                } else if c == '\\' {
                    escaped = true;
                } else if c == '"' {
                    break;
                } else {
                    lit.push(c);
                }
            }
            out.push(lit);
        }
    }
    out
}

fn looks_like_key(s: &str) -> bool {
    let prefixes = ["common.", "herd.", "lab.", "ex.", "amplify."];
    prefixes.iter().any(|p| s.starts_with(p))
        && s.len() > 4
        && !s.ends_with('.')
        && s.chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_' || c == '.')
}

/// A count with the noun that agrees with it, as the lab's summary and SQL
/// listing write it: the singular for one, the plural otherwise, the
/// digits grouped.
#[test]
fn a_count_agrees_with_its_noun_and_groups_its_digits() {
    let written = |l: Lang, n: u64| {
        render(
            l,
            &Sentence::counted(n, "lab.unit.rows.one", "lab.unit.rows.other"),
        )
    };
    assert_eq!(written(Lang::En, 1), "1 row");
    assert_eq!(written(Lang::En, 0), "0 rows");
    assert_eq!(written(Lang::En, 12_345), "12,345 rows");
    assert_eq!(written(Lang::Zh, 1), "1 行");
    assert_eq!(written(Lang::Zh, 12_345), "12,345 行");
    let calls = |l: Lang, n: u64| {
        render(
            l,
            &Sentence::counted(n, "lab.unit.calls.one", "lab.unit.calls.other"),
        )
    };
    assert_eq!(calls(Lang::En, 2), "2 tool calls");
    assert_eq!(calls(Lang::Zh, 2), "工具调用 2 次");
}
