//! The discrete-event simulation of one run: harness (and model), network,
//! server and database. Events are ordered by `(time, seq)` in the shared
//! [`EventQueue`]; the run owns its seeded RNG, so a run is a pure function
//! of its inputs.

use crate::kernel::rng::{lab_rng, LabRng};
use rand::Rng;

mod client;
mod luck;
mod notify;
mod reconcile;
mod serving;

pub use crate::lab::model::result::{CallSummary, Cell, Run};

use crate::kernel::events::EventQueue;
use crate::lab::faults::{drip, Delivery, FaultSchedule, OnRequest, OnResponse};
use crate::lab::harness::Harness;
use crate::lab::mechanisms::Stmt;
use crate::lab::model::db::Db;
use crate::lab::model::design::Design;
use crate::lab::model::handler::{Handler, Outside, Phase, Server};
use crate::lab::model::harness;
use crate::lab::model::ids::Scenario;
use crate::lab::model::notifier::Notifier;
use crate::lab::model::result::{Notice, Write};
use crate::lab::model::times::*;
use crate::lab::model::trace::*;

#[derive(Clone, Debug)]
enum Ev {
    /// The model of `tenant`'s agent calls the tool to file report `task`
    /// (0 unless it files several at once); `twin_of` when the same call
    /// is submitted twice.
    ToolCall {
        twin_of: Option<usize>,
        tenant: usize,
        task: usize,
    },
    /// An attempt; `sdk` when it is the SDK's own retry inside the
    /// harness's attempt.
    Send {
        call: usize,
        resend: bool,
        sdk: bool,
    },
    Query {
        call: usize,
    },
    /// `unknown_reconcile`: the harness queries the operation's status.
    StatusQuery {
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
    /// `notify_before_commit`: the handler's work is done; it notifies first.
    NotifyFirst {
        handler: usize,
        epoch: u32,
    },
    NoteArrive {
        call: usize,
    },
    NoteAnswer {
        call: usize,
        outcome: NoticeOutcome,
    },
    NoteTimeout {
        call: usize,
    },
    RelayPoll,
    RelayBack,
    TlsFailed {
        request: usize,
    },
    /// The harness's connect timer for a connection never established.
    ConnectTimeout {
        request: usize,
    },
    /// A response's first bytes arrive; the rest trickles in.
    DripStart {
        response: ResponseInfo,
        every_ms: u64,
        total_ms: u64,
    },
    /// The tool call's total deadline.
    Deadline {
        call: usize,
        request: usize,
    },
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
    /// Whose agent made the call, and whether the model paraphrased the
    /// report's title in it (`rewrite_title`, on a re-call).
    tenant: usize,
    rewritten: bool,
    /// Which of the reports the model files at once this call is for.
    task: usize,
    /// Attempts of the harness's own loop (the SDK's retries inside them
    /// are not counted), and the SDK's retries in the current one.
    tries: u32,
    sdk_tries: u32,
    /// The harness's last wait (decorrelated jitter grows from it).
    prev_wait_ms: Option<u64>,
    /// The last answer was a quota 429 (read from its body).
    quota: bool,
    /// The deferral queue holds the call (`ra_defer`).
    deferred: bool,
    /// When the model called the tool (the answer's time counts from it).
    called_ms: u64,
    /// Status queries made (`unknown_reconcile`).
    queries: u32,
}

/// Runs a named scenario on a design (or a preset).
pub fn run(
    scenario: Scenario,
    harness: impl Into<Harness>,
    design: impl Into<Design>,
    seed: u64,
) -> Run {
    run_schedule(&scenario.schedule(), harness, design, seed)
}

/// Runs an arbitrary fault schedule (the property tests generate these).
pub fn run_schedule(
    schedule: &FaultSchedule,
    harness: impl Into<Harness>,
    design: impl Into<Design>,
    seed: u64,
) -> Run {
    Sim::new(schedule.clone(), harness.into(), design.into(), seed, true).run()
}

/// Runs without table snapshots (the matrix, the workbench's suite).
pub fn run_fast(
    schedule: &FaultSchedule,
    harness: impl Into<Harness>,
    design: impl Into<Design>,
    seed: u64,
) -> Run {
    Sim::new(schedule.clone(), harness.into(), design.into(), seed, false).run()
}

/// Runs and returns only the final report count (no table snapshots), for
/// the matrix.
pub fn final_count(
    scenario: Scenario,
    harness: impl Into<Harness>,
    design: impl Into<Design>,
    seed: u64,
) -> usize {
    cell(scenario, harness, design, seed).reports
}

/// Runs without table snapshots and returns the matrix cell.
pub fn cell(
    scenario: Scenario,
    harness: impl Into<Harness>,
    design: impl Into<Design>,
    seed: u64,
) -> Cell {
    run_fast(&scenario.schedule(), harness, design, seed).cell()
}

struct Sim {
    schedule: FaultSchedule,
    harness: Harness,
    server: Server,
    seed: u64,
    snapshots: bool,
    rng: LabRng,
    db: Db,
    queue: EventQueue<u64, Ev>,
    now: u64,
    steps: Vec<Step>,
    requests: Vec<RequestInfo>,
    calls: Vec<Call>,
    handlers: Vec<Handler>,
    writes: Vec<Write>,
    epoch: u32,
    down: bool,
    /// The harness process is dead (`restart_next_day`).
    harness_down: bool,
    recalls_left: u32,
    /// Retries spent by the whole run (both layers), against the harness's budget.
    retries_spent: u32,
    run_id: String,
    /// Version of the rendered body; a re-render fault bumps it. A model
    /// re-call passes the same arguments, so it renders the same body.
    render: u32,
    notifier: Notifier,
    note_calls: Vec<NoteCall>,
    /// The task of each call.
    note_task_of_call: Vec<usize>,
    note_tasks: Vec<notify::NoteTask>,
    notices: Vec<Notice>,
    relay: notify::Relay,
    /// Requests whose response is trickling in, with the earliest time their
    /// read timeout (idle time between bytes) may still fire.
    dripping: std::collections::HashMap<usize, u64>,
    /// The downstream, the tenant's permission and the approval.
    out: Outside,
}

impl Sim {
    fn new(
        schedule: FaultSchedule,
        harness: Harness,
        design: Design,
        seed: u64,
        snapshots: bool,
    ) -> Self {
        let recalls_left = schedule.model_recalls;
        let mut s = Self {
            schedule,
            harness,
            server: Server::new(design),
            seed,
            snapshots,
            rng: lab_rng(seed),
            db: Db::open(design.scopes_tenant()),
            queue: EventQueue::default(),
            now: 0,
            steps: Vec::new(),
            requests: Vec::new(),
            calls: Vec::new(),
            handlers: Vec::new(),
            writes: Vec::new(),
            epoch: 0,
            down: false,
            harness_down: false,
            recalls_left,
            retries_spent: 0,
            run_id: harness::run_id(seed),
            render: 1,
            notifier: Notifier::new(),
            note_calls: Vec::new(),
            note_task_of_call: Vec::new(),
            note_tasks: Vec::new(),
            notices: Vec::new(),
            relay: notify::Relay::default(),
            dripping: Default::default(),
            out: Outside::default(),
        };
        s.out = Outside::new(&s.schedule);
        let call = |twin_of, tenant, task| Ev::ToolCall {
            twin_of,
            tenant,
            task,
        };
        s.at(0, call(None, 0, 0));
        if s.schedule.double_submit {
            s.at(0, call(Some(0), 0, 0));
        }
        if let Some(at) = s.schedule.second_tenant {
            s.at(at, call(None, 1, 0));
        }
        for task in 1..s.schedule.tasks() {
            s.at(0, call(None, 0, task));
        }
        if s.schedule.restart_next_day {
            s.at(HARNESS_DIES_MS, Ev::HarnessDown);
            s.at(CLEANUP_AT_MS, Ev::Cleanup);
            s.at(HARNESS_BACK_MS, Ev::HarnessBack);
        }
        s
    }

