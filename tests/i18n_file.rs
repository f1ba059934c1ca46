//! The columns' own files (`scripts/i18n-files.mjs`, written by the build
//! next to the page's wasm, which is built without them): the English file
//! holds exactly the table's English texts, each family's Chinese file
//! exactly the Chinese texts of the family's set, and the page's reader
//! takes them.

#![cfg(not(target_family = "wasm"))]

use std::process::Command;

#[path = "common/command.rs"]
mod command;
use command::stdout_of;

use std::collections::BTreeSet;

use retry_lab::i18n::{
    chinese_file_id, entries, family_texts, install_chinese, install_english, TextColumn,
};
use retry_lab::kernel::text::Lang;
use retry_lab::pages::route::Family;

fn script(args: &[&str]) -> String {
    stdout_of(
        Command::new("node")
            .arg("scripts/i18n-files.mjs")
            .args(args)
            .current_dir(env!("CARGO_MANIFEST_DIR")),
    )
}

fn the_file() -> String {
    script(&[])
}

fn chinese_file(family: Family) -> String {
    script(&["--zh", chinese_file_id(family)])
}

#[test]
fn each_familys_chinese_file_is_its_sets_chinese_column() {
    for family in Family::ALL {
        let json = chinese_file(family);
        let map: std::collections::HashMap<String, String> = serde_json::from_str(&json).unwrap();
        let set = family_texts(family);
        let keys: BTreeSet<&str> = set.entries().map(|e| e.key).collect();
        let file_keys: BTreeSet<&str> = map.keys().map(String::as_str).collect();
        assert_eq!(file_keys, keys, "{family:?}: no row more, no row less");
        for e in set.entries() {
            assert_eq!(map.get(e.key).map(String::as_str), Some(e.zh), "{}", e.key);
        }
    }
}

/// The exercises draw every group: their file is the whole Chinese column,
/// which the reader (checking against the whole table here) takes.
#[test]
fn the_exercises_chinese_file_covers_the_table() {
    let json = chinese_file(Family::Exercises);
    let column = TextColumn::parse(&json, Lang::Zh).unwrap();
    assert_eq!(column.len(), entries().count());
    assert_eq!(install_chinese(&json), Ok(()));
    let err = TextColumn::parse(&chinese_file(Family::Herd), Lang::Zh).unwrap_err();
    assert!(err.starts_with("the Chinese texts lack"), "{err}");
}

#[test]
fn the_english_file_is_the_tables_english_column() {
    let json = the_file();
    let table = TextColumn::parse(&json, Lang::En).unwrap();
    assert_eq!(table.len(), entries().count(), "no row more, no row less");
    for e in entries() {
        assert_eq!(table.get(e.key), Some(e.en), "{}", e.key);
    }
    assert_eq!(install_english(&json), Ok(()));
}

#[test]
fn a_file_of_another_build_or_no_file_is_refused() {
    let json = the_file();
    let mut map: serde_json::Map<String, serde_json::Value> = serde_json::from_str(&json).unwrap();
    map.remove("common.app_title");
    let short = serde_json::to_string(&map).unwrap();
    let err = TextColumn::parse(&short, Lang::En).unwrap_err();
    assert!(err.contains("common.app_title"), "{err}");
    for bad in ["", "<!doctype html><p>not found", "[]", "{\"a\": 1}"] {
        assert!(TextColumn::parse(bad, Lang::En).is_err(), "{bad}");
        assert!(install_english(bad).is_err(), "{bad}");
    }
}
