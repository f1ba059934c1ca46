//! Generates the translation table from its data files.
//!
//! Texts are data, not code: every user-visible text is an entry of a plain
//! text file next to the code of its area (`src/herd/texts.txt`,
//! `src/lab/texts/*.txt`, …), so a translator edits text, not Rust. This
//! script reads the files listed in [`TEXT_FILES`], checks them (no key
//! twice, both languages, the same `{placeholders}` in both) and writes the
//! table as Rust to `OUT_DIR/texts.rs`, which `src/i18n/table.rs` includes.
//! Built without the `english` feature (the page's own wasm), the generated
//! source has no English column at all, so no English text reaches that
//! wasm: the page loads it from its own file (`scripts/i18n-files.mjs`, which
//! reads the same files). Without `chinese` (the page's wasm too) it has no
//! Chinese column either: the loader hands the family its own file of them.
//!
//! The format of a data file (UTF-8):
//!
//! ```text
//! # A comment: a line that starts with `#`, between entries.
//! [herd.title]
//! zh: 惊群模拟器：退避和抖动要多大
//! en: Thundering herd: how much backoff and jitter
//! ```
//!
//! A text starts right after `zh: ` or `en: ` and runs to the end of its
//! line, quotes, commas and `{placeholders}` as they are. Three escapes:
//! `\n` a line break, `\s` a space (needed only at a text's start or end: no
//! line may end in white space, so an editor that trims lines cannot change
//! a text), `\\` a backslash. Blank lines are free.
//!
//! `tests/i18n_texts.rs` includes this file to test the reader and the
//! generator.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

/// Every data file, in table order (the order `i18n::entries` yields). A
/// listed file that does not exist yet is skipped: the tables still written
/// in Rust (`src/i18n/*.rs`) move here one file at a time.
pub const TEXT_FILES: &[&str] = &[
    "src/kernel/texts.txt",
    "src/herd/texts.txt",
    "src/lab/texts/lab.txt",
    "src/lab/texts/choices.txt",
    "src/lab/texts/harness.txt",
    "src/lab/texts/build.txt",
    "src/lab/texts/design.txt",
    "src/lab/texts/narration.txt",
    "src/lab/texts/downstream.txt",
    "src/lab/texts/tenants.txt",
    "src/lab/texts/judgement.txt",
    "src/lab/texts/recovery.txt",
    "src/lab/texts/recovery_view.txt",
    "src/exercises/texts/page.txt",
    "src/exercises/texts/truths.txt",
    "src/exercises/texts/wait.txt",
    "src/exercises/texts/tenants.txt",
    "src/exercises/texts/layers.txt",
    "src/exercises/texts/keys.txt",
    "src/exercises/texts/refund.txt",
    "src/exercises/texts/recovery.txt",
    "src/exercises/texts/agent.txt",
    "src/exercises/texts/interview.txt",
    "src/exercises/texts/build.txt",
    "src/exercises/texts/harness.txt",
    "src/exercises/texts/downstream.txt",
    "src/amplify/texts.txt",
    "src/lab/texts/help.txt",
    "src/lab/texts/engine.txt",
    "src/lab/texts/hunt.txt",
    "src/exercises/texts/hunt.txt",
    "src/exercises/texts/counts.txt",
    "src/exercises/texts/authors.txt",
];

/// The languages of an entry, as a data file names them.
const ZH_FIELD: &str = "zh: ";
const EN_FIELD: &str = "en: ";

/// One entry of a data file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    pub key: String,
    pub zh: String,
    pub en: String,
    /// The line of its `[key]`, for messages.
    pub line: usize,
}

/// The entries of one data file, in file order. `name` is only for messages.
pub fn parse(name: &str, text: &str) -> Result<Vec<Row>, String> {
    let mut rows: Vec<Row> = Vec::new();
    let mut open: Option<(Row, bool, bool)> = None;
    for (index, line) in text.lines().enumerate() {
        let at = format!("{name}:{}", index + 1);
        if line.ends_with(char::is_whitespace) {
            return Err(format!(
                "{at}: white space at the end of a line (write \\s)"
            ));
        }
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(key) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
            close(&mut open, &mut rows, name)?;
            let key = checked_key(key).map_err(|e| format!("{at}: {e}"))?;
            open = Some((new_row(key, index + 1), false, false));
            continue;
        }
        let Some((row, has_zh, has_en)) = open.as_mut() else {
            return Err(format!("{at}: a text before any [key]"));
        };
        fill(row, has_zh, has_en, line).map_err(|e| format!("{at}: {e}"))?;
    }
    close(&mut open, &mut rows, name)?;
    Ok(rows)
}

