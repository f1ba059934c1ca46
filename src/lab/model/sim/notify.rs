//! The service's calls to the notifier: a handler's own call (right after
//! its commit, or with `notify_before_commit` before its transaction), and
//! the outbox relay, a process of its own that delivers pending rows and
//! marks them sent. Every call takes fixed times (no draw from the run's
//! RNG), may be lost or answered late as the schedule says, and is retried
//! after a timeout: a handler a few times, the relay until the notifier
//! answers.

use super::*;
use crate::lab::mechanisms::Stmt;
use crate::lab::model::sql::{RELAY_MARK_SENT, RELAY_PENDING};

/// One notification the service is trying to get through.
#[derive(Clone, Debug)]
pub(super) struct NoteTask {
    sender: NoteSender,
    report_id: Option<i64>,
    key: Option<String>,
    fence: Option<i64>,
    title: String,
    attempts: u32,
    /// The process (handler) or relay incarnation that sends it.
    epoch: u32,
    /// The call it waits for an answer to.
    waiting: Option<usize>,
    /// `notify_before_commit`: the handler whose `finish` runs after it.
    then_finish: Option<usize>,
}

/// The relay's state.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Relay {
    down: bool,
    epoch: u32,
    /// A row is being delivered.
    busy: bool,
    poll_scheduled: bool,
}

impl Sim {
    fn task_of(&self, call: usize) -> usize {
        self.note_task_of_call[call]
    }

    /// The sender of `task` is still alive (its process or relay incarnation).
    fn sender_alive(&self, task: usize) -> bool {
        let t = &self.note_tasks[task];
        match t.sender {
            NoteSender::Relay { .. } => !self.relay.down && self.relay.epoch == t.epoch,
            NoteSender::Handler { .. } => self.epoch == t.epoch,
        }
    }

    /// Sends the next call of `task`; the arrow of the step that sends it.
    pub(super) fn send_note(&mut self, task: usize) -> Arrow {
        let id = self.note_calls.len();
        let design = self.server.design();
        let fault = self.schedule.notify_call(id);
        let t = &mut self.note_tasks[task];
        t.attempts += 1;
        t.waiting = Some(id);
        let dedupe = t
            .report_id
            .map(|r| format!("report:{r}"))
            .or_else(|| t.key.clone());
        let scope = t
            .key
            .clone()
            .or_else(|| t.report_id.map(|r| format!("report:{r}")));
        let carried = design.notify(dedupe, scope.zip(t.fence));
        let call = NoteCall {
            id,
            sender: t.sender,
            attempt: t.attempts,
            report_id: t.report_id,
            dedupe_key: carried.dedupe_key,
            fence: carried.fence,
            title: t.title.clone(),
            call_lost: matches!(fault.request, Delivery::Lose | Delivery::Refuse),
            answer_lost: matches!(fault.response, Delivery::Lose | Delivery::Refuse),
        };
        let lost = call.call_lost;
        self.note_calls.push(call);
        self.note_task_of_call.push(task);
        if !lost {
            self.note_delivered(fault.request, Ev::NoteArrive { call: id });
        }
        self.at(self.now + NOTIFY_TIMEOUT_MS, Ev::NoteTimeout { call: id });
        arrow(
            Lane::Server,
            Lane::Notifier,
            ArrowLabel::Notify { call: id },
            lost,
        )
    }

    /// A handler's notification about its request (and report, if committed).
    pub(super) fn handler_task(&mut self, h: &Handler, before_commit: bool) -> usize {
        let sender = NoteSender::Handler {
            request: h.request,
            before_commit,
        };
        let title = h.body["title"].as_str().unwrap_or_default().to_string();
        let report = h.report.filter(|_| h.committed);
        // The key the notifier dedupes (and fences) by lives in the same
        // namespace as the service's key record.
        let design = self.server.design();
        let key = design
            .scope_key(h.tenant, h.key.as_deref(), None)
            .downstream;
        self.new_task(sender, report, key, h.fence, title)
    }

