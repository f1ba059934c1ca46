//! One trial of the thundering-herd experiment as a discrete-event simulation.
//!
//! The model is the AWS blog's: N clients read a row's version and write it
//! back; the server accepts a write whose version still matches. Every message
//! takes an independent one-way delay `|Normal(mean, sd)|`.
//!
//! Only the server's state is shared, so only server-side events need the
//! priority queue. A client's own hops (read response → write request, write
//! response → sleep → read request) are folded into the delays of its next
//! server event. The read is folded too: the version a client reads is stale
//! exactly when some write was accepted between its read and its write, so a
//! write event carries its read's `(time, seq)` and the server compares it with
//! the key of the last accepted write. Every key is a `(time, seq)` pair, so the
//! order is total and a run is a pure function of config, strategy and seed.

use rand::Rng;
use rand_distr::StandardNormal;

use super::strategy::{sleep_ms, BackoffState, Strategy};
use crate::kernel::events::{EventKey, EventQueue};
use crate::kernel::rng::{demo_rng, DemoRng};

/// Parameters of one trial (milliseconds throughout).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SimConfig {
    /// Number of contending clients, all starting at t = 0.
    pub clients: u32,
    /// Backoff base.
    pub base_ms: f64,
    /// Backoff cap.
    pub cap_ms: f64,
    /// Mean of the one-way network delay.
    pub net_mean_ms: f64,
    /// Standard deviation of the one-way network delay.
    pub net_sd_ms: f64,
}

/// The defaults are the page's URL defaults ([`super::bounds`]).
impl Default for SimConfig {
    fn default() -> Self {
        use super::bounds;
        Self {
            clients: bounds::CLIENTS.default as u32,
            base_ms: bounds::BASE.default,
            cap_ms: bounds::CAP.default,
            net_mean_ms: bounds::NET_MEAN.default,
            net_sd_ms: bounds::NET_SD.default,
        }
    }
}

impl SimConfig {
    /// The page's defaults with `clients` clients (the blog's experiment
    /// varies only N).
    pub fn with_clients(clients: u32) -> Self {
        Self {
            clients,
            ..Self::default()
        }
    }
}

/// The two numbers the blog plots.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TrialResult {
    /// Writes the server received.
    pub calls: u64,
    /// When the last successful write's response reached its client.
    pub time_ms: f64,
}

/// One write as the server saw it, for the histogram and the timeline.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WriteRecord {
    /// Client index, `0..clients`.
    pub client: u32,
    /// Arrival time at the server.
    pub time_ms: f64,
    /// Whether the version matched.
    pub accepted: bool,
    /// The client's failed writes before this one (0 for its first write).
    pub attempt: u32,
}

/// Largest client count: the one limit of `clients` for the page, the CLI
/// and the simulation ([`super::bounds::CLIENTS`]).
pub const MAX_CLIENTS: u32 = super::bounds::CLIENTS.max as u32;

/// Most writes one trial of `clients` clients can make: N·(N+1)/2. A write
/// is refused only if another client's write was accepted since its read, and
/// a refused client reads again after that acceptance, so each client fails at
/// most once per earlier acceptance: the k-th to succeed writes at most k
/// times. Clients in lockstep (`net_sd=0`, `base=0`) reach the bound.
pub const fn max_writes_per_trial(clients: u32) -> u64 {
    let n = clients as u64;
    n * (n + 1) / 2
}

#[derive(Clone, Copy, Debug)]
struct ClientState {
    attempt: u32,
    backoff: BackoffState,
    /// Key of the read that fetched the version of the pending write.
    read_key: EventKey,
}

/// A trial in progress. Owns its RNG, so stepping it is deterministic.
pub struct Simulation {
    cfg: SimConfig,
    strategy: Strategy,
    rng: DemoRng,
    /// Pending write arrivals (at most one per client), earliest on top;
    /// the event is the client's index.
    queue: EventQueue<f64, u32>,
    clients: Vec<ClientState>,
    /// Key of the last accepted write ([`EventKey::BEFORE_ALL`] before the
    /// first, which every read key follows).
    last_accept: EventKey,
    calls: u64,
    now: f64,
    completion: f64,
}

impl Simulation {
    /// Sets up a trial: every client sends its first read at t = 0.
    /// `cfg.clients` above [`MAX_CLIENTS`] is clamped to it.
    pub fn new(cfg: &SimConfig, strategy: Strategy, seed: u64) -> Self {
        let cfg = SimConfig {
            clients: cfg.clients.min(MAX_CLIENTS),
            ..*cfg
        };
        let n = cfg.clients as usize;
        let mut sim = Self {
            cfg,
            strategy,
            rng: demo_rng(seed),
            queue: EventQueue::with_capacity(n),
            clients: vec![
                ClientState {
                    attempt: 0,
                    backoff: BackoffState::new(cfg.base_ms),
                    read_key: EventKey::BEFORE_ALL,
                };
                n
            ],
            last_accept: EventKey::BEFORE_ALL,
            calls: 0,
            now: 0.0,
            completion: 0.0,
        };
        for client in 0..cfg.clients {
            let read_time = sim.delay();
            let w = sim.schedule_write(client, read_time);
            sim.queue.push_keyed(w, client);
        }
        sim
    }

