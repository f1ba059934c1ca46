//! Runs a «predict, then run» model without freezing the page: a
//! [`LiveJob`] in the page's one job hook, its herd trials in slices, its
//! lab runs one at a time as messages to the lab engine's worker, with a
//! visible progress state and a cancel button.

use std::cell::Cell;
use std::rc::Rc;

use yew::prelude::*;

use crate::exercises::build::Challenge;
use crate::exercises::grade::ModelValue;
use crate::exercises::live::{lab_choice, LiveError, LiveJob};
use crate::exercises::Model;
use crate::lab::suite::SuiteRow;
use crate::lab::Design;
use crate::ui::dom::now_ms;
use crate::ui::job_hook::{use_job_runner, use_stop_on_unmount, After, JobRunner};

/// What the run button area shows.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum RunState {
    Idle,
    Running { done: usize, total: usize },
    Cancelled,
}

/// A handle to start and cancel a model run.
#[derive(Clone)]
pub struct Runner {
    state: UseStateHandle<RunState>,
    /// Runs one model at a time (a restart replaces the run in flight); its
    /// generation also drops a stale suite's answer.
    jobs: JobRunner<LiveJob>,
    /// The lab engine's request of a design's suite in flight, if any.
    suite: Rc<Cell<Option<u64>>>,
}

type Done = Callback<Result<ModelValue, LiveError>>;

impl Runner {
    pub fn state(&self) -> RunState {
        *self.state
    }

    /// Starts `model`; `on_done` receives the model's value.
    pub fn start(&self, model: &Model, on_done: Done) {
        self.stop();
        let job = LiveJob::start(model, now_ms());
        let total = job.total();
        if let Some(result) = job.result() {
            return on_done.emit(result);
        }
        self.state.set(RunState::Running { done: 0, total });
        let generation = self.jobs.begin(job, Some(self.after(on_done)));
        self.send_lab(generation);
        self.jobs.run_slices();
    }

    /// What follows every slice and lab answer: the progress on redraws,
    /// the value once the job is done (once).
    fn after(&self, on_done: Done) -> After {
        let (state, job) = (self.state.clone(), self.jobs.job.clone());
        let emitted = Cell::new(false);
        Rc::new(move |_, redraw| {
            let (result, done, total) = match job.borrow().as_ref() {
                Some(j) => (j.result(), j.completed(), j.total()),
                None => return,
            };
            match result {
                Some(result) if !emitted.replace(true) => {
                    state.set(RunState::Idle);
                    on_done.emit(result);
                }
                None if redraw => state.set(RunState::Running { done, total }),
                _ => {}
            }
        })
    }

    /// Stops the current run.
    pub fn cancel(&self) {
        self.stop();
        self.state.set(RunState::Cancelled);
    }

    fn stop(&self) {
        self.jobs.stop();
        if let Some(id) = self.suite.take() {
            crate::ui::lab::engine_cancel(id);
        }
    }

    /// Runs `design` on the challenge's suite in the lab engine's worker;
    /// `on_done` receives the rows in suite order.
    pub fn start_suite(
        &self,
        c: &Challenge,
        design: Design,
        on_done: Callback<Result<Vec<SuiteRow>, LiveError>>,
    ) {
        self.stop();
        let total = c.suite.len();
        self.state.set(RunState::Running { done: 0, total });
        let (me, generation) = (self.clone(), self.jobs.generation());
        let id = crate::ui::lab::engine_suite(
            design,
            c.client,
            c.seed,
            c.suite.to_vec(),
            move |reply| {
                if !me.jobs.is_current(generation) {
                    return;
                }
                me.finish();
                on_done.emit(match reply {
                    Ok(rows) if rows.len() == total => Ok(rows),
                    Ok(rows) => Err(LiveError(format!(
                        "{} rows for a suite of {total}",
                        rows.len()
                    ))),
                    Err(e) => Err(LiveError(e.to_string())),
                });
            },
        );
        self.suite.set(Some(id));
    }

    /// A suite ended (all rows in, or an error): nothing left to cancel.
    fn finish(&self) {
        self.suite.set(None);
        self.state.set(RunState::Idle);
    }

    /// The job's next lab run, sent to the lab engine's worker; its count
    /// (or why it could not run) goes back to the job, and the next follows.
    fn send_lab(&self, generation: u64) {
        let Some(run) = self.jobs.request(0, false) else {
            return;
        };
        let me = self.clone();
        let answer = move |n: Result<usize, LiveError>| {
            let t0 = now_ms();
            if me.jobs.reply(generation, 0, n, t0).is_err() {
                return me.jobs.fall_back();
            }
            me.jobs.replied(generation, t0);
            me.send_lab(generation);
        };
        match lab_choice(&run) {
            Ok(combo) => crate::ui::lab::engine_count(combo, run.seed, run.measure, move |n| {
                answer(n.map_err(|e| LiveError(e.to_string())))
            }),
            Err(e) => answer(Err(e)),
        }
    }
}

/// The runner hook; a run in flight stops when the component unmounts.
#[hook]
pub fn use_runner() -> Runner {
    let state = use_state(|| RunState::Idle);
    let jobs = use_job_runner();
    let suite = (*use_memo((), |_| Rc::new(Cell::new(None)))).clone();
    let runner = Runner { state, jobs, suite };
    use_stop_on_unmount(&runner, Runner::stop);
    runner
}
