//! What every long computation of the page shares, whatever it computes: a
//! status, its timing (with the clock passed in as `performance.now()`
//! milliseconds, so it is tested natively), one way to advance it a little
//! and to ask how far it is ([`Stepped`]), and one protocol for the work it
//! sends away ([`Job`]): effects as data. A job says what it needs next (a
//! slice of the page's CPU, a step per drawn frame, or a message to a worker
//! or to the lab engine),
//! takes the replies and the failures, says when a reply is overdue and can
//! be cancelled. The browser's one job hook (`ui::job_hook`) drives any
//! [`Job`]: the one slicer for the slices, the messages, one watchdog.

/// Where a job is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JobStatus {
    Running,
    Done,
    Cancelled,
}

/// A job that advances in small steps.
pub trait Stepped {
    /// Does a small, bounded piece of work (well under a millisecond, so a
    /// slicer can check the clock often); returns whether work remains that
    /// this caller can do.
    fn step(&mut self) -> bool;

    /// Share done, 0..=1; never decreases while the job runs.
    fn progress(&self) -> f64;
}

/// What a job needs from whoever drives it now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Need {
    /// Time slices on the page ([`Stepped::step`]).
    Slice,
    /// One step after each drawn frame (a table shown a few rows at a
    /// time: a step's work is the render and the layout it causes, which a
    /// slice cannot time).
    Frames,
    /// Nothing on the page: replies to its messages are awaited.
    Replies,
    /// Nothing more: the job has ended.
    Nothing,
}

/// A long computation with the effects it needs as data. Messages go out
/// on numbered channels (a worker of a pool, or the lab engine as channel
/// 0); the driver asks for a channel's next message when the channel is
/// free ([`Job::request`]) and hands back what came of it
/// ([`Job::on_reply`]). A job with no messages keeps the defaults.
pub trait Job: Stepped {
    /// A message the job sends.
    type Request;
    /// What comes back for one.
    type Reply;

    fn timing(&self) -> &Timing;

    fn timing_mut(&mut self) -> &mut Timing;

    /// Whether everything the job computes is in (and drawn): the job then
    /// ends at its next [`Job::record_slice`].
    fn is_complete(&self) -> bool;

    /// Counts a piece of page work (a slice, or a reply's handling) from
    /// `t0_ms` to `t1_ms`, and ends the job if it is complete.
    fn record_slice(&mut self, t0_ms: f64, t1_ms: f64) {
        let complete = self.is_complete();
        let timing = self.timing_mut();
        timing.record(t0_ms, t1_ms);
        if complete {
            timing.finish(t1_ms);
        }
    }

    /// Stops the job at `now_ms`, keeping what it computed; messages in
    /// flight are forgotten.
    fn cancel(&mut self, now_ms: f64);

    /// Whether the page has work to do now.
    fn has_page_work(&self) -> bool {
        self.timing().is_running()
    }

    /// What the job needs now.
    fn need(&self) -> Need {
        need_of(self.timing().is_running(), self.has_page_work())
    }

    /// The next message for channel `channel` at `now_ms`, if it has one
    /// (nothing while that channel's last message is unanswered). A `fresh`
    /// channel has just started.
    fn request(&mut self, _channel: usize, _fresh: bool, _now_ms: f64) -> Option<Self::Request> {
        None
    }

    /// Channel `channel`'s reply at `now_ms`. An error means the channel
    /// cannot be trusted: the driver then calls [`Job::fall_back`].
    fn on_reply(
        &mut self,
        channel: usize,
        _reply: Self::Reply,
        _now_ms: f64,
    ) -> Result<(), String> {
        Err(format!("channel {channel}: a reply without a request"))
    }

    /// Channel `channel` is alive though its reply is not ready (a worker
    /// still loading its engine) at `now_ms`: the reply's clock starts again.
    fn heard(&mut self, _channel: usize, _now_ms: f64) {}

    /// The first channel whose reply is overdue at `now_ms`.
    fn overdue(&self, _now_ms: f64) -> Option<usize> {
        None
    }

