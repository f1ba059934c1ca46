//! One source for each default and limit, and the README says it: the
//! README's table of URL parameters, parsed, names exactly the parameters
//! each page reads, and gives each numeric parameter the range and the
//! default the page applies ([`PageParams::limits`]). A limit changed in
//! the code and not in the README (or the other way round) fails here.
#![cfg(not(target_arch = "wasm32"))]

use std::collections::{BTreeMap, BTreeSet};

use retry_lab::amplify::load_presets::Preset;
use retry_lab::amplify::{AmplifyParams, LoadConfig, View};
use retry_lab::herd::HerdParams;
use retry_lab::kernel::page_params::{Limit, PageParams};
use retry_lab::lab::{BuildParams, LabParams, MatrixParams};

/// One row of the table: its parameter names and its two text columns.
#[derive(Debug)]
struct Row {
    names: Vec<String>,
    allowed: String,
    default: String,
}

/// The rows of the README's «view | parameter | allowed | default» table,
/// by view (`#/herd`, …); a row with an empty view cell continues the view
/// above it.
fn readme_rows() -> BTreeMap<String, Vec<Row>> {
    let readme = include_str!("../README.md");
    let start = readme
        .find("| view | parameter | allowed | default |")
        .expect("the README's parameter table");
    let mut rows: BTreeMap<String, Vec<Row>> = BTreeMap::new();
    let mut view = String::new();
    for line in readme[start..].lines().skip(2) {
        let Some(inner) = line.strip_prefix('|').and_then(|l| l.strip_suffix('|')) else {
            break;
        };
        let cells: Vec<&str> = inner.split(" | ").map(str::trim).collect();
        assert_eq!(cells.len(), 4, "{line}");
        if !cells[0].is_empty() {
            view = cells[0].trim_matches('`').to_string();
        }
        rows.entry(view.clone()).or_default().push(Row {
            names: backticked(&plain(cells[1], false)),
            allowed: cells[2].to_string(),
            default: cells[3].to_string(),
        });
    }
    rows
}

/// The `code` spans of a cell.
fn backticked(cell: &str) -> Vec<String> {
    cell.split('`')
        .skip(1)
        .step_by(2)
        .map(str::to_string)
        .collect()
}

/// `text` without its parenthesised remarks (nested ones included) and,
/// if asked, without its `code` spans.
fn plain(text: &str, drop_code: bool) -> String {
    let mut depth = 0usize;
    let mut code = false;
    let mut out = String::new();
    for c in text.chars() {
        match c {
            '`' => {
                code = !code;
                if depth == 0 && !drop_code {
                    out.push(c);
                }
            }
            '(' if !code => depth += 1,
            ')' if !code && depth > 0 => depth -= 1,
            _ if depth == 0 && !(code && drop_code) => out.push(c),
            _ => {}
        }
    }
    out
}

/// A number as the README writes it: `5`, `0.05`, `−1`, `10⁶`, `2⁵³−1`.
fn number(token: &str) -> Option<f64> {
    let token = token.trim();
    let (sign, body) = match token.strip_prefix('−') {
        Some(rest) => (-1.0, rest),
        None => (1.0, token),
    };
    let (power, minus) = match body.split_once('−') {
        Some((p, m)) => (p, m.parse::<f64>().ok()?),
        None => (body, 0.0),
    };
    let digits: String = power
        .chars()
        .take_while(|c| c.is_ascii_digit() || *c == '.')
        .collect();
    let exponent: String = power[digits.len()..]
        .chars()
        .map(|c| match "⁰¹²³⁴⁵⁶⁷⁸⁹".chars().position(|s| s == c) {
            Some(d) => char::from(b'0' + d as u8),
            None => 'x',
        })
        .collect();
    let base: f64 = digits.parse().ok()?;
    let value = match exponent.as_str() {
        "" => base,
        e => base.powi(e.parse().ok()?),
    };
    Some(sign * (value - minus))
}

/// The number that ends just before byte `end` of `text`, or starts at it.
fn number_around(text: &str, end: usize, before: bool) -> Option<f64> {
    let is_part = |c: char| c.is_ascii_digit() || ".⁰¹²³⁴⁵⁶⁷⁸⁹−".contains(c);
    let token: String = if before {
        let rev: Vec<char> = text[..end]
            .trim_end()
            .chars()
            .rev()
            .take_while(|c| is_part(*c))
            .collect();
        rev.into_iter().rev().collect()
    } else {
        text[end..]
            .trim_start()
            .chars()
            .take_while(|c| is_part(*c))
            .collect()
    };
    number(&token)
}

/// Every `a–b` range of an «allowed» cell, in order (`−1 to 4000` too).
fn ranges(allowed: &str) -> Vec<(f64, f64)> {
    let text = plain(allowed, true).replace(" to ", "–");
    text.match_indices('–')
        .filter_map(|(i, dash)| {
            let lo = number_around(&text, i, true)?;
            let hi = number_around(&text, i + dash.len(), false)?;
            Some((lo, hi))
        })
        .collect()
}

