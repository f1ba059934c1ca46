//! The lab engine's work as jobs of the page's one protocol
//! ([`crate::kernel::job::Job`]): requests on channel 0 (the lab engine), one at a
//! time, their answers, cancel, and the one watchdog for an engine that
//! stops answering. [`EngineJob`] is the requests and what came of them;
//! what the job does with an answer is [`Answered`]: a lab run or a suite
//! keeps it ([`Kept`]), the matrix draws it a few rows per frame
//! ([`crate::lab::jobs::matrix_table_job`]), the workbench asks for follow-ups
//! ([`crate::lab::jobs::build_job`]), a hunt shows its progress replies
//! ([`crate::lab::jobs::hunt_watch`]). All plain state, so the order of events, the
//! progress and the failures are tested natively with a fake clock.

use std::rc::Rc;

use crate::kernel::job::{asks, Asking, AsksOne, JobStatus, Need, Service, Stepped};
use crate::lab::grading::suite::SuiteRow;
use crate::lab::model::ids::{ClientStrategy, Preset};
use crate::lab::model::result::Run;
use crate::lab::view::player::Wanted;
use crate::lab::wire::{Answer, EngineFault, Want};

/// How long a loaded engine may stay silent while a request waits (a run
/// takes well under a second, a whole matrix a few seconds, and a hunt
/// reports its progress several times a second): then it counts as gone.
pub const ENGINE_WATCHDOG_MS: f64 = 15_000.0;

/// Why a job's request failed when the engine is gone.
pub const NO_ANSWER: &str = "the lab engine did not answer";

/// What comes back for a request: an answer, or why there is none.
pub type EngineReply = Result<Answer, EngineFault>;

/// The lab engine, the one service a page's jobs ask (on channel 0): every
/// job that asks it (a lab page's, a live exercise's) names it here.
pub struct LabEngine;

impl Service for LabEngine {
    type Request = Want;
    type Reply = EngineReply;
    const WATCHDOG_MS: f64 = ENGINE_WATCHDOG_MS;
}

/// A finished run and the nearest combination that fixes it.
pub type RunAnswer = (Rc<Run>, Option<(ClientStrategy, Preset)>);

/// An answer that is not the one asked for, as the fault it is.
pub fn unexpected(a: Answer) -> EngineFault {
    EngineFault::Failed(match a {
        Answer::Error(e) => e,
        other => format!("unexpected answer: {}", other.kind()),
    })
}

/// What a job does with the engine's answer: keeps it (a run), or draws it
/// a part per frame (the matrix's table).
pub trait Answered {
    /// What the answer holds.
    type Value;

    /// The answer asked for, or the answer given back as unexpected.
    fn read(a: Answer) -> Result<Self::Value, Answer>;

    /// Takes the answer at `now_ms`, or why there is none.
    fn take(&mut self, answer: Result<Self::Value, EngineFault>, now_ms: f64);

    /// Takes a reply that comes before the answer (a hunt's progress) at
    /// `now_ms`, or gives it back: it is the answer.
    fn interim(&mut self, a: Answer, _now_ms: f64) -> Option<Answer> {
        Some(a)
    }

    /// The next request, once the last answer is in and drawn (the
    /// workbench's fixes after its suite); `None` ends the job.
    fn follow_up(&self) -> Option<Want> {
        None
    }

    /// The job was cancelled at `now_ms`.
    fn cancelled(&mut self, _now_ms: f64) {}

    /// Whether parts of the answer remain to be drawn.
    fn drawing(&self) -> bool {
        false
    }

    /// Draws the next part (after a frame); returns whether more follow.
    fn draw_part(&mut self) -> bool {
        false
    }

    /// The last part drawn took `ms` to render (see
    /// [`crate::kernel::job::Job::part_drawn`]).
    fn part_drawn(&mut self, _ms: f64) {}

    /// Share done, 0..=1, once the answer is in.
    fn share_done(&self) -> f64 {
        1.0
    }
}

/// A job of requests to the lab engine (channel 0), one at a time: still
/// to send, awaited (since the engine was last heard from), then answered
/// and, if the answer is drawn in parts, drawn; then the follow-up the
/// answer asks for, if any.
#[derive(Clone, Debug)]
pub struct EngineJob<A> {
    want: Option<Want>,
    /// Its timing, and the request awaited (since the engine was last heard
    /// from).
    asking: Asking,
    /// Whether the last request is answered.
    answered: bool,
    /// Whether any request is (progress counts from the first answer on).
    any_answer: bool,
    /// What the job made of the answer.
    pub out: A,
}

impl<A: Answered> EngineJob<A> {
    /// Asks for `want` from `now_ms` on; `out` takes the answer.
    pub fn start(want: Want, out: A, now_ms: f64) -> Self {
        EngineJob {
            want: Some(want),
            asking: Asking::start(now_ms),
            answered: false,
            any_answer: false,
            out,
        }
    }

    /// Whether the job waits for the engine (a view shows «计算中»).
    pub fn is_waiting(&self) -> bool {
        self.asking.timing.is_running() && !self.answered
    }

    pub fn status(&self) -> JobStatus {
        self.asking.timing.status()
    }

    pub fn is_cancelled(&self) -> bool {
        self.status() == JobStatus::Cancelled
    }
}