    /// The channels are gone (failed, silent or never ready): what was sent
    /// comes back, and the page computes the rest or the job fails visibly.
    fn fall_back(&mut self) {}

    /// The page drew the part of a drawing in parts ([`Need::Frames`]) that
    /// the last step (or the answer) showed in `ms` (its render, from the
    /// step's start): the job may size its next part by it.
    fn part_drawn(&mut self, _ms: f64) {}
}

/// What a job needs by default: slices while it has page work, else
/// replies, nothing once it has ended.
pub fn need_of(running: bool, page_work: bool) -> Need {
    if !running {
        Need::Nothing
    } else if page_work {
        Need::Slice
    } else {
        Need::Replies
    }
}

/// The clock of the one request a job has out on channel 0 (the lab
/// engine): started when it is sent, started again whenever the service
/// is heard from, and stopped by the answer. Every job that asks one
/// service times its answer with it, so all of them share one watchdog.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Awaited(Option<f64>);

impl Awaited {
    /// A request went out at `now_ms`.
    pub fn sent(&mut self, now_ms: f64) {
        self.0 = Some(now_ms);
    }

    /// Whether an answer is awaited.
    pub fn is_awaited(&self) -> bool {
        self.0.is_some()
    }

    /// Refuses a reply on another channel than 0, or one that nobody
    /// awaits (a reply after a cancel).
    pub fn check(&self, channel: usize) -> Result<(), String> {
        if channel == 0 && self.is_awaited() {
            Ok(())
        } else {
            Err(format!("channel {channel}: a reply without a request"))
        }
    }

    /// The service is alive at `now_ms` (still loading, or a progress
    /// reply): the clock starts again.
    pub fn heard(&mut self, now_ms: f64) {
        if let Some(since) = self.0.as_mut() {
            *since = now_ms;
        }
    }

    /// The answer came (or will never come): nothing is awaited; returns
    /// whether anything was, and since when.
    pub fn take(&mut self) -> Option<f64> {
        self.0.take()
    }

    /// Channel 0 if the answer is more than `watchdog_ms` overdue at `now_ms`.
    pub fn overdue(&self, now_ms: f64, watchdog_ms: f64) -> Option<usize> {
        self.0
            .filter(|since| now_ms - since > watchdog_ms)
            .map(|_| 0)
    }
}

/// A service a job asks, one request at a time on channel 0: what goes
/// out, what comes back, and how long it may stay silent while a request
/// waits. Declared once per service, so every job that asks it agrees.
pub trait Service {
    /// A message the job sends.
    type Request;
    /// What comes back for one.
    type Reply;
    /// How long the service may stay silent while a request waits.
    const WATCHDOG_MS: f64;
}

/// What the protocol keeps of a job that asks one service: its timing and
/// its one awaited request. One field of the job, so the job lends it in
/// one accessor rather than two pairs.
#[derive(Clone, Debug, PartialEq)]
pub struct Asking {
    pub timing: Timing,
    pub awaited: Awaited,
}

impl Asking {
    /// Started at `now_ms`, nothing asked yet.
    pub fn start(now_ms: f64) -> Self {
        Asking {
            timing: Timing::start(now_ms),
            awaited: Awaited::default(),
        }
    }
}

/// A job that asks one service (channel 0) one request at a time, under a
/// watchdog: it says what to ask next and what a reply or a silence means;
/// the protocol's channel rules ([`Job`]'s refusals, the clock, the
/// watchdog, the fall-back) are written once, in the [`Job`] every such job
/// gets.
pub trait AsksOne: Stepped {
    /// The service asked.
    type Service: Service;

    /// The job's timing and awaited request.
    fn asking(&self) -> &Asking;

    fn asking_mut(&mut self) -> &mut Asking;

    /// Whether everything is in ([`Job::is_complete`]).
    fn finished(&self) -> bool;

    /// Whether the page has work to do now ([`Job::has_page_work`]).
    fn page_work(&self) -> bool {
        self.asking().timing.is_running()
    }

    /// What the job needs now ([`Job::need`]).
    fn needs(&self) -> Need {
        need_of(self.asking().timing.is_running(), self.page_work())
    }

