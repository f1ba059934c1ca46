//! The job protocol with a fake clock: one native driver, as the page's job
//! hook drives a job (slices while the job needs them, a channel's next
//! message when it is free, the replies, one watchdog), over the real jobs
//! of the three demos. It stands above every demo, so it lives here and
//! reaches them through their public API only; the kernel's own tests of
//! `kernel::job` stay beside it.
#![cfg(all(not(target_arch = "wasm32"), feature = "sqlite"))]

use retry_lab::amplify::work::Work;
use retry_lab::amplify::AmplifyParams;
use retry_lab::exercises::live::{run_model, LiveJob};
use retry_lab::exercises::{bank, Kind, Model};
use retry_lab::herd::job::HerdJob;
use retry_lab::herd::wire::answer_point_json;
use retry_lab::herd::{point_watchdog_ms, SweepSpec};
use retry_lab::kernel::job::*;
use retry_lab::lab::jobs::engine_job::{EngineReply, ENGINE_WATCHDOG_MS};
use retry_lab::lab::wire::{Answer as Wire, Request, Task, Want};

/// Milliseconds one slice takes on the fake clock.
const SLICE: f64 = 5.0;

/// What the fake channels do with a message.
enum Answer<R> {
    Now(R),
    Never,
}

/// Drives `job` to its end as the job hook does, on `channels` channels;
/// checks that progress never drops. Returns the clock at the end.
fn drive<J: Job>(
    job: &mut J,
    channels: usize,
    mut clock: f64,
    mut answer: impl FnMut(&J::Request) -> Answer<J::Reply>,
) -> f64 {
    let mut last = job.progress();
    let mut fresh = true;
    for _ in 0..1_000_000 {
        let p = job.progress();
        assert!(p >= last && p <= 1.0, "progress {last} → {p}");
        last = p;
        match job.need() {
            Need::Nothing => return clock,
            Need::Frames => {
                let t0 = clock;
                job.step();
                clock += SLICE;
                job.record_slice(t0, clock);
            }
            Need::Slice => {
                let t0 = clock;
                for _ in 0..8 {
                    if !job.step() {
                        break;
                    }
                }
                clock += SLICE;
                job.record_slice(t0, clock);
            }
            Need::Replies => clock += 100.0,
        }
        for c in 0..channels {
            let Some(req) = job.request(c, fresh, clock) else {
                continue;
            };
            match answer(&req) {
                Answer::Now(reply) => {
                    clock += 1.0;
                    job.on_reply(c, reply, clock).unwrap();
                }
                Answer::Never => {}
            }
        }
        fresh = false;
        if job.overdue(clock).is_some() {
            job.fall_back();
        }
    }
    panic!("the job never ended");
}

#[test]
fn a_slices_only_job_runs_to_done_with_its_timing_recorded() {
    let p = AmplifyParams::default();
    let mut job = Timed::start(Work::new(&p), 1000.0);
    assert_eq!(job.need(), Need::Slice);
    let end = drive(&mut job, 0, 1000.0, |_: &()| Answer::Now(()));
    assert_eq!(job.timing().status(), JobStatus::Done);
    assert_eq!(job.progress(), 1.0);
    assert!(job.timing().slices() > 0);
    assert_eq!(job.timing().elapsed_ms(), end - 1000.0);
    assert_eq!(
        job.timing().busy_ms(),
        f64::from(job.timing().slices()) * SLICE
    );
    assert_eq!(job.request(0, true, end), None, "no messages");
}

/// The lab engine's first reply to `want`, through the same code as its
/// worker.
fn count(want: &Want) -> EngineReply {
    let mut task = Task::new(Request {
        id: 1,
        want: want.clone(),
    });
    Ok(task.next_reply().expect("the engine replies").answer)
}

fn lab_model() -> Model {
    bank()
        .into_iter()
        .find_map(|q| match q.kind {
            Kind::Predict { model, .. } if !model.lab_runs().is_empty() => Some(model),
            _ => None,
        })
        .expect("a predict question with lab runs")
}

