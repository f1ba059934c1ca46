//! `herd`: command-line companion of the thundering-herd simulator. Prints
//! the blog's data as CSV (`clients,strategy,mean_time_ms,mean_calls`) from
//! the same core as the page at `#/herd`, so the numbers agree.

use std::io::Write;
use std::process::ExitCode;

use retry_lab::herd::bounds;
use retry_lab::herd::csv::{sweep_csv, HEADER};
use retry_lab::herd::params::{HerdParams, View};
use retry_lab::herd::{Strategy, Sweep, SweepSpec};
use retry_lab::kernel::params::Notice;
use retry_lab::pages::route::Query;

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
        CLI.trials.max,
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

/// What a flag's value is, for the message that refuses a bad one.
#[derive(Clone, Copy)]
enum Unit {
    Integer,
    Milliseconds,
    StrategyIds,
}

/// Every flag but `--clients`: the URL parameter of `#/herd` it sets.
const FLAGS: [(&str, &str, Unit); 7] = [
    ("--trials", "trials", Unit::Integer),
    ("--seed", "seed", Unit::Integer),
    ("--strategies", "strategies", Unit::StrategyIds),
    ("--base", "base", Unit::Milliseconds),
    ("--cap", "cap", Unit::Milliseconds),
    ("--net-mean", "net_mean", Unit::Milliseconds),
    ("--net-sd", "net_sd", Unit::Milliseconds),
];

/// One URL parameter a flag sets: its name, the flag as the messages name
/// it, the raw text and what that text should be.
struct Part<'a> {
    param: &'static str,
    flag: &'a str,
    raw: &'a str,
    unit: Unit,
}

impl<'a> Part<'a> {
    fn int(param: &'static str, flag: &'a str, raw: &'a str) -> Self {
        Self {
            param,
            flag,
            raw,
            unit: Unit::Integer,
        }
    }

    /// The message that refuses this part, from the reader's notice on it.
    fn refusal(&self, n: &Notice) -> String {
        let (flag, raw, range) = (self.flag, self.raw, &n.range);
        match self.unit {
            Unit::Integer => format!("{flag}: '{raw}' is not an integer in {range}"),
            Unit::Milliseconds => {
                format!("{flag}: '{raw}' is not a number in {range} (milliseconds)")
            }
            Unit::StrategyIds => match raw
                .split(',')
                .map(str::trim)
                .find(|p| !p.is_empty() && Strategy::from_id(p).is_none())
            {
                Some(part) => format!(
                    "{flag}: unknown strategy '{part}' (known: {})",
                    Strategy::ids().join(", ")
                ),
                None => format!("{flag}: give at least one strategy id"),
            },
        }
    }
}

/// The parameters `--clients` sets: `clients` for a run; for a sweep
/// `n_from`, `n_to` and `n_step` (a single N is a sweep of one point; the
/// step defaults to 1). Listed in the order the parts are checked.
fn clients_parts(raw: &str, view: View) -> Result<Vec<Part<'_>>, String> {
    let flag = "--clients";
    let Some((from, rest)) = raw.split_once("..") else {
        return Ok(match view {
            View::Run => vec![Part::int("clients", flag, raw)],
            View::Sweep => vec![
                Part::int("n_from", flag, raw),
                Part::int("n_to", flag, raw),
                Part::int("n_step", "--clients step", "1"),
            ],
        });
    };
    if view == View::Run {
        return Err(format!(
            "--clients: 'run' takes one number, not the range '{raw}' (use 'sweep')"
        ));
    }
    let (to, step) = rest.split_once(':').unwrap_or((rest, "1"));
    Ok(vec![
        Part::int("n_step", "--clients step", step),
        Part::int("n_from", flag, from),
        Part::int("n_to", flag, to),
    ])
}

/// The parameters one flag sets.
fn parts<'a>(flag: &'a str, raw: &'a str, view: View) -> Result<Vec<Part<'a>>, String> {
    if flag == "--clients" {
        return clients_parts(raw, view);
    }
    let Some(&(_, param, unit)) = FLAGS.iter().find(|(f, ..)| *f == flag) else {
        return Err(format!("unknown option '{flag}' (see --help)"));
    };
    Ok(vec![Part {
        param,
        flag,
        raw,
        unit,
    }])
}

/// Reads `parts` as the page reads its URL, within the CLI's limits
/// ([`bounds::CLI`]): the first part the reader would not use as given is
/// refused, where the page would clamp it with a notice.
fn check(parts: &[Part]) -> Result<HerdParams, String> {
    let mut q = Query::new();
    for p in parts {
        q.set(p.param, p.raw);
    }
    let (prm, notices) = HerdParams::read(&q, bounds::CLI);
    for p in parts {
        if let Some(n) = notices.iter().find(|n| n.param == p.param) {
            return Err(p.refusal(n));
        }
    }
    Ok(prm)
}

