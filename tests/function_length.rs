//! No function of `src/` is longer than [`MAX_LINES`] lines, from its `fn`
//! line to its closing brace, except the data tables of [`DATA_TABLES`]: a
//! long function does several things, and each of them deserves a name
//! (a sub-component, a helper, a hook). A table whose rows are the data
//! (a question bank, one arm per scenario) reads best as one piece.
//!
//! The reader finds each `fn` item and matches its braces, ignoring braces
//! in comments, string literals (raw ones included) and char literals.
#![cfg(not(target_arch = "wasm32"))]

use std::fs;
use std::path::Path;

/// The most lines a function may have.
const MAX_LINES: usize = 70;

/// Functions that are data tables, by file (under `src/`) and name, each
/// with what its rows are. Nothing else may pass [`MAX_LINES`].
const DATA_TABLES: &[(&str, &str, &str)] = &[
    (
        "exercises/bank_counts.rs",
        "questions",
        "question bank: one question literal after another",
    ),
    (
        "exercises/bank_layers.rs",
        "questions",
        "question bank: one question literal after another",
    ),
    (
        "exercises/bank_truths.rs",
        "questions",
        "question bank: one question literal after another",
    ),
    (
        "exercises/bank_wait.rs",
        "questions",
        "question bank: one question literal after another",
    ),
    (
        "lab/faults/scenarios.rs",
        "schedule",
        "each fault scenario's schedule, one match arm per scenario",
    ),
];

/// A function found in a file: its name, first line (1-based) and length.
#[derive(Debug, PartialEq)]
struct Function {
    name: String,
    line: usize,
    lines: usize,
}

/// `text` with every comment, string literal and char literal blanked out
/// (newlines kept, so line numbers stay), leaving the code's own braces.
fn code_only(text: &str) -> Vec<char> {
    let c: Vec<char> = text.chars().collect();
    let mut out = Vec::with_capacity(c.len());
    let blank = |out: &mut Vec<char>, span: &[char]| {
        out.extend(span.iter().map(|&ch| if ch == '\n' { '\n' } else { ' ' }));
    };
    let ident = |ch: char| ch.is_alphanumeric() || ch == '_';
    let mut i = 0;
    while i < c.len() {
        let at = |k: usize| c.get(k).copied().unwrap_or('\0');
        let end = if at(i) == '/' && at(i + 1) == '/' {
            (i..c.len()).find(|&k| c[k] == '\n').unwrap_or(c.len())
        } else if at(i) == '/' && at(i + 1) == '*' {
            block_comment_end(&c, i)
        } else if at(i) == '"' {
            string_end(&c, i)
        } else if (at(i) == 'r' || (at(i) == 'b' && at(i + 1) == 'r'))
            && (i == 0 || !ident(c[i - 1]))
        {
            raw_string_end(&c, i).unwrap_or(i)
        } else if at(i) == '\'' && at(i + 1) == '\\' {
            // An escaped char: '\n', '\'', '\u{1F600}'.
            (i + 3..c.len())
                .find(|&k| c[k] == '\'')
                .map_or(c.len(), |k| k + 1)
        } else if at(i) == '\'' && at(i + 2) == '\'' {
            i + 3
        } else {
            i
        };
        if end > i {
            blank(&mut out, &c[i..end]);
            i = end;
        } else {
            out.push(c[i]);
            i += 1;
        }
    }
    out
}

/// The index after the block comment opening at `i` (they nest).
fn block_comment_end(c: &[char], mut i: usize) -> usize {
    let mut depth = 0;
    while i < c.len() {
        if c[i] == '/' && c.get(i + 1) == Some(&'*') {
            depth += 1;
            i += 2;
        } else if c[i] == '*' && c.get(i + 1) == Some(&'/') {
            depth -= 1;
            i += 2;
            if depth == 0 {
                return i;
            }
        } else {
            i += 1;
        }
    }
    c.len()
}

/// The index after the string literal whose quote is at `i`.
fn string_end(c: &[char], mut i: usize) -> usize {
    i += 1;
    while i < c.len() && c[i] != '"' {
        i += if c[i] == '\\' { 2 } else { 1 };
    }
    i + 1
}

/// The index after the raw string starting at `i` (`r"…"`, `r#"…"#`,
/// `br"…"`), or `None` when no raw string starts there (`r#type`, `run`).
fn raw_string_end(c: &[char], i: usize) -> Option<usize> {
    let mut k = i + if c[i] == 'b' { 2 } else { 1 };
    let hashes = c[k..].iter().take_while(|&&ch| ch == '#').count();
    k += hashes;
    if c.get(k) != Some(&'"') {
        return None;
    }
    let close: Vec<char> = std::iter::once('"')
        .chain(std::iter::repeat_n('#', hashes))
        .collect();
    (k + 1..c.len())
        .find(|&j| c[j..].starts_with(&close))
        .map(|j| j + close.len())
}

