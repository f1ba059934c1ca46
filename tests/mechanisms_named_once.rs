//! No file of `src/` outside `src/lab/mechanisms/` names a mechanism:
//! code asks a design's mechanisms for properties or tells them of the
//! handler's steps. Flags `Mechanism::<Variant>`, `Mechanism::*`,
//! `Mechanism::{…}` and an alias (`Mechanism as M`) used as `M::<Variant>`.
//! Tests may name mechanisms (inline `#[cfg(test)]` modules and
//! `*_tests.rs` files are skipped), and so may the presets (in
//! `mechanisms/`); the exercise banks name designs by preset and ids.
#![cfg(not(target_arch = "wasm32"))]

use std::fs;
use std::path::Path;

fn files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The file's lines outside test modules (a `#[cfg(…test…)]` then `mod`,
/// skipped to its closing brace).
fn non_test_lines(text: &str) -> Vec<(usize, &str)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i].trim_start();
        let opens_test = line.starts_with("#[cfg(")
            && line.contains("test")
            && lines
                .get(i + 1)
                .is_some_and(|n| n.trim_start().starts_with("mod "));
        if !opens_test {
            out.push((i + 1, lines[i]));
            i += 1;
            continue;
        }
        if lines[i + 1].trim_end().ends_with(';') {
            i += 2;
            continue;
        }
        let mut depth = 0i32;
        i += 1;
        loop {
            depth += lines[i].matches('{').count() as i32;
            depth -= lines[i].matches('}').count() as i32;
            i += 1;
            if depth <= 0 || i >= lines.len() {
                break;
            }
        }
    }
    out
}

/// Where a line names a mechanism variant (`ALL` is the registry's list).
fn names_a_variant(line: &str, aliases: &[String]) -> bool {
    let code = line.split("//").next().unwrap_or_default();
    let mut heads = vec!["Mechanism::".to_string()];
    heads.extend(aliases.iter().map(|a| format!("{a}::")));
    heads.iter().any(|head| {
        code.match_indices(head.as_str()).any(|(at, _)| {
            let before = code[..at].chars().last();
            let rest = &code[at + head.len()..];
            let whole = !before.is_some_and(|c| c.is_alphanumeric() || c == '_');
            let variant =
                rest.starts_with(|c: char| c.is_ascii_uppercase()) && !rest.starts_with("ALL");
            whole && (variant || rest.starts_with('*') || rest.starts_with('{'))
        })
    })
}

#[test]
fn no_file_outside_the_mechanisms_names_one() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut all = Vec::new();
    files(&src, &mut all);
    let mut found = Vec::new();
    for path in all {
        let rel = path
            .strip_prefix(&src)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        let skipped = rel.starts_with("lab/mechanisms/") || rel.ends_with("_tests.rs");
        if skipped {
            continue;
        }
        let text = fs::read_to_string(&path).unwrap();
        let aliases: Vec<String> = text
            .match_indices("Mechanism as ")
            .map(|(at, m)| {
                let rest = &text[at + m.len()..];
                rest.chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect()
            })
            .collect();
        for (n, line) in non_test_lines(&text) {
            if names_a_variant(line, &aliases) {
                found.push(format!("src/{rel}:{n}: {}", line.trim()));
            }
        }
    }
    assert!(
        found.is_empty(),
        "mechanisms named outside src/lab/mechanisms/:\n{}",
        found.join("\n")
    );
}

#[test]
fn the_scan_sees_what_it_looks_for() {
    let text = "use x::Mechanism as M;\nfn f() { M::Claim; }\n#[cfg(test)]\nmod tests {\n    fn g() { Mechanism::Fence; }\n}\nfn h() { d.has(Mechanism::Lease) }\n";
    let lines = non_test_lines(text);
    let flagged: Vec<usize> = lines
        .iter()
        .filter(|(_, l)| names_a_variant(l, &["M".to_string()]))
        .map(|(n, _)| *n)
        .collect();
    assert_eq!(flagged, [2, 7]);
    assert!(!names_a_variant("for m in Mechanism::ALL {", &[]));
    assert!(names_a_variant("use Mechanism::*;", &[]));
    assert!(!names_a_variant("SomeMechanism::Claim", &[]));
}