fn new_row(key: &str, line: usize) -> Row {
    let (zh, en) = (String::new(), String::new());
    Row {
        key: key.to_string(),
        zh,
        en,
        line,
    }
}

/// Sets the language of `line` in `row`, once each.
fn fill(row: &mut Row, has_zh: &mut bool, has_en: &mut bool, line: &str) -> Result<(), String> {
    let (text, seen, slot) = if let Some(text) = line.strip_prefix(ZH_FIELD) {
        (text, has_zh, &mut row.zh)
    } else if let Some(text) = line.strip_prefix(EN_FIELD) {
        (text, has_en, &mut row.en)
    } else {
        return Err(format!(
            "expected `{ZH_FIELD}…`, `{EN_FIELD}…`, `[key]` or `# …`: {line}"
        ));
    };
    if *seen {
        return Err(format!("{} has this language twice", row.key));
    }
    if text.starts_with(char::is_whitespace) {
        return Err("white space at the start of a text (write \\s)".to_string());
    }
    *slot = unescape(text)?;
    *seen = true;
    Ok(())
}

/// Ends the open entry: it needs both languages.
fn close(
    open: &mut Option<(Row, bool, bool)>,
    rows: &mut Vec<Row>,
    name: &str,
) -> Result<(), String> {
    if let Some((row, has_zh, has_en)) = open.take() {
        let at = format!("{name}:{}: {}", row.line, row.key);
        if !has_zh || row.zh.trim().is_empty() {
            return Err(format!("{at} has no Chinese text"));
        }
        if !has_en || row.en.trim().is_empty() {
            return Err(format!("{at} has no English text"));
        }
        rows.push(row);
    }
    Ok(())
}

/// A key: lowercase ASCII words, digits, `_`, joined by dots.
fn checked_key(key: &str) -> Result<&str, String> {
    let fine = |c: char| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_' || c == '.';
    if key.is_empty() || !key.chars().all(fine) {
        return Err(format!("not a key: [{key}]"));
    }
    Ok(key)
}

/// A text as written in a data file, with its escapes resolved.
pub fn unescape(text: &str) -> Result<String, String> {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('n') => out.push('\n'),
            Some('s') => out.push(' '),
            Some('\\') => out.push('\\'),
            other => {
                return Err(format!(
                    "unknown escape \\{} (write \\\\ for a backslash)",
                    other.map(String::from).unwrap_or_default()
                ))
            }
        }
    }
    Ok(out)
}

/// The `{placeholder}` names of a text, sorted (as `i18n::placeholders`).
pub fn placeholders(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(start) = rest.find('{') {
        let after = &rest[start + 1..];
        let Some(end) = after.find('}') else { break };
        let name = &after[..end];
        if !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            out.push(name.to_string());
        }
        rest = &after[end + 1..];
    }
    out.sort();
    out.dedup();
    out
}

/// The checks across the whole table: no key twice, the same placeholders
/// in both languages.
pub fn check(tables: &[(String, Vec<Row>)]) -> Result<(), String> {
    let mut seen = HashSet::new();
    for (name, rows) in tables {
        for row in rows {
            let at = format!("{name}:{}: {}", row.line, row.key);
            if !seen.insert(row.key.as_str()) {
                return Err(format!("{at}: this key is in the table twice"));
            }
            let (zh, en) = (placeholders(&row.zh), placeholders(&row.en));
            if zh != en {
                return Err(format!("{at}: placeholders differ: zh {zh:?}, en {en:?}"));
            }
        }
    }
    Ok(())
}

/// The group of texts a data file belongs to: the folder of its area
/// (`src/<area>/…`). Each page family's wasm installs the groups it draws
/// (`ui::families`), so a view never carries another view's texts.
pub fn group_of(name: &str) -> &'static str {
    GROUPS
        .iter()
        .find(|g| name.starts_with(&format!("src/{}/", g.to_lowercase())))
        .copied()
        .unwrap_or("KERNEL")
}

/// The groups, by area folder; a file elsewhere is the kernel's.
pub const GROUPS: &[&str] = &["KERNEL", "HERD", "AMPLIFY", "LAB", "EXERCISES"];