    fn at(&mut self, time: u64, ev: Ev) {
        self.queue.push(time, ev);
    }

    fn latency(&mut self) -> u64 {
        LATENCY_MS + self.rng.random_range(0..LATENCY_JITTER_MS)
    }

    fn run(mut self) -> Run {
        let mut events = 0;
        let mut truncated = false;
        while let Some((time, ev)) = self.queue.pop() {
            events += 1;
            self.now = time;
            let handled = if events > MAX_EVENTS {
                truncated = true;
                self.queue.clear();
                Some((StepKind::Truncated, vec![]))
            } else {
                self.handle(ev)
            };
            if let Some((kind, arrows)) = handled {
                self.record_step(kind, arrows);
            }
        }
        let final_count = self.db.report_count();
        let effects = std::mem::take(&mut self.out.downstream).into_calls();
        let mut run = Run {
            harness: self.harness,
            design: self.server.design(),
            seed: self.seed,
            schedule: self.schedule,
            steps: self.steps,
            requests: self.requests,
            calls: self.calls.into_iter().map(|c| c.summary).collect(),
            final_count,
            writes: self.writes,
            note_calls: self.note_calls,
            notices: self.notices,
            lucky: false,
            truncated,
            effects,
        };
        run.lucky = luck::lucky(&run);
        run
    }

