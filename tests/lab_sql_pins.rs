//! Pins the SQL listing the workbench shows (`lab::model::sql::describe`) and the
//! texts the handler runs (`HandlerSql`) for every valid design, as one
//! digest, so that moving statements and branches into the mechanisms'
//! modules provably changes neither. `LAB_SQL_DUMP=<file>` writes the lines
//! the digest covers, to compare two versions.

#![cfg(not(target_family = "wasm"))]

use retry_lab::lab::model::sql::{describe, HandlerSql, Stmt};
use retry_lab::lab::{Design, Group};
use sha2::{Digest, Sha256};

/// Every line the pin covers: per design its ids, its listing (phase,
/// branch, each fragment's owner and text) and its run texts.
fn lines() -> Vec<String> {
    lines_of(&Design::all_valid(), &Stmt::ALL)
}

/// The handler's statements before 003's recovery protocol added four.
const CLASSIC_STATEMENTS: usize = 12;

/// The lines of `designs`, with the run texts of `stmts`.
fn lines_of(designs: &[Design], stmts: &[Stmt]) -> Vec<String> {
    let mut out = Vec::new();
    for &d in designs {
        out.push(format!("design {}", d.to_ids()));
        for s in describe(d) {
            let parts: Vec<String> = s
                .parts
                .iter()
                .map(|p| format!("[{}]{}", p.by.map_or("-", |m| m.id()), p.text))
                .collect();
            out.push(format!(
                "{} {} {}",
                s.phase.id(),
                s.branch.id(),
                parts.join("")
            ));
        }
        let run = HandlerSql::new(d);
        out.extend(stmts.iter().map(|s| format!("{s:?}: {}", run.get(*s))));
    }
    out
}

#[test]
fn every_designs_sql_is_as_pinned() {
    let lines = lines();
    if let Ok(path) = std::env::var("LAB_SQL_DUMP") {
        std::fs::write(path, lines.join("\n")).unwrap();
    }
    let digest = hex::encode(Sha256::digest(lines.join("\n").as_bytes()));
    assert_eq!(digest, PINNED);
}

/// The designs without 003's recovery mechanisms list and run exactly
/// what they did before it: their lines, over the statements they had,
/// hash to the pin of that time.
#[test]
fn the_classic_designs_sql_did_not_move() {
    let classic: Vec<Design> = (Design::all_valid().into_iter())
        .filter(|d| !d.iter().any(|m| m.group() == Group::Recovery))
        .collect();
    let lines = lines_of(&classic, &Stmt::ALL[..CLASSIC_STATEMENTS]);
    let digest = hex::encode(Sha256::digest(lines.join("\n").as_bytes()));
    assert_eq!(digest, PINNED_CLASSIC);
}

const PINNED: &str = "3ce11664a0d1742a9a6b115715fcbd2b5dfa3a9deae8bfe27b035f422606d82f";

/// The pin of every design's SQL before 003's recovery mechanisms.
const PINNED_CLASSIC: &str = "db40d54efb22f3bb9b43fc142f4f24fcd45ff43f0808a9b9dac51064a484ff1c";
