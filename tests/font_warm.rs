//! The font warm-up (static/boot.js `WARM_FONTS`) asks for the strikes the
//! views draw their text in, on a canvas, while the wasm downloads: its
//! font stacks are the stylesheets' own, the most used sizes are in it,
//! and no warm-up text is left in index.html to lay out.

use std::collections::BTreeMap;

use retry_lab::pages::route::Family;

fn read(path: &str) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

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

/// How often each `font-size:` value in rem is declared, in px (1rem = 16px).
fn rem_sizes_px(css: &str) -> BTreeMap<String, usize> {
    let mut counts = BTreeMap::new();
    for rest in css.split("font-size:").skip(1) {
        let value = rest.split([';', '}']).next().unwrap_or("").trim();
        if let Some(rem) = value.strip_suffix("rem") {
            let px = rem.parse::<f64>().expect("a rem size") * 16.0;
            *counts.entry(format!("{px}px")).or_insert(0) += 1;
        }
    }
    counts
}

/// The string a `var NAME = …;` line of boot.js sets.
fn boot_var<'a>(boot: &'a str, name: &str) -> &'a str {
    let line = boot
        .lines()
        .find(|l| l.trim_start().starts_with(&format!("var {name} = ")))
        .unwrap_or_else(|| panic!("static/boot.js sets {name}"));
    let value = line
        .split(" = ")
        .nth(1)
        .expect("a value")
        .trim_end_matches(';');
    // One pair of outer quotes (the stack's own quotes stay).
    value
        .strip_prefix('\'')
        .and_then(|v| v.strip_suffix('\''))
        .or_else(|| value.strip_prefix('"').and_then(|v| v.strip_suffix('"')))
        .unwrap_or(value)
}

/// The `[weight size, stack, text, families]` entries of `WARM_FONTS`:
/// (weight size, stack name).
fn warm_fonts(boot: &str) -> Vec<(String, String)> {
    warm_entries(boot)
        .into_iter()
        .map(|fields| (fields[0].clone(), fields[1].clone()))
        .collect()
}

/// Each entry of `WARM_FONTS` as its fields, quotes taken off.
fn warm_entries(boot: &str) -> Vec<Vec<String>> {
    let block = boot
        .split("var WARM_FONTS = [")
        .nth(1)
        .and_then(|b| b.split("];").next())
        .expect("static/boot.js has WARM_FONTS");
    block
        .split('[')
        .skip(1)
        .map(|entry| {
            let fields: Vec<String> = entry
                .split([',', ']'])
                .map(|f| f.trim().trim_matches('"').to_string())
                .filter(|f| !f.is_empty())
                .collect();
            assert_eq!(fields.len(), 4, "[strike, stack, text, families]: {entry}");
            fields
        })
        .collect()
}

/// The loader asks for a route's own strikes first: each entry names the
/// families that draw it by their ids (or `*`): a misspelt id would leave
/// the strike unasked until the page is idle, on every route.
#[test]
fn each_warm_up_strike_names_real_families() {
    let ids: Vec<&str> = Family::ALL.iter().map(|f| f.id()).collect();
    let entries = warm_entries(&read("static/boot.js"));
    assert!(entries.len() >= 10, "{entries:?}");
    for fields in &entries {
        let families: Vec<&str> = fields[3].split(' ').collect();
        assert!(
            families == ["*"] || families.iter().all(|f| ids.contains(f)),
            "{fields:?} names a family not in {ids:?}"
        );
    }
    // Body text (16 px) and the page titles (32 px) are asked for at once,
    // whichever route opens.
    for strike in ["400 16px", "700 16px", "700 32px"] {
        assert!(
            entries.iter().any(|f| f[0] == strike && f[3] == "*"),
            "{strike}"
        );
    }
}

#[test]
fn the_warm_up_uses_the_stylesheets_stacks() {
    let boot = read("static/boot.js");
    let style = read("static/style.css");
    let sans = boot_var(&boot, "SANS");
    let mono = boot_var(&boot, "MONO");
    assert!(style.contains(&format!("font-family: {sans};")), "{sans}");
    assert!(style.contains(&format!("font-family: {mono};")), "{mono}");
    for (strike, stack) in warm_fonts(&boot) {
        assert!(
            ["SANS", "MONO"].contains(&stack.as_str()),
            "{strike}: {stack}"
        );
        let (weight, size) = strike.split_once(' ').expect("weight size");
        assert!(["400", "700"].contains(&weight), "{strike}");
        let px: f64 = size
            .strip_suffix("px")
            .expect("px")
            .parse()
            .expect("a number");
        assert!((4.0..=96.0).contains(&px), "{strike}");
    }
}

#[test]
fn the_warm_up_holds_the_most_used_sizes() {
    let boot = read("static/boot.js");
    let warm: Vec<String> = warm_fonts(&boot)
        .into_iter()
        .map(|(strike, _)| strike.split_once(' ').expect("weight size").1.to_string())
        .collect();
    let mut by_use: Vec<(usize, String)> = rem_sizes_px(&stylesheets())
        .into_iter()
        .map(|(size, n)| (n, size))
        .collect();
    by_use.sort_by(|a, b| b.cmp(a));
    assert!(by_use.len() >= 4, "{by_use:?}");
    for (n, size) in by_use.iter().take(4) {
        assert!(
            warm.contains(size),
            "font-size {size} (declared {n} times) is not in static/boot.js's WARM_FONTS {warm:?}"
        );
    }
}

#[test]
fn no_warm_up_text_is_left_to_lay_out() {
    let html = read("index.html");
    assert!(
        !html.contains("font-warm"),
        "index.html lays out no warm-up text"
    );
    let boot = read("static/boot.js");
    assert!(
        boot.contains("measureText(WARM_FONTS[i][2])"),
        "static/boot.js measures each strike"
    );
}
