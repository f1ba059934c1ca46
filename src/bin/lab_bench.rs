//! `lab-bench`: times the lab engine's requests natively, as the worker
//! answers them (`lab::wire::Task`, binary messages in and out): the default matrix
//! (`#/lab/matrix`, every scenario × client on the naive server) and the
//! default workbench suite (`#/lab/build`, every scenario), and the
//! workbench's hunt (its default kinds and budget, on `atomic` and on
//! `fenced` with a business key, and the hunt `scripts/bench-web.mjs` times
//! in the browser), whose rate counts the schedules drawn per
//! second of the whole hunt, its shrinks included. Prints each median, for
//! `scripts/bench-web.mjs` to set against the browser's.
//! Build with `--release`.

use std::time::Instant;

use retry_lab::kernel::params::Query;
use retry_lab::lab::grading::hunt::HuntSpec;
use retry_lab::lab::wire::{Request, Task, Want};
use retry_lab::lab::{BuildParams, ClientStrategy, MatrixParams, Preset};

#[path = "shared/bench.rs"]
mod bench;

/// Median wall time (ms) of `runs` answers to `req`, and its reply count.
fn time(req: &Request, runs: usize) -> (f64, usize) {
    let request = req.to_bytes();
    let mut times = Vec::with_capacity(runs);
    let mut replies = 0;
    for _ in 0..runs {
        let t0 = Instant::now();
        let mut task = Task::from_bytes(&request);
        replies = 0;
        while let Some(reply) = task.next_bytes() {
            replies += 1;
            std::hint::black_box(reply);
        }
        times.push(t0.elapsed().as_secs_f64() * 1000.0);
    }
    (bench::median(&mut times), replies)
}

fn main() {
    let runs = bench::runs_arg(7);
    let m = MatrixParams::default();
    let mut combos = m.cells();
    combos.extend(m.previous_cells().unwrap_or_default());
    let cells = combos.len();
    let matrix = Request {
        id: 1,
        want: Want::Matrix {
            combos,
            seed: m.seed,
        },
    };
    let b = BuildParams::default();
    let rows = b.suite.len();
    let suite = Request {
        id: 2,
        want: Want::Suite {
            design: b.design,
            harness: b.harness,
            seed: b.seed,
            scenarios: b.suite.clone(),
        },
    };
    let (ms, replies) = time(&matrix, runs);
    println!("matrix: {cells} runs, {replies} replies; median: {ms:.1} ms");
    let (ms, replies) = time(&suite, runs);
    println!("suite: {rows} runs, {replies} replies; median: {ms:.1} ms");
    for (preset, client) in [
        (Preset::Atomic, ClientStrategy::StableKey),
        (Preset::Fenced, ClientStrategy::BusinessKey),
    ] {
        let spec = BuildParams {
            design: preset.design(),
            harness: client.into(),
            ..b.clone()
        }
        .hunt_spec();
        let label = format!("{} × {}", preset.id(), client.id());
        hunt(&label, spec, runs);
    }
    let (web, _) = BuildParams::from_query(&Query::parse(WEB_HUNT_QUERY));
    hunt("web", web.hunt_spec(), runs);
}

/// The hunt `scripts/bench-web.mjs` times in the browser (its `HUNT`): every
/// mechanism, a business key and every fault kind that design passes, so the
/// hunt draws its whole budget.
const WEB_HUNT_QUERY: &str = "design=claim,digest,store_errors,lease,guard,fence,outbox,\
    downstream_key,tenant_scope&client=business_key&budget=200000&kinds=lost,delayed,stall,\
    crash,server_error,rerender,model_recall,double_submit,notifier,relay,second_tenant,\
    tls_error,slow_drip";

/// Times one hunt (three runs at most) and prints its rate.
fn hunt(label: &str, spec: HuntSpec, runs: usize) {
    let hunt = Request {
        id: 3,
        want: Want::Hunt { spec },
    };
    let (ms, replies) = time(&hunt, runs.min(3));
    let rate = f64::from(spec.budget) / (ms / 1000.0);
    println!(
        "hunt {label}: {} schedules, {replies} replies; median: {ms:.1} ms ({rate:.0} schedules/s)",
        spec.budget
    );
}
