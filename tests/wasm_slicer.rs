//! Browser tier: the page's one slicer runs work to the end in short
//! slices, redraws at most every `REDRAW_MS` (and at the end), and a cancel
//! or a new run stops the old one between two slices.
#![cfg(target_arch = "wasm32")]

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use gloo_timers::future::TimeoutFuture;
use retry_lab::ui::dom::now_ms;
use retry_lab::ui::slicer::{SliceEnd, Slicer, REDRAW_MS, SLICE_MS};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

/// Work that takes `ms` of wall time.
fn busy(ms: f64) {
    let t = now_ms();
    while now_ms() - t < ms {}
}

/// A step that counts its calls and asks for more until `limit`.
fn counting(count: &Rc<Cell<u32>>, limit: u32) -> impl FnMut() -> bool + 'static {
    let count = count.clone();
    move || {
        busy(0.2);
        count.set(count.get() + 1);
        count.get() < limit
    }
}

#[wasm_bindgen_test]
async fn runs_to_the_end_in_short_slices_with_throttled_redraws() {
    let slicer = Slicer::default();
    let steps = Rc::new(Cell::new(0));
    // When each step started and ended. The slicer decides to start
    // another step by reading the clock after the previous step ended, so
    // within a slice every step but the first follows a step that ended
    // less than SLICE_MS after the slice began. (How late the next step then
    // starts is up to the machine: a busy one may pause the page between
    // the check and the step, which says nothing about the slicer.)
    let starts = Rc::new(RefCell::new(Vec::<(f64, f64)>::new()));
    let ends = Rc::new(RefCell::new(Vec::<SliceEnd>::new()));
    let log = ends.clone();
    let mut count = counting(&steps, 1500);
    let started = starts.clone();
    let step = move || {
        let t = now_ms();
        let more = count();
        started.borrow_mut().push((t, now_ms()));
        more
    };
    slicer.run(step, move |e| log.borrow_mut().push(e));
    for _ in 0..500 {
        if ends.borrow().last().is_some_and(|e| e.finished) {
            break;
        }
        TimeoutFuture::new(20).await;
    }
    let ends = ends.borrow();
    assert_eq!(steps.get(), 1500);
    assert!(ends.last().unwrap().finished && ends.last().unwrap().redraw);
    assert_eq!(ends.iter().filter(|e| e.finished).count(), 1);
    // 300 ms of work in slices of SLICE_MS.
    assert!(ends.len() >= 10, "{} slices", ends.len());
    let steps_log = starts.borrow();
    for e in ends.iter() {
        let in_slice: Vec<&(f64, f64)> = steps_log
            .iter()
            .filter(|(s, _)| *s >= e.t0_ms && *s <= e.t1_ms)
            .collect();
        let late = in_slice
            .windows(2)
            .find(|w| w[0].1 - e.t0_ms >= SLICE_MS)
            .map(|w| w[0].1 - e.t0_ms);
        assert!(
            late.is_none(),
            "a step was started after one that ended {late:?} ms into its slice"
        );
    }
    let redraws: Vec<f64> = ends.iter().filter(|e| e.redraw).map(|e| e.t1_ms).collect();
    assert!(redraws.len() < ends.len(), "throttled");
    let throttled = &redraws[..redraws.len() - 1];
    assert!(
        throttled.windows(2).all(|w| w[1] - w[0] >= REDRAW_MS),
        "{redraws:?}"
    );
}

/// Waits until `count` has moved (a busy machine may delay the first slice).
async fn until_counted(count: &Rc<Cell<u32>>) {
    for _ in 0..200 {
        if count.get() > 0 {
            return;
        }
        TimeoutFuture::new(10).await;
    }
    panic!("the run never started");
}

#[wasm_bindgen_test]
async fn cancel_and_a_new_run_stop_the_old_one_between_slices() {
    let slicer = Slicer::default();
    let first = Rc::new(Cell::new(0));
    slicer.run(counting(&first, u32::MAX), |_| {});
    until_counted(&first).await;
    // A new run replaces the first.
    let second = Rc::new(Cell::new(0));
    slicer.run(counting(&second, u32::MAX), |_| {});
    let stopped_at = first.get();
    until_counted(&second).await;
    TimeoutFuture::new(60).await;
    assert_eq!(first.get(), stopped_at, "the replaced run went on");
    slicer.cancel();
    let cancelled_at = second.get();
    TimeoutFuture::new(60).await;
    assert_eq!(second.get(), cancelled_at, "the cancelled run went on");
}

#[wasm_bindgen_test]
async fn resume_keeps_one_chain_per_generation_and_starts_one_after_it_ended() {
    let slicer = Slicer::default();
    let generation = slicer.generation();
    let first = Rc::new(Cell::new(0));
    let ended = Rc::new(Cell::new(false));
    let flag = ended.clone();
    slicer.resume(counting(&first, 200), move |e| {
        if e.finished {
            flag.set(true)
        }
    });
    // A chain is under way: a second resume adds none.
    let second = Rc::new(Cell::new(0));
    slicer.resume(counting(&second, 200), |_| {});
    for _ in 0..300 {
        if ended.get() {
            break;
        }
        TimeoutFuture::new(10).await;
    }
    assert_eq!((first.get(), second.get()), (200, 0));
    assert_eq!(
        slicer.generation(),
        generation,
        "resume keeps the generation"
    );
    // The chain ended: a resume now starts one, in the same generation.
    slicer.resume(counting(&second, 5), |_| {});
    until_counted(&second).await;
    assert_eq!(slicer.generation(), generation);
    slicer.cancel();
    assert_ne!(
        slicer.generation(),
        generation,
        "a cancel is a new generation"
    );
}
