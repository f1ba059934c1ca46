//! The font warm-up in index.html lays out the sizes the stylesheets use
//! most, and each of its sizes has its rule (see static/style.css); its
//! spans start hidden, and static/boot.js lays out one per task.

use std::collections::BTreeMap;

fn stylesheets() -> String {
    let mut all = String::new();
    for entry in std::fs::read_dir("static").expect("static/") {
        let path = entry.expect("entry").path();
        if path.extension().is_some_and(|e| e == "css") {
            all.push_str(&std::fs::read_to_string(&path).expect("css"));
        }
    }
    all
}

/// How often each `font-size:` value is declared, outside the warm-up's own
/// rules.
fn size_counts(css: &str) -> BTreeMap<String, usize> {
    let mut counts = BTreeMap::new();
    for line in css.lines().filter(|l| !l.starts_with(".fw-")) {
        for rest in line.split("font-size:").skip(1) {
            let value = rest.split([';', '}']).next().unwrap_or("").trim();
            *counts.entry(value.to_string()).or_insert(0) += 1;
        }
    }
    counts
}

/// The warm-up's classes in index.html, and the size each sets.
fn warm_sizes(css: &str) -> Vec<String> {
    let html = std::fs::read_to_string("index.html").expect("index.html");
    let block = html
        .split("class=\"font-warm\"")
        .nth(1)
        .and_then(|b| b.split("</div>").next())
        .expect("index.html has the font warm-up");
    block
        .split("class=\"fw-")
        .skip(1)
        .map(|rest| {
            let name = rest.split('"').next().unwrap_or("");
            let rule = format!(".fw-{name} {{ font-size: ");
            let value = css
                .split(&rule)
                .nth(1)
                .and_then(|r| r.split(';').next())
                .unwrap_or_else(|| panic!("static/style.css lacks a rule for .fw-{name}"));
            value.to_string()
        })
        .collect::<std::collections::BTreeSet<_>>()
        .into_iter()
        .collect()
}

#[test]
fn the_warm_up_holds_the_most_used_sizes() {
    let css = stylesheets();
    let warm = warm_sizes(&css);
    assert!(warm.len() >= 4, "{warm:?}");
    let html = std::fs::read_to_string("index.html").expect("index.html");
    let spans = html.matches("<span class=\"fw-").count();
    assert_eq!(
        html.matches("\" hidden>").count(),
        spans,
        "every warm-up span starts hidden (laid out one per task by static/boot.js)"
    );
    let boot = std::fs::read_to_string("static/boot.js").expect("boot.js");
    assert!(
        boot.contains(".font-warm [hidden]"),
        "static/boot.js lays out the warm-up"
    );
    let mut by_use: Vec<(usize, String)> = size_counts(&css)
        .into_iter()
        .map(|(size, n)| (n, size))
        .collect();
    by_use.sort_by(|a, b| b.cmp(a));
    for (n, size) in by_use.iter().take(4) {
        assert!(
            warm.contains(size),
            "font-size {size} (declared {n} times) is not in index.html's warm-up {warm:?}"
        );
    }
}
