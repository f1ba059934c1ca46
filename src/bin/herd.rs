//! `herd`: command-line companion of the thundering-herd simulator. Prints
//! the blog's data as CSV (`clients,strategy,mean_time_ms,mean_calls`) from
//! the same core as the page at `#/herd`, so the numbers agree.

use std::io::Write;
use std::process::ExitCode;

use retry_lab::herd::bounds;
use retry_lab::herd::csv::{sweep_csv, HEADER};
use retry_lab::herd::{SimConfig, Strategy, Sweep, SweepSpec, MAX_CLIENTS};
use retry_lab::params::{check_float, Bound};

/// The help text; every default and limit comes from the page's bounds.
fn help() -> String {
    use bounds::{BASE, CAP, CLI, CLIENTS, NET_MEAN, NET_SD, N_FROM, N_STEP, N_TO, SEED, TRIALS};
    format!(
        "\
herd: the AWS \"Exponential Backoff and Jitter\" experiment (thundering herd).

USAGE:
    herd sweep --clients FROM..TO[:STEP] [OPTIONS]
    herd run   --clients N [OPTIONS]

Prints CSV to stdout: {HEADER}

OPTIONS:
    --clients SPEC        N, or a range FROM..TO:STEP (sweep; STEP defaults to 1)
                          [run default {}; sweep default {}..{}:{}; 1..={}]
    --trials T            trials per point [default {}; 1..={}]
    --seed S              master seed, an unsigned 64-bit integer [default {}]
    --strategies LIST     comma-separated ids [default: all]
                          {}
    --base MS             backoff base [default {}; {}..={}]
    --cap MS              backoff cap [default {}; {}..={}]
    --net-mean MS         mean one-way network delay [default {}; {}..={}]
    --net-sd MS           its standard deviation [default {}; {}..={}]
    -h, --help            this help

Trial i of (N, strategy) uses a seed derived from (seed, N, strategy, i),
so any single point can be reproduced on its own.
",
        CLIENTS.default,
        N_FROM.default,
        N_TO.default,
        N_STEP.default,
        CLIENTS.max,
        TRIALS.default,
        CLI.max_trials,
        SEED.default,
        Strategy::ids().join(", "),
        BASE.default,
        BASE.min,
        BASE.max,
        CAP.default,
        CAP.min,
        CAP.max,
        NET_MEAN.default,
        NET_MEAN.min,
        NET_MEAN.max,
        NET_SD.default,
        NET_SD.min,
        NET_SD.max,
    )
}

/// A parsed command line.
#[derive(Debug)]
struct Cli {
    clients: Vec<u32>,
    trials: u32,
    seed: u64,
    strategies: Vec<Strategy>,
    cfg: SimConfig,
}

fn float_opt(raw: &str, b: Bound<f64>, flag: &str) -> Result<f64, String> {
    match check_float(raw, b) {
        (v, None) => Ok(v),
        (_, Some(_)) => Err(format!(
            "{flag}: '{raw}' is not a number in {} (milliseconds)",
            b.range_text()
        )),
    }
}

fn int_in(raw: &str, min: u64, max: u64, flag: &str) -> Result<u64, String> {
    match raw.trim().parse::<u64>() {
        Ok(v) if (min..=max).contains(&v) => Ok(v),
        _ => Err(format!("{flag}: '{raw}' is not an integer in {min}–{max}")),
    }
}

fn parse_clients(raw: &str, sweep: bool) -> Result<Vec<u32>, String> {
    let max = u64::from(MAX_CLIENTS);
    let n = |s: &str| int_in(s, 1, max, "--clients").map(|v| v as u32);
    let Some((from, rest)) = raw.split_once("..") else {
        return Ok(vec![n(raw)?]);
    };
    if !sweep {
        return Err(format!(
            "--clients: 'run' takes one number, not the range '{raw}' (use 'sweep')"
        ));
    }
    let (to, step) = match rest.split_once(':') {
        Some((to, step)) => (to, int_in(step, 1, max, "--clients step")? as u32),
        None => (rest, 1),
    };
    let (from, to) = (n(from)?, n(to)?);
    if to < from {
        return Err(format!("--clients: range '{raw}' ends before it starts"));
    }
    Ok((from..=to).step_by(step as usize).collect())
}