/// The table as Rust: one slice of `Entry` per data file (`FILE_<n>`),
/// `TABLES` with them all in file order, and one list per group
/// ([`GROUPS`]): a `TextGroup` of its files' rows and the digest of their
/// keys (a `KeySum` computed at compile time). Without `english` (`chinese`), an
/// entry has no `en` (`zh`) field, and no text of that language is written;
/// without either (the page's wasm, which reads its texts from files) the
/// slices are empty and the keys are only in the digests, so no key is in
/// that wasm either.
pub fn generate(tables: &[(String, Vec<Row>)], english: bool, chinese: bool) -> String {
    let mut out =
        String::from("// Generated by build.rs from the translation table's data files.\n");
    for (i, (name, rows)) in tables.iter().enumerate() {
        out.push_str(&format!("// {name}\nconst FILE_{i}: &[Entry] = &[\n"));
        for row in rows.iter().filter(|_| english || chinese) {
            let column = |on: bool, name: &str, text: &str| match on {
                true => format!(", {name}: {text:?}"),
                false => String::new(),
            };
            let zh = column(chinese, "zh", &row.zh);
            let en = column(english, "en", &row.en);
            out.push_str(&format!("    Entry {{ key: {:?}{zh}{en} }},\n", row.key));
        }
        out.push_str(&format!(
            "];\nconst FILE_{i}_KEYS: KeySum = KeySum::of_keys(&[\n"
        ));
        for row in rows {
            out.push_str(&format!("    {:?},\n", row.key));
        }
        out.push_str("]);\n");
    }
    let files = |pick: &dyn Fn(&str) -> bool| {
        tables
            .iter()
            .enumerate()
            .filter(move |(_, (name, _))| pick(name))
            .map(|(i, _)| i)
            .collect::<Vec<_>>()
    };
    let list = |at: &[usize], form: &dyn Fn(usize) -> String| {
        at.iter().map(|&i| form(i)).collect::<Vec<_>>().join("")
    };
    let all = files(&|_| true);
    out.push_str(&format!(
        "#[allow(dead_code)]\npub(super) const TABLES: &[&[Entry]] = &[{}];\n",
        list(&all, &|i| format!("FILE_{i}, "))
    ));
    for group in GROUPS {
        let at = files(&|name| group_of(name) == *group);
        out.push_str(&format!(
            "#[allow(dead_code)]\npub const {group}: TextGroup = TextGroup {{ rows: &[{}], keys: KeySum::EMPTY{} }};\n",
            list(&at, &|i| format!("FILE_{i}, ")),
            list(&at, &|i| format!(".plus(FILE_{i}_KEYS)"))
        ));
    }
    out
}

/// Reads every listed data file that exists, in list order.
pub fn read_tables(root: &Path) -> Result<Vec<(String, Vec<Row>)>, String> {
    let mut tables = Vec::new();
    for name in TEXT_FILES {
        let path = root.join(name);
        if !path.exists() {
            continue;
        }
        let text = std::fs::read_to_string(&path).map_err(|e| format!("{name}: {e}"))?;
        tables.push((name.to_string(), parse(name, &text)?));
    }
    check(&tables)?;
    Ok(tables)
}

/// What to watch: each listed file, or while it does not exist the nearest
/// folder that will hold it (never `src` itself, whose `bin/` is not the
/// library's, so that editing a binary does not rebuild the library).
fn watched(root: &Path) -> Vec<PathBuf> {
    let src = root.join("src");
    let mut out: Vec<PathBuf> = Vec::new();
    for name in TEXT_FILES {
        let mut path = root.join(name);
        while !path.exists() && path.parent().is_some_and(|p| p != src) {
            path = path.parent().map(Path::to_path_buf).unwrap_or_default();
        }
        if path.exists() && !out.contains(&path) {
            out.push(path);
        }
    }
    out
}

fn main() {
    let root = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets it"));
    println!("cargo:rerun-if-changed=build.rs");
    for path in watched(&root) {
        println!("cargo:rerun-if-changed={}", path.display());
    }
    let english = std::env::var_os("CARGO_FEATURE_ENGLISH").is_some();
    let chinese = std::env::var_os("CARGO_FEATURE_CHINESE").is_some();
    let tables = read_tables(&root).unwrap_or_else(|e| panic!("translation table: {e}"));
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets it")).join("texts.rs");
    std::fs::write(&out, generate(&tables, english, chinese)).expect("OUT_DIR is writable");
}