    /// The next request, asked for while the job runs and nothing is awaited.
    fn next_request(&mut self) -> Option<Request<Self>>;

    /// Takes the awaited request's reply at `now_ms`; returns whether it
    /// answers the request (`false`: an interim reply, such as progress).
    fn answer(&mut self, reply: Reply<Self>, now_ms: f64) -> bool;

    /// No answer will come for the request awaited since `since_ms`.
    fn unanswered(&mut self, since_ms: f64);

    /// The running job is cancelled at `now_ms` (before its clock stops).
    fn cancelled(&mut self, _now_ms: f64) {}

    /// [`Job::part_drawn`].
    fn drawn_in(&mut self, _ms: f64) {}
}

/// The start of an [`AsksOne`] impl for a job that keeps its [`Asking`] in
/// a field named `asking`: the service it asks, and the two accessors
/// every such job would otherwise write out alike.
macro_rules! asks {
    ($service:ty) => {
        type Service = $service;

        fn asking(&self) -> &$crate::kernel::job::Asking {
            &self.asking
        }

        fn asking_mut(&mut self) -> &mut $crate::kernel::job::Asking {
            &mut self.asking
        }
    };
}

pub(crate) use asks;

/// The request of the service job `T` asks.
pub type Request<T> = <<T as AsksOne>::Service as Service>::Request;

/// The reply of the service job `T` asks.
pub type Reply<T> = <<T as AsksOne>::Service as Service>::Reply;

impl<T: AsksOne> Job for T {
    type Request = Request<T>;
    type Reply = Reply<T>;

    fn timing(&self) -> &Timing {
        &self.asking().timing
    }

    fn timing_mut(&mut self) -> &mut Timing {
        &mut self.asking_mut().timing
    }

    fn is_complete(&self) -> bool {
        self.finished()
    }

    /// Nothing more is sent or taken; what was computed stays.
    fn cancel(&mut self, now_ms: f64) {
        if self.asking().timing.is_running() {
            self.cancelled(now_ms);
        }
        let asking = self.asking_mut();
        asking.timing.cancel(now_ms);
        asking.awaited = Awaited::default();
    }

    fn has_page_work(&self) -> bool {
        self.page_work()
    }

    fn need(&self) -> Need {
        self.needs()
    }

    fn request(&mut self, channel: usize, _fresh: bool, now_ms: f64) -> Option<Request<T>> {
        let asking = self.asking();
        if channel != 0 || !asking.timing.is_running() || asking.awaited.is_awaited() {
            return None;
        }
        let request = self.next_request()?;
        self.asking_mut().awaited.sent(now_ms);
        Some(request)
    }

    /// Refused unless awaited; an interim reply restarts the clock.
    fn on_reply(&mut self, channel: usize, reply: Reply<T>, now_ms: f64) -> Result<(), String> {
        self.asking().awaited.check(channel)?;
        if self.answer(reply, now_ms) {
            self.asking_mut().awaited.take();
        } else {
            self.asking_mut().awaited.heard(now_ms);
        }
        self.record_slice(now_ms, now_ms);
        Ok(())
    }

    fn heard(&mut self, _channel: usize, now_ms: f64) {
        self.asking_mut().awaited.heard(now_ms);
    }

    fn overdue(&self, now_ms: f64) -> Option<usize> {
        self.asking()
            .awaited
            .overdue(now_ms, <T::Service as Service>::WATCHDOG_MS)
    }

    /// The service is gone: an awaited answer becomes that failure (as of
    /// when the service was last heard from).
    fn fall_back(&mut self) {
        if let Some(since) = self.asking_mut().awaited.take() {
            self.unanswered(since);
        }
    }

    fn part_drawn(&mut self, ms: f64) {
        self.drawn_in(ms);
    }
}

/// How many of `total` parts of a drawing are shown: `first` at once, then
/// `per_part` more at each step, a drawn frame apart. The pure half of
/// drawing a page in parts, the one count for both ways a part waits for
/// its frame: a job's [`Need::Frames`] (a table that arrives whole) and
/// the UI's `use_revealed` hook (a list, a page's stages).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reveal {
    total: usize,
    shown: usize,
    per_part: usize,
    /// Parts the last step showed (the first ones, before any step).
    last_step: usize,
}

