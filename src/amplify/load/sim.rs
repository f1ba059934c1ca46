//! The discrete-event engine of the load model.
//!
//! Events are ordered by `(time, seq)`: ties keep the order in which they
//! were scheduled, so a run is a pure function of config, policy and seed.
//! The server is one FIFO queue with a deterministic service time
//! `1/capacity(start)`: a request's start and end are known when it
//! arrives, so each attempt schedules exactly one event, its answer or its
//! client timeout, whichever comes first. A timed-out request stays in the
//! queue and is still served (wasted work), unless the policy sends a
//! deadline that the server checks before starting it.

use rand::Rng;

use super::config::{LoadConfig, LoadPolicy};
use super::limiters::{AwsQuota, Breaker, FixedRateBucket, RetryBudget, TokenBucket, Window};
use super::series::Series;
use crate::kernel::backoff;
use crate::kernel::events::EventQueue;
use crate::kernel::rng::{demo_rng, derive, DemoRng};

/// How an attempt ended, as the client sees it.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Answer {
    Ok,
    /// An error response; `true` when it carried `Retry-After`.
    Error(bool),
    Timeout,
    /// Refused by the open breaker without reaching the server.
    FastFail,
}

#[derive(Clone, Copy, Debug)]
enum Kind {
    Send(u32),
    Answer(u32, Answer),
}

/// One logical call in flight.
#[derive(Clone, Debug)]
struct Call {
    /// Absolute deadline (policy `deadline`; infinite otherwise).
    deadline: f64,
    /// Attempts made so far by each layer in its current call.
    attempts: [u8; 6],
    /// AWS quota cost held by each layer's last retry.
    held: [u8; 6],
    /// Whether a request of this call is in flight.
    first_sent: bool,
}

/// One request of the traced call (call 0): when it was sent and the
/// attempt number each layer was on (top first).
#[derive(Clone, Debug, PartialEq)]
pub struct TracedRequest {
    pub t: f64,
    pub attempts: Vec<u8>,
}

/// The numbers of one finished run.
#[derive(Clone, Debug, PartialEq)]
pub struct LoadOutcome {
    pub policy: LoadPolicy,
    pub calls: u64,
    pub succeeded: u64,
    /// Requests that reached the server (shed and dropped ones included).
    pub requests: u64,
    /// Requests the server spent service time on.
    pub served: u64,
    /// Requests that were retries (every request of a call after its first).
    pub retries: u64,
    /// Attempts the open breaker failed at once, without sending them.
    pub fast_fails: u64,
    /// Retries a layer had attempts left for but its policy refused (an
    /// empty bucket or quota, a spent budget, a tripped breaker, too little
    /// time left, no `Retry-After`).
    pub refused: u64,
    /// Requests the server dropped unserved: their deadline would have passed
    /// before it could answer (policy `deadline`).
    pub dropped: u64,
    /// Requests answered 503 at once because too much work was queued (`shed`).
    pub shed: u64,
    /// Served requests whose client had stopped waiting: wasted work.
    pub wasted: u64,
    /// Seconds of work queued at the server when the trigger ended (`None`
    /// when no trigger ended within the run).
    pub backlog_at_trigger_end: Option<f64>,
    /// Every request of call 0, in the order sent.
    pub first_call: Vec<TracedRequest>,
    /// Per-second bins.
    pub series: Series,
}

impl LoadOutcome {
    /// Server requests per logical call.
    pub fn amplification(&self) -> f64 {
        if self.calls == 0 {
            0.0
        } else {
            self.requests as f64 / self.calls as f64
        }
    }

    /// Share of logical calls that succeeded.
    pub fn success_rate(&self) -> f64 {
        if self.calls == 0 {
            0.0
        } else {
            self.succeeded as f64 / self.calls as f64
        }
    }
}

/// A run in progress; [`LoadSim::step`] advances it by a bounded number of
/// events so the browser can slice it.
pub struct LoadSim {
    cfg: LoadConfig,
    policy: LoadPolicy,
    queue: EventQueue<f64, Kind>,
    /// Time of the next logical call; kept out of the heap (one event in
    /// three) because arrivals come in time order anyway. Ties with queued
    /// events go to the arrival.
    next_arrival: f64,
    calls: Vec<Call>,
    arrivals: DemoRng,
    faults: DemoRng,
    jitter: DemoRng,
    busy_until: f64,
    buckets: Vec<TokenBucket>,
    fixed: Vec<FixedRateBucket>,
    quotas: Vec<AwsQuota>,
    budget: RetryBudget,
    breaker: Breaker,
    retry_gate: Window,
    out: LoadOutcome,
}

