//! The translation table's data files and `build.rs`, which reads them: the
//! format reads back what a translator writes, refuses what it cannot read
//! without guessing, every data file is listed, and the table built without
//! `english` (the page's own wasm) carries no English text.

#![cfg(not(target_family = "wasm"))]

#[allow(dead_code)]
#[path = "../build.rs"]
mod build_script;

use std::path::{Path, PathBuf};

use build_script::{generate, parse, read_tables, unescape, Row, TEXT_FILES};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn row(key: &str, zh: &str, en: &str, line: usize) -> Row {
    let (key, zh, en) = (key.to_string(), zh.to_string(), en.to_string());
    Row { key, zh, en, line }
}

#[test]
fn an_entry_reads_back_byte_for_byte() {
    let file = "# comment\n\n[a.b]\nzh: 第 {n} 层，\"引号\"\nen: layer {n}, \"quoted\"\n\
                [a.c_2]\nen: \\s({n} in all)\\s\nzh: a\\nb \\\\ c\n";
    let rows = parse("t.txt", file).unwrap();
    assert_eq!(
        rows,
        [
            row("a.b", "第 {n} 层，\"引号\"", "layer {n}, \"quoted\"", 3),
            row("a.c_2", "a\nb \\ c", " ({n} in all) ", 6),
        ]
    );
}

#[test]
fn what_cannot_be_read_without_guessing_is_refused() {
    let cases = [
        ("[a.b]\nzh: x \nen: y\n", "t.txt:2: white space at the end"),
        (
            "[a.b]\nzh:  x\nen: y\n",
            "t.txt:2: white space at the start",
        ),
        ("[a.b]\nzh: x\n", "t.txt:1: a.b has no English text"),
        ("[a.b]\nen: y\n", "t.txt:1: a.b has no Chinese text"),
        (
            "[a.b]\nzh: x\nzh: z\nen: y\n",
            "t.txt:3: a.b has this language twice",
        ),
        ("zh: x\n", "t.txt:1: a text before any [key]"),
        ("[A b]\nzh: x\nen: y\n", "t.txt:1: not a key"),
        ("[a.b]\nzh: x\nfr: y\n", "t.txt:3: expected"),
        ("[a.b]\nzh: x\\t\nen: y\n", "unknown escape \\t"),
    ];
    for (file, expected) in cases {
        let err = parse("t.txt", file).unwrap_err();
        assert!(
            err.starts_with(expected) || err.contains(expected),
            "{file:?}: {err}"
        );
    }
    assert_eq!(
        unescape("a\\"),
        Err("unknown escape \\ (write \\\\ for a backslash)".into())
    );
}

#[test]
fn the_table_refuses_a_key_twice_and_differing_placeholders() {
    let twice = vec![
        ("a.txt".to_string(), vec![row("k", "x", "y", 1)]),
        ("b.txt".to_string(), vec![row("k", "x", "y", 4)]),
    ];
    let err = build_script::check(&twice).unwrap_err();
    assert_eq!(err, "b.txt:4: k: this key is in the table twice");
    let differ = vec![(
        "a.txt".to_string(),
        vec![row("k", "{n} 次", "{m} times", 1)],
    )];
    assert!(build_script::check(&differ)
        .unwrap_err()
        .contains("placeholders differ"));
}

/// The page's wasm is built without `english`: the generated table then has
/// no `en` field, and an English text is in it only where it is also some
/// entry's Chinese text or key («Brooker», «SDK»).
#[test]
fn without_english_the_generated_table_has_no_english_column() {
    let tables = read_tables(root()).unwrap();
    let zh_only = generate(&tables, false, true);
    let both = generate(&tables, true, true);
    assert!(!zh_only.contains(", en: "), "an English field");
    let rows: Vec<&Row> = tables.iter().flat_map(|(_, rows)| rows).collect();
    let other_column = |en: &str| rows.iter().any(|r| r.zh == en || r.key == en);
    for r in &rows {
        let literal = format!("{:?}", r.en);
        assert!(both.contains(&literal), "{}", r.key);
        assert!(
            !zh_only.contains(&literal) || other_column(&r.en),
            "{}",
            r.key
        );
    }
}

/// The page's wasm is built without `chinese` too: then the generated
/// table has no rows and no Chinese text at all; its keys are only in the
/// digests (`KeySum::of_keys`, evaluated at compile time).
#[test]
fn without_chinese_the_generated_table_has_no_chinese_text() {
    let tables = read_tables(root()).unwrap();
    let keys_only = generate(&tables, false, false);
    assert!(!keys_only.contains(", zh: "), "a Chinese field");
    let cjk = |c: char| ('\u{4e00}'..='\u{9fff}').contains(&c);
    assert!(!keys_only.chars().any(cjk), "a Chinese character");
    assert_eq!(keys_only.matches("Entry {").count(), 0, "no rows at all");
    for (_, rows) in &tables {
        for row in rows {
            let literal = format!("    {:?},\n", row.key);
            assert!(
                keys_only.contains(&literal),
                "{} is not in a digest",
                row.key
            );
        }
    }
}

/// Every data file under `src/` is in `TEXT_FILES` (else Rust would not
/// read it while the page's English file does).
#[test]
fn every_data_file_is_listed_in_build_rs() {
    let mut found = Vec::new();
    data_files(&root().join("src"), false, &mut found);
    for path in found {
        let name = path
            .strip_prefix(root())
            .unwrap()
            .to_str()
            .unwrap()
            .to_string();
        assert!(
            TEXT_FILES.contains(&name.as_str()),
            "{name} is not in build.rs's TEXT_FILES"
        );
    }
}

fn data_files(dir: &Path, in_texts: bool, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_str().unwrap().to_string();
        if path.is_dir() {
            data_files(&path, name == "texts", out);
        } else if name == "texts.txt" || (in_texts && name.ends_with(".txt")) {
            out.push(path);
        }
    }
}

/// The table `i18n::entries` yields is the data files' rows, in
/// `TEXT_FILES` order, ahead of the rows still written in Rust.
#[test]
fn the_library_holds_the_data_files_rows_in_order() {
    let tables = read_tables(root()).unwrap();
    let rows: Vec<&Row> = tables.iter().flat_map(|(_, rows)| rows).collect();
    let entries: Vec<_> = retry_lab::i18n::entries().take(rows.len()).collect();
    assert_eq!(entries.len(), rows.len());
    for (r, e) in rows.iter().zip(entries) {
        assert_eq!(
            (e.key, e.zh, e.en),
            (r.key.as_str(), r.zh.as_str(), r.en.as_str())
        );
    }
}