/// The plain numbers of a «default» cell, in order.
fn defaults(default: &str) -> Vec<f64> {
    plain(default, true)
        .split([',', ';'])
        .filter_map(number)
        .collect()
}

/// The value of the `i`-th of `n` names: the `i`-th value where the cell
/// has one per name (or one for all); otherwise the cell must hold it.
fn agrees(values: &[(f64, f64)], i: usize, n: usize, want: (f64, f64)) -> bool {
    match values.len() {
        0 => true,
        1 => values[0] == want,
        len if len == n => values[i] == want,
        _ => values.contains(&want),
    }
}

/// Checks page `P` against the rows of `view`; the `#/lab` rows answer a cell
/// that says «as above» / «as for `#/lab`». Returns how many numbers it
/// compared.
fn check_page<P: PageParams>(view: &str, rows: &BTreeMap<String, Vec<Row>>) -> usize {
    let mine = &rows[view];
    let named: BTreeSet<&str> = mine
        .iter()
        .flat_map(|r| r.names.iter().map(String::as_str))
        .collect();
    let known: BTreeSet<&str> = P::KNOWN.iter().copied().collect();
    assert_eq!(named, known, "{view}: the README's parameters");
    let mut compared = 0;
    for Limit {
        name,
        min,
        max,
        default,
    } in P::limits()
    {
        let row = mine
            .iter()
            .find(|r| r.names.iter().any(|n| n == name))
            .unwrap();
        let row = if row.allowed.starts_with("as ") {
            rows["#/lab"]
                .iter()
                .find(|r| r.names.iter().any(|n| n == name))
                .unwrap()
        } else {
            row
        };
        let i = row.names.iter().position(|n| n == name).unwrap();
        let n = row.names.len();
        let found = ranges(&row.allowed);
        assert!(
            !found.is_empty(),
            "{view} {name}: no range in «{}»",
            row.allowed
        );
        assert!(
            agrees(&found, i, n, (min, max)),
            "{view} {name}: the code allows {min}–{max}, the README «{}»",
            row.allowed
        );
        let given: Vec<(f64, f64)> = defaults(&row.default).into_iter().map(|d| (d, d)).collect();
        assert!(
            agrees(&given, i, n, (default, default)),
            "{view} {name}: the code's default is {default}, the README's «{}»",
            row.default
        );
        compared += 1 + usize::from(!given.is_empty());
    }
    compared
}

#[test]
fn the_readme_table_names_every_parameter_with_the_code_s_limits_and_defaults() {
    let rows = readme_rows();
    let compared = check_page::<HerdParams>("#/herd", &rows)
        + check_page::<AmplifyParams>("#/amplify", &rows)
        + check_page::<LabParams>("#/lab", &rows)
        + check_page::<MatrixParams>("#/lab/matrix", &rows)
        + check_page::<BuildParams>("#/lab/build", &rows);
    // Ranges and defaults of 10 herd, 25 amplify and 4 lab numbers.
    assert!(compared >= 70, "only {compared} numbers compared");
}

#[test]
fn the_table_reader_reads_what_the_readme_writes() {
    assert_eq!(number("2⁵³−1"), Some(9_007_199_254_740_991.0));
    assert_eq!(number("10⁶"), Some(1e6));
    assert_eq!(number("−1"), Some(-1.0));
    assert_eq!(number("0.05"), Some(0.05));
    assert_eq!(number("all"), None);
    assert_eq!(
        ranges("1–1000 each, at most 100 points (so `n_step` ≥ ⌊(`n_to` − `n_from`) / 100⌋ + 1)"),
        [(1.0, 1000.0)]
    );
    assert_eq!(ranges("−1 (all) to 4000 attempts"), [(-1.0, 4000.0)]);
    assert_eq!(
        ranges("0–600, end ≥ start; 0–1"),
        [(0.0, 600.0), (0.0, 1.0)]
    );
    assert_eq!(
        defaults("21 (fanout: its traced call), 1 (load, sweep)"),
        [21.0, 1.0]
    );
    assert_eq!(defaults("`naive`, `stable_key`, 1"), [1.0]);
    assert_eq!(defaults("0.5 (fanout); the preset's"), [0.5]);
    assert!(agrees(
        &[(5.0, 5.0), (2000.0, 2000.0)],
        1,
        2,
        (2000.0, 2000.0)
    ));
    assert!(!agrees(
        &[(5.0, 5.0), (2000.0, 2000.0)],
        0,
        2,
        (2000.0, 2000.0)
    ));
}

/// The load view opened bare runs exactly the model's default scenario (the
/// page's defaults and the model's are one).
#[test]
fn the_load_view_opened_bare_runs_the_model_s_default_scenario() {
    assert_eq!(
        AmplifyParams::for_view(View::Load, Preset::Metastable).load,
        LoadConfig::default()
    );
}
