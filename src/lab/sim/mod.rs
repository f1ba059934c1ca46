//! The discrete-event simulation of one run: harness (and model), network,
//! server and database. Events are ordered by `(time, seq)`; the run owns its
//! seeded RNG, so a run is a pure function of its inputs.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64;

mod client;
mod serving;

pub use super::run::{CallSummary, Cell, Run};

use super::db::Db;
use super::faults::{Delivery, FaultSchedule};
use super::faults::{CLEANUP_AT_MS, HARNESS_BACK_MS, HARNESS_DIES_MS, KEY_RETENTION_MS};
use super::harness::{self, ATTEMPT_TIMEOUT_MS, CALL_DEADLINE_MS, MAX_ATTEMPTS, MODEL_THINK_MS};
use super::ids::{ClientStrategy, Scenario, ServerImpl};
use super::server::{Handler, Phase};
use super::trace::*;
use serving::add_sql_arrows;

/// One-way network latency: 20 ms plus up to 10 ms.
const LATENCY_MS: u64 = 20;
const LATENCY_JITTER_MS: u64 = 10;
use super::limits::{MAX_EVENTS, RESTART_MS, WORK_JITTER_MS, WORK_MS};

#[derive(Clone, Debug)]
enum Ev {
    /// The model calls the tool; `twin_of` when the same call is submitted twice.
    ToolCall {
        twin_of: Option<usize>,
    },
    Send {
        call: usize,
        resend: bool,
    },
    Query {
        call: usize,
    },
    HarnessDown,
    HarnessBack,
    Cleanup,
    Arrive {
        request: usize,
    },
    RequestLost {
        request: usize,
    },
    Finish {
        handler: usize,
        epoch: u32,
    },
    Response {
        response: ResponseInfo,
    },
    ResponseLost {
        request: usize,
        status: u16,
    },
    RefusedBack {
        request: usize,
    },
    Timeout {
        call: usize,
        request: usize,
    },
    Restart,
}

struct Queued {
    time: u64,
    seq: u64,
    ev: Ev,
}

impl PartialEq for Queued {
    fn eq(&self, o: &Self) -> bool {
        (self.time, self.seq) == (o.time, o.seq)
    }
}
impl Eq for Queued {}
impl PartialOrd for Queued {
    fn partial_cmp(&self, o: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(o))
    }
}
impl Ord for Queued {
    fn cmp(&self, o: &Self) -> std::cmp::Ordering {
        (self.time, self.seq).cmp(&(o.time, o.seq))
    }
}

struct Call {
    summary: CallSummary,
    started: u64,
    waiting: Option<usize>,
    maybe_executed: bool,
    /// The key of the first attempt, and whether every attempt so far was
    /// covered by it (same key, and not pruned in between).
    first_key: Option<String>,
    key_covers: bool,
    /// Attempts made before the harness restarted: a resumed call gets a
    /// fresh retry budget.
    budget_base: u32,
}

/// Runs a named scenario.
pub fn run(scenario: Scenario, client: ClientStrategy, server: ServerImpl, seed: u64) -> Run {
    run_schedule(&scenario.schedule(), client, server, seed)
}

/// Runs an arbitrary fault schedule (the property tests generate these).
pub fn run_schedule(
    schedule: &FaultSchedule,
    client: ClientStrategy,
    server: ServerImpl,
    seed: u64,
) -> Run {
    Sim::new(schedule.clone(), client, server, seed, true).run()
}

/// Runs and returns only the final report count (no table snapshots), for
/// the matrix.
pub fn final_count(
    scenario: Scenario,
    client: ClientStrategy,
    server: ServerImpl,
    seed: u64,
) -> usize {
    cell(scenario, client, server, seed).reports
}

/// Runs without table snapshots and returns the matrix cell.
pub fn cell(scenario: Scenario, client: ClientStrategy, server: ServerImpl, seed: u64) -> Cell {
    Sim::new(scenario.schedule(), client, server, seed, false)
        .run()
        .cell()
}

struct Sim {
    schedule: FaultSchedule,
    client: ClientStrategy,
    server: ServerImpl,
    seed: u64,
    snapshots: bool,
    rng: Pcg64,
    db: Db,
    queue: BinaryHeap<Reverse<Queued>>,
    seq: u64,
    now: u64,
    steps: Vec<Step>,
    requests: Vec<RequestInfo>,
    calls: Vec<Call>,
    handlers: Vec<Handler>,
    epoch: u32,
    down: bool,
    /// The harness process is dead (`restart_next_day`).
    harness_down: bool,
    recalls_left: u32,
    run_id: String,
    /// Version of the rendered body; a re-render fault bumps it. A model
    /// re-call passes the same arguments, so it renders the same body.
    render: u32,
}

impl Sim {
    fn new(
        schedule: FaultSchedule,
        client: ClientStrategy,
        server: ServerImpl,
        seed: u64,
        snapshots: bool,
    ) -> Self {
        let recalls_left = schedule.model_recalls;
        let mut s = Self {
            schedule,
            client,
            server,
            seed,
            snapshots,
            rng: Pcg64::seed_from_u64(seed),
            db: Db::open(),
            queue: BinaryHeap::new(),
            seq: 0,
            now: 0,
            steps: Vec::new(),
            requests: Vec::new(),
            calls: Vec::new(),
            handlers: Vec::new(),
            epoch: 0,
            down: false,
            harness_down: false,
            recalls_left,
            run_id: harness::run_id(seed),
            render: 1,
        };
        s.at(0, Ev::ToolCall { twin_of: None });
        if s.schedule.double_submit {
            s.at(0, Ev::ToolCall { twin_of: Some(0) });
        }
        if s.schedule.restart_next_day {
            s.at(HARNESS_DIES_MS, Ev::HarnessDown);
            s.at(CLEANUP_AT_MS, Ev::Cleanup);
            s.at(HARNESS_BACK_MS, Ev::HarnessBack);
        }
        s
    }

