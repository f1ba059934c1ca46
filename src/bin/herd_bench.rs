//! `herd-bench`: times the AWS blog's full sweep (N = 10..190 step 10, the
//! five AWS strategies, 100 trials each, seed 1) several times and prints each
//! run and the median. Run with `cargo run --release --bin herd-bench`.
//!
//! `--threads K` splits the points over K threads (default 1, the figure the
//! browser has to match); `--runs R` sets the number of timed runs (default 7).

use std::time::Instant;

use retry_lab::herd::{run_point, PointSummary, SimConfig, Strategy};

fn sweep(threads: usize) -> Vec<PointSummary> {
    let points: Vec<(u32, Strategy)> = (1..=19u32)
        .flat_map(|k| Strategy::AWS.into_iter().map(move |s| (k * 10, s)))
        .collect();
    let run = |&(clients, s): &(u32, Strategy)| {
        let cfg = SimConfig::with_clients(clients);
        run_point(&cfg, s, 100, 1)
    };
    if threads <= 1 {
        return points.iter().map(run).collect();
    }
    // Interleave the points so that every thread gets a similar mix of large N.
    let mut out: Vec<Option<PointSummary>> = vec![None; points.len()];
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let points = &points;
                scope.spawn(move || {
                    points
                        .iter()
                        .enumerate()
                        .skip(t)
                        .step_by(threads)
                        .map(|(i, p)| (i, run(p)))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        for h in handles {
            for (i, p) in h.join().expect("bench thread panicked") {
                out[i] = Some(p);
            }
        }
    });
    out.into_iter()
        .map(|p| p.expect("every point ran"))
        .collect()
}

fn flag(args: &[String], name: &str, default: usize) -> usize {
    match args.iter().position(|a| a == name) {
        None => default,
        Some(i) => match args.get(i + 1).and_then(|v| v.parse::<usize>().ok()) {
            Some(v) if (1..=64).contains(&v) => v,
            _ => {
                eprintln!("herd-bench: {name} needs an integer 1..=64");
                std::process::exit(2);
            }
        },
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "--help" || a == "-h") {
        println!("usage: herd-bench [--runs R] [--threads K]");
        return;
    }
    let runs = flag(&args, "--runs", 7);
    let threads = flag(&args, "--threads", 1);
    let cpus = std::thread::available_parallelism().map_or(1, |n| n.get());
    println!(
        "full AWS sweep: N=10..190 step 10 x {} strategies x 100 trials; threads used {threads} (of {cpus} available)",
        Strategy::AWS.len()
    );
    let mut times = Vec::with_capacity(runs);
    let mut total_calls = 0.0;
    for r in 1..=runs {
        let t0 = Instant::now();
        let points = sweep(threads);
        let ms = t0.elapsed().as_secs_f64() * 1000.0;
        total_calls = points.iter().map(|p| p.mean_calls * 100.0).sum::<f64>();
        println!("run {r}: {ms:.1} ms");
        times.push(ms);
    }
    times.sort_by(f64::total_cmp);
    let median = times[times.len() / 2];
    println!("writes simulated per sweep: {total_calls:.0}");
    println!("median: {median:.1} ms");
}