    fn record_step(&mut self, kind: StepKind, mut arrows: Vec<Arrow>) {
        let sql = self.db.take_log();
        add_sql_arrows(&mut arrows, &sql);
        let notifier_sql = self.notifier.take_log();
        let (reports, keys) = if self.snapshots {
            self.db.snapshot()
        } else {
            (Vec::new(), Vec::new())
        };
        let outbox_kept = self.snapshots && self.server.design().runs(Stmt::InsertOutbox);
        let outbox = if outbox_kept {
            self.db.outbox_rows()
        } else {
            Vec::new()
        };
        let notifications = if self.snapshots {
            self.notifier.rows()
        } else {
            Vec::new()
        };
        self.steps.push(Step {
            time_ms: self.now,
            kind,
            sql,
            arrows,
            reports,
            keys,
            notifier_sql,
            outbox,
            notifications,
        });
    }

    fn handle(&mut self, ev: Ev) -> Option<(StepKind, Vec<Arrow>)> {
        let harness_event = matches!(
            ev,
            Ev::ToolCall { .. } | Ev::Send { .. } | Ev::Query { .. } | Ev::StatusQuery { .. }
        );
        if harness_event && self.harness_down {
            return None;
        }
        match ev {
            Ev::ToolCall {
                twin_of,
                tenant,
                task,
            } => Some(self.tool_call(twin_of, tenant, task)),
            Ev::Send { call, resend, sdk } => Some(self.send(call, resend, sdk)),
            Ev::Query { call } => Some(self.query(call)),
            Ev::StatusQuery { call } => Some(self.status_query(call)),
            Ev::HarnessDown => Some(self.harness_dies()),
            Ev::Cleanup => {
                let pruned =
                    crate::lab::model::cleanup_and_lookup::prune_keys(&mut self.db, self.now);
                Some((StepKind::Cleanup { pruned }, vec![]))
            }
            Ev::HarnessBack => Some(self.harness_back()),
            Ev::RequestLost { request } => Some(lost_on_the_way(
                StepKind::RequestLost { request },
                Lane::Server,
                ArrowLabel::Request { request },
            )),
            Ev::Arrive { request } => Some(self.arrive(request)),
            Ev::Finish { handler, epoch } => self.finish(handler, epoch),
            Ev::Response { response } => Some(self.response_arrives(response)),
            Ev::ResponseLost { request, status } => Some(lost_on_the_way(
                StepKind::ResponseLost { request, status },
                Lane::Harness,
                ArrowLabel::Status { status },
            )),
            Ev::RefusedBack { request } => self.connect_failed(request, AttemptOutcome::Refused),
            Ev::Timeout { call, request } => self.timeout(call, request),
            Ev::Restart => {
                self.down = false;
                Some((StepKind::Restart, vec![]))
            }
            Ev::NotifyFirst { handler, epoch } => self.notify_first(handler, epoch),
            Ev::NoteArrive { call } => Some(self.note_arrive(call)),
            Ev::NoteAnswer { call, outcome } => self.note_answer(call, outcome),
            Ev::NoteTimeout { call } => self.note_timeout(call),
            Ev::RelayPoll => self.relay_poll(),
            Ev::RelayBack => Some(self.relay_back()),
            Ev::TlsFailed { request } => self.connect_failed(request, AttemptOutcome::TlsFailed),
            Ev::ConnectTimeout { request } => {
                self.connect_failed(request, AttemptOutcome::ConnectTimeout)
            }
            Ev::DripStart {
                response,
                every_ms,
                total_ms,
            } => Some(self.drip_starts(response, every_ms, total_ms)),
            Ev::Deadline { call, request } => self.deadline(call, request),
        }
    }