    fn at(&mut self, time: u64, ev: Ev) {
        self.seq += 1;
        self.queue.push(Reverse(Queued {
            time,
            seq: self.seq,
            ev,
        }));
    }

    fn latency(&mut self) -> u64 {
        LATENCY_MS + self.rng.random_range(0..LATENCY_JITTER_MS)
    }

    fn run(mut self) -> Run {
        let mut events = 0;
        let mut truncated = false;
        while let Some(Reverse(q)) = self.queue.pop() {
            events += 1;
            self.now = q.time;
            let handled = if events > MAX_EVENTS {
                truncated = true;
                self.queue.clear();
                Some((StepKind::Truncated, vec![]))
            } else {
                self.handle(q.ev)
            };
            if let Some((kind, arrows)) = handled {
                let sql = self.db.take_log();
                let mut arrows = arrows;
                add_sql_arrows(&mut arrows, &sql);
                let (reports, keys) = if self.snapshots {
                    self.db.snapshot()
                } else {
                    (Vec::new(), Vec::new())
                };
                self.steps.push(Step {
                    time_ms: self.now,
                    kind,
                    sql,
                    arrows,
                    reports,
                    keys,
                });
            }
        }
        let final_count = self.db.report_count();
        Run {
            client: self.client,
            server: self.server,
            seed: self.seed,
            schedule: self.schedule,
            steps: self.steps,
            requests: self.requests,
            calls: self.calls.into_iter().map(|c| c.summary).collect(),
            final_count,
            truncated,
        }
    }

    fn handle(&mut self, ev: Ev) -> Option<(StepKind, Vec<Arrow>)> {
        match ev {
            Ev::ToolCall { .. } if self.harness_down => None,
            Ev::ToolCall { twin_of } => {
                let call = self.calls.len();
                let tool_use_id = match twin_of {
                    Some(t) => self.calls[t].summary.tool_use_id.clone(),
                    None => harness::tool_use_id(&mut self.rng),
                };
                self.calls.push(Call {
                    summary: CallSummary {
                        tool_use_id: tool_use_id.clone(),
                        attempts: 0,
                        last: None,
                        result: None,
                        give_up: None,
                        query: None,
                    },
                    started: self.now,
                    waiting: None,
                    maybe_executed: false,
                    first_key: None,
                    key_covers: true,
                    budget_base: 0,
                });
                self.at(
                    self.now,
                    Ev::Send {
                        call,
                        resend: false,
                    },
                );
                Some((StepKind::ToolCall { call, tool_use_id }, vec![]))
            }
            Ev::Send { .. } | Ev::Query { .. } if self.harness_down => None,
            Ev::Send { call, resend } => Some(self.send(call, resend)),
            Ev::Query { call } => Some(self.query(call)),
            Ev::HarnessDown => {
                self.harness_down = true;
                for c in &mut self.calls {
                    c.waiting = None;
                }
                Some((StepKind::HarnessDown, vec![]))
            }
            Ev::Cleanup => {
                let pruned = super::jobs::prune_keys(&mut self.db, self.now);
                Some((StepKind::Cleanup { pruned }, vec![]))
            }
            Ev::HarnessBack => Some(self.harness_back()),
            Ev::RequestLost { request } => Some((
                StepKind::RequestLost { request },
                vec![arrow(
                    Lane::Network,
                    Lane::Server,
                    ArrowLabel::Request { request },
                    true,
                )],
            )),
            Ev::Arrive { request } => Some(self.arrive(request)),
            Ev::Finish { handler, epoch } => {
                if epoch != self.epoch {
                    return None; // the process that ran this handler is gone
                }
                let mut h = self.handlers[handler].clone();
                let phase = self.server.finish(&mut self.db, &h, self.now);
                Some(self.after_phase(&mut h, phase, vec![]))
            }
            Ev::Response { response } => Some(self.response_arrives(response)),
            Ev::ResponseLost { request, status } => Some((
                StepKind::ResponseLost { request, status },
                vec![arrow(
                    Lane::Network,
                    Lane::Harness,
                    ArrowLabel::Status { status },
                    true,
                )],
            )),
            Ev::RefusedBack { request } => {
                let call = self.requests[request].call;
                if self.calls[call].waiting != Some(request) {
                    return None;
                }
                let next = self.attempt_ended(call, AttemptOutcome::Refused, None);
                Some((
                    StepKind::Received {
                        request,
                        outcome: AttemptOutcome::Refused,
                        next,
                    },
                    vec![arrow(
                        Lane::Network,
                        Lane::Harness,
                        ArrowLabel::Refused,
                        false,
                    )],
                ))
            }
            Ev::Timeout { call, request } => {
                if self.calls[call].waiting != Some(request) {
                    return None;
                }
                let next = self.attempt_ended(call, AttemptOutcome::Timeout, None);
                Some((StepKind::Timeout { request, next }, vec![]))
            }
            Ev::Restart => {
                self.down = false;
                Some((StepKind::Restart, vec![]))
            }
        }
    }
}

fn arrow(from: Lane, to: Lane, label: ArrowLabel, lost: bool) -> Arrow {
    Arrow {
        from,
        to,
        label,
        lost,
    }
}
