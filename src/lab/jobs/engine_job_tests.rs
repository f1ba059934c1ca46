//! The lab engine's jobs with a fake clock: the matrix table and a lab run,
//! driven as the page's job hook drives them (the request on channel 0, the
//! reply, a part per frame), answered by the engine's own code.

use super::*;
use crate::kernel::job::{Job, Need};
use crate::lab::grading::hunt::{hunt, HuntSpec, KindSet};
use crate::lab::jobs::hunt_watch::{hunt_job, HuntStatus};
use crate::lab::jobs::matrix_table_job::matrix_job;
use crate::lab::view::player::wanted;
use crate::lab::{LabParams, MatrixParams, Preset, Scenario};

/// What the engine answers to `want`: its first reply.
fn engine(want: Want) -> EngineReply {
    engine_replies(want).remove(0)
}

/// The scenario × client view of the second server: with the previous
/// server's column.
fn matrix() -> MatrixParams {
    MatrixParams {
        design: Preset::ALL[1].design(),
        seed: 7,
        ..MatrixParams::default()
    }
}

/// Drives `job` to its end: the request when channel 0 is free, replies at
/// once, a part per frame of `FRAME` ms; checks that progress never drops.
fn drive<J: Job<Request = Want, Reply = EngineReply>>(job: &mut J, clock: f64) -> f64 {
    drive_log(job, clock).0
}

/// [`drive`], also returning every request, in the order sent.
fn drive_log<J: Job<Request = Want, Reply = EngineReply>>(
    job: &mut J,
    mut clock: f64,
) -> (f64, Vec<Want>) {
    const FRAME: f64 = 16.0;
    let mut last = job.progress();
    let mut sent = Vec::new();
    for _ in 0..10_000 {
        let p = job.progress();
        assert!(p >= last && p <= 1.0, "progress {last} → {p}");
        last = p;
        let asked = job.request(0, false, clock);
        if let Some(want) = asked.clone() {
            clock += 50.0;
            sent.push(want.clone());
            job.on_reply(0, engine(want), clock).unwrap();
        }
        match job.need() {
            Need::Nothing => return (clock, sent),
            Need::Frames => {
                let t0 = clock;
                job.step();
                clock += FRAME;
                job.record_slice(t0, clock);
            }
            // A follow-up, sent in the next round.
            Need::Replies if asked.is_some() => {}
            Need::Slice | Need::Replies => panic!("nothing awaited and no page work"),
        }
    }
    panic!("the job never ended");
}

#[test]
fn the_matrix_draws_the_engines_cells_in_parts_and_times_the_whole() {
    let m = matrix();
    let mut job = matrix_job(&m, 1000.0);
    assert_eq!(job.need(), Need::Replies);
    assert_eq!(
        job.request(1, true, 1000.0),
        None,
        "the engine is channel 0"
    );
    assert!(job.elapsed_ms().is_none());
    let end = drive(&mut job, 1000.0);
    assert_eq!(job.timing().status(), JobStatus::Done);
    let mut combos = m.cells();
    combos.extend(m.previous_cells().expect("a previous server"));
    let want: Vec<_> = combos
        .iter()
        .map(|(sc, cl, d)| Some(crate::lab::cell(*sc, *cl, *d, m.seed)))
        .collect();
    assert_eq!(job.out.counts(), &want[..]);
    assert!(job.out.reveal().is_done());
    assert_eq!(job.out.counted(), (combos.len(), combos.len()));
    assert_eq!(job.elapsed_ms(), Some(end - 1000.0));
    assert!(job.timing().slices() > 2, "drawn in several parts");
}

#[test]
fn a_cancelled_matrix_keeps_what_it_drew_and_ignores_a_late_reply() {
    let m = matrix();
    let mut job = matrix_job(&m, 0.0);
    let want = job.request(0, true, 0.0).unwrap();
    let cells = engine(want);
    job.on_reply(0, cells.clone(), 10.0).unwrap();
    job.step();
    job.record_slice(10.0, 20.0);
    let (kept, drawn) = (job.out.counted(), job.out.reveal());
    assert!(kept.1 > 0 && kept.1 < kept.0, "part of the table: {kept:?}");
    job.cancel(25.0);
    assert!(job.is_cancelled());
    assert_eq!(job.need(), Need::Nothing);
    assert!(!job.step(), "no part after a cancel");
    assert!(
        job.on_reply(0, cells, 30.0).is_err(),
        "a reply after cancel"
    );
    assert_eq!((job.out.counted(), job.out.reveal()), (kept, drawn));
    assert!(job.elapsed_ms().is_none());
}

