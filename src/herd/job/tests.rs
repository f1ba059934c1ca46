//! The herd job with a fake clock and scripted workers.

use super::*;
use crate::herd::wire::answer_point_json;
use crate::herd::{run_point, simulate_traced, trial_seed, SimConfig, Strategy};
use crate::kernel::job::Job;

fn spec(trace_first: bool) -> SweepSpec {
    SweepSpec {
        cfg: SimConfig::default(),
        clients: vec![10, 30, 20],
        strategies: vec![Strategy::None, Strategy::Full, Strategy::Decorrelated],
        trials: 6,
        seed: 11,
        trace_first,
    }
}

/// The point `run_point` computes for `s`, bit for bit.
fn assert_equals_run_point(spec: &SweepSpec, got: &[PointSummary]) {
    assert_eq!(got.len(), spec.clients.len() * spec.strategies.len());
    let mut i = 0;
    for &n in &spec.clients {
        for &s in &spec.strategies {
            let cfg = SimConfig {
                clients: n,
                ..spec.cfg
            };
            let want = run_point(&cfg, s, spec.trials, spec.seed);
            let g = &got[i];
            assert_eq!(g, &want);
            for (a, b) in [
                (g.mean_calls, want.mean_calls),
                (g.mean_time_ms, want.mean_time_ms),
                (g.time_ms.sd, want.time_ms.sd),
                (g.calls.sd, want.calls.sd),
            ] {
                assert_eq!(a.to_bits(), b.to_bits(), "N={n} {}", s.id());
            }
            i += 1;
        }
    }
}

/// The job is done, `page_points` of its points computed on the page, and
/// every point equals `run_point`'s.
fn assert_done_as_run_point(job: &HerdJob, page_points: usize) {
    assert_eq!(job.status(), JobStatus::Done);
    assert_eq!(job.page_points(), page_points);
    assert_equals_run_point(job.spec(), job.summaries());
}

/// The workers are given up at `now_ms` (overdue or never ready): nothing
/// is awaited any more, and the page computes the rest, `page_points` of
/// the run's points in all.
fn finish_on_the_page(job: &mut HerdJob, now_ms: f64, page_points: usize) {
    job.fall_back();
    assert_eq!(job.overdue(now_ms), None);
    assert_eq!(job.overdue(1e9), None);
    let (mut clock, mut last) = (now_ms, job.progress());
    run_page(job, &mut clock, &mut last);
    assert_done_as_run_point(job, page_points);
}

/// Steps the page's work to the end, checking progress never drops.
fn run_page(job: &mut HerdJob, clock: &mut f64, last: &mut f64) {
    while job.has_page_work() {
        let t0 = *clock;
        for _ in 0..8 {
            if !job.step() {
                break;
            }
            let p = job.progress();
            assert!(p >= *last && p <= 1.0, "progress {last} → {p}");
            *last = p;
        }
        *clock += 5.0;
        job.record_slice(t0, *clock);
    }
}

#[test]
fn on_the_page_every_point_equals_run_point_and_progress_only_grows() {
    let mut clock = 0.0;
    let mut job = HerdJob::new(spec(false), clock);
    assert_eq!(job.progress(), 0.0);
    let mut last = 0.0;
    run_page(&mut job, &mut clock, &mut last);
    assert_done_as_run_point(&job, 9);
    assert_eq!(job.progress(), 1.0);
    assert!(job.timing().slices() > 1);
    assert_eq!(job.timing().elapsed_ms(), clock);
    assert!(job.take_traces().is_none(), "a sweep records no traces");
}

#[test]
fn the_run_view_traces_trial_zero_and_its_points_equal_run_point() {
    let spec = SweepSpec {
        clients: vec![40],
        ..spec(true)
    };
    let mut clock = 0.0;
    let mut job = HerdJob::new(spec.clone(), clock);
    job.use_workers(2, 0.0);
    // The page computes only the traces; the workers compute the points.
    let mut last = 0.0;
    run_page(&mut job, &mut clock, &mut last);
    assert_eq!(job.status(), JobStatus::Running);
    let traces = job.take_traces().expect("traces once the page is done");
    assert!(job.take_traces().is_none(), "handed out once");
    for (tr, &s) in traces.iter().zip(&spec.strategies) {
        let cfg = SimConfig {
            clients: 40,
            ..spec.cfg
        };
        assert_eq!(tr, &simulate_traced(&cfg, s, trial_seed(11, 40, s, 0)));
    }
    serve_all(&mut job, &mut clock, &mut last);
    assert_done_as_run_point(&job, 0);
}

