//! `lab`: command-line companion of the idempotency lab. Prints the matrix
//! (every scenario × client for one server or all) as CSV from the same core
//! as the page at `#/lab/matrix`, so course authors and tests can read it
//! without a browser.

use std::io::Write;
use std::process::ExitCode;

use retry_lab::lab::{self, ClientStrategy, Ending, Scenario, ServerImpl, SEED_BOUND};

/// The help text; the ids and the seed's limits come from the lab itself.
fn help() -> String {
    let servers: Vec<&str> = ServerImpl::ALL.iter().map(|s| s.id()).collect();
    format!(
        "\
lab: the idempotency lab's matrix (every fault scenario × client strategy).

USAGE:
    lab matrix --server <ID|all> [--seed N]

Prints CSV to stdout: server,scenario,client,reports,tool,ending
  reports  reports in the database when the run has settled
  tool     what the model was finally told: created, unknown, not_created, rejected
  ending   the verdict (the page's matrix mark): {}

OPTIONS:
    --server ID|all   one of: {}; or all
    --seed N          seed, an integer in {}..={} [default {}]
    -h, --help        this help
",
        Ending::ids().join(", "),
        servers.join(", "),
        SEED_BOUND.min,
        SEED_BOUND.max,
        SEED_BOUND.default
    )
}

/// A parsed command line.
#[derive(Debug, PartialEq)]
struct Cli {
    servers: Vec<ServerImpl>,
    seed: u64,
}

fn parse(args: &[String]) -> Result<Option<Cli>, String> {
    if args.iter().any(|a| a == "-h" || a == "--help") {
        return Ok(None);
    }
    match args.first().map(String::as_str) {
        Some("matrix") => {}
        Some(other) => return Err(format!("unknown command '{other}' (expected 'matrix')")),
        None => return Err("missing command (expected 'matrix')".into()),
    }
    let mut servers = None;
    let mut seed = SEED_BOUND.default as u64;
    let mut rest = args[1..].iter();
    while let Some(flag) = rest.next() {
        let value = rest
            .next()
            .ok_or_else(|| format!("{flag}: missing value"))?;
        match flag.as_str() {
            "--server" if value == "all" => servers = Some(ServerImpl::ALL.to_vec()),
            "--server" => {
                let s = ServerImpl::from_id(value).ok_or_else(|| {
                    format!(
                        "--server: '{value}' is not one of {}, all",
                        ServerImpl::ids().join(", ")
                    )
                })?;
                servers = Some(vec![s]);
            }
            "--seed" => {
                seed = value
                    .trim()
                    .parse::<u64>()
                    .ok()
                    .filter(|v| *v <= SEED_BOUND.max as u64)
                    .ok_or_else(|| {
                        format!(
                            "--seed: '{value}' is not an integer in 0..={}",
                            SEED_BOUND.max
                        )
                    })?;
            }
            other => return Err(format!("unknown option '{other}'")),
        }
    }
    let servers = servers.ok_or("missing --server <ID|all>")?;
    Ok(Some(Cli { servers, seed }))
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let cli = match parse(&args) {
        Ok(Some(cli)) => cli,
        Ok(None) => {
            print!("{}", help());
            return ExitCode::SUCCESS;
        }
        Err(msg) => {
            eprintln!("lab: {msg}\n\n{}", help());
            return ExitCode::from(2);
        }
    };
    let mut out = std::io::stdout().lock();
    let mut lines = vec!["server,scenario,client,reports,tool,ending".to_string()];
    for s in &cli.servers {
        for sc in Scenario::ALL {
            for c in ClientStrategy::ALL {
                let cell = lab::cell(sc, c, *s, cli.seed);
                lines.push(format!(
                    "{},{},{},{},{},{}",
                    s.id(),
                    sc.id(),
                    c.id(),
                    cell.reports,
                    cell.tool.id(),
                    cell.ending().id()
                ));
            }
        }
    }
    match writeln!(out, "{}", lines.join("\n")) {
        Ok(()) => ExitCode::SUCCESS,
        Err(_) => ExitCode::FAILURE,
    }
}
