//! The `lab` binary: the matrix as CSV from the same core as the page, and
//! clear errors with exit code 2.
#![cfg(not(target_arch = "wasm32"))]

use std::process::{Command, Output};

use retry_lab::lab::{cell, ClientStrategy, Scenario, ServerImpl};

fn lab(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_lab"))
        .args(args)
        .output()
        .expect("run lab")
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

#[test]
fn one_server_prints_every_cell_matching_the_library() {
    let o = lab(&["matrix", "--server", "fenced", "--seed", "7"]);
    assert!(o.status.success(), "{o:?}");
    let text = stdout(&o);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "server,scenario,client,reports,tool,ending");
    assert_eq!(
        lines.len(),
        1 + Scenario::ALL.len() * ClientStrategy::ALL.len()
    );
    let mut rows = lines[1..].iter();
    for sc in Scenario::ALL {
        for c in ClientStrategy::ALL {
            let want = cell(sc, c, ServerImpl::Fenced, 7);
            let line = rows.next().unwrap();
            assert_eq!(
                *line,
                format!(
                    "fenced,{},{},{},{},{}",
                    sc.id(),
                    c.id(),
                    want.reports,
                    want.tool.id(),
                    want.ending().id()
                )
            );
        }
    }
}

#[test]
fn all_servers_and_the_issue_cells() {
    let o = lab(&["matrix", "--server", "all"]);
    assert!(o.status.success(), "{o:?}");
    let text = stdout(&o);
    assert_eq!(
        text.lines().count(),
        1 + ServerImpl::ALL.len() * Scenario::ALL.len() * ClientStrategy::ALL.len()
    );
    for want in [
        "atomic,stored_500,stable_key,0,not_created,none_known",
        "fenced,lease_overlap,stable_key,1,created,one_known",
        "naive,concurrent_same_key,stable_key,2,created,duplicate",
        "key_split,model_retry,query_first,1,created,one_known",
        "leased,quota_429,careful,0,not_created,none_known",
        // A changed body answered with the old body's 201 is a fault of its
        // own, not «one, known».
        "key_split,body_mismatch,stable_key,1,created,changed_body",
        "atomic,body_mismatch,stable_key,1,unknown,one_unknown",
    ] {
        assert!(text.lines().any(|l| l == want), "missing {want}");
    }
}

#[test]
fn bad_input_is_a_message_and_exit_code_2() {
    for args in [
        vec![],
        vec!["plot"],
        vec!["matrix"],
        vec!["matrix", "--server", "oracle"],
        vec!["matrix", "--server", "all", "--seed", "-1"],
        vec!["matrix", "--server", "all", "--seed", "1000000"],
        vec!["matrix", "--server"],
        vec!["matrix", "--server", "naive", "--colour", "red"],
    ] {
        let o = lab(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(o.stderr).unwrap();
        assert!(err.starts_with("lab: "), "{args:?}: {err}");
        assert!(o.stdout.is_empty());
    }
    let o = lab(&["--help"]);
    assert!(o.status.success());
    assert!(stdout(&o).contains("server,scenario,client,reports,tool,ending"));
    assert!(stdout(&o).contains("changed_body"));
}