#[test]
fn a_reply_after_cancel_before_the_answer_is_ignored() {
    let mut job = matrix_job(&matrix(), 0.0);
    let want = job.request(0, true, 0.0).unwrap();
    job.cancel(5.0);
    assert_eq!(job.request(0, false, 6.0), None, "nothing is sent again");
    assert!(job.on_reply(0, engine(want), 7.0).is_err());
    assert_eq!(job.out.counted().1, 0);
    assert_eq!(job.progress(), 0.0);
}

#[test]
fn an_engine_failure_ends_the_matrix_with_the_fault_kept() {
    let mut job = matrix_job(&matrix(), 0.0);
    job.request(0, true, 0.0).unwrap();
    let fault = EngineFault::Offline("fetch failed".into());
    job.on_reply(0, Err(fault.clone()), 3.0).unwrap();
    while job.need() == Need::Frames {
        job.step();
        job.record_slice(3.0, 4.0);
        assert_eq!(job.out.error(), Some(&fault), "every part keeps the fault");
    }
    assert_eq!(job.timing().status(), JobStatus::Done);
    assert_eq!(job.out.counted().1, 0);
    assert!(
        job.elapsed_ms().is_none(),
        "no time for a table not computed"
    );
}

#[test]
fn an_answer_that_is_no_matrix_is_a_failure() {
    let mut job = matrix_job(&matrix(), 0.0);
    job.request(0, true, 0.0).unwrap();
    job.on_reply(0, Ok(Answer::Error("too big".into())), 1.0)
        .unwrap();
    assert_eq!(
        job.out.error(),
        Some(&EngineFault::Failed("too big".into()))
    );
}

#[test]
fn a_silent_engine_is_overdue_after_the_watchdog_time_and_fails_the_job() {
    let mut job = matrix_job(&matrix(), 0.0);
    assert_eq!(job.overdue(1e9), None, "nothing sent yet");
    job.request(0, true, 100.0).unwrap();
    assert_eq!(job.overdue(100.0 + ENGINE_WATCHDOG_MS), None);
    assert_eq!(job.overdue(101.0 + ENGINE_WATCHDOG_MS), Some(0));
    // An engine still loading is alive: the clock starts again.
    job.heard(0, 20_000.0);
    assert_eq!(job.overdue(20_000.0 + ENGINE_WATCHDOG_MS), None);
    assert_eq!(job.overdue(20_001.0 + ENGINE_WATCHDOG_MS), Some(0));
    job.fall_back();
    assert!(matches!(job.out.error(), Some(EngineFault::Failed(_))));
    assert_eq!(job.overdue(1e9), None, "nothing awaited any more");
    assert_eq!(job.need(), Need::Frames, "the table says why, drawn");
}

fn lab_params() -> LabParams {
    LabParams {
        scenario: Scenario::ALL[2],
        seed: 11,
        ..LabParams::default()
    }
}

#[test]
fn a_lab_run_is_one_request_and_its_answer_is_the_engines_run() {
    let p = lab_params();
    let mut job = run_job(wanted(&p), 0.0);
    assert!(job.is_waiting());
    assert_eq!(job.need(), Need::Replies);
    assert_eq!(job.progress(), 0.0);
    let want = job.request(0, true, 0.0).unwrap();
    assert_eq!(job.request(0, false, 1.0), None, "one request");
    job.on_reply(0, engine(want.clone()), 40.0).unwrap();
    assert!(!job.is_waiting());
    assert_eq!(job.need(), Need::Nothing);
    assert_eq!(job.progress(), 1.0);
    let Ok(Answer::Run { run, fix }) = engine(want) else {
        panic!("a run");
    };
    let (got, got_fix) = job.out.0.as_ref().unwrap().as_ref().unwrap();
    assert_eq!((&**got, *got_fix), (&*run, fix));
    assert!(job.on_reply(0, engine(wanted_want(&p)), 50.0).is_err());
    assert_eq!(job.timing().elapsed_ms(), 40.0);
}

fn wanted_want(p: &LabParams) -> Want {
    run_job(wanted(p), 0.0).request(0, true, 0.0).unwrap()
}

