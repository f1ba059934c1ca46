//! The loader (`static/boot.js`) opens a route's page family before any
//! wasm runs, so it keeps its own table of routes; the build
//! (`index.html`, `scripts/stamp-build.mjs`) names one wasm per family.
//! These tests hold all of them equal to the one routing of the core
//! (`pages::route`: `Page::family`, `Family::ALL`).

use std::collections::BTreeMap;

use retry_lab::i18n::chinese_file_id;
use retry_lab::pages::route::{Family, Location, Page};

fn read(path: &str) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The text between `start` and the next `end` after it.
fn between<'a>(text: &'a str, start: &str, end: &str) -> &'a str {
    let from = text.find(start).unwrap_or_else(|| panic!("no {start}")) + start.len();
    let len = text[from..]
        .find(end)
        .unwrap_or_else(|| panic!("no {end} after {start}"));
    &text[from..from + len]
}

/// boot.js's `ROUTES`: path → family id.
fn boot_routes() -> BTreeMap<String, String> {
    let boot = read("static/boot.js");
    between(&boot, "var ROUTES = {", "};")
        .lines()
        .filter_map(|line| line.trim().strip_suffix(','))
        .map(|line| {
            let (path, family) = line.split_once(':').expect("path: family");
            let unquote = |s: &str| s.trim().trim_matches('"').to_string();
            (unquote(path), unquote(family))
        })
        .collect()
}

#[test]
fn the_loader_opens_every_page_in_its_family() {
    let routes = boot_routes();
    assert_eq!(routes.len(), Page::ALL.len(), "{routes:?}");
    for page in Page::ALL {
        let path = page.path().trim_matches('/').to_string();
        assert_eq!(
            routes.get(&path).map(String::as_str),
            Some(page.family().id()),
            "{page:?}"
        );
        // The core reads the same path as that page.
        assert_eq!(Location::parse(&format!("#/{path}/?x=1")).page, page);
    }
    // Any other path is the home page's («no such page»), as in the core.
    assert_eq!(Location::parse("#/labs").page.family(), Family::Home);
}

#[test]
fn the_build_makes_one_wasm_per_family() {
    let ids: Vec<&str> = Family::ALL.iter().map(|f| f.id()).collect();
    let texts: Vec<&str> = Family::ALL.iter().map(|f| chinese_file_id(*f)).collect();
    let index = read("index.html");
    let bins: Vec<&str> = index
        .match_indices("data-bin=\"page-")
        .map(|(at, m)| between(&index[at + m.len()..], "", "\""))
        .collect();
    assert_eq!(bins, ids, "index.html's page wasm");
    let stamp = read("scripts/stamp-build.mjs");
    let listed: Vec<String> = between(&stamp, "const FAMILIES = [", "];")
        .split(',')
        .map(|s| s.trim().trim_matches('\'').to_string())
        .collect();
    assert_eq!(listed, ids, "stamp-build.mjs's families");
    let boot = read("static/boot.js");
    for (id, text) in ids.iter().zip(&texts) {
        // Its module, its wasm and its Chinese file (the lab's views share one).
        let files = format!(
            "\"page-{id}\": [\"./page-{id}.js\", \"./page-{id}_bg.wasm\", \"./i18n-zh-{text}.json\""
        );
        assert!(boot.contains(&files), "boot.js lacks {id}'s files");
        let file = format!("src/bin/page_{}.rs", id.replace('-', "_"));
        assert!(read(&file).contains("retry_lab::page_wasm!"), "{file}");
    }
    let cargo = read("Cargo.toml");
    for id in &ids {
        assert!(
            cargo.contains(&format!(
                "name = \"page-{id}\"\npath = \"src/bin/page_{}.rs\"",
                id.replace('-', "_")
            )),
            "Cargo.toml: page-{id}"
        );
    }
}
