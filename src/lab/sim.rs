//! The discrete-event simulation of one run: harness (and model), network,
//! server and database. Events are ordered by `(time, seq)`; the run owns its
//! seeded RNG, so a run is a pure function of its inputs.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64;
use serde::Serialize;
use sha2::{Digest, Sha256};

use super::db::Db;
use super::faults::{Delivery, FaultSchedule};
use super::harness::{self, ATTEMPT_TIMEOUT_MS, CALL_DEADLINE_MS, MAX_ATTEMPTS, MODEL_THINK_MS};
use super::ids::{ClientStrategy, Scenario, ServerImpl, Verdict};
use super::server::{Handler, Phase};
use super::trace::*;

/// One-way network latency: 20 ms plus up to 10 ms.
const LATENCY_MS: u64 = 20;
const LATENCY_JITTER_MS: u64 = 10;
/// Normal work between a handler's two phases: 40 ms plus up to 20 ms.
const WORK_MS: u64 = 40;
const WORK_JITTER_MS: u64 = 20;
/// A crashed server process is back after this long.
pub const RESTART_MS: u64 = 1_000;
/// Safety net against a schedule that would never settle.
const MAX_EVENTS: usize = 2_000;

#[derive(Clone, Debug)]
enum Ev {
    ToolCall { call: usize },
    Send { call: usize },
    Arrive { request: usize },
    RequestLost { request: usize },
    Finish { handler: usize, epoch: u32 },
    Response { response: ResponseInfo },
    ResponseLost { request: usize, status: u16 },
    RefusedBack { request: usize },
    Timeout { call: usize, request: usize },
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

/// One tool call as the harness ran it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CallSummary {
    pub tool_use_id: String,
    pub attempts: u32,
    /// How the last attempt ended (the final HTTP outcome the harness saw).
    pub last: Option<AttemptOutcome>,
    /// The tool result handed to the model (`None` only if the run was cut short).
    pub result: Option<ToolResult>,
    pub give_up: Option<GiveUp>,
}

struct Call {
    summary: CallSummary,
    started: u64,
    waiting: Option<usize>,
    maybe_executed: bool,
    rendered_ms: u64,
}

/// A finished run.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Run {
    pub client: ClientStrategy,
    pub server: ServerImpl,
    pub seed: u64,
    pub schedule: FaultSchedule,
    steps: Vec<Step>,
    requests: Vec<RequestInfo>,
    calls: Vec<CallSummary>,
    final_count: usize,
}

impl Run {
    /// Every step, in time order.
    pub fn steps(&self) -> &[Step] {
        &self.steps
    }

    /// Every HTTP request the harness sent.
    pub fn requests(&self) -> &[RequestInfo] {
        &self.requests
    }

    /// Every tool call (more than one when the model called again).
    pub fn calls(&self) -> &[CallSummary] {
        &self.calls
    }

    /// The last tool call: its final HTTP outcome and the tool result.
    pub fn final_call(&self) -> Option<&CallSummary> {
        self.calls.last()
    }

    /// The final HTTP outcome the harness saw on its last attempt.
    pub fn final_outcome(&self) -> Option<AttemptOutcome> {
        self.calls.last().and_then(|c| c.last)
    }

    /// The tool result the model got last.
    pub fn tool_result(&self) -> Option<ToolResult> {
        self.calls.last().and_then(|c| c.result)
    }

    /// Reports in the database when everything has settled.
    pub fn final_report_count(&self) -> usize {
        self.final_count
    }

    /// What the final count means.
    pub fn verdict(&self) -> Verdict {
        Verdict::from_count(self.final_count)
    }