/// An answer kept whole (a run, a suite's rows), or why there is none.
#[derive(Clone, Debug)]
pub struct Kept<T>(pub Option<Result<T, EngineFault>>);

impl<T> Default for Kept<T> {
    fn default() -> Self {
        Kept(None)
    }
}

/// A value the engine answers whole, read from its answer.
pub trait Whole: Sized {
    /// The value, or the answer given back as not this value.
    fn read(a: Answer) -> Result<Self, Answer>;
}

impl<T: Whole> Answered for Kept<T> {
    type Value = T;

    fn read(a: Answer) -> Result<T, Answer> {
        T::read(a)
    }

    fn take(&mut self, answer: Result<T, EngineFault>, _now_ms: f64) {
        self.0 = Some(answer);
    }
}

/// A run as the engine answered it, or why it could not.
pub type RunOut = Kept<RunAnswer>;

impl Whole for RunAnswer {
    fn read(a: Answer) -> Result<RunAnswer, Answer> {
        match a {
            Answer::Run { run, fix } => Ok((Rc::new(*run), fix)),
            other => Err(other),
        }
    }
}

/// A suite's graded rows, in the order of its scenarios.
pub type RowsOut = Kept<Vec<SuiteRow>>;

/// A suite's answer checked against the `total` scenarios asked for: a
/// short or long answer is a failure, never a suite waiting for rows.
pub fn whole_suite(rows: Vec<SuiteRow>, total: usize) -> Result<Vec<SuiteRow>, String> {
    if rows.len() == total {
        Ok(rows)
    } else {
        Err(format!("{} rows for a suite of {total}", rows.len()))
    }
}

impl Whole for Vec<SuiteRow> {
    fn read(a: Answer) -> Result<Vec<SuiteRow>, Answer> {
        match a {
            Answer::Rows(rows) => Ok(rows),
            other => Err(other),
        }
    }
}

/// The job of a whole run and its fix, for the run view (a schedule of its
/// own has none).
pub fn run_job(want: Wanted, now_ms: f64) -> EngineJob<RunOut> {
    let want = match want {
        (combo, seed, None) => Want::Run { combo, seed },
        ((_, harness, design), seed, Some(schedule)) => Want::RunSchedule {
            schedule,
            harness,
            design,
            seed,
        },
    };
    EngineJob::start(want, RunOut::default(), now_ms)
}

/// A step draws the next part of the answer; nothing else is computed on
/// the page.
impl<A: Answered> Stepped for EngineJob<A> {
    fn step(&mut self) -> bool {
        self.asking.timing.is_running() && self.answered && self.out.draw_part()
    }

    fn progress(&self) -> f64 {
        if self.any_answer {
            self.out.share_done()
        } else {
            0.0
        }
    }
}

impl<A: Answered> AsksOne for EngineJob<A> {
    asks!(LabEngine);

    /// The last answer is in and drawn, and asks for no follow-up.
    fn finished(&self) -> bool {
        self.answered && !self.out.drawing() && self.out.follow_up().is_none()
    }

    fn needs(&self) -> Need {
        match (self.asking.timing.is_running(), self.answered) {
            (false, _) => Need::Nothing,
            (true, false) => Need::Replies,
            (true, true) if self.out.drawing() => Need::Frames,
            (true, true) if self.out.follow_up().is_some() => Need::Replies,
            (true, true) => Need::Nothing,
        }
    }

    /// The first request, or once its answer is in and drawn, the
    /// follow-up it asks for.
    fn next_request(&mut self) -> Option<Want> {
        let want = match self.want.take() {
            Some(want) => want,
            None if self.answered && !self.out.drawing() => self.out.follow_up()?,
            None => return None,
        };
        self.answered = false;
        Some(want)
    }

    /// A reply before the answer (progress), the answer, or the engine's
    /// failure.
    fn answer(&mut self, reply: EngineReply, now_ms: f64) -> bool {
        let reply = match reply.map(|a| self.out.interim(a, now_ms)) {
            Ok(None) => return false,
            Ok(Some(a)) => Ok(a),
            Err(why) => Err(why),
        };
        self.answered = true;
        self.any_answer = true;
        self.out
            .take(reply.and_then(|a| A::read(a).map_err(unexpected)), now_ms);
        true
    }

    /// The engine is gone: the awaited answer is that failure.
    fn unanswered(&mut self, since_ms: f64) {
        self.answered = true;
        self.any_answer = true;
        self.out
            .take(Err(EngineFault::Failed(NO_ANSWER.into())), since_ms);
    }

    /// Nothing more is sent; what was drawn stays.
    fn cancelled(&mut self, now_ms: f64) {
        self.out.cancelled(now_ms);
        self.want = None;
    }

    fn drawn_in(&mut self, ms: f64) {
        self.out.part_drawn(ms);
    }
}

/// Every reply the engine gives to `want`, through the same code as its
/// worker (for native tests of the jobs that ask it).
#[cfg(all(test, feature = "sqlite"))]
pub(crate) fn engine_replies(want: Want) -> Vec<EngineReply> {
    let mut task = crate::lab::wire::Task::new(crate::lab::wire::Request { id: 1, want });
    std::iter::from_fn(|| task.next_reply())
        .map(|r| Ok(r.answer))
        .collect()
}

#[cfg(all(test, feature = "sqlite"))]
#[path = "engine_job_tests.rs"]
mod tests;
