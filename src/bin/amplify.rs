//! `amplify`: command-line companion of the retry-amplification demo. Takes
//! the page's URL parameters as `--name value` and prints the numbers of
//! each view as CSV, from the same core as `#/amplify`.

use std::io::Write;
use std::process::ExitCode;

use retry_lab::amplify::csv::{fanout_csv, load_csv, sweep_csv};
use retry_lab::amplify::params::{AmplifyParams, View};
use retry_lab::kernel::params::NoticeKind;
use retry_lab::pages::route::Query;

const HELP: &str = "\
amplify: retry amplification across layers (fanout, load over time, Brooker's sweep).

USAGE:
    amplify fanout [--layers 4,3] [--p 0.5] [--policy independent|top_only|budget]
                   [--budget B] [--trials T] [--seed S]
    amplify load   [--preset metastable|codex|brooker] [--policies LIST] [OPTIONS]
    amplify sweep  [--calls N] [--steps K] [--policies LIST] [OPTIONS]

Every option is a URL parameter of #/amplify with the same limits and
defaults (see README). Out-of-range or unknown values are refused (exit 2).

Load options: --rate --capacity --timeout --duration --incident_start
--incident_end --trigger_start --trigger_end --trigger_capacity --base --cap
--deadline --retry_after --shed --budget_ratio --refill --recover_pct

Output: CSV on stdout.
    fanout: layers,p,policy,trials,amplification,amplification_expected,success_rate
    load:   policy,retry_after_s,calls,requests,amplification,success_rate,recovered_s
    sweep:  p,policy,calls,requests,amplification,success_rate
";

/// Parses the arguments after the program name. `Ok(None)` means help.
fn parse(args: &[String]) -> Result<Option<AmplifyParams>, String> {
    let Some(cmd) = args.first() else {
        return Err("missing command: 'fanout', 'load' or 'sweep' (see --help)".into());
    };
    if args.iter().any(|a| a == "-h" || a == "--help") || cmd == "help" {
        return Ok(None);
    }
    if View::from_id(cmd).is_none() {
        return Err(format!(
            "unknown command '{cmd}': use 'fanout', 'load' or 'sweep'"
        ));
    }
    let mut q = Query::new().with("view", cmd.as_str());
    let mut it = args[1..].iter();
    while let Some(flag) = it.next() {
        let Some(name) = flag.strip_prefix("--") else {
            return Err(format!(
                "unexpected argument '{flag}' (options are --name value)"
            ));
        };
        let value = it.next().ok_or_else(|| format!("{flag}: missing value"))?;
        if name == "view" || q.get(name).is_some() {
            return Err(format!("{flag}: given twice or not allowed"));
        }
        q.set(name, value.as_str());
    }
    let (prm, notices) = AmplifyParams::from_query(&q);
    if let Some(n) = notices.first() {
        let what = match n.kind {
            NoticeKind::Unknown => "is not an option".to_string(),
            _ => format!("is not allowed (allowed: {})", n.range),
        };
        return Err(format!("--{} '{}' {what}", n.param, n.given));
    }
    Ok(Some(prm))
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let prm = match parse(&args) {
        Ok(Some(p)) => p,
        Ok(None) => {
            print!("{HELP}");
            return ExitCode::SUCCESS;
        }
        Err(msg) => {
            eprintln!("amplify: {msg}");
            return ExitCode::from(2);
        }
    };
    let text = match prm.view {
        View::Fanout => fanout_csv(&prm),
        View::Load => load_csv(&prm),
        View::Sweep => sweep_csv(&prm),
    };
    if std::io::stdout().lock().write_all(text.as_bytes()).is_err() {
        return ExitCode::from(1);
    }
    ExitCode::SUCCESS
}