impl Reveal {
    /// `total` parts, `first` of them shown, then `per_part` (at least 1)
    /// more per step.
    pub fn new(total: usize, first: usize, per_part: usize) -> Self {
        Reveal {
            total,
            shown: first.min(total),
            per_part: per_part.max(1),
            last_step: first.min(total),
        }
    }

    /// Every part shown (nothing left to reveal).
    pub fn all(total: usize) -> Self {
        Reveal::new(total, total, total)
    }

    /// This reveal after `steps` more steps.
    pub fn after(self, steps: usize) -> Self {
        let shown = self
            .shown
            .saturating_add(steps.saturating_mul(self.per_part))
            .min(self.total);
        Reveal {
            shown,
            last_step: if steps == 0 {
                self.last_step
            } else {
                shown - self.shown.min(shown)
            },
            ..self
        }
    }

    /// This reveal with `per_part` (at least 1) parts per step from now on
    /// (a drawing that sizes its parts by what the last one cost).
    pub fn with_per_part(self, per_part: usize) -> Self {
        Reveal {
            per_part: per_part.max(1),
            ..self
        }
    }

    /// Parts the last step showed (the first ones, before any step).
    pub fn last_step(&self) -> usize {
        self.last_step
    }

    /// Parts shown so far: `0..shown()`.
    pub fn shown(&self) -> usize {
        self.shown
    }

    /// Parts each step adds.
    pub fn per_part(&self) -> usize {
        self.per_part
    }

    /// Whether part `i` is shown.
    pub fn shows(&self, i: usize) -> bool {
        i < self.shown
    }

    /// Whether every part is shown.
    pub fn is_done(&self) -> bool {
        self.shown >= self.total
    }

    /// Shows the next step's parts; returns whether another step follows.
    pub fn advance(&mut self) -> bool {
        *self = self.after(1);
        !self.is_done()
    }
}

/// A [`Stepped`] computation with its timing: a job that needs only the
/// page's slices.
pub struct Timed<S> {
    pub work: S,
    timing: Timing,
    done: bool,
}

impl<S: Stepped> Timed<S> {
    /// `work`, started at `now_ms`.
    pub fn start(work: S, now_ms: f64) -> Self {
        Timed {
            work,
            timing: Timing::start(now_ms),
            done: false,
        }
    }

    pub fn status(&self) -> JobStatus {
        self.timing.status()
    }

    pub fn timing(&self) -> &Timing {
        &self.timing
    }
}

impl<S: Stepped> Stepped for Timed<S> {
    fn step(&mut self) -> bool {
        if !self.timing.is_running() || self.done {
            return false;
        }
        self.done = !self.work.step();
        !self.done
    }

    fn progress(&self) -> f64 {
        self.work.progress()
    }
}

impl<S: Stepped> Job for Timed<S> {
    type Request = ();
    type Reply = ();

    fn timing(&self) -> &Timing {
        &self.timing
    }

    fn timing_mut(&mut self) -> &mut Timing {
        &mut self.timing
    }

    fn is_complete(&self) -> bool {
        self.done
    }

    fn cancel(&mut self, now_ms: f64) {
        self.timing.cancel(now_ms);
    }

    fn has_page_work(&self) -> bool {
        self.timing.is_running() && !self.done
    }
}

/// Status and timing of a job.
#[derive(Clone, Debug, PartialEq)]
pub struct Timing {
    status: JobStatus,
    started_ms: f64,
    elapsed_ms: f64,
    busy_ms: f64,
    slices: u32,
}

impl Timing {
    /// A job started at `now_ms`.
    pub fn start(now_ms: f64) -> Self {
        Timing {
            status: JobStatus::Running,
            started_ms: now_ms,
            elapsed_ms: 0.0,
            busy_ms: 0.0,
            slices: 0,
        }
    }

    pub fn status(&self) -> JobStatus {
        self.status
    }