#[test]
fn a_cancelled_lab_run_waits_no_more_and_ignores_its_answer() {
    let p = lab_params();
    let mut job = run_job(wanted(&p), 0.0);
    let want = job.request(0, true, 0.0).unwrap();
    job.cancel(5.0);
    assert!(!job.is_waiting());
    assert_eq!(job.status(), JobStatus::Cancelled);
    assert!(job.on_reply(0, engine(want), 9.0).is_err());
    assert!(job.out.0.as_ref().is_none());
    assert_eq!(job.overdue(1e9), None);
}

#[test]
fn a_failed_or_silent_engine_ends_a_lab_run_with_the_error() {
    let p = lab_params();
    let mut job = run_job(wanted(&p), 0.0);
    job.request(0, true, 0.0).unwrap();
    job.on_reply(0, Err(EngineFault::Redeployed), 2.0).unwrap();
    assert_eq!(job.status(), JobStatus::Done);
    assert!(matches!(
        job.out.0.as_ref(),
        Some(Err(EngineFault::Redeployed))
    ));

    let mut silent = run_job(wanted(&p), 0.0);
    silent.request(0, true, 0.0).unwrap();
    assert_eq!(silent.overdue(ENGINE_WATCHDOG_MS + 1.0), Some(0));
    silent.fall_back();
    silent.record_slice(20_000.0, 20_000.0);
    assert_eq!(silent.status(), JobStatus::Done);
    assert!(matches!(
        silent.out.0.as_ref(),
        Some(Err(EngineFault::Failed(_)))
    ));
}

fn build(preset: Preset) -> crate::lab::BuildParams {
    crate::lab::BuildParams {
        seed: 3,
        ..crate::lab::BuildParams::default()
    }
    .with_design(preset.design())
}

#[test]
fn the_workbench_grades_draws_then_asks_the_next_step_and_each_fix_in_turn() {
    use crate::lab::jobs::build_job::build_job;
    let b = build(Preset::ALL[0]);
    let mut job = build_job(&b, None, 0.0);
    let (_, sent) = drive_log(&mut job, 0.0);
    assert_eq!(job.status(), JobStatus::Done);
    let state = job.out.state();
    let rows = state.rows().expect("every row");
    let Ok(Answer::Rows(want_rows)) = engine(sent[0].clone()) else {
        panic!("a suite first: {:?}", sent[0]);
    };
    assert_eq!(rows, want_rows);
    let failing: Vec<Scenario> = rows
        .iter()
        .filter(|r| !r.pass)
        .map(|r| r.scenario)
        .collect();
    assert!(!failing.is_empty(), "the first preset fails some row");
    assert!(matches!(sent[1], Want::Next { .. }), "then the next step");
    let fixes: Vec<Scenario> = sent[2..]
        .iter()
        .map(|w| match w {
            Want::Fix { scenario, .. } => *scenario,
            other => panic!("then fixes only: {other:?}"),
        })
        .collect();
    assert_eq!(fixes, failing, "one fix per failing row, in row order");
    for w in &sent[2..] {
        let (Want::Fix { scenario, .. }, Ok(Answer::Fix(fix))) = (w, engine(w.clone())) else {
            panic!("a fix");
        };
        assert_eq!(state.fix(*scenario).and_then(|f| f.got()), Some(&fix));
    }
    let Ok(Answer::Next(next)) = engine(sent[1].clone()) else {
        panic!("a next step");
    };
    assert_eq!(state.next().got(), Some(&next));
    assert!(state.fixes_owed().is_empty());
    assert!(job.timing().slices() > 3, "the rows drawn in parts");
}

#[test]
fn a_later_design_replaces_the_drawn_rows_at_once_and_says_what_turned_green() {
    use crate::lab::jobs::build_job::build_job;
    let mut first = build_job(&build(Preset::ALL[0]), None, 0.0);
    drive(&mut first, 0.0);
    let better = build(Preset::Atomic);
    let mut second = build_job(&better, Some(&first.out), 100.0);
    let want = second.request(0, true, 100.0).unwrap();
    second.on_reply(0, engine(want), 150.0).unwrap();
    assert!(second.out.reveal().is_done(), "no part per frame");
    assert_ne!(second.need(), Need::Frames);
    let change = second.out.state().since_previous().expect("a comparison");
    assert_eq!(change.from, Preset::ALL[0].design());
    assert!(!change.green.is_empty(), "{change:?}");
}