impl LoadSim {
    /// A run of `policy` on `cfg` from `seed`.
    pub fn new(cfg: &LoadConfig, policy: LoadPolicy, seed: u64) -> Self {
        let n = cfg.layers.len();
        let mut sim = LoadSim {
            cfg: cfg.clone(),
            policy,
            queue: EventQueue::default(),
            next_arrival: f64::INFINITY,
            calls: Vec::new(),
            arrivals: demo_rng(derive(seed, &[1])),
            faults: demo_rng(derive(seed, &[2])),
            jitter: demo_rng(derive(seed, &[3])),
            busy_until: 0.0,
            buckets: vec![TokenBucket::brooker(); n],
            fixed: vec![FixedRateBucket::new(cfg.refill); n],
            quotas: vec![AwsQuota::default(); n],
            budget: RetryBudget::new(cfg.budget_ratio),
            breaker: Breaker::default(),
            retry_gate: Window::default(),
            out: LoadOutcome {
                policy,
                calls: 0,
                succeeded: 0,
                requests: 0,
                served: 0,
                retries: 0,
                fast_fails: 0,
                refused: 0,
                dropped: 0,
                shed: 0,
                wasted: 0,
                backlog_at_trigger_end: None,
                first_call: Vec::new(),
                series: Series::new(cfg),
            },
        };
        let first = sim.next_gap();
        if first < cfg.duration {
            sim.next_arrival = first;
        }
        sim
    }

    fn push(&mut self, t: f64, kind: Kind) {
        self.queue.push(t, kind);
    }

    fn next_gap(&mut self) -> f64 {
        let u: f64 = self.arrivals.random();
        // libm's log, not std's: the same bits natively and in wasm.
        -libm::log(1.0 - u) / self.cfg.rate
    }

    /// Whether every event has run.
    pub fn done(&self) -> bool {
        self.queue.is_empty() && self.next_arrival.is_infinite()
    }

    /// Runs at most `max_events` events; returns how many ran.
    pub fn step(&mut self, max_events: u32) -> u32 {
        let mut n = 0;
        while n < max_events {
            let queued = self.queue.peek_time().unwrap_or(f64::INFINITY);
            if self.next_arrival <= queued && self.next_arrival.is_finite() {
                n += 1;
                let t = self.next_arrival;
                self.note_time(t);
                self.arrive(t);
                continue;
            }
            let Some((t, kind)) = self.queue.pop() else {
                break;
            };
            n += 1;
            self.note_time(t);
            match kind {
                Kind::Send(c) => self.send(t, c),
                Kind::Answer(c, a) => self.answer(t, c, a),
            }
        }
        n
    }

    /// Runs to the end and returns the outcome.
    pub fn run(mut self) -> LoadOutcome {
        while self.step(u32::MAX) > 0 {}
        self.finish()
    }

    /// The outcome so far (complete once [`Self::done`]).
    pub fn finish(self) -> LoadOutcome {
        self.out
    }

    /// The outcome so far, by reference.
    pub fn outcome(&self) -> &LoadOutcome {
        &self.out
    }

    /// Before the first event at or after the trigger's end, records the
    /// work then queued (every request that arrived before it is counted).
    fn note_time(&mut self, t: f64) {
        let end = self.cfg.trigger.end;
        if self.out.backlog_at_trigger_end.is_none() && end > self.cfg.trigger.start && t >= end {
            self.out.backlog_at_trigger_end = Some((self.busy_until - end).max(0.0));
        }
    }

    fn arrive(&mut self, t: f64) {
        let id = self.calls.len() as u32;
        let deadline = if self.policy == LoadPolicy::Deadline {
            t + self.cfg.deadline
        } else {
            f64::INFINITY
        };
        self.calls.push(Call {
            deadline,
            attempts: [1; 6],
            held: [0; 6],
            first_sent: false,
        });
        self.out.calls += 1;
        self.out.series.on_arrival(t);
        self.send(t, id);
        let next = t + self.next_gap();
        let full = self.cfg.max_calls > 0 && self.out.calls >= self.cfg.max_calls;
        self.next_arrival = if next < self.cfg.duration && !full {
            next
        } else {
            f64::INFINITY
        };
    }

    fn send(&mut self, t: f64, id: u32) {
        let first = !self.calls[id as usize].first_sent;
        self.calls[id as usize].first_sent = true;
        if self.policy == LoadPolicy::CircuitBreaker && !self.breaker.allow(t, id) {
            self.out.fast_fails += 1;
            self.push(t, Kind::Answer(id, Answer::FastFail));
            return;
        }
        if self.policy == LoadPolicy::RetryBudget && first {
            self.budget.on_request(t);
        }
        self.out.requests += 1;
        self.out.retries += u64::from(!first);
        self.out.series.on_request(t);
        if id == 0 {
            let n = self.cfg.layers.len();
            self.out.first_call.push(TracedRequest {
                t,
                attempts: self.calls[0].attempts[..n].to_vec(),
            });
        }
        let call_deadline = self.calls[id as usize].deadline;
        let timeout = self.cfg.timeout.min(call_deadline - t).max(0.0);
        let given_up = t + timeout;
        let start = self.busy_until.max(t);
        if self.cfg.shed > 0.0 && start - t > self.cfg.shed {
            self.out.shed += 1;
            let ra = self.cfg.retry_after > 0.0;
            self.push(t, Kind::Answer(id, Answer::Error(ra)));
            return;
        }
        let service = 1.0 / self.cfg.capacity_at(start);
        let end = start + service;
        if self.policy == LoadPolicy::Deadline && end > given_up {
            // The server sees the deadline has passed (or will before it
            // could answer) and drops the request without working on it.
            self.out.dropped += 1;
            self.push(given_up, Kind::Answer(id, Answer::Timeout));
            return;
        }
        self.busy_until = end;
        self.out.served += 1;
        self.out.series.on_served(start);
        let p = self.cfg.p_at(start);
        let failed = p > 0.0 && self.faults.random::<f64>() < p;
        if end - t > timeout {
            self.out.wasted += 1;
            self.push(given_up, Kind::Answer(id, Answer::Timeout));
        } else if failed {
            let ra = self.cfg.retry_after > 0.0;
            self.push(end, Kind::Answer(id, Answer::Error(ra)));
        } else {
            self.push(end, Kind::Answer(id, Answer::Ok));
        }
    }