    pub fn is_running(&self) -> bool {
        self.status == JobStatus::Running
    }

    /// Wall time from the start to the end (or to the last slice while
    /// running).
    pub fn elapsed_ms(&self) -> f64 {
        self.elapsed_ms
    }

    /// Time spent computing on the page (inside slices and reply handlers).
    pub fn busy_ms(&self) -> f64 {
        self.busy_ms
    }

    /// Number of slices (and reply handlers) so far.
    pub fn slices(&self) -> u32 {
        self.slices
    }

    /// Counts a piece of page work from `t0_ms` to `t1_ms`.
    pub fn record(&mut self, t0_ms: f64, t1_ms: f64) {
        if self.is_running() {
            self.busy_ms += (t1_ms - t0_ms).max(0.0);
            self.slices += 1;
            self.elapsed_ms = (t1_ms - self.started_ms).max(0.0);
        }
    }

    /// Marks the job done at `now_ms` (if it still runs).
    pub fn finish(&mut self, now_ms: f64) {
        self.end(JobStatus::Done, now_ms);
    }

    /// Marks the job cancelled at `now_ms` (if it still runs).
    pub fn cancel(&mut self, now_ms: f64) {
        self.end(JobStatus::Cancelled, now_ms);
    }

    fn end(&mut self, status: JobStatus, now_ms: f64) {
        if self.is_running() {
            self.status = status;
            self.elapsed_ms = (now_ms - self.started_ms).max(0.0);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timing_counts_slices_and_ends_once() {
        let mut t = Timing::start(100.0);
        t.record(100.0, 110.0);
        t.record(120.0, 125.0);
        assert_eq!((t.busy_ms(), t.slices(), t.elapsed_ms()), (15.0, 2, 25.0));
        t.cancel(130.0);
        assert_eq!((t.status(), t.elapsed_ms()), (JobStatus::Cancelled, 30.0));
        // Nothing changes a job that has ended.
        t.finish(200.0);
        t.record(200.0, 210.0);
        assert_eq!(
            (t.status(), t.elapsed_ms(), t.slices()),
            (JobStatus::Cancelled, 30.0, 2)
        );
    }

    #[test]
    fn a_reveal_shows_its_first_parts_then_a_step_at_a_time() {
        let mut r = Reveal::new(10, 3, 2);
        assert_eq!((r.shown(), r.per_part()), (3, 2));
        assert!(r.shows(2) && !r.shows(3));
        assert_eq!(r.after(2).shown(), 7);
        assert_eq!(r.after(usize::MAX).shown(), 10);
        let mut seen = vec![r.shown()];
        while r.advance() {
            seen.push(r.shown());
        }
        seen.push(r.shown());
        assert_eq!(seen, vec![3, 5, 7, 9, 10]);
        assert!(!r.advance() && r.is_done());
        assert_eq!(Reveal::new(2, 0, 0).after(1).shown(), 1);
        assert!(Reveal::all(0).is_done() && Reveal::all(5).shows(4));
        assert!(Reveal::new(0, 3, 1).is_done());
    }

    /// Counts to `of`, one per step.
    struct Count {
        done: u32,
        of: u32,
    }

    impl Stepped for Count {
        fn step(&mut self) -> bool {
            self.done = (self.done + 1).min(self.of);
            self.done < self.of
        }

        fn progress(&self) -> f64 {
            f64::from(self.done) / f64::from(self.of)
        }
    }

    #[test]
    fn cancel_stops_a_job_and_keeps_its_progress() {
        let mut job = Timed::start(Count { done: 0, of: 100 }, 0.0);
        for _ in 0..3 {
            job.step();
        }
        job.record_slice(0.0, 5.0);
        let before = job.progress();
        assert_eq!(before, 0.03);
        job.cancel(7.0);
        assert_eq!(job.need(), Need::Nothing);
        assert!(!job.step(), "a cancelled job does no more work");
        assert_eq!(job.progress(), before);
        assert_eq!(
            (job.status(), job.timing().elapsed_ms()),
            (JobStatus::Cancelled, 7.0)
        );
    }
}