/// Parses the arguments after the program name. `Ok(None)` means help.
/// Each flag is checked as it comes, so the first bad one is reported.
fn parse(args: &[String]) -> Result<Option<HerdParams>, String> {
    let Some(cmd) = args.first() else {
        return Err("missing command: 'sweep' or 'run' (see --help)".into());
    };
    if args.iter().any(|a| a == "-h" || a == "--help") || cmd == "help" {
        return Ok(None);
    }
    let view = View::from_id(cmd)
        .ok_or_else(|| format!("unknown command '{cmd}': use 'sweep' or 'run'"))?;
    let mut q = Query::new().with("view", view.id());
    let mut it = args[1..].iter();
    while let Some(flag) = it.next() {
        let value = it.next().ok_or_else(|| format!("{flag}: missing value"))?;
        let parts = parts(flag, value, view)?;
        let prm = check(&parts)?;
        if prm.n_to < prm.n_from {
            return Err(format!("--clients: range '{value}' ends before it starts"));
        }
        for p in &parts {
            q.set(p.param, p.raw);
        }
    }
    Ok(Some(HerdParams::read(&q, bounds::CLI).0))
}

/// What the command computes: every N of its view, with no trace.
fn spec(prm: &HerdParams) -> SweepSpec {
    let clients = match prm.view {
        View::Run => vec![prm.clients],
        View::Sweep => (prm.n_from..=prm.n_to)
            .step_by(prm.n_step as usize)
            .collect(),
    };
    SweepSpec {
        clients,
        trace_first: false,
        ..prm.spec()
    }
}
fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let prm = match parse(&args) {
        Ok(Some(prm)) => prm,
        Ok(None) => {
            print!("{}", help());
            return ExitCode::SUCCESS;
        }
        Err(msg) => {
            eprintln!("herd: {msg}");
            return ExitCode::from(2);
        }
    };
    let mut sweep = Sweep::new(spec(&prm));
    sweep.run_to_end();
    let mut out = std::io::stdout().lock();
    let lines = sweep_csv(sweep.summaries());
    if out.write_all(lines.as_bytes()).is_err() {
        return ExitCode::from(1);
    }
    ExitCode::SUCCESS
}

/// The CLI reads its flags as the page reads its URL, within its own
/// limits (`bounds::CLI`).
#[cfg(test)]
mod tests {
    use super::*;

    fn args(a: &[&str]) -> Vec<String> {
        a.iter().map(|s| s.to_string()).collect()
    }

    /// A value past the page's limit but within the CLI's is taken as given
    /// (the page clamps it); one past the CLI's is refused, naming the range.
    #[test]
    fn cli_limits_lie_between_the_pages_and_the_refusal() {
        let big_seed = "9007199254740992"; // 2⁵³, one past the page's seed
        let q = Query::new().with("trials", "1001").with("seed", big_seed);
        let (page, notices) = HerdParams::from_query(&q);
        assert_eq!((page.trials, notices.len()), (1000, 2), "{notices:?}");
        let cli = parse(&args(&["run", "--trials", "1001", "--seed", big_seed]))
            .unwrap()
            .unwrap();
        assert_eq!((cli.trials, cli.seed), (1001, 1 << 53));
        let cases = [
            (
                "--trials",
                "1000001",
                "--trials: '1000001' is not an integer in 1–1000000",
            ),
            (
                "--seed",
                "18446744073709551616",
                "--seed: '18446744073709551616' is not an integer in 0–18446744073709551615",
            ),
        ];
        for (flag, value, message) in cases {
            assert_eq!(parse(&args(&["run", flag, value])).unwrap_err(), message);
        }
    }

    /// Flags are checked in the order given: the first bad one is reported,
    /// a later flag overrides an earlier good one.
    #[test]
    fn the_first_bad_flag_is_reported() {
        let err = parse(&args(&[
            "sweep",
            "--cap",
            "-1",
            "--clients",
            "0",
            "--x",
            "1",
        ]));
        assert_eq!(
            err.unwrap_err(),
            "--cap: '-1' is not a number in 0–600000 (milliseconds)"
        );
        let err = parse(&args(&["sweep", "--clients", "5..abc:0"])).unwrap_err();
        assert_eq!(err, "--clients step: '0' is not an integer in 1–1000");
        let prm = parse(&args(&["sweep", "--clients", "5..9:2", "--clients", "7"]))
            .unwrap()
            .unwrap();
        assert_eq!(spec(&prm).clients, vec![7]);
    }
}