    fn new_task(
        &mut self,
        sender: NoteSender,
        report_id: Option<i64>,
        key: Option<String>,
        fence: Option<i64>,
        title: String,
    ) -> usize {
        let epoch = match sender {
            NoteSender::Relay { .. } => self.relay.epoch,
            NoteSender::Handler { .. } => self.epoch,
        };
        self.note_tasks.push(NoteTask {
            sender,
            report_id,
            key,
            fence,
            title,
            attempts: 0,
            epoch,
            waiting: None,
            then_finish: None,
        });
        self.note_tasks.len() - 1
    }

    /// After a handler's phase: the default placement notifies right after
    /// the commit; `outbox` wakes the relay instead. The arrow, if any, joins
    /// the step's arrows.
    pub(super) fn after_commit(&mut self, h: &Handler, phase: &Phase) -> Option<Arrow> {
        let design = self.server.design();
        if !h.committed {
            return None;
        }
        if design.runs(Stmt::InsertOutbox) {
            self.wake_relay(self.now + RELAY_POLL_MS);
            return None;
        }
        if design.notifies_before_commit() || matches!(phase, Phase::Crash) {
            return None;
        }
        let task = self.handler_task(h, false);
        Some(self.send_note(task))
    }

    /// `notify_before_commit`: the handler's work is done; it notifies, and
    /// its transaction runs once the notifier answered (or it gave up).
    pub(super) fn notify_first(
        &mut self,
        handler: usize,
        epoch: u32,
    ) -> Option<(StepKind, Vec<Arrow>)> {
        if epoch != self.epoch {
            return None;
        }
        let h = self.handlers[handler].clone();
        let task = self.handler_task(&h, true);
        self.note_tasks[task].then_finish = Some(handler);
        let a = self.send_note(task);
        let call = self.note_calls.len() - 1;
        Some((note_step(NoteEvent::Sent { call }), vec![a]))
    }

    /// `ev` once a message between the service and the notifier, sent now,
    /// arrives: after the latency, plus `d`'s delay.
    fn note_delivered(&mut self, d: Delivery, ev: Ev) {
        let delay = match d {
            Delivery::Delay(ms) => ms,
            _ => 0,
        };
        self.at(self.now + NOTIFY_LATENCY_MS + delay, ev);
    }

    /// A call reaches the notifier.
    pub(super) fn note_arrive(&mut self, call: usize) -> (StepKind, Vec<Arrow>) {
        let outcome = self.notifier.receive(&self.note_calls[call], self.now);
        self.notices.push(Notice {
            call,
            step: self.steps.len(),
            outcome,
        });
        let fault = self.schedule.notify_call(call);
        let lost = self.note_calls[call].answer_lost;
        if !lost {
            self.note_delivered(fault.response, Ev::NoteAnswer { call, outcome });
        }
        let back = arrow(
            Lane::Notifier,
            Lane::Server,
            ArrowLabel::NotifyAnswer { call, outcome },
            lost,
        );
        (note_step(NoteEvent::Handled { call, outcome }), vec![back])
    }

    /// The notifier's answer reaches its sender.
    pub(super) fn note_answer(
        &mut self,
        call: usize,
        outcome: NoticeOutcome,
    ) -> Option<(StepKind, Vec<Arrow>)> {
        let task = self.task_of(call);
        if self.note_tasks[task].waiting != Some(call) || !self.sender_alive(task) {
            return None;
        }
        self.note_tasks[task].waiting = None;
        match self.note_tasks[task].sender {
            NoteSender::Relay { outbox_id } => {
                Some(self.relay_done(call, outbox_id, Some(outcome)))
            }
            NoteSender::Handler { .. } => {
                self.then_finish(task);
                None
            }
        }
    }

    /// `notify_before_commit`: the handler goes on to its transaction.
    fn then_finish(&mut self, task: usize) {
        if let Some(handler) = self.note_tasks[task].then_finish.take() {
            let epoch = self.note_tasks[task].epoch;
            self.at(self.now, Ev::Finish { handler, epoch });
        }
    }

