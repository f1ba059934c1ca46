//! Every in-app link the UI renders goes through `ui::link::AppLink`, which
//! adds the shell's `lang` and `embed`: no view writes an `<a>` or a bare
//! `Link::href()` itself (a link clicked in an embed would leave the embed).
#![cfg(not(target_arch = "wasm32"))]

use std::fs;
use std::path::Path;

fn sources(dir: &Path, out: &mut Vec<(String, String)>) {
    for entry in fs::read_dir(dir).expect("src/ui") {
        let path = entry.expect("entry").path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let text = fs::read_to_string(&path).expect("source");
            out.push((path.display().to_string(), text));
        }
    }
}

#[test]
fn views_render_in_app_links_only_through_app_link() {
    let mut files = Vec::new();
    sources(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src/ui"),
        &mut files,
    );
    assert!(files.len() > 20, "found {} files", files.len());
    let mut bad = Vec::new();
    for (path, text) in &files {
        if path.ends_with("link.rs") {
            continue;
        }
        for (i, line) in text.lines().enumerate() {
            let bare_href = line.contains(".href()") && !line.contains("location().href()");
            if bare_href || line.contains("<a ") || line.contains("<a>") {
                bad.push(format!("{path}:{}: {}", i + 1, line.trim()));
            }
        }
    }
    assert!(
        bad.is_empty(),
        "links without the shell:\n{}",
        bad.join("\n")
    );
}
