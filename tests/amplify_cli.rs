//! The `amplify` binary: CSV output, the chapter's numbers, and clear
//! errors with exit code 2.
#![cfg(not(target_arch = "wasm32"))]

use std::process::{Command, Output};

fn amplify(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_amplify"))
        .args(args)
        .output()
        .expect("run amplify")
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

#[test]
fn fanout_prints_243() {
    let o = amplify(&[
        "fanout",
        "--layers",
        "3,3,3,3,3",
        "--p",
        "1",
        "--trials",
        "1000",
        "--seed",
        "1",
    ]);
    assert!(o.status.success(), "{o:?}");
    assert_eq!(
        stdout(&o),
        "layers,p,policy,trials,amplification,amplification_expected,success_rate\n\
         \"3,3,3,3,3\",1,independent,1000,243.000000,243.000000,0.000000\n"
    );
    let o = amplify(&[
        "fanout", "--layers", "4", "--p", "1", "--policy", "top_only",
    ]);
    let text = stdout(&o);
    assert_eq!(
        text.lines().nth(1).unwrap(),
        "4,1,top_only,1000,4.000000,4.000000,0.000000"
    );
}

#[test]
fn load_metastable_one_row_per_policy() {
    let o = amplify(&["load", "--preset", "metastable"]);
    assert!(o.status.success(), "{o:?}");
    let text = stdout(&o);
    let rows: Vec<Vec<&str>> = text.lines().map(|l| l.split(',').collect()).collect();
    assert_eq!(
        rows[0],
        [
            "policy",
            "retry_after_s",
            "calls",
            "requests",
            "amplification",
            "success_rate",
            "recovered_s"
        ]
    );
    let policies: Vec<&str> = rows[1..].iter().map(|r| r[0]).collect();
    assert_eq!(
        policies,
        [
            "none",
            "retries",
            "token_bucket",
            "token_bucket_fixed_rate",
            "retry_budget",
            "deadline"
        ]
    );
    assert_eq!(rows[2][6], "", "retries never recover");
    for r in &rows[3..] {
        assert!(r[6].parse::<f64>().is_ok(), "{r:?}");
    }
}

#[test]
fn load_codex_nine_and_three() {
    let text = stdout(&amplify(&["load", "--preset", "codex"]));
    let amps: Vec<&str> = text
        .lines()
        .skip(1)
        .map(|l| l.split(',').nth(4).unwrap())
        .collect();
    assert_eq!(amps, ["9.000000", "3.000000"]);
}

#[test]
fn sweep_small() {
    let o = amplify(&[
        "sweep",
        "--calls",
        "2000",
        "--steps",
        "3",
        "--policies",
        "retries",
    ]);
    assert!(o.status.success(), "{o:?}");
    let text = stdout(&o);
    let last = text.lines().last().unwrap();
    assert!(last.starts_with("1,retries,2000,6000,3.000000,"), "{text}");
}

#[test]
fn bad_input_exits_2() {
    for args in [
        &["fanout", "--p", "2"][..],
        &["fanout", "--layers", "3,x"],
        &["load", "--policies", "bogus"],
        &["load", "--zzz", "1"],
        &["fanout", "--p"],
        &["jump"],
        &[],
    ] {
        let o = amplify(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(
            String::from_utf8_lossy(&o.stderr).starts_with("amplify: "),
            "{args:?}"
        );
        assert!(o.stdout.is_empty());
    }
    assert!(amplify(&["--help"]).status.success());
}

#[test]
fn load_fixed_rate_bucket_takes_its_refill_rate() {
    let run = |refill: &str| {
        let o = amplify(&[
            "load",
            "--preset",
            "metastable",
            "--policies",
            "token_bucket_fixed_rate",
            "--refill",
            refill,
        ]);
        assert!(o.status.success(), "{o:?}");
        stdout(&o)
            .lines()
            .nth(1)
            .unwrap()
            .split(',')
            .map(str::to_string)
            .collect::<Vec<_>>()
    };
    let (slow, fast) = (run("1"), run("10"));
    assert_eq!(slow[0], "token_bucket_fixed_rate");
    assert!(
        slow[6].parse::<f64>().is_ok(),
        "refill 1 recovers: {slow:?}"
    );
    assert_eq!(fast[6], "", "refill 10 never recovers: {fast:?}");
    let bad = amplify(&["load", "--refill", "-1"]);
    assert_eq!(bad.status.code(), Some(2));
}