    fn answer(&mut self, t: f64, id: u32, a: Answer) {
        if a != Answer::FastFail {
            let ok = a == Answer::Ok;
            match self.policy {
                LoadPolicy::CircuitBreaker => self.breaker.on_answer(t, id, ok),
                LoadPolicy::BreakRetries => self.retry_gate.add(t, 1, u32::from(!ok)),
                _ => {}
            }
        }
        if a == Answer::Ok {
            self.succeed(t, id);
            return;
        }
        match self.pick_retry(t, id, a) {
            Some(delay) => self.push(t + delay, Kind::Send(id)),
            None => self.out.series.on_failure(t),
        }
    }

    fn succeed(&mut self, t: f64, id: u32) {
        self.out.succeeded += 1;
        self.out.series.on_success(t);
        let held = self.calls[id as usize].held;
        for (j, b) in self.buckets.iter_mut().enumerate() {
            match self.policy {
                LoadPolicy::TokenBucket => b.on_success(),
                LoadPolicy::TokenBucketFixedRate => self.fixed[j].on_success(t),
                LoadPolicy::TokenBucketAws => self.quotas[j].on_success(u32::from(held[j])),
                _ => {}
            }
        }
    }

    /// The retry, if any, after a failed attempt: the deepest layer that
    /// still has attempts and whose policy allows it retries; every layer
    /// below it starts a fresh call. Returns the wait before the new request.
    fn pick_retry(&mut self, t: f64, id: u32, a: Answer) -> Option<f64> {
        if a == Answer::FastFail || self.policy == LoadPolicy::None {
            return None;
        }
        let n = self.cfg.layers.len();
        for j in (0..n).rev() {
            let made = u32::from(self.calls[id as usize].attempts[j]);
            if made >= self.cfg.layers[j] {
                continue;
            }
            let delay = self.backoff(made);
            let Some(delay) = self.allow(t, id, j, a, delay) else {
                self.out.refused += 1;
                continue;
            };
            let c = &mut self.calls[id as usize];
            c.attempts[j] += 1;
            for k in j + 1..n {
                c.attempts[k] = 1;
                c.held[k] = 0;
            }
            return Some(delay);
        }
        None
    }

    /// Full jitter before a layer's retry number `n` (n ≥ 1):
    /// `uniform(0, v_(n−1))`, `v_k = min(cap, base·2^k)`.
    fn backoff(&mut self, n: u32) -> f64 {
        let v = backoff::capped(self.cfg.base, self.cfg.cap, n.saturating_sub(1));
        backoff::full_jitter(v, self.jitter.random())
    }

    /// Whether layer `j` may retry after `a`, and after what wait.
    fn allow(&mut self, t: f64, id: u32, j: usize, a: Answer, delay: f64) -> Option<f64> {
        let bottom = j + 1 == self.cfg.layers.len();
        match self.policy {
            LoadPolicy::None | LoadPolicy::Retries | LoadPolicy::CircuitBreaker => Some(delay),
            LoadPolicy::TokenBucket => self.buckets[j].try_retry().then_some(delay),
            LoadPolicy::TokenBucketFixedRate => self.fixed[j].try_retry(t).then_some(delay),
            LoadPolicy::TokenBucketAws => {
                let cost = self.quotas[j].try_retry(a == Answer::Timeout)?;
                self.calls[id as usize].held[j] = cost as u8;
                Some(delay)
            }
            LoadPolicy::RetryBudget => self.budget.try_retry(t).then_some(delay),
            LoadPolicy::BreakRetries => {
                let (n, f) = self.retry_gate.sums(t);
                let tripped = n >= super::limiters::BREAKER_MIN
                    && f64::from(f) >= super::limiters::BREAKER_THRESHOLD * f64::from(n);
                (!tripped).then_some(delay)
            }
            LoadPolicy::Deadline => {
                let left = self.calls[id as usize].deadline - t - delay;
                (left >= self.cfg.timeout / 2.0).then_some(delay)
            }
            LoadPolicy::RetryAfter => match a {
                Answer::Error(true) => Some(delay.max(self.cfg.retry_after)),
                _ if bottom => None,
                _ => Some(delay),
            },
        }
    }
}

/// Runs one policy to the end.
pub fn run_load(cfg: &LoadConfig, policy: LoadPolicy, seed: u64) -> LoadOutcome {
    LoadSim::new(cfg, policy, seed).run()
}
