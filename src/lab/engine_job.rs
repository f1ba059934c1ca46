//! The lab engine's work as jobs of the page's one protocol
//! ([`crate::job::Job`]): one request on channel 0 (the lab engine), its
//! answer, cancel, and the one watchdog for an engine that stops answering.
//! [`EngineJob`] is the request and what came of it; what the job does with
//! the answer is [`Answered`]: a lab run keeps it ([`RunOut`]), the matrix
//! draws it a few rows per frame ([`super::matrix_table_job`]). All plain
//! state, so the order of events, the progress and the failures are tested
//! natively with a fake clock.

use std::rc::Rc;

use super::ids::{ClientStrategy, Preset};
use super::player::Wanted;
use super::result::Run;
use super::wire::{Answer, EngineFault, Want};
use crate::job::{Job, JobStatus, Need, Stepped, Timing};

/// How long a loaded engine may stay silent while a request waits (a run
/// takes well under a second, a whole matrix a few seconds): then it counts
/// as gone.
pub const ENGINE_WATCHDOG_MS: f64 = 15_000.0;

/// What comes back for a request: an answer, or why there is none.
pub type EngineReply = Result<Answer, EngineFault>;

/// A finished run and the nearest combination that fixes it.
pub type RunAnswer = (Rc<Run>, Option<(ClientStrategy, Preset)>);

/// An answer that is not the one asked for, as the fault it is.
pub fn unexpected(a: Answer) -> EngineFault {
    EngineFault::Failed(match a {
        Answer::Error(e) => e,
        other => format!("unexpected answer {other:?}"),
    })
}

/// What a job does with the engine's answer: keeps it (a run), or draws it
/// a part per frame (the matrix's table).
pub trait Answered {
    /// What the answer holds.
    type Value;

    /// The answer asked for, or the answer given back as unexpected.
    fn read(a: Answer) -> Result<Self::Value, Answer>;

    /// Takes the answer, or why there is none.
    fn take(&mut self, answer: Result<Self::Value, EngineFault>);

    /// Whether parts of the answer remain to be drawn.
    fn drawing(&self) -> bool {
        false
    }

    /// Draws the next part (after a frame); returns whether more follow.
    fn draw_part(&mut self) -> bool {
        false
    }

    /// Share done, 0..=1, once the answer is in.
    fn progress(&self) -> f64 {
        1.0
    }
}

/// A job of one request to the lab engine (channel 0): still to send,
/// awaited (since the engine was last heard from), then answered and, if
/// the answer is drawn in parts, drawn.
#[derive(Clone, Debug)]
pub struct EngineJob<A> {
    want: Option<Want>,
    /// When the awaited answer's clock started; `None` when nothing is
    /// awaited.
    since_ms: Option<f64>,
    answered: bool,
    /// What the job made of the answer.
    pub out: A,
    timing: Timing,
}

impl<A: Answered> EngineJob<A> {
    /// Asks for `want` from `now_ms` on; `out` takes the answer.
    pub fn start(want: Want, out: A, now_ms: f64) -> Self {
        EngineJob {
            want: Some(want),
            since_ms: None,
            answered: false,
            out,
            timing: Timing::start(now_ms),
        }
    }

    /// Whether the job waits for the engine (a view shows «计算中»).
    pub fn is_waiting(&self) -> bool {
        self.timing.is_running() && !self.answered
    }

    pub fn status(&self) -> JobStatus {
        self.timing.status()
    }

    pub fn is_cancelled(&self) -> bool {
        self.status() == JobStatus::Cancelled
    }

    fn finished(&self) -> bool {
        self.answered && !self.out.drawing()
    }
}

/// A run as the engine answered it, or why it could not.
#[derive(Clone, Debug, Default)]
pub struct RunOut(pub Option<Result<RunAnswer, EngineFault>>);

impl Answered for RunOut {
    type Value = RunAnswer;

    fn read(a: Answer) -> Result<RunAnswer, Answer> {
        match a {
            Answer::Run { run, fix } => Ok((Rc::new(*run), fix)),
            other => Err(other),
        }
    }

    fn take(&mut self, answer: Result<RunAnswer, EngineFault>) {
        self.0 = Some(answer);
    }
}

/// The job of a whole run and its fix, for the run view (a schedule of its
/// own has none).
pub fn run_job(want: Wanted, now_ms: f64) -> EngineJob<RunOut> {
    let want = match want {
        (combo, seed, None) => Want::Run { combo, seed },
        ((_, client, design), seed, Some(schedule)) => Want::RunSchedule {
            schedule,
            client,
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
        self.timing.is_running() && self.answered && self.out.draw_part()
    }

    fn progress(&self) -> f64 {
        if self.answered {
            self.out.progress()
        } else {
            0.0
        }
    }
}

impl<A: Answered> Job for EngineJob<A> {
    type Request = Want;
    type Reply = EngineReply;

    fn timing(&self) -> &Timing {
        &self.timing
    }

    /// Ends the job once the answer is in and drawn.
    fn record_slice(&mut self, t0_ms: f64, t1_ms: f64) {
        self.timing.record(t0_ms, t1_ms);
        if self.finished() {
            self.timing.finish(t1_ms);
        }
    }

    /// Nothing more is sent or taken; what was drawn stays.
    fn cancel(&mut self, now_ms: f64) {
        self.timing.cancel(now_ms);
        self.want = None;
        self.since_ms = None;
    }

    fn need(&self) -> Need {
        match (self.timing.is_running(), self.answered) {
            (false, _) => Need::Nothing,
            (true, false) => Need::Replies,
            (true, true) if self.out.drawing() => Need::Frames,
            (true, true) => Need::Nothing,
        }
    }

    /// The request for channel 0, once.
    fn request(&mut self, channel: usize, _fresh: bool, now_ms: f64) -> Option<Want> {
        if channel != 0 {
            return None;
        }
        let want = self.want.take()?;
        self.since_ms = Some(now_ms);
        Some(want)
    }

    /// The answer (or the engine's failure); refused unless awaited.
    fn on_reply(&mut self, channel: usize, reply: EngineReply, now_ms: f64) -> Result<(), String> {
        if channel != 0 || self.since_ms.take().is_none() {
            return Err(format!("channel {channel}: a reply without a request"));
        }
        self.answered = true;
        self.out
            .take(reply.and_then(|a| A::read(a).map_err(unexpected)));
        self.record_slice(now_ms, now_ms);
        Ok(())
    }

    /// The engine is alive though not done (still loading): the answer's
    /// clock starts again.
    fn heard(&mut self, _channel: usize, now_ms: f64) {
        if let Some(since) = self.since_ms.as_mut() {
            *since = now_ms;
        }
    }

    fn overdue(&self, now_ms: f64) -> Option<usize> {
        self.since_ms
            .filter(|since| now_ms - since > ENGINE_WATCHDOG_MS)
            .map(|_| 0)
    }

    /// The engine is gone: an awaited answer becomes that failure.
    fn fall_back(&mut self) {
        if self.since_ms.take().is_some() {
            self.answered = true;
            self.out.take(Err(EngineFault::Failed(
                "the lab engine did not answer".into(),
            )));
        }
    }
}

#[cfg(all(test, feature = "sqlite"))]
#[path = "engine_job_tests.rs"]
mod tests;
