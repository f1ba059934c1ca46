//! The `lab` binary: the matrix as CSV from the same core as the page, and
//! clear errors with exit code 2.
#![cfg(not(target_arch = "wasm32"))]

use std::process::{Command, Output};

use retry_lab::lab::grading::suite::{score, suite};
use retry_lab::lab::{cell, run_fast, ClientStrategy, Design, Harness, Preset, Scenario};
use retry_lab::pages::links::Link;

fn lab(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_lab"))
        .args(args)
        .output()
        .expect("run lab")
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

#[path = "common/suite_columns.rs"]
mod suite_columns;
use suite_columns::without_added;

/// The run's `wasted` and `answer_ms` fields as the CLI prints them.
fn added(sc: Scenario, h: impl Into<Harness>, d: impl Into<Design>, seed: u64) -> String {
    let j = run_fast(&sc.schedule(), h, d, seed).judgement();
    let ms = j.answer_ms.map_or(String::new(), |v| v.to_string());
    format!("{},{ms}", j.wasted)
}

#[test]
fn one_server_prints_every_cell_matching_the_library() {
    let o = lab(&["matrix", "--server", "fenced", "--seed", "7"]);
    assert!(o.status.success(), "{o:?}");
    let text = stdout(&o);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[0],
        "server,scenario,client,reports,tool,ending,notifications,attempts,wasted,answer_ms,leaks"
    );
    assert_eq!(
        lines.len(),
        1 + Scenario::ALL.len() * ClientStrategy::ALL.len()
    );
    let mut rows = lines[1..].iter();
    for sc in Scenario::ALL {
        for c in ClientStrategy::ALL {
            let want = cell(sc, c, Preset::Fenced, 7);
            let line = rows.next().unwrap();
            assert_eq!(
                *line,
                format!(
                    "fenced,{},{},{},{},{},{},{},{},{}",
                    sc.id(),
                    c.id(),
                    want.reports,
                    want.tool.id(),
                    want.ending().id(),
                    want.notes.delivered,
                    want.attempts,
                    added(sc, c, Preset::Fenced, 7),
                    want.leaks
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
        1 + Preset::ALL.len() * Scenario::ALL.len() * ClientStrategy::ALL.len()
    );
    for want in [
        // A replayed stored 500 leaves the outcome unknown (003).
        "atomic,stored_500,stable_key,0,unknown,none_unknown,0,2,0",
        // The guard alone lands a stale write-back on a re-claimed key.
        "leased,lease_reclaimed,stable_key,1,created,changed_body,1,4,0",
        "fenced,lease_reclaimed,stable_key,1,created,one_known,1,4,0",
        "fenced,lease_overlap,stable_key,1,created,one_known,1,3,0",
        "naive,concurrent_same_key,stable_key,2,created,duplicate,2,2,0",
        "key_split,model_retry,query_first,1,created,one_known,1,4,0",
        "leased,quota_429,careful,0,not_created,none_known,0,1,0",
        // A changed body answered with the old body's 201 is a fault of its
        // own, not «one, known».
        "key_split,body_mismatch,stable_key,1,created,changed_body,1,2,0",
        "atomic,body_mismatch,stable_key,1,unknown,one_unknown,1,2,0",
        // Past the database, on the fenced preset: the crash after the
        // commit loses the notification; a lost answer from the notifier
        // makes the service call again. Either is a failure of its own,
        // never «one, known».
        "fenced,crash_before_notify,stable_key,1,created,notification,0,2,0",
        "fenced,notifier_timeout,stable_key,1,created,notification,2,1,0",
        // Two tenants, one key string: a global key scope without a digest
        // leaks the first tenant's response (the second tenant's report is
        // never created, so it is never notified either); with a digest,
        // the second tenant is refused; the naive server keeps both reports
        // and notifies each once.
        "key_split,key_collision,stable_key,1,created,leak,1,2,1",
        "atomic,key_collision,stable_key,1,created,tenant_refused,1,2,0",
        "naive,key_collision,stable_key,2,created,one_known,2,2,0",
        // A rewritten title: no key ties the two calls.
        "fenced,title_rewrite,business_key,2,created,duplicate,2,5,0",
        // TLS: every client but `careful` retries it to its limit, which
        // breaks 001's first branch in the run.
        "fenced,tls_error,stable_key,0,not_created,rule_broken,0,4,0",
        "fenced,tls_error,careful,0,not_created,none_known,0,1,0",
        // Only the total deadline ends a response that trickles in.
        "fenced,slow_drip,stable_key,1,unknown,one_unknown,1,1,0",
    ] {
        assert!(
            text.lines().any(|l| without_added(l) == want),
            "missing {want}"
        );
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
        vec!["matrix", "--design", "fence"],
        vec!["matrix", "--design", "claim,teleport"],
        vec!["matrix", "--design", "claim", "--client", "psychic"],
        vec!["matrix", "--design", "claim", "--server", "naive"],
        vec!["suite", "--design", "claim"],
        vec!["suite", "--client", "stable_key"],
        vec!["suite", "--server", "fenced", "--client", "stable_key"],
        vec![
            "suite",
            "--design",
            "record_after,claim",
            "--client",
            "stable_key",
        ],
        vec!["hunt", "--design", "fenced"],
        vec!["hunt", "--client", "stable_key"],
        vec![
            "hunt",
            "--design",
            "fenced",
            "--client",
            "stable_key",
            "--budget",
            "0",
        ],
        vec![
            "hunt",
            "--design",
            "fenced",
            "--client",
            "stable_key",
            "--budget",
            "200001",
        ],
        vec![
            "hunt",
            "--design",
            "fenced",
            "--client",
            "stable_key",
            "--kinds",
            "lost,ufo",
        ],
        vec![
            "hunt",
            "--design",
            "fenced",
            "--client",
            "stable_key",
            "--kinds",
            "",
        ],
        vec![
            "suite",
            "--design",
            "fenced",
            "--harness",
            "chapter,teleport",
        ],
        vec![
            "suite",
            "--design",
            "fenced",
            "--harness",
            "chapter,attempts_99",
        ],
        vec![
            "suite",
            "--design",
            "fenced",
            "--harness",
            "chapter,deadline_none",
        ],
        vec![
            "matrix",
            "--server",
            "fenced",
            "--harness",
            "chapter,budget_-1",
        ],
        vec![
            "suite",
            "--design",
            "fenced",
            "--harness",
            "chapter",
            "--client",
            "careful",
        ],
        vec!["hunt", "--design", "fenced", "--harness", "chapter"],
        vec![
            "suite",
            "--design",
            "fenced",
            "--client",
            "stable_key",
            "--budget",
            "5",
        ],
    ] {
        let o = lab(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(o.stderr).unwrap();
        assert!(err.starts_with("lab: "), "{args:?}: {err}");
        assert!(o.stdout.is_empty());
    }
    for (args, says) in [
        ("chapter,teleport", "unknown token teleport"),
        ("chapter,attempts_99", "attempts_99 is out of range 1..=10"),
        (
            "chapter,deadline_none",
            "ra_fail_fast needs a total deadline",
        ),
    ] {
        let o = lab(&["suite", "--design", "fenced", "--harness", args]);
        let err = String::from_utf8(o.stderr).unwrap();
        assert!(err.contains(says), "{args}: {err}");
    }
    let o = lab(&["--help"]);
    assert!(o.status.success());
    let help = stdout(&o);
    assert!(
        help.contains("attempts,\n  wasted,answer_ms,leaks"),
        "{help}"
    );
    assert!(help.contains("changed_body"));
    // The harness's tokens, each from its table.
    for token in [
        "key_business",
        "wait_decorrelated",
        "ra_defer",
        "unknown_query",
    ] {
        assert!(help.contains(token), "{token}");
    }
    for p in retry_lab::lab::HarnessPreset::ALL {
        assert!(help.contains(p.id()), "{}", p.id());
    }
    assert!(help.contains("budget_<0..=100>*"), "{help}");
}

#[test]
fn a_design_in_any_order_prints_its_matrix_for_one_client() {
    let o = lab(&[
        "matrix",
        "--design",
        "lease,claim",
        "--client",
        "stable_key",
        "--seed",
        "3",
    ]);
    assert!(o.status.success(), "{o:?}");
    let text = stdout(&o);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 1 + Scenario::ALL.len());
    let d = Design::parse("claim,lease").0;
    for (sc, line) in Scenario::ALL.iter().zip(&lines[1..]) {
        let want = cell(*sc, ClientStrategy::StableKey, d, 3);
        // The design's ids hold a comma, so the CSV writer quotes them.
        assert_eq!(
            *line,
            format!(
                "\"claim,lease\",{},stable_key,{},{},{},{},{},{},{}",
                sc.id(),
                want.reports,
                want.tool.id(),
                want.ending().id(),
                want.notes.delivered,
                want.attempts,
                added(*sc, ClientStrategy::StableKey, d, 3),
                want.leaks
            )
        );
    }
    // A design equal to a preset is named by it.
    let o = lab(&[
        "matrix",
        "--design",
        "store_errors,digest,claim",
        "--client",
        "naive",
    ]);
    assert!(stdout(&o)
        .lines()
        .nth(1)
        .unwrap()
        .starts_with("atomic,none,naive,"));
}

#[test]
fn the_suite_prints_every_row_and_the_score_as_the_core_grades_them() {
    for (design, client) in [
        ("naive", ClientStrategy::StableKey),
        ("leased_unguarded", ClientStrategy::StableKey),
        (
            "claim,digest,store_errors,lease,guard,fence",
            ClientStrategy::BusinessKey,
        ),
    ] {
        let o = lab(&[
            "suite",
            "--design",
            design,
            "--client",
            client.id(),
            "--seed",
            "2",
        ]);
        assert!(o.status.success(), "{o:?}");
        let text = stdout(&o);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(
            lines[0],
            "scenario,reports,tool,pass,ending,notifications,attempts,wasted,answer_ms,leaks"
        );
        let d = Preset::from_id(design).map_or_else(|| Design::parse(design).0, |p| p.design());
        let rows = suite(d, client, 2, &Scenario::ALL);
        assert_eq!(lines.len(), 2 + rows.len());
        for (r, line) in rows.iter().zip(&lines[1..]) {
            let want = format!(
                "{},{},{},{},{},{},{},{},{},{}",
                r.scenario.id(),
                r.reports,
                r.tool.id(),
                r.pass,
                r.ending.id(),
                r.notes.delivered,
                r.attempts,
                r.wasted,
                r.answer_ms.map_or(String::new(), |v| v.to_string()),
                r.leaks
            );
            assert_eq!(*line, want);
        }
        let s = score(&rows);
        assert_eq!(
            *lines.last().unwrap(),
            format!("score,{},{}", s.pass, s.total)
        );
    }
}

/// The suites the workbench's end-to-end test compares the page with are
/// exactly what `lab suite` prints (seed 1).
#[test]
fn the_workbench_fixture_is_the_clis_output() {
    let fixture = include_str!("data/lab_build_suites.txt");
    let mut blocks = 0;
    for block in fixture.split("\n== ").skip(1) {
        let (head, csv) = block.split_once('\n').expect("a head line");
        let (design, client) = head.split_once(' ').expect("design and client");
        let o = lab(&["suite", "--design", design, "--client", client]);
        assert!(o.status.success(), "{o:?}");
        let printed: Vec<String> = stdout(&o).lines().map(without_added).collect();
        assert_eq!(printed.join("\n"), csv.trim_end(), "{head}");
        blocks += 1;
    }
    assert!(blocks >= 3, "{blocks} suites");
}

#[test]
fn hunt_prints_every_way_the_library_finds_with_its_link() {
    use retry_lab::lab::grading::hunt::{encode, hunt, HuntOutcome, HuntSpec, KindSet};
    let o = lab(&[
        "hunt",
        "--design",
        "atomic",
        "--client",
        "stable_key",
        "--seed",
        "3",
        "--budget",
        "1000",
    ]);
    assert!(o.status.success(), "{o:?}");
    let text = stdout(&o);
    let spec = HuntSpec {
        design: Preset::Atomic.design(),
        client: ClientStrategy::StableKey,
        seed: 3,
        budget: 1_000,
        kinds: KindSet::all(),
    };
    let HuntOutcome::Found(f) = hunt(spec) else {
        panic!("atomic has a counterexample");
    };
    let head = format!("This design fails in {} ways", f.ways.len());
    assert!(text.starts_with(&head), "{text}");
    let trimmed: Vec<&str> = text.lines().map(str::trim).collect();
    for c in &f.ways {
        let code = encode(c.minimal());
        assert!(
            trimmed.contains(&format!("schedule={code}").as_str()),
            "{text}"
        );
        let link = Link::Lab(retry_lab::lab::LabParams::counterexample(&spec, c)).href();
        assert!(trimmed.contains(&link.as_str()), "{text}");
        assert!(link.contains("schedule="), "{link}");
    }
    assert!(text.contains("Attempt 1:"), "{text}");
}

#[test]
fn hunt_says_honestly_when_it_found_none() {
    let o = lab(&[
        "hunt",
        "--design",
        "fenced",
        "--client",
        "business_key",
        "--budget",
        "50",
        "--kinds",
        "lost,delayed",
    ]);
    assert_eq!(o.status.code(), Some(0), "{o:?}");
    let text = stdout(&o);
    assert!(
        text.starts_with(
            "Tried 50 fault schedules and found no counterexample. This is not a proof."
        ),
        "{text}"
    );
    assert!(text.contains("Faults not used: server stalls"), "{text}");
    assert!(text.contains("a second tenant"), "{text}");
}

/// `tests/data/lab_hunt_atomic.txt` is `lab hunt`'s output for atomic with
/// a stable key, the page's default kinds and a budget of 2,000; the
/// workbench's end-to-end test finds the same ways in the page.
#[test]
fn the_hunt_data_file_is_the_clis_output() {
    let kinds = retry_lab::lab::grading::hunt::KindSet::page_default().to_ids();
    let o = lab(&[
        "hunt",
        "--design",
        "atomic",
        "--client",
        "stable_key",
        "--budget",
        "2000",
        "--kinds",
        &kinds,
    ]);
    let want = include_str!("data/lab_hunt_atomic.txt");
    assert_eq!(stdout(&o), want);
}

/// `--harness` takes a preset or a design; `--client X` is its alias for
/// the six clients, byte for byte.
#[test]
fn the_harness_option_and_its_client_alias() {
    for c in ClientStrategy::ALL {
        let by_client = lab(&["suite", "--design", "atomic", "--client", c.id()]);
        let by_harness = lab(&["suite", "--design", "atomic", "--harness", c.id()]);
        assert_eq!(by_client.stdout, by_harness.stdout, "{c:?}");
    }
    let text = "chapter,retry_tls,wait_exponential";
    let h = Harness::parse(text).0;
    let o = lab(&["matrix", "--server", "fenced", "--harness", text]);
    assert!(o.status.success(), "{o:?}");
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 1 + Scenario::ALL.len());
    for (sc, line) in Scenario::ALL.iter().zip(&lines[1..]) {
        let want = cell(*sc, h, Preset::Fenced, 1);
        assert_eq!(
            *line,
            format!(
                "fenced,{},\"{}\",{},{},{},{},{},{},{}",
                sc.id(),
                h.to_ids(),
                want.reports,
                want.tool.id(),
                want.ending().id(),
                want.notes.delivered,
                want.attempts,
                added(*sc, h, Preset::Fenced, 1),
                want.leaks
            )
        );
    }
    // The TLS row: four attempts, three wasted, failed.
    let o = lab(&["suite", "--design", "fenced", "--harness", text]);
    let out = stdout(&o);
    let tls = out.lines().find(|l| l.starts_with("tls_error,")).unwrap();
    assert!(
        tls.starts_with("tls_error,0,not_created,false,rule_broken,0,4,3,"),
        "{tls}"
    );
}

/// `lab hunt --harnesses drawn` runs each schedule with a harness drawn for
/// it: the report names each counterexample's harness, which breaks none of
/// the harness's retry rules; a bad value exits 2.
#[test]
fn the_hunt_can_draw_the_harness() {
    let o = lab(&[
        "hunt",
        "--design",
        "fenced",
        "--client",
        "stable_key",
        "--budget",
        "200",
        "--harnesses",
        "drawn",
    ]);
    assert!(o.status.success());
    let text = stdout(&o);
    let drawn: Vec<&str> = text
        .lines()
        .filter_map(|l| l.trim().strip_prefix("harness="))
        .collect();
    assert!(!drawn.is_empty(), "{text}");
    for h in drawn {
        let (h, problems) = Harness::parse(h);
        assert!(problems.is_empty(), "{problems:?}");
        assert!(
            retry_lab::lab::grading::rules::harness_breaks(h).is_empty(),
            "{h:?}"
        );
    }
    let bad = lab(&[
        "hunt",
        "--design",
        "fenced",
        "--client",
        "stable_key",
        "--harnesses",
        "x",
    ]);
    assert_eq!(bad.status.code(), Some(2));
}