/// Answers every request as a real worker would, until the job is done.
fn serve_all(job: &mut HerdJob, clock: &mut f64, last: &mut f64) {
    let workers = match job.engine() {
        Engine::Workers(n) => n,
        Engine::MainThread => return,
    };
    let mut requests: Vec<Option<String>> =
        (0..workers).map(|w| job.lend(w, true, *clock)).collect();
    while requests.iter().any(Option::is_some) {
        for (w, req) in requests.iter_mut().enumerate() {
            if let Some(r) = req.take() {
                *clock += 1.0;
                job.on_reply(w, &answer_point_json(&r), *clock).unwrap();
                assert!(job.progress() >= *last);
                *last = job.progress();
                *req = job.lend(w, false, *clock);
            }
        }
    }
}

#[test]
fn workers_compute_every_point_as_run_point_does() {
    let mut clock = 0.0;
    let mut job = HerdJob::new(spec(false), clock);
    job.use_workers(3, 0.0);
    assert!(!job.has_page_work(), "the points are the workers' work");
    let mut last = 0.0;
    serve_all(&mut job, &mut clock, &mut last);
    assert_done_as_run_point(&job, 0);
}

#[test]
fn a_point_given_back_after_an_error_reply_is_redone_once_and_the_job_finishes() {
    let mut clock = 0.0;
    let mut job = HerdJob::new(spec(false), clock);
    job.use_workers(2, 0.0);
    let a = job.lend(0, true, clock).unwrap();
    let b = job.lend(1, true, clock).unwrap();
    assert!(job.lend(1, false, clock).is_none(), "one point per worker");
    job.on_reply(1, &answer_point_json(&b), 1.0).unwrap();
    let before = job.progress();
    assert!(job
        .on_reply(0, "{\"error\":\"stub: broken worker\"}", 2.0)
        .is_err());
    assert_eq!(job.progress(), before, "an error adds nothing");
    job.fall_back();
    assert_eq!(job.engine(), Engine::MainThread);
    // A late answer of the failed worker is refused and changes nothing.
    assert!(job.on_reply(0, &answer_point_json(&a), 3.0).is_err());
    let mut last = before;
    run_page(&mut job, &mut clock, &mut last);
    // Every point but the one worker 1 finished was computed on the page, once.
    assert_done_as_run_point(&job, 8);
}

#[test]
fn a_silent_worker_is_overdue_and_its_point_is_redone_on_the_page() {
    let mut job = HerdJob::new(spec(false), 0.0);
    job.use_workers(2, 0.0);
    job.lend(0, true, 0.0).unwrap();
    let b = job.lend(1, true, 0.0).unwrap();
    job.on_reply(1, &answer_point_json(&b), 10.0).unwrap();
    assert!(job.lend(1, false, 10.0).is_some());
    assert_eq!(job.overdue(1000.0), None);
    // Worker 0 never answers: after its watchdog time it is overdue.
    let late = 5000.0 + point_watchdog_ms(30, 6);
    assert_eq!(job.overdue(late), Some(0));
    finish_on_the_page(&mut job, late, 8);
}

#[test]
fn a_worker_that_never_says_ready_is_overdue_after_its_load_time() {
    use crate::herd::budget::WORKER_LOAD_MS;
    let mut job = HerdJob::new(spec(false), 100.0);
    job.use_workers(2, 100.0);
    assert_eq!(job.lend(0, false, 150.0), None, "not ready: no work");
    assert!(job.lend(1, true, 200.0).is_some(), "ready: work");
    assert_eq!(job.overdue(100.0 + WORKER_LOAD_MS), None);
    assert_eq!(job.overdue(101.0 + WORKER_LOAD_MS), Some(0));
    // Worker 1's point comes back too: the page computes every point.
    finish_on_the_page(&mut job, 200.0 + WORKER_LOAD_MS, 9);
}

#[test]
fn a_summary_of_another_point_is_refused_and_given_back() {
    let mut job = HerdJob::new(spec(false), 0.0);
    job.use_workers(1, 0.0);
    let req = job.lend(0, true, 0.0).unwrap();
    let wrong = req
        .replace("\"seed\":11", "\"seed\":12")
        .replace("\"trials\":6", "\"trials\":5");
    assert!(job.on_reply(0, &answer_point_json(&wrong), 1.0).is_err());
    assert_eq!(job.progress(), 0.0);
    // The point comes back first.
    assert_eq!(job.lend(0, false, 1.0), Some(req));
}

