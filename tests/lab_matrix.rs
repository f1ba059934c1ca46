//! The matrix's fast path (no table snapshots) agrees with full runs, and the
//! full matrices for every server print their outcomes and timing
//! (`cargo test --test lab_matrix -- --nocapture`).

use std::time::Instant;

use retry_lab::lab::*;

#[test]
fn fast_counts_equal_full_runs_for_every_cell() {
    let t0 = Instant::now();
    let mut fast = Vec::new();
    for s in Preset::ALL {
        for sc in Scenario::ALL {
            for c in ClientStrategy::ALL {
                fast.push(final_count(sc, c, s, 1));
            }
        }
    }
    let fast_ms = t0.elapsed().as_secs_f64() * 1e3;
    let t1 = Instant::now();
    let mut full = Vec::new();
    for s in Preset::ALL {
        println!("server={}", s.id());
        println!("  {:24} {}", "", ClientStrategy::ids().join(" "));
        for sc in Scenario::ALL {
            let row: Vec<usize> = ClientStrategy::ALL
                .iter()
                .map(|c| run(sc, *c, s, 1).final_report_count())
                .collect();
            let cells: Vec<String> = row.iter().map(|n| format!("{n:>5}")).collect();
            println!("  {:24} {}", sc.id(), cells.join(" "));
            full.extend(row);
        }
    }
    let full_ms = t1.elapsed().as_secs_f64() * 1e3;
    println!("180 runs: {fast_ms:.1} ms counts only, {full_ms:.1} ms with table snapshots");
    assert_eq!(fast, full);
}