/// Every function with a body in `text`.
fn functions(text: &str) -> Vec<Function> {
    let c = code_only(text);
    let line_of = |k: usize| 1 + c[..k].iter().filter(|&&ch| ch == '\n').count();
    let ident = |ch: char| ch.is_alphanumeric() || ch == '_';
    let mut out = Vec::new();
    for i in 0..c.len().saturating_sub(3) {
        let keyword = c[i] == 'f'
            && c[i + 1] == 'n'
            && c[i + 2].is_whitespace()
            && (i == 0 || !ident(c[i - 1]));
        if !keyword {
            continue;
        }
        let start = (i + 2..c.len()).find(|&k| !c[k].is_whitespace());
        let Some(start) = start.filter(|&k| ident(c[k])) else {
            continue;
        };
        let name: String = c[start..].iter().take_while(|&&ch| ident(ch)).collect();
        // The body opens at the first `{` outside the parameters and
        // brackets; a `;` there first is a declaration without a body.
        let mut depth = 0i32;
        let mut k = start;
        while k < c.len() {
            match c[k] {
                '(' | '[' => depth += 1,
                ')' | ']' => depth -= 1,
                '{' | ';' if depth == 0 => break,
                _ => {}
            }
            k += 1;
        }
        if k >= c.len() || c[k] == ';' {
            continue;
        }
        let close = matching_brace(&c, k);
        let line = line_of(i);
        out.push(Function {
            name,
            line,
            lines: line_of(close) - line + 1,
        });
    }
    out
}

/// The index of the brace closing the one at `open`.
fn matching_brace(c: &[char], open: usize) -> usize {
    let mut depth = 0;
    for (k, &ch) in c.iter().enumerate().skip(open) {
        match ch {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    return k;
                }
            }
            _ => {}
        }
    }
    c.len() - 1
}

fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// Every function of `src/` as `(file under src/, function)`.
fn all_functions() -> Vec<(String, Function)> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    files.sort();
    let mut out = Vec::new();
    for path in files {
        let rel = path
            .strip_prefix(&src)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        let text = fs::read_to_string(&path).unwrap();
        out.extend(functions(&text).into_iter().map(|f| (rel.clone(), f)));
    }
    out
}

#[test]
fn no_function_is_longer_than_the_limit_except_data_tables() {
    let all = all_functions();
    assert!(all.len() > 1000, "read only {} functions", all.len());
    let long: Vec<String> = all
        .iter()
        .filter(|(file, f)| {
            f.lines > MAX_LINES
                && !DATA_TABLES
                    .iter()
                    .any(|(t_file, t_name, _)| t_file == file && *t_name == f.name)
        })
        .map(|(file, f)| format!("src/{file}:{} {} ({} lines)", f.line, f.name, f.lines))
        .collect();
    assert!(
        long.is_empty(),
        "functions over {MAX_LINES} lines; split them by what they do:\n  {}",
        long.join("\n  ")
    );
}

/// The allow-list does not outlive its reason: each entry names a function
/// that exists and is still over the limit.
#[test]
fn every_data_table_listed_is_still_long() {
    let all = all_functions();
    for (file, name, _) in DATA_TABLES {
        let found: Vec<&Function> = all
            .iter()
            .filter(|(f_file, f)| f_file == file && f.name == *name)
            .map(|(_, f)| f)
            .collect();
        assert!(!found.is_empty(), "src/{file}: no fn {name}");
        assert!(
            found.iter().any(|f| f.lines > MAX_LINES),
            "src/{file}: {name} is no longer over {MAX_LINES} lines; drop it from DATA_TABLES"
        );
    }
}

/// The reader counts what the compiler would: braces inside strings, chars
/// and comments do not open or close a body, and a declaration without a
/// body is no function.
#[test]
fn the_reader_ignores_braces_that_are_not_code() {
    let text = r##"
trait T {
    fn declared(&self) -> u32;
}
fn outer() -> String {
    let s = "}}} { \" }";
    let r = r#"}"# ;
    let c = '}';
    let q = '\'';
    let l: &'static str = "x";
    // }
    /* } /* nested } */ } */
    format!("{s}{r}{c}{q}{l}")
}
fn after(x: [u8; 2]) -> u8 {
    x[0]
}
"##;
    let found = functions(text);
    let summary: Vec<(&str, usize, usize)> = found
        .iter()
        .map(|f| (f.name.as_str(), f.line, f.lines))
        .collect();
    assert_eq!(summary, vec![("outer", 5, 10), ("after", 15, 3)]);
}