#[test]
fn cancel_stops_page_work_and_workers_and_keeps_what_is_done() {
    let spec = SweepSpec {
        clients: vec![300, 10],
        ..spec(false)
    };
    let mut job = HerdJob::new(spec, 0.0);
    // One step starts the heaviest point (N=300, no backoff) without
    // finishing it.
    assert!(job.step());
    job.use_workers(1, 0.0);
    assert!(
        job.has_page_work(),
        "the page finishes the point it started"
    );
    let req = job.lend(0, true, 1.0).unwrap();
    job.cancel(50.0);
    let p = job.progress();
    let done = job.summaries().len();
    assert_eq!(job.status(), JobStatus::Cancelled);
    assert_eq!(job.timing().elapsed_ms(), 50.0);
    assert!(!job.has_page_work());
    assert!(!job.step());
    assert!(job.lend(0, false, 60.0).is_none());
    assert!(job.on_reply(0, &answer_point_json(&req), 60.0).is_err());
    job.record_slice(60.0, 70.0);
    assert_eq!((job.progress(), job.summaries().len()), (p, done));
    assert_eq!(job.status(), JobStatus::Cancelled);
}

#[test]
fn an_empty_job_is_done_at_once() {
    let job = HerdJob::new(
        SweepSpec {
            trials: 0,
            ..spec(true)
        },
        7.0,
    );
    assert_eq!(job.status(), JobStatus::Done);
    assert_eq!(job.progress(), 1.0);
    assert!(!job.has_page_work());
}

/// What happens next in a scripted run.
#[cfg(not(target_family = "wasm"))]
#[derive(Clone, Copy, Debug)]
enum Event {
    /// The page does a step of its work.
    Step,
    /// Worker `w` answers correctly.
    Answer(usize),
    /// Worker `w` answers with an error (the page then falls back).
    Fail(usize),
    /// Time passes by this many seconds (the watchdog may fire).
    Wait(u8),
}

#[cfg(not(target_family = "wasm"))]
fn event() -> impl proptest::strategy::Strategy<Value = Event> {
    use proptest::prelude::*;
    prop_oneof![
        4 => Just(Event::Step),
        6 => (0..3usize).prop_map(Event::Answer),
        1 => (0..3usize).prop_map(Event::Fail),
        1 => (0..30u8).prop_map(Event::Wait),
    ]
}

#[cfg(not(target_family = "wasm"))]
proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(256))]

    /// Whatever the workers do (answer, fail, fall silent) and however the
    /// page's steps interleave, the job finishes, every point once, with
    /// `run_point`'s numbers, and its progress never drops.
    #[test]
    fn any_interleaving_finishes_with_run_points_numbers(
        trace_first: bool,
        events in proptest::collection::vec(event(), 0..60),
    ) {
        let spec = spec(trace_first);
        let mut clock = 0.0;
        let mut job = HerdJob::new(spec.clone(), clock);
        job.use_workers(3, 0.0);
        let mut requests: Vec<Option<String>> = (0..3).map(|w| job.lend(w, true, clock)).collect();
        let mut last = 0.0;
        for e in events {
            match e {
                // A slice of one step, recorded as the slicer does.
                Event::Step => {
                    job.step();
                    job.record_slice(clock, clock);
                }
                Event::Answer(w) => {
                    if let Some(r) = requests[w].take() {
                        if job.on_reply(w, &answer_point_json(&r), clock).is_ok() {
                            requests[w] = job.lend(w, false, clock);
                        }
                    }
                }
                Event::Fail(w) => {
                    if requests[w].take().is_some() {
                        let _ = job.on_reply(w, "{\"error\":\"stub\"}", clock);
                        job.fall_back();
                        requests.iter_mut().for_each(|r| *r = None);
                    }
                }
                Event::Wait(s) => {
                    clock += f64::from(s) * 1000.0;
                    if job.overdue(clock).is_some() {
                        job.fall_back();
                        requests.iter_mut().for_each(|r| *r = None);
                    }
                }
            }
            let p = job.progress();
            proptest::prop_assert!(p >= last && p <= 1.0, "progress {} → {}", last, p);
            last = p;
        }
        // The workers still lent a point answer; the page does the rest.
        for (w, request) in requests.iter_mut().enumerate() {
            while let Some(r) = request.take() {
                job.on_reply(w, &answer_point_json(&r), clock).unwrap();
                *request = job.lend(w, false, clock);
            }
        }
        run_page(&mut job, &mut clock, &mut last);
        proptest::prop_assert_eq!(job.status(), JobStatus::Done);
        assert_equals_run_point(&spec, job.summaries());
    }
}