    fn tool_call(
        &mut self,
        twin_of: Option<usize>,
        tenant: usize,
        task: usize,
    ) -> (StepKind, Vec<Arrow>) {
        let call = self.calls.len();
        let earlier = self.calls.iter().filter(|c| c.tenant == tenant).count();
        let recall = self
            .calls
            .iter()
            .any(|c| c.tenant == tenant && c.task == task);
        let tool_use_id = match twin_of {
            Some(t) => self.calls[t].summary.tool_use_id.clone(),
            // Two tenants' harnesses number their tool calls per tenant.
            None if self.schedule.second_tenant.is_some() => {
                harness::counted_tool_use_id(earlier + 1)
            }
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
                tenant,
                answered_ms: None,
                task,
                status_ref: None,
            },
            started: self.now,
            waiting: None,
            maybe_executed: false,
            first_key: None,
            key_covers: true,
            budget_base: 0,
            tries: 0,
            sdk_tries: 0,
            prev_wait_ms: None,
            quota: false,
            deferred: false,
            called_ms: self.now,
            queries: 0,
            tenant,
            task,
            // A twin is the same call submitted twice, not a re-call.
            rewritten: self.schedule.rewrite_title && recall && twin_of.is_none(),
        });
        let send = Ev::Send {
            call,
            resend: false,
            sdk: false,
        };
        self.at(self.now, send);
        (StepKind::ToolCall { call, tool_use_id }, vec![])
    }

    fn harness_dies(&mut self) -> (StepKind, Vec<Arrow>) {
        self.harness_down = true;
        for c in &mut self.calls {
            c.waiting = None;
        }
        (StepKind::HarnessDown, vec![])
    }

    /// The connection of `request` failed before anything was sent: refused
    /// (`Refused`), its TLS handshake failed verification (`TlsFailed`), or
    /// it was never established (`ConnectTimeout`: nothing comes back, the
    /// harness's own timer ends it, so no arrow).
    fn connect_failed(
        &mut self,
        request: usize,
        outcome: AttemptOutcome,
    ) -> Option<(StepKind, Vec<Arrow>)> {
        let call = self.requests[request].call;
        if self.calls[call].waiting != Some(request) {
            return None;
        }
        let label = match outcome {
            AttemptOutcome::TlsFailed => Some(ArrowLabel::TlsFailed),
            AttemptOutcome::ConnectTimeout => None,
            _ => Some(ArrowLabel::Refused),
        };
        let next = self.attempt_ended(call, outcome, None);
        let back = label.map(|l| arrow(Lane::Network, Lane::Harness, l, false));
        let kind = StepKind::Received {
            request,
            outcome,
            next,
        };
        Some((kind, back.into_iter().collect()))
    }

    fn timeout(&mut self, call: usize, request: usize) -> Option<(StepKind, Vec<Arrow>)> {
        if self.calls[call].waiting != Some(request) {
            return None;
        }
        // Bytes kept arriving: the idle timer restarted at each of them.
        if self.dripping.get(&request).is_some_and(|t| self.now < *t) {
            return None;
        }
        let next = self.attempt_ended(call, AttemptOutcome::Timeout, None);
        Some((StepKind::Timeout { request, next }, vec![]))
    }
}

/// A message the network lost: a dashed arrow ending at `to`.
fn lost_on_the_way(kind: StepKind, to: Lane, label: ArrowLabel) -> (StepKind, Vec<Arrow>) {
    (kind, vec![arrow(Lane::Network, to, label, true)])
}

fn arrow(from: Lane, to: Lane, label: ArrowLabel, lost: bool) -> Arrow {
    Arrow {
        from,
        to,
        label,
        lost,
    }
}

/// The SQL of a step as two arrows (statements down, result back), placed
/// after the request reached the server and before the server answers.
fn add_sql_arrows(arrows: &mut Vec<Arrow>, sql: &[SqlExec]) {
    if sql.is_empty() {
        return;
    }
    let committed = sql.iter().any(|s| s.outcome == SqlOutcome::Committed);
    let at = arrows
        .iter()
        .position(|a| a.to == Lane::Server)
        .map_or(0, |i| i + 1);
    let statements = sql.len();
    let pair = [
        arrow(
            Lane::Server,
            Lane::Database,
            ArrowLabel::Sql { statements },
            false,
        ),
        arrow(
            Lane::Database,
            Lane::Server,
            ArrowLabel::SqlResult { committed },
            false,
        ),
    ];
    arrows.splice(at..at, pair);
}
