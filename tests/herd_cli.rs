//! The `herd` binary: CSV output, help, and clear errors with a non-zero exit.
#![cfg(not(target_arch = "wasm32"))]

use std::process::{Command, Output};

use retry_lab::herd::{run_point, SimConfig, Strategy};

fn herd(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_herd"))
        .args(args)
        .output()
        .expect("run herd")
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

#[test]
fn run_prints_one_point_per_strategy_matching_the_library() {
    let o = herd(&[
        "run",
        "--clients",
        "50",
        "--trials",
        "20",
        "--seed",
        "7",
        "--strategies",
        "full,exponential",
    ]);
    assert!(o.status.success(), "{o:?}");
    let text = stdout(&o);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "clients,strategy,mean_time_ms,mean_calls");
    assert_eq!(lines.len(), 3, "{text}");
    assert!(text.ends_with('\n') && !text.contains('\r'), "{text:?}");
    for (line, s) in lines[1..]
        .iter()
        .zip([Strategy::Exponential, Strategy::Full])
    {
        let cfg = SimConfig {
            clients: 50,
            ..SimConfig::default()
        };
        let p = run_point(&cfg, s, 20, 7);
        let expected = format!("50,{},{:.3},{:.3}", s.id(), p.mean_time_ms, p.mean_calls);
        assert_eq!(*line, expected);
    }
}

#[test]
fn sweep_prints_every_point() {
    let o = herd(&[
        "sweep",
        "--clients",
        "10..30:10",
        "--trials",
        "3",
        "--strategies",
        "none,full",
        "--base",
        "2",
        "--cap",
        "500",
        "--net-mean",
        "5",
        "--net-sd",
        "1",
    ]);
    assert!(o.status.success(), "{o:?}");
    let text = stdout(&o);
    let rows: Vec<Vec<&str>> = text
        .lines()
        .skip(1)
        .map(|l| l.split(',').collect())
        .collect();
    let keys: Vec<(&str, &str)> = rows.iter().map(|r| (r[0], r[1])).collect();
    assert_eq!(
        keys,
        vec![
            ("10", "none"),
            ("10", "full"),
            ("20", "none"),
            ("20", "full"),
            ("30", "none"),
            ("30", "full")
        ]
    );
    for r in &rows {
        let n: f64 = r[0].parse().unwrap();
        let calls: f64 = r[3].parse().unwrap();
        let time: f64 = r[2].parse().unwrap();
        assert!(calls >= n && time > 0.0, "{r:?}");
    }
}

#[test]
fn default_sweep_is_the_blogs_range() {
    let o = herd(&["sweep", "--trials", "1", "--strategies", "full"]);
    assert!(o.status.success());
    let text = stdout(&o);
    let ns: Vec<&str> = text
        .lines()
        .skip(1)
        .map(|l| l.split(',').next().unwrap())
        .collect();
    assert_eq!(ns.len(), 19);
    assert_eq!((ns[0], ns[18]), ("10", "190"));
}

/// The CLI's own ceilings (`bounds::CLI`) lie above the page's: a seed past
/// 2⁵³−1 and more trials than the page's 1000 are accepted.
#[test]
fn cli_limits_are_above_the_pages() {
    let o = herd(&[
        "run",
        "--clients",
        "2",
        "--trials",
        "1001",
        "--seed",
        "18446744073709551615",
        "--strategies",
        "full",
    ]);
    assert!(o.status.success(), "{o:?}");
    assert_eq!(stdout(&o).lines().count(), 2);
    assert!(stdout(&herd(&["--help"])).contains("1..=1000000"));
}

#[test]
fn help_exits_zero() {
    for args in [&["--help"][..], &["run", "-h"][..], &["help"][..]] {
        let o = herd(args);
        assert!(o.status.success());
        assert!(stdout(&o).contains("USAGE"));
    }
}

#[test]
fn bad_input_fails_with_a_clear_message() {
    let cases: &[(&[&str], &str)] = &[
        (&[], "missing command"),
        (&["fly"], "unknown command"),
        (&["run", "--clients", "0"], "--clients"),
        (&["run", "--clients", "abc"], "--clients"),
        (&["run", "--clients", "10..20"], "range"),
        (&["sweep", "--clients", "30..10"], "ends before"),
        (&["sweep", "--clients", "10..30:0"], "step"),
        (&["run", "--trials", "-1"], "--trials"),
        (&["run", "--trials", "0"], "--trials"),
        (&["run", "--trials", "1000001"], "1–1000000"),
        (&["run", "--seed", "18446744073709551616"], "--seed"),
        (&["run", "--seed", "x"], "--seed"),
        (&["run", "--strategies", "full,bogus"], "bogus"),
        (&["run", "--strategies", ","], "at least one"),
        (&["run", "--base", "NaN"], "--base"),
        (&["run", "--cap", "-1"], "--cap"),
        (&["run", "--net-sd", "inf"], "--net-sd"),
        (&["run", "--net-mean"], "missing value"),
        (&["run", "--frobnicate", "1"], "unknown option"),
    ];
    for (args, needle) in cases {
        let o = herd(args);
        assert!(!o.status.success(), "{args:?} should fail");
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(o.stdout.is_empty(), "{args:?}: no CSV on error");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(
            err.starts_with("herd: ") && err.contains(needle),
            "{args:?}: {err}"
        );
    }
}
