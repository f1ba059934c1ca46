//! `amplify-bench`: times Brooker's comparison sweep (21 values of p, 5
//! policies, 10⁵ logical calls each) and prints the median of several runs.
//! Build with `--release`.

use std::time::Instant;

use retry_lab::amplify::params::{AmplifyParams, View};
use retry_lab::amplify::sweep::SweepJob;
use retry_lab::pages::route::Query;

#[path = "shared/bench.rs"]
mod bench;

/// CPU seconds this process has used (Linux `/proc/self/stat`, 100 Hz
/// ticks); the machine may be shared, so wall time alone overstates.
fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    let rest = stat.rsplit_once(')')?.1;
    let f: Vec<&str> = rest.split_whitespace().collect();
    let ticks: f64 = f.get(11)?.parse::<f64>().ok()? + f.get(12)?.parse::<f64>().ok()?;
    Some(ticks / 100.0)
}

fn main() {
    let runs = bench::runs_arg(5);
    let q = Query::new().with("view", View::Sweep.id());
    let (prm, notices) = AmplifyParams::from_query(&q);
    assert!(notices.is_empty(), "{notices:?}");
    let mut times = Vec::with_capacity(runs);
    let mut cpu = Vec::with_capacity(runs);
    let mut requests = 0;
    for _ in 0..runs {
        let t0 = Instant::now();
        let c0 = cpu_seconds();
        let mut job = SweepJob::new(&prm);
        while !job.advance(100_000) {}
        times.push(t0.elapsed().as_secs_f64() * 1000.0);
        if let (Some(a), Some(b)) = (c0, cpu_seconds()) {
            cpu.push((b - a) * 1000.0);
        }
        requests = job.points.iter().map(|p| p.requests).sum::<u64>();
    }
    let median = bench::median(&mut times);
    println!(
        "brooker sweep: {} points x {} calls, {} server requests; median {:.1} ms over {} runs (min {:.1}, max {:.1})",
        prm.sweep_ps().len() * prm.policies.len(),
        prm.calls,
        requests,
        median,
        runs,
        times[0],
        times[times.len() - 1]
    );
    if !cpu.is_empty() {
        println!("cpu time: median {:.0} ms", bench::median(&mut cpu));
    }
}
