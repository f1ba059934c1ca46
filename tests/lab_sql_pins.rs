//! Pins the SQL listing the workbench shows (`lab::model::sql::describe`) and the
//! texts the handler runs (`HandlerSql`) for every valid design, as one
//! digest, so that moving statements and branches into the mechanisms'
//! modules provably changes neither. `LAB_SQL_DUMP=<file>` writes the lines
//! the digest covers, to compare two versions.

#![cfg(not(target_family = "wasm"))]

use retry_lab::lab::model::sql::{describe, HandlerSql, Stmt};
use retry_lab::lab::Design;
use sha2::{Digest, Sha256};

/// Every line the pin covers: per design its ids, its listing (phase,
/// branch, each fragment's owner and text) and its run texts.
fn lines() -> Vec<String> {
    let mut out = Vec::new();
    for d in Design::all_valid() {
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
        out.extend(Stmt::ALL.iter().map(|s| format!("{s:?}: {}", run.get(*s))));
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

const PINNED: &str = "db40d54efb22f3bb9b43fc142f4f24fcd45ff43f0808a9b9dac51064a484ff1c";