#[test]
fn lab_runs_are_messages_to_the_lab_engine_one_at_a_time() {
    let model = lab_model();
    let mut job = LiveJob::start(&model, 0.0);
    assert_eq!(job.need(), Need::Replies, "nothing for the page to compute");
    let first = job.request(0, true, 0.0).expect("a lab run");
    assert_eq!(job.request(0, false, 0.0), None, "one run at a time");
    assert_eq!(
        job.request(1, false, 0.0),
        None,
        "the lab engine is channel 0"
    );
    job.on_reply(0, count(&first), 1.0).unwrap();
    assert!(
        job.on_reply(0, Ok(Wire::Count(3)), 2.0).is_err(),
        "a reply nobody asked for"
    );
    drive(&mut job, 1, 2.0, |w| Answer::Now(count(w)));
    assert_eq!(job.timing().status(), JobStatus::Done);
    assert_eq!(job.result(), Some(run_model(&model)));
}

#[test]
fn a_lab_engine_that_goes_away_fails_the_job_visibly() {
    let model = lab_model();
    let mut job = LiveJob::start(&model, 0.0);
    job.request(0, true, 0.0).unwrap();
    job.fall_back();
    assert!(matches!(job.result(), Some(Err(_))));
    job.record_slice(10.0, 10.0);
    assert_eq!(job.need(), Need::Nothing);
    assert_eq!(job.timing().status(), JobStatus::Done);
}

#[test]
fn a_silent_lab_engine_is_overdue_for_a_live_run_unless_it_is_still_loading() {
    let mut job = LiveJob::start(&lab_model(), 0.0);
    assert_eq!(job.overdue(1e9), None, "nothing sent yet");
    let first = job.request(0, true, 100.0).unwrap();
    assert_eq!(job.overdue(100.0 + ENGINE_WATCHDOG_MS), None);
    assert_eq!(job.overdue(101.0 + ENGINE_WATCHDOG_MS), Some(0));
    job.heard(0, 30_000.0);
    assert_eq!(job.overdue(30_000.0 + ENGINE_WATCHDOG_MS), None);
    job.on_reply(0, count(&first), 30_001.0).unwrap();
    assert_eq!(job.overdue(1e9), None, "answered");
}

#[test]
fn a_cancelled_lab_job_sends_nothing_more() {
    let mut job = LiveJob::start(&lab_model(), 0.0);
    job.request(0, true, 0.0).unwrap();
    job.cancel(3.0);
    assert_eq!(job.need(), Need::Nothing);
    assert_eq!(job.request(0, false, 4.0), None);
    assert!(
        job.on_reply(0, Ok(Wire::Count(1)), 5.0).is_err(),
        "the run in flight is forgotten"
    );
}

fn herd_spec() -> SweepSpec {
    SweepSpec {
        clients: vec![10, 20],
        strategies: retry_lab::herd::Strategy::AWS.to_vec(),
        trials: 3,
        seed: 5,
        trace_first: true,
        cfg: retry_lab::herd::SimConfig::default(),
    }
}

#[test]
fn herd_points_go_to_workers_and_a_silent_worker_falls_back_to_the_page() {
    let spec = herd_spec();
    let mut reference = HerdJob::new(spec.clone(), 0.0);
    drive(&mut reference, 0, 0.0, |_| Answer::Never);
    let mut job = HerdJob::new(spec, 0.0);
    job.use_workers(2, 0.0);
    let mut answered = 0;
    let end = drive(&mut job, 2, 0.0, |req| {
        answered += 1;
        if answered == 3 {
            Answer::Never
        } else {
            Answer::Now(answer_point_json(req))
        }
    });
    assert_eq!(job.timing().status(), JobStatus::Done);
    assert!(
        end >= point_watchdog_ms(20, 3),
        "fell back only when overdue"
    );
    assert!(job.page_points() > 0, "the page took over");
    assert_eq!(job.summaries(), reference.summaries());
}
