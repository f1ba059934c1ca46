//! `lab`: command-line companion of the idempotency lab. Prints the matrix
//! (every scenario × client for a server design) and the workbench's suite
//! as CSV, from the same core as the page at `#/lab/matrix` and
//! `#/lab/build`, so course authors and tests can read them without a
//! browser; and the workbench's counterexample hunt.

use std::io::Write;
use std::process::ExitCode;

use retry_lab::i18n::{render_all, Lang};
use retry_lab::lab::grading::hunt::report::report;
use retry_lab::lab::grading::hunt::{
    hunt, hunt_drawing_harnesses, FaultKind, HuntSpec, KindSet, BUDGET,
};
use retry_lab::lab::harness::{
    Class, Harness, HarnessPreset, HarnessProblem, KeyChoice, RetryAfterChoice, UnknownChoice,
    WaitChoice,
};
use retry_lab::lab::view::csv::{matrix_csv, suite_csv};
use retry_lab::lab::{
    ClientStrategy, Design, Ending, LabParams, Mechanism, Preset, ToolOutcome, SEED_BOUND,
};
use retry_lab::pages::links::Link;

/// The help text; the ids and the seed's limits come from the lab itself.
fn help() -> String {
    format!(
        "\
lab: the idempotency lab's matrix and the workbench's suite.

USAGE:
    lab matrix --server <ID|all> [--harness H] [--seed N]
    lab matrix --design <IDS> [--harness H] [--seed N]
    lab suite --design <IDS> --harness H [--seed N]
    lab hunt --design <IDS> --harness H [--seed N] [--budget N] [--kinds IDS] [--harnesses given|drawn]

matrix prints CSV: server,scenario,client,reports,tool,ending,notifications,attempts,
  wasted,answer_ms,leaks
  server         the preset's id, or the design's mechanism ids
  client         the harness: a preset's id, or the preset then the tokens that differ
  reports        reports in the database when the run has settled (every tenant's); the
                 verdict counts a refund-like downstream's effects too (003's scenarios)
  tool           what the (first tenant's) model was finally told: {}
  ending         the verdict (the page's matrix mark): {}
  notifications  notifications the notifier sent (its own database)
  attempts       HTTP attempts the harnesses sent (every layer's: SDK retries included)
  wasted         attempts that could not have succeeded: a retry after a TLS failure,
                 a 4xx other than 408/409/429, a quota 429, one sent before a readable
                 Retry-After was over, or one past the call's total deadline
  answer_ms      ms from the model's (last) tool call to its answer; empty if none
  leaks          replays of another tenant's stored response, or to a revoked principal
suite prints CSV: scenario,reports,tool,pass,ending,notifications,attempts,wasted,
  answer_ms,leaks, one
  row per scenario, then score,<passed>,<total>; a row passes with at most one report
  per tenant's request, the truth told to every tenant's model, no changed body
  answered with the old body's response, exactly one notification per committed
  report (none lost, none duplicated, none about a report that does not exist), no
  leak and no cross-tenant refusal, no retry the chapter forbids (a TLS failure,
  a 4xx other than 408/409/429 or a quota 429, or one before a readable Retry-After),
  no rerun after a downstream effect, no effect without a valid approval (003)
hunt draws random fault schedules (seeded) until the budget runs out or every
  way to fail is found: a failure class of the run's judgement, and whether
  any server fixes it. Each way's first schedule is shrunk while it still
  fails that way. It prints «This design fails in N ways», then per way its
  class (labelled when no server fixes it), its code (schedule=…), its link
  into the lab at the step where it broke, and its lines, worded from what
  happened in the run; or that none was found within the budget (which is
  not a proof). Exit 0 either way.

OPTIONS:
    --server ID|all   a preset: {}; or all
    --design IDS      a preset id, or a comma list of mechanisms in any order: {}
{}    --client ID       the same as --harness for the six clients: {}
    --seed N          seed, an integer in {}..={} [default {}]
    --budget N        hunt: schedules to try, {}..={} [default {}]
    --kinds IDS       hunt: fault kinds, a comma list of: {} [default all]
    --harnesses W     hunt: given (the --harness runs every schedule) or drawn (each schedule
                      runs with a harness drawn for it that breaks no new rule) [default given]
    -h, --help        this help
",
        ToolOutcome::ids().join(", "),
        Ending::ids().join(", "),
        Preset::ids().join(", "),
        Mechanism::ids().join(", "),
        harness_options(),
        ClientStrategy::ids().join(", "),
        SEED_BOUND.min,
        SEED_BOUND.max,
        SEED_BOUND.default,
        BUDGET.min,
        BUDGET.max,
        BUDGET.default,
        FaultKind::ids().join(", ")
    )
}

/// The `--harness` option's help: the presets, and every token from its table.
fn harness_options() -> String {
    format!(
        "    --harness H       a harness: a preset ({}), optionally followed by
                      comma-separated tokens that change it, e.g.
                      chapter,sdk,deadline_none,retry_tls,base_100,budget_none
                      (tokens alone change chapter) [matrix default: the six
                      clients; hunt: one of the six clients]
                      tokens: {}
                      retry_<class> / noretry_<class>, class one of: {}
                      sdk, nosdk; numbers (or <name>_none where marked *):
                      {}
",
        HarnessPreset::ids().join(", "),
        choice_tokens(),
        Class::ids().join(", "),
        number_tokens(),
    )
}

/// The tokens that name one choice of a harness, group by group.
fn choice_tokens() -> String {
    [
        KeyChoice::ids(),
        WaitChoice::ids(),
        RetryAfterChoice::ids(),
        UnknownChoice::ids(),
    ]
    .map(|ids| ids.join(", "))
    .join("; ")
}

/// The numbers a token sets, with their bounds.
fn number_tokens() -> String {
    retry_lab::lab::harness::spec::NUMBERS
        .iter()
        .map(|n| {
            let none = if n.none_ok { "*" } else { "" };
            format!("{}<{}..={}>{none}", n.prefix, n.lo, n.hi)
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// A parsed command line.
#[derive(Debug, PartialEq)]
enum Cli {
    Matrix {
        designs: Vec<Design>,
        harnesses: Vec<Harness>,
        seed: u64,
    },
    Suite {
        design: Design,
        harness: Harness,
        seed: u64,
    },
    /// The hunt, and whether it draws a harness for each schedule.
    Hunt(HuntSpec, bool),
}

/// `--design`: a preset id, or mechanism ids that make a valid design
/// (anything dropped is an error here: a script must get what it asked for).
fn design(value: &str) -> Result<Design, String> {
    if let Some(p) = Preset::from_id(value.trim()) {
        return Ok(p.design());
    }
    match Design::parse(value) {
        (d, problems) if problems.is_empty() => Ok(d),
        (d, problems) => Err(format!(
            "--design: '{value}' is not a valid design ({problems:?}; it would run as '{}')",
            d.label()
        )),
    }
}

fn seed(value: &str) -> Result<u64, String> {
    value
        .trim()
        .parse::<u64>()
        .ok()
        .filter(|v| *v <= SEED_BOUND.max as u64)
        .ok_or_else(|| {
            format!(
                "--seed: '{value}' is not an integer in 0..={}",
                SEED_BOUND.max
            )
        })
}

fn budget(value: &str) -> Result<u32, String> {
    value
        .trim()
        .parse::<i64>()
        .ok()
        .filter(|v| (BUDGET.min..=BUDGET.max).contains(v))
        .map(|v| v as u32)
        .ok_or_else(|| {
            format!(
                "--budget: '{value}' is not an integer in {}..={}",
                BUDGET.min, BUDGET.max
            )
        })
}

fn kinds(value: &str) -> Result<KindSet, String> {
    match KindSet::parse(value) {
        (set, bad) if bad.is_empty() && !set.is_empty() => Ok(set),
        (_, bad) => Err(format!(
            "--kinds: '{value}' is not a comma list of {}, all ({} unknown)",
            FaultKind::ids().join(", "),
            bad.join(", ")
        )),
    }
}

fn server(value: &str) -> Result<Vec<Design>, String> {
    if value == "all" {
        return Ok(Preset::ALL.iter().map(|p| p.design()).collect());
    }
    let p = Preset::from_id(value).ok_or_else(|| {
        format!(
            "--server: '{value}' is not one of {}, all",
            Preset::ids().join(", ")
        )
    })?;
    Ok(vec![p.design()])
}

fn client(value: &str) -> Result<Harness, String> {
    ClientStrategy::from_id(value)
        .map(Harness::from)
        .ok_or_else(|| {
            format!(
                "--client: '{value}' is not one of {}",
                ClientStrategy::ids().join(", ")
            )
        })
}

/// `--harness`: a preset, then tokens; anything dropped or mended is an
/// error here (a script must get what it asked for).
fn harness(value: &str) -> Result<Harness, String> {
    match Harness::parse(value) {
        (h, problems) if problems.is_empty() => Ok(h),
        (_, problems) => {
            let why: Vec<String> = problems.iter().map(problem).collect();
            Err(format!(
                "--harness: '{value}' is not a valid harness ({})",
                why.join("; ")
            ))
        }
    }
}

fn problem(p: &HarnessProblem) -> String {
    match p {
        HarnessProblem::Unknown { given } => format!("unknown token {given}"),
        HarnessProblem::OutOfRange { token, lo, hi } => {
            format!("{token} is out of range {lo}..={hi}")
        }
        HarnessProblem::NeedsDeadline { dropped } => format!(
            "{} needs a total deadline (deadline_<ms>), not deadline_none",
            dropped.id()
        ),
    }
}

/// `--harnesses given|drawn`: the hunt runs the given client, or draws a
/// harness that breaks no new rule of the chapter for each schedule.
fn harnesses(value: &str) -> Result<bool, String> {
    match value {
        "given" => Ok(false),
        "drawn" => Ok(true),
        other => Err(format!(
            "--harnesses: '{}' is neither 'given' nor 'drawn'",
            retry_lab::kernel::params::echo(other)
        )),
    }
}

/// The hunt runs one of the six clients.
fn hunt_client(h: Harness) -> Result<ClientStrategy, String> {
    h.preset().and_then(|p| p.client()).ok_or_else(|| {
        format!(
            "hunt: --harness '{}' is not one of the six clients the hunt runs: {}",
            h.to_ids(),
            ClientStrategy::ids().join(", ")
        )
    })
}

fn parse(args: &[String]) -> Result<Option<Cli>, String> {
    if args.iter().any(|a| a == "-h" || a == "--help") {
        return Ok(None);
    }
    let command = match args.first().map(String::as_str) {
        Some(c @ ("matrix" | "suite" | "hunt")) => c,
        Some(other) => {
            return Err(format!(
                "unknown command '{other}' (expected 'matrix', 'suite' or 'hunt')"
            ))
        }
        None => return Err("missing command (expected 'matrix', 'suite' or 'hunt')".into()),
    };
    let (mut designs, mut one_client, mut the_seed) =
        (None, None::<Harness>, SEED_BOUND.default as u64);
    let (mut the_budget, mut the_kinds) = (BUDGET.default as u32, KindSet::all());
    let mut drawn = false;
    let mut rest = args[1..].iter();
    while let Some(flag) = rest.next() {
        let value = rest
            .next()
            .ok_or_else(|| format!("{flag}: missing value"))?;
        match flag.as_str() {
            "--server" if command == "matrix" && designs.is_none() => {
                designs = Some(server(value)?)
            }
            "--design" if designs.is_none() => designs = Some(vec![design(value)?]),
            "--server" | "--design" => return Err(format!("{flag}: one server or design only")),
            "--client" | "--harness" if one_client.is_some() => {
                return Err(format!("{flag}: one --client or --harness only"))
            }
            "--client" => one_client = Some(client(value)?),
            "--harness" => one_client = Some(harness(value)?),
            "--seed" => the_seed = seed(value)?,
            "--budget" if command == "hunt" => the_budget = budget(value)?,
            "--kinds" if command == "hunt" => the_kinds = kinds(value)?,
            "--harnesses" if command == "hunt" => drawn = harnesses(value)?,
            other => return Err(format!("unknown option '{other}'")),
        }
    }
    let designs = designs.ok_or(match command {
        "matrix" => "missing --server <ID|all> or --design <IDS>",
        _ => "missing --design <IDS>",
    })?;
    Ok(Some(match command {
        "matrix" => Cli::Matrix {
            designs,
            harnesses: one_client
                .map_or(ClientStrategy::ALL.map(Harness::from).to_vec(), |h| vec![h]),
            seed: the_seed,
        },
        "suite" => Cli::Suite {
            design: designs[0],
            harness: one_client.ok_or("missing --harness <H> (or --client <ID>)")?,
            seed: the_seed,
        },
        _ => Cli::Hunt(
            HuntSpec {
                design: designs[0],
                client: hunt_client(one_client.ok_or("missing --harness <H> (or --client <ID>)")?)?,
                seed: the_seed,
                budget: the_budget,
                kinds: the_kinds,
            },
            drawn,
        ),
    }))
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let csv = match parse(&args) {
        Ok(Some(Cli::Matrix {
            designs,
            harnesses,
            seed,
        })) => matrix_csv(&designs, &harnesses, seed),
        Ok(Some(Cli::Suite {
            design,
            harness,
            seed,
        })) => suite_csv(design, harness, seed),
        Ok(Some(Cli::Hunt(spec, drawn))) => {
            let outcome = match drawn {
                true => hunt_drawing_harnesses(spec),
                false => hunt(spec),
            };
            let mut text = render_all(
                Lang::En,
                &report(&spec, &outcome, |c| {
                    Link::Lab(LabParams::counterexample(&spec, c)).href()
                }),
            )
            .join("\n");
            text.push('\n');
            text
        }
        Ok(None) => {
            print!("{}", help());
            return ExitCode::SUCCESS;
        }
        Err(msg) => {
            eprintln!("lab: {msg}\n\n{}", help());
            return ExitCode::from(2);
        }
    };
    match std::io::stdout().lock().write_all(csv.as_bytes()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(_) => ExitCode::FAILURE,
    }
}
