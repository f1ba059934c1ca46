//! A mechanism is one file and one registry line: the toy `log_hooks`
//! (`src/lab/mechanisms/log_hooks.rs`, on only with the feature
//! `toy_mechanism`) touches nothing else, yet it is in the workbench's
//! design list, in the SQL listing, in the translation table and in the
//! `lab` CLI's suite and matrix; it hears the handler's steps and changes
//! no outcome. Run: `cargo test --features toy_mechanism --test lab_toy_mechanism`.

use std::process::Command;

#[path = "common/command.rs"]
mod command;
use command::stdout_of;

use retry_lab::lab::grading::suite::suite;
use retry_lab::lab::mechanisms::log_hooks::take_heard;
use retry_lab::lab::mechanisms::HandlerStep;
use retry_lab::lab::model::sql::describe;
use retry_lab::lab::params::build::design_list;
use retry_lab::lab::{run, ClientStrategy, Design, Mechanism, Preset, Scenario};

fn toy() -> Mechanism {
    Mechanism::from_id("log_hooks").expect("the toy is registered")
}

fn with_toy(p: Preset) -> Design {
    let (d, problems) = Design::parse(&format!("{},log_hooks", p.design().to_ids()));
    assert!(problems.is_empty(), "{problems:?}");
    d
}

#[test]
fn the_toy_is_in_the_workbenchs_design_list_with_its_texts() {
    let listed = design_list().into_iter().any(|(_, ms)| ms.contains(&toy()));
    assert!(listed, "the workbench's design list lacks the toy");
    for key in [toy().key(), format!("{}.desc", toy().key())] {
        assert!(retry_lab::i18n::has(&key), "{key}");
    }
    assert!(Design::all_valid().iter().any(|d| d.has(toy())));
}

#[test]
fn the_toy_is_in_the_sql_listing_and_the_sql_it_runs() {
    let marked: Vec<String> = describe(with_toy(Preset::Atomic))
        .iter()
        .filter(|s| s.parts.iter().any(|p| p.by == Some(toy())))
        .map(|s| s.text())
        .collect();
    assert!(!marked.is_empty(), "the SQL listing lacks the toy");
    assert!(
        marked.iter().all(|t| t.contains("/* log_hooks */")),
        "{marked:?}"
    );
}

#[test]
fn the_toy_hears_the_handlers_steps_and_changes_no_outcome() {
    for p in [Preset::Naive, Preset::KeySplit, Preset::Fenced] {
        let client = ClientStrategy::StableKey;
        let plain = suite(p.design(), client, 1, &Scenario::ALL);
        take_heard();
        let toyed = suite(with_toy(p), client, 1, &Scenario::ALL);
        assert_eq!(plain, toyed, "{p:?}");
        let heard = take_heard();
        assert!(heard.contains(&HandlerStep::Work), "{p:?}: {heard:?}");
        assert!(heard.contains(&HandlerStep::Notify), "{p:?}: {heard:?}");
    }
    take_heard();
    run(
        Scenario::ResponseLost,
        ClientStrategy::StableKey,
        with_toy(Preset::Fenced),
        1,
    );
    let heard = take_heard();
    for step in [
        HandlerStep::Claim,
        HandlerStep::Work,
        HandlerStep::WriteBack,
    ] {
        assert!(heard.contains(&step), "{step:?} not heard: {heard:?}");
    }
}

fn lab(args: &[&str]) -> String {
    stdout_of(Command::new(env!("CARGO_BIN_EXE_lab")).args(args))
}

#[test]
fn the_cli_takes_the_toy_in_a_suite_and_a_matrix() {
    let atomic = Preset::Atomic.design().to_ids();
    let toyed = format!("{atomic},log_hooks");
    let plain = lab(&["suite", "--design", &atomic, "--client", "careful"]);
    let with = lab(&["suite", "--design", &toyed, "--client", "careful"]);
    assert_eq!(plain, with, "the toy changes no row of `lab suite`");
    let matrix = lab(&["matrix", "--design", &toyed, "--client", "careful"]);
    let rows: Vec<&str> = matrix.lines().skip(1).collect();
    assert!(!rows.is_empty());
    assert!(rows.iter().all(|l| l.contains("log_hooks")), "{matrix}");
    assert!(lab(&["--help"]).contains("log_hooks"));
}