    /// One-way network delay `|Normal(mean, sd)|`.
    #[inline]
    fn delay(&mut self) -> f64 {
        let z: f64 = self.rng.sample(StandardNormal);
        (self.cfg.net_mean_ms + self.cfg.net_sd_ms * z).abs()
    }

    /// The server reads the version for `client` at `read_time`; the response
    /// travels back and the client's write travels to the server. Returns the
    /// write's key.
    #[inline]
    fn schedule_write(&mut self, client: u32, read_time: f64) -> EventKey {
        self.clients[client as usize].read_key = self.queue.key_at(read_time);
        let time = read_time + self.delay() + self.delay();
        self.queue.key_at(time)
    }

    /// Processes the next write the server receives; `None` when every client
    /// has succeeded.
    pub fn step(&mut self) -> Option<WriteRecord> {
        let (key, &client) = self.queue.peek()?;
        let time: f64 = key.time();
        self.now = time;
        self.calls += 1;
        let st = self.clients[client as usize];
        // The version still matches iff no write was accepted after the read.
        let accepted = self.last_accept < st.read_key;
        if accepted {
            self.queue.pop();
            self.last_accept = key;
            let done = time + self.delay();
            if done > self.completion {
                self.completion = done;
            }
        } else {
            // Rejected: the response travels back, the client sleeps, then its
            // next read travels to the server (the sleep is added to that
            // request's delay, as in the original).
            let n = st.attempt + 1;
            let mut backoff = st.backoff;
            let sleep = sleep_ms(
                self.strategy,
                self.cfg.base_ms,
                self.cfg.cap_ms,
                n,
                &mut backoff,
                &mut self.rng,
            );
            let c = &mut self.clients[client as usize];
            c.attempt = n;
            c.backoff = backoff;
            let read_time = time + self.delay() + (self.delay() + sleep);
            let next = self.schedule_write(client, read_time);
            self.queue.replace_top(next, client);
        }
        Some(WriteRecord {
            client,
            time_ms: time,
            accepted,
            attempt: st.attempt,
        })
    }

    /// Processes at most `max_writes` writes; returns how many were processed.
    /// Used by callers that must bound the work per call (the browser).
    pub fn step_many(&mut self, max_writes: u64) -> u64 {
        let mut done = 0;
        while done < max_writes && self.step().is_some() {
            done += 1;
        }
        done
    }

    /// Runs to the end and returns the trial's result.
    pub fn run_to_end(&mut self) -> TrialResult {
        while self.step().is_some() {}
        self.result()
    }

    /// Whether every client has succeeded.
    pub fn is_done(&self) -> bool {
        self.queue.is_empty()
    }

    /// Writes received so far and the completion time so far.
    pub fn result(&self) -> TrialResult {
        TrialResult {
            calls: self.calls,
            time_ms: self.completion,
        }
    }

    /// Arrival time of the last processed write.
    pub fn now_ms(&self) -> f64 {
        self.now
    }

    /// Clients that have not succeeded yet.
    pub fn pending_clients(&self) -> usize {
        self.queue.len()
    }

    /// The configuration of this trial.
    pub fn config(&self) -> &SimConfig {
        &self.cfg
    }

    /// The strategy of this trial.
    pub fn strategy(&self) -> Strategy {
        self.strategy
    }
}

/// Runs one trial with `seed` as the RNG seed.
pub fn simulate(cfg: &SimConfig, strategy: Strategy, seed: u64) -> TrialResult {
    Simulation::new(cfg, strategy, seed).run_to_end()
}

/// One trial with every write recorded.
#[derive(Clone, Debug, PartialEq)]
pub struct Trace {
    pub clients: u32,
    pub strategy: Strategy,
    pub result: TrialResult,
    /// Writes in server arrival order.
    pub writes: Vec<WriteRecord>,
}

/// Runs one trial and records every write; same numbers as [`simulate`].
pub fn simulate_traced(cfg: &SimConfig, strategy: Strategy, seed: u64) -> Trace {
    let mut sim = Simulation::new(cfg, strategy, seed);
    let mut writes = Vec::new();
    while let Some(w) = sim.step() {
        writes.push(w);
    }
    Trace {
        clients: cfg.clients,
        strategy,
        result: sim.result(),
        writes,
    }
}