    /// No answer in time: call again, or (a handler, out of calls) give up.
    pub(super) fn note_timeout(&mut self, call: usize) -> Option<(StepKind, Vec<Arrow>)> {
        let task = self.task_of(call);
        if self.note_tasks[task].waiting != Some(call) || !self.sender_alive(task) {
            return None;
        }
        let t = &self.note_tasks[task];
        if let NoteSender::Relay { outbox_id } = t.sender {
            if self.schedule.notify_call(call).relay_dies {
                return Some(self.relay_done(call, outbox_id, None));
            }
        } else if t.attempts >= NOTIFY_ATTEMPTS {
            self.note_tasks[task].waiting = None;
            self.then_finish(task);
            return Some((note_step(NoteEvent::TimedOut { call, retry: None }), vec![]));
        }
        let a = self.send_note(task);
        let retry = Some(self.note_calls.len() - 1);
        Some((note_step(NoteEvent::TimedOut { call, retry }), vec![a]))
    }
}

fn note_step(event: NoteEvent) -> StepKind {
    StepKind::Note { event }
}

impl Sim {
    /// The relay will poll at `at`, unless it is down (it polls when back),
    /// busy (it polls when done) or already due.
    pub(super) fn wake_relay(&mut self, at: u64) {
        let r = self.relay;
        if !(r.down || r.busy || r.poll_scheduled) {
            self.relay.poll_scheduled = true;
            self.at(at, Ev::RelayPoll);
        }
    }

    /// The relay reads the oldest pending row and delivers it.
    pub(super) fn relay_poll(&mut self) -> Option<(StepKind, Vec<Arrow>)> {
        self.relay.poll_scheduled = false;
        if self.relay.down || self.relay.busy {
            return None;
        }
        Some(self.relay_next())
    }

    fn relay_next(&mut self) -> (StepKind, Vec<Arrow>) {
        let Some(row) = self.db.row(RELAY_PENDING, &[]) else {
            return (StepKind::RelayIdle, vec![]);
        };
        use rusqlite::types::Value;
        let int = |i: usize| match row[i] {
            Value::Integer(v) => Some(v),
            _ => None,
        };
        let title = match &row[3] {
            Value::Text(t) => t.clone(),
            _ => String::new(),
        };
        let (outbox_id, report_id, fence) = (int(0).unwrap_or(0), int(1), int(2));
        let sender = NoteSender::Relay { outbox_id };
        let task = self.new_task(sender, report_id, None, fence, title);
        self.relay.busy = true;
        let a = self.send_note(task);
        let call = self.note_calls.len() - 1;
        (note_step(NoteEvent::Sent { call }), vec![a])
    }

    /// The relay's call ended: answered (it marks the row sent and goes
    /// on), or it dies first as the schedule says.
    fn relay_done(
        &mut self,
        call: usize,
        outbox_id: i64,
        outcome: Option<NoticeOutcome>,
    ) -> (StepKind, Vec<Arrow>) {
        self.relay.busy = false;
        let task = self.task_of(call);
        self.note_tasks[task].waiting = None;
        if self.schedule.notify_call(call).relay_dies {
            self.relay.down = true;
            self.relay.epoch += 1;
            self.at(self.now + RELAY_RESTART_MS, Ev::RelayBack);
            return (StepKind::RelayDown, vec![]);
        }
        let sent = [
            rusqlite::types::Value::Integer(self.now as i64),
            rusqlite::types::Value::Integer(outbox_id),
        ];
        self.db.exec(RELAY_MARK_SENT, &sent).expect("update runs");
        let outcome = outcome.expect("an answered call has an outcome");
        // The next pending row, if any, goes out in this step.
        let (_, arrows) = self.relay_next();
        (note_step(NoteEvent::Answered { call, outcome }), arrows)
    }

    /// The relay is back: it polls the outbox.
    pub(super) fn relay_back(&mut self) -> (StepKind, Vec<Arrow>) {
        self.relay.down = false;
        self.wake_relay(self.now);
        (StepKind::RelayBack, vec![])
    }
}