fn parse_strategies(raw: &str) -> Result<Vec<Strategy>, String> {
    let mut out = Vec::new();
    for part in raw.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let s = Strategy::from_id(part).ok_or_else(|| {
            format!(
                "--strategies: unknown strategy '{part}' (known: {})",
                Strategy::ids().join(", ")
            )
        })?;
        if !out.contains(&s) {
            out.push(s);
        }
    }
    if out.is_empty() {
        return Err("--strategies: give at least one strategy id".into());
    }
    Ok(out)
}

/// Parses the arguments after the program name. `Ok(None)` means help.
fn parse(args: &[String]) -> Result<Option<(String, Cli)>, String> {
    let Some(cmd) = args.first() else {
        return Err("missing command: 'sweep' or 'run' (see --help)".into());
    };
    if args.iter().any(|a| a == "-h" || a == "--help") || cmd == "help" {
        return Ok(None);
    }
    let sweep = match cmd.as_str() {
        "sweep" => true,
        "run" => false,
        other => return Err(format!("unknown command '{other}': use 'sweep' or 'run'")),
    };
    let mut cli = Cli {
        clients: if sweep {
            let (from, to) = (bounds::N_FROM.default, bounds::N_TO.default);
            (from as u32..=to as u32)
                .step_by(bounds::N_STEP.default as usize)
                .collect()
        } else {
            vec![bounds::CLIENTS.default as u32]
        },
        trials: bounds::TRIALS.default as u32,
        seed: bounds::SEED.default as u64,
        strategies: Strategy::ALL.to_vec(),
        cfg: SimConfig::default(),
    };
    let mut it = args[1..].iter();
    while let Some(flag) = it.next() {
        let value = it.next().ok_or_else(|| format!("{flag}: missing value"))?;
        match flag.as_str() {
            "--clients" => cli.clients = parse_clients(value, sweep)?,
            "--trials" => cli.trials = int_in(value, 1, bounds::CLI.max_trials, "--trials")? as u32,
            "--seed" => cli.seed = int_in(value, 0, bounds::CLI.max_seed, "--seed")?,
            "--strategies" => cli.strategies = parse_strategies(value)?,
            "--base" => cli.cfg.base_ms = float_opt(value, bounds::BASE, "--base")?,
            "--cap" => cli.cfg.cap_ms = float_opt(value, bounds::CAP, "--cap")?,
            "--net-mean" => cli.cfg.net_mean_ms = float_opt(value, bounds::NET_MEAN, "--net-mean")?,
            "--net-sd" => cli.cfg.net_sd_ms = float_opt(value, bounds::NET_SD, "--net-sd")?,
            other => return Err(format!("unknown option '{other}' (see --help)")),
        }
    }
    cli.strategies.sort();
    Ok(Some((cmd.clone(), cli)))
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let cli = match parse(&args) {
        Ok(Some((_, cli))) => cli,
        Ok(None) => {
            print!("{}", help());
            return ExitCode::SUCCESS;
        }
        Err(msg) => {
            eprintln!("herd: {msg}");
            return ExitCode::from(2);
        }
    };
    let mut sweep = Sweep::new(SweepSpec {
        cfg: cli.cfg,
        clients: cli.clients,
        strategies: cli.strategies,
        trials: cli.trials,
        seed: cli.seed,
        trace_first: false,
    });
    sweep.run_to_end();
    let mut out = std::io::stdout().lock();
    let lines = sweep_csv(sweep.summaries());
    if out.write_all(lines.as_bytes()).is_err() {
        return ExitCode::from(1);
    }
    ExitCode::SUCCESS
}