#[test]
fn a_workbench_whose_engine_fails_keeps_its_rows_and_asks_nothing_more() {
    use crate::lab::jobs::build_job::build_job;
    let mut job = build_job(&build(Preset::ALL[0]), None, 0.0);
    let want = job.request(0, true, 0.0).unwrap();
    job.on_reply(0, engine(want), 10.0).unwrap();
    while job.need() == Need::Frames {
        job.step();
        job.record_slice(10.0, 11.0);
    }
    assert!(matches!(
        job.request(0, false, 20.0),
        Some(Want::Next { .. })
    ));
    assert_eq!(job.overdue(20.0 + ENGINE_WATCHDOG_MS + 1.0), Some(0));
    job.on_reply(0, Err(EngineFault::Offline("gone".into())), 30.0)
        .unwrap();
    assert_eq!(job.out.error(), Some(&EngineFault::Offline("gone".into())));
    assert!(job.out.state().rows().is_some(), "the rows stay");
    assert_eq!(job.need(), Need::Nothing);
    assert_eq!(job.request(0, false, 31.0), None);
    assert_eq!(job.status(), JobStatus::Done);
}

#[test]
fn a_suite_of_the_wrong_length_is_a_failure_not_a_wait() {
    use crate::lab::jobs::build_job::build_job;
    let mut job = build_job(&build(Preset::ALL[0]), None, 0.0);
    job.request(0, true, 0.0).unwrap();
    job.on_reply(0, Ok(Answer::Rows(Vec::new())), 1.0).unwrap();
    assert!(matches!(job.out.error(), Some(EngineFault::Failed(_))));
    assert_eq!(job.need(), Need::Nothing);
}

/// A hunt of the stable-key client on `preset`, seed 2.
fn hunt_spec(preset: Preset, budget: u32, kinds: KindSet) -> HuntSpec {
    HuntSpec {
        design: preset.design(),
        client: crate::lab::ClientStrategy::StableKey,
        seed: 2,
        budget,
        kinds,
    }
}

#[test]
fn a_hunt_shows_each_progress_reply_keeps_the_engine_alive_and_ends_with_its_outcome() {
    // A budget with no counterexample in it: progress, then the honest end.
    let delayed = KindSet::none().with(crate::lab::grading::hunt::FaultKind::Delayed);
    let spec = hunt_spec(Preset::Fenced, 40, delayed);
    let mut job = hunt_job(spec, 0.0);
    let want = job.request(0, true, 0.0).unwrap();
    let replies = engine_replies(want);
    let (last, progress) = replies.split_last().unwrap();
    assert!(!progress.is_empty(), "progress before the outcome");
    let mut clock = 0.0;
    for reply in progress {
        // Each reply comes just before the watchdog would bite.
        clock += ENGINE_WATCHDOG_MS;
        assert_eq!(job.overdue(clock), None);
        job.on_reply(0, reply.clone(), clock).unwrap();
        let Ok(Answer::HuntProgress { tried, .. }) = reply else {
            panic!("{reply:?}");
        };
        assert_eq!(job.out.tried(), *tried);
        assert!(job.out.is_running() && job.is_waiting());
    }
    job.on_reply(0, last.clone(), clock + 1.0).unwrap();
    assert_eq!(job.out.status, HuntStatus::Done(hunt(spec)));
    assert_eq!(job.status(), JobStatus::Done);
}

#[test]
fn a_cancelled_hunt_keeps_what_it_tried() {
    let spec = hunt_spec(Preset::Atomic, 20_000, KindSet::all());
    let mut job = hunt_job(spec, 0.0);
    job.request(0, true, 0.0).unwrap();
    let progress = Answer::HuntProgress {
        tried: 77,
        shrinking: false,
        shrink_steps: 0,
    };
    job.on_reply(0, Ok(progress.clone()), 10.0).unwrap();
    job.cancel(20.0);
    assert_eq!(job.out.status, HuntStatus::Cancelled { tried: 77 });
    assert!(job.on_reply(0, Ok(progress), 30.0).is_err());
    assert_eq!(job.overdue(1e9), None);
}

/// An answer nobody asked for is named by its kind; an error answer keeps
/// its own words.
#[test]
fn an_unexpected_answer_says_which_it_is() {
    let words = |a: Answer| match unexpected(a) {
        EngineFault::Failed(why) => why,
        other => panic!("{other:?}"),
    };
    assert_eq!(words(Answer::Count(3)), "unexpected answer: count");
    assert_eq!(words(Answer::Cells(Vec::new())), "unexpected answer: cells");
    assert_eq!(words(Answer::Error("too many".into())), "too many");
}
