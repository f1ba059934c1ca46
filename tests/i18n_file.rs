//! The English column's own file (`scripts/i18n-en.mjs`, written by the
//! build next to the page's wasm, which is built without it) holds exactly
//! the table's English texts, and the page's reader takes it.

#![cfg(not(target_family = "wasm"))]

use std::process::Command;

#[path = "common/command.rs"]
mod command;
use command::stdout_of;

use retry_lab::i18n::{entries, install_english, EnglishTable};

fn the_file() -> String {
    stdout_of(
        Command::new("node")
            .arg("scripts/i18n-en.mjs")
            .current_dir(env!("CARGO_MANIFEST_DIR")),
    )
}

#[test]
fn the_english_file_is_the_tables_english_column() {
    let json = the_file();
    let table = EnglishTable::parse(&json).unwrap();
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
    let err = EnglishTable::parse(&short).unwrap_err();
    assert!(err.contains("common.app_title"), "{err}");
    for bad in ["", "<!doctype html><p>not found", "[]", "{\"a\": 1}"] {
        assert!(EnglishTable::parse(bad).is_err(), "{bad}");
        assert!(install_english(bad).is_err(), "{bad}");
    }
}