    /// SHA-256 of the whole trace as JSON: equal natively and in wasm.
    pub fn trace_digest(&self) -> String {
        let json = serde_json::to_string(&self.steps).expect("trace serialises");
        hex::encode(Sha256::digest(json.as_bytes()))
    }
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
    Sim::new(scenario.schedule(), client, server, seed, false)
        .run()
        .final_report_count()
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
    recalls_left: u32,
    run_id: String,
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
            recalls_left,
            run_id: harness::run_id(seed),
        };
        s.at(0, Ev::ToolCall { call: 0 });
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
        while let Some(Reverse(q)) = self.queue.pop() {
            events += 1;
            if events > MAX_EVENTS {
                break;
            }
            self.now = q.time;
            if let Some((kind, arrows)) = self.handle(q.ev) {
                let sql = self.db.take_log();
                let mut arrows = arrows;
                if !sql.is_empty() {
                    let committed = sql.iter().any(|s| s.outcome == SqlOutcome::Committed);
                    arrows.push(Arrow {
                        from: Lane::Server,
                        to: Lane::Database,
                        label: ArrowLabel::Sql {
                            statements: sql.len(),
                        },
                        lost: false,
                    });
                    arrows.push(Arrow {
                        from: Lane::Database,
                        to: Lane::Server,
                        label: ArrowLabel::SqlResult { committed },
                        lost: false,
                    });
                }
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
        }
    }

    fn handle(&mut self, ev: Ev) -> Option<(StepKind, Vec<Arrow>)> {
        match ev {
            Ev::ToolCall { call } => {
                let tool_use_id = harness::tool_use_id(&mut self.rng);
                self.calls.push(Call {
                    summary: CallSummary {
                        tool_use_id: tool_use_id.clone(),
                        attempts: 0,
                        last: None,
                        result: None,
                        give_up: None,
                    },
                    started: self.now,
                    waiting: None,
                    maybe_executed: false,
                    rendered_ms: self.now,
                });
                self.at(self.now, Ev::Send { call });
                Some((StepKind::ToolCall { call, tool_use_id }, vec![]))
            }
            Ev::Send { call } => Some(self.send(call)),
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

    fn send(&mut self, call: usize) -> (StepKind, Vec<Arrow>) {
        let id = self.requests.len();
        let fault = self.schedule.attempt(id);
        let c = &mut self.calls[call];
        c.summary.attempts += 1;
        if fault.rerender {
            c.rendered_ms = self.now;
        }
        let attempt = c.summary.attempts;
        let body = harness::body(&self.run_id, c.rendered_ms);
        let tool_use_id = c.summary.tool_use_id.clone();
        let deadline = c.started + CALL_DEADLINE_MS;
        c.waiting = Some(id);
        let key = harness::key_for_attempt(self.client, &self.run_id, &tool_use_id, &mut self.rng);
        let info = RequestInfo {
            id,
            call,
            attempt,
            method: "POST",
            path: "/reports",
            key,
            digest: harness::digest(&body),
            body: body.to_string(),
        };
        self.requests.push(info.clone());
        let timeout = ATTEMPT_TIMEOUT_MS.min(deadline.saturating_sub(self.now));
        self.at(self.now + timeout, Ev::Timeout { call, request: id });
        let lat = self.latency();
        match fault.request {
            Delivery::Lose => self.at(self.now + lat, Ev::RequestLost { request: id }),
            Delivery::Deliver => self.at(self.now + lat, Ev::Arrive { request: id }),
            Delivery::Delay(d) => self.at(self.now + lat + d, Ev::Arrive { request: id }),
        }
        (
            StepKind::Send { request: info },
            vec![arrow(
                Lane::Harness,
                Lane::Network,
                ArrowLabel::Request { request: id },
                false,
            )],
        )
    }

    fn arrive(&mut self, request: usize) -> (StepKind, Vec<Arrow>) {
        let into = arrow(
            Lane::Network,
            Lane::Server,
            ArrowLabel::Request { request },
            false,
        );
        if self.down {
            let lat = self.latency();
            self.at(self.now + lat, Ev::RefusedBack { request });
            return (
                StepKind::Refused { request },
                vec![arrow(
                    Lane::Network,
                    Lane::Server,
                    ArrowLabel::Refused,
                    true,
                )],
            );
        }
        let info = &self.requests[request];
        let body: serde_json::Value = serde_json::from_str(&info.body).expect("we wrote this JSON");
        let mut h = Handler {
            request,
            key: info.key.clone(),
            digest: info.digest.clone(),
            body,
            fault: self.schedule.attempt(request).server,
            fence: None,
        };
        let phase = self.server.arrive(&mut self.db, &mut h, self.now);
        self.after_phase(&mut h, phase, vec![into])
    }

    fn after_phase(
        &mut self,
        h: &mut Handler,
        phase: Phase,
        mut arrows: Vec<Arrow>,
    ) -> (StepKind, Vec<Arrow>) {
        let request = h.request;
        match phase {
            Phase::Work(decision) => {
                let stall = match h.fault {
                    super::faults::ServerFault::Stall(ms) => ms,
                    _ => 0,
                };
                let work = WORK_MS + self.rng.random_range(0..WORK_JITTER_MS) + stall;
                let until = self.now + work;
                let idx = self.handlers.len();
                self.handlers.push(h.clone());
                self.at(
                    until,
                    Ev::Finish {
                        handler: idx,
                        epoch: self.epoch,
                    },
                );
                let kind = StepKind::Server {
                    request,
                    decision,
                    works_until_ms: Some(until),
                    response: None,
                };
                (kind, arrows)
            }
            Phase::Respond(decision, response) => {
                let lat = self.latency();
                let status = response.status;
                match self.schedule.attempt(request).response {
                    Delivery::Lose => self.at(self.now + lat, Ev::ResponseLost { request, status }),
                    Delivery::Deliver => self.at(
                        self.now + lat,
                        Ev::Response {
                            response: response.clone(),
                        },
                    ),
                    Delivery::Delay(d) => self.at(
                        self.now + lat + d,
                        Ev::Response {
                            response: response.clone(),
                        },
                    ),
                }
                arrows.push(arrow(
                    Lane::Server,
                    Lane::Network,
                    ArrowLabel::Status { status },
                    false,
                ));
                let kind = StepKind::Server {
                    request,
                    decision,
                    works_until_ms: None,
                    response: Some(response),
                };
                (kind, arrows)
            }
            Phase::Crash => {
                // Every handler of this process dies with it; the database
                // keeps what was committed.
                self.epoch += 1;
                self.down = true;
                self.at(self.now + RESTART_MS, Ev::Restart);
                let kind = StepKind::Server {
                    request,
                    decision: Decision::Crashed,
                    works_until_ms: None,
                    response: None,
                };
                (kind, arrows)
            }
        }
    }

    fn response_arrives(&mut self, r: ResponseInfo) -> (StepKind, Vec<Arrow>) {
        let request = r.request;
        let back = arrow(
            Lane::Network,
            Lane::Harness,
            ArrowLabel::Status { status: r.status },
            false,
        );
        let call = self.requests[request].call;
        if self.calls[call].waiting != Some(request) {
            return (
                StepKind::Late {
                    request,
                    status: r.status,
                },
                vec![back],
            );
        }
        let outcome = AttemptOutcome::Status {
            status: r.status,
            replayed: r.replayed,
        };
        let next = if (200..300).contains(&r.status) {
            let id = serde_json::from_str::<serde_json::Value>(&r.body)
                .ok()
                .and_then(|v| v["id"].as_i64())
                .unwrap_or(0);
            let result = ToolResult::Created {
                report_id: id,
                replayed: r.replayed,
            };
            self.finish_call(call, outcome, result, None)
        } else {
            self.attempt_ended(call, outcome, r.retry_after_s)
        };
        (
            StepKind::Received {
                request,
                outcome,
                next,
            },
            vec![back],
        )
    }

    /// A failed attempt: decide whether and when to retry.
    fn attempt_ended(
        &mut self,
        call: usize,
        outcome: AttemptOutcome,
        retry_after_s: Option<u64>,
    ) -> Next {
        let c = &mut self.calls[call];
        c.waiting = None;
        let retryable = match outcome {
            AttemptOutcome::Timeout => {
                c.maybe_executed = true;
                true
            }
            AttemptOutcome::Refused => true,
            AttemptOutcome::Status { status, .. } => match status {
                409 | 500 | 502 | 504 => {
                    c.maybe_executed = true;
                    true
                }
                503 | 429 => true,
                _ => false,
            },
        };
        let unknown_or_not = if c.maybe_executed {
            ToolResult::Unknown
        } else {
            ToolResult::NotCreated
        };
        if !retryable {
            let result = match outcome {
                AttemptOutcome::Status { status: 422, .. } => ToolResult::Rejected,
                _ => unknown_or_not,
            };
            return self.finish_call(call, outcome, result, Some(GiveUp::NotRetryable));
        }
        if c.summary.attempts >= MAX_ATTEMPTS {
            return self.finish_call(
                call,
                outcome,
                unknown_or_not,
                Some(GiveUp::AttemptsExhausted),
            );
        }
        let remaining_ms = (c.started + CALL_DEADLINE_MS).saturating_sub(self.now);
        let retry = c.summary.attempts;
        c.summary.last = Some(outcome);
        let next = match retry_after_s {
            Some(s) if s * 1000 >= remaining_ms => {
                let give_up = GiveUp::RetryAfterTooLong {
                    retry_after_s: s,
                    remaining_ms,
                };
                return self.finish_call(call, outcome, unknown_or_not, Some(give_up));
            }
            Some(s) => Next::RetryAfter { wait_ms: s * 1000 },
            None => {
                let wait_ms = harness::backoff_ms(retry, &mut self.rng);
                if wait_ms >= remaining_ms {
                    return self.finish_call(
                        call,
                        outcome,
                        unknown_or_not,
                        Some(GiveUp::DeadlineExhausted),
                    );
                }
                Next::Backoff { wait_ms }
            }
        };
        let wait = match next {
            Next::Backoff { wait_ms } | Next::RetryAfter { wait_ms } => wait_ms,
            Next::Finish { .. } => 0,
        };
        self.at(self.now + wait, Ev::Send { call });
        next
    }

    fn finish_call(
        &mut self,
        call: usize,
        outcome: AttemptOutcome,
        result: ToolResult,
        give_up: Option<GiveUp>,
    ) -> Next {
        let c = &mut self.calls[call];
        c.waiting = None;
        c.summary.last = Some(outcome);
        c.summary.result = Some(result);
        c.summary.give_up = give_up;
        if result.is_error() && self.recalls_left > 0 {
            self.recalls_left -= 1;
            self.at(self.now + MODEL_THINK_MS, Ev::ToolCall { call: call + 1 });
        }
        Next::Finish { result, give_up }
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
