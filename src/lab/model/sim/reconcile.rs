//! The harness's side of 003's recovery protocol (`unknown_reconcile`): an
//! answer that names the outcome unknown and gives a `status_ref` is
//! followed by `query_operation_status`, never by a resend of the write;
//! the model hears what the query proves. A 403 ends the call with its
//! own text.

use super::*;
use crate::lab::harness::UnknownChoice;
use crate::lab::model::handler::{StatusQuery, APPROVAL_EXPIRED, PERMISSION_REVOKED};

/// What an error answer's body says about recovery.
struct Recovery {
    /// `state`: `unknown`, `in_progress` or `not_started`.
    state: Option<String>,
    status_ref: Option<String>,
    /// A 403's error type.
    forbidden: Option<String>,
}

fn recovery_of(body: &str) -> Recovery {
    let v = serde_json::from_str::<serde_json::Value>(body).unwrap_or_default();
    let text = |v: &serde_json::Value| v.as_str().map(str::to_string);
    Recovery {
        state: text(&v["state"]),
        status_ref: text(&v["status_ref"]),
        forbidden: text(&v["error"]["type"]),
    }
}

impl Sim {
    fn reconciles(&self) -> bool {
        self.harness.unknown == UnknownChoice::Reconcile
    }

    /// The deadline request `call` carries when the harness sends one: the
    /// attempt's own, within the call's total deadline.
    pub(super) fn carried_deadline(&self, call: usize) -> Option<u64> {
        let read_ms = u64::from(self.harness.read_timeout_ms);
        let timer_ms = self.remaining_ms(call).map_or(read_ms, |r| read_ms.min(r));
        self.reconciles().then_some(self.now + timer_ms)
    }

    /// An error answer's recovery facts: the `status_ref` is kept, a 403
    /// ends the call with its text, and (`unknown_reconcile`) an uncertain
    /// outcome is queried. `None`: the harness's usual loop decides.
    pub(super) fn recover(
        &mut self,
        call: usize,
        outcome: AttemptOutcome,
        body: &str,
    ) -> Option<Next> {
        let r = recovery_of(body);
        if let Some(sr) = &r.status_ref {
            self.calls[call].summary.status_ref = Some(sr.clone());
        }
        match r.forbidden.as_deref() {
            Some(PERMISSION_REVOKED) => {
                return Some(self.finish_call(
                    call,
                    outcome,
                    ToolResult::Denied,
                    Some(GiveUp::NotRetryable),
                ));
            }
            Some(APPROVAL_EXPIRED) => {
                let result = match self.calls[call].maybe_executed {
                    true => ToolResult::Unknown,
                    false => ToolResult::ApprovalExpired,
                };
                return Some(self.finish_call(call, outcome, result, Some(GiveUp::NotRetryable)));
            }
            _ => {}
        }
        // Still in progress is not unknown: the usual loop waits for it.
        let uncertain = r.state.as_deref() == Some("unknown");
        if !(self.reconciles() && uncertain && r.status_ref.is_some()) {
            return None;
        }
        self.calls[call].maybe_executed = true;
        Some(self.query_later(call, outcome))
    }

    /// `unknown_reconcile`: before the model is told «结果未知», a call
    /// that holds a `status_ref` (a claim still in progress when its
    /// attempts ran out) queries once more.
    pub(super) fn query_before_unknown(
        &mut self,
        call: usize,
        outcome: AttemptOutcome,
        result: ToolResult,
        give_up: Option<GiveUp>,
    ) -> Option<Next> {
        let c = &self.calls[call];
        let asks = self.reconciles()
            && result == ToolResult::Unknown
            && c.summary.status_ref.is_some()
            && c.queries == 0
            && give_up != Some(GiveUp::StillUnknown);
        asks.then(|| self.query_later(call, outcome))
    }

    /// The next status query, after a wait that doubles with each one; the
    /// model hears «结果未知» (with the `status_ref`) once the queries or
    /// the deadline run out.
    fn query_later(&mut self, call: usize, outcome: AttemptOutcome) -> Next {
        let remaining_ms = self.remaining_ms(call);
        let c = &mut self.calls[call];
        c.waiting = None;
        c.summary.last = Some(outcome);
        let wait_ms = STATUS_QUERY_WAIT_MS << c.queries.min(8);
        let late = remaining_ms.is_some_and(|r| wait_ms >= r);
        if c.queries >= MAX_STATUS_QUERIES || late {
            let give_up = Some(GiveUp::StillUnknown);
            return self.finish_call(call, outcome, ToolResult::Unknown, give_up);
        }
        self.at(self.now + wait_ms, Ev::StatusQuery { call });
        Next::Reconcile { wait_ms }
    }

    /// `query_operation_status(status_ref, expected_request_sha256)`, and
    /// what the harness does with its answer.
    pub(super) fn status_query(&mut self, call: usize) -> (StepKind, Vec<Arrow>) {
        let c = &self.calls[call];
        let status_ref = c.summary.status_ref.clone().unwrap_or_default();
        let last = c.summary.last.unwrap_or(AttemptOutcome::Timeout);
        let sent = self.requests.iter().rev().find(|r| r.call == call).cloned();
        let sent = sent.expect("a call with a status_ref sent a request");
        let body = serde_json::from_str(&sent.body).expect("we wrote this JSON");
        let q = StatusQuery {
            tenant: sent.tenant,
            status_ref: &status_ref,
            expected_digest: &sent.digest,
            body: &body,
        };
        let answer = self
            .server
            .query_status(&mut self.db, &mut self.out, &q, self.now);
        self.calls[call].queries += 1;
        let mut notified = None;
        if let StatusAnswer::Succeeded {
            report_id,
            receipt: Some(_),
        } = answer
        {
            notified = self.backfilled(sent.id, report_id);
        }
        let next = match &answer {
            StatusAnswer::Succeeded { report_id, .. } => {
                let result = ToolResult::Reconciled {
                    report_id: *report_id,
                };
                self.finish_call(call, last, result, None)
            }
            StatusAnswer::Unknown => self.query_later(call, last),
            StatusAnswer::NotStarted => self.resend_unstarted(call, last),
            StatusAnswer::Failed => self.finish_call(call, last, ToolResult::NotCreated, None),
            StatusAnswer::Conflict | StatusAnswer::NoEvidence => {
                self.finish_call(call, last, ToolResult::HumanReview, None)
            }
            StatusAnswer::Denied => self.finish_call(call, last, ToolResult::Denied, None),
        };
        let asked = arrow(Lane::Harness, Lane::Server, ArrowLabel::StatusQuery, false);
        let told = ArrowLabel::StatusResult {
            answer: answer.clone(),
        };
        let mut arrows = vec![asked];
        arrows.extend(notified);
        arrows.push(arrow(Lane::Server, Lane::Harness, told, false));
        let kind = StepKind::StatusQuery {
            call,
            status_ref,
            answer,
            next,
        };
        (kind, arrows)
    }

    /// TIMEOUT_BEFORE_EXECUTE, proven: the write is resent (same key) if
    /// attempts and the total deadline are left; else nothing was done.
    fn resend_unstarted(&mut self, call: usize, last: AttemptOutcome) -> Next {
        let time = self.remaining_ms(call).is_none_or(|r| r > 0);
        let c = &mut self.calls[call];
        c.maybe_executed = false;
        let left = c.tries - c.budget_base < self.harness.attempts;
        if !(left && time) {
            return self.finish_call(
                call,
                last,
                ToolResult::NotCreated,
                Some(GiveUp::AttemptsExhausted),
            );
        }
        let send = Ev::Send {
            call,
            resend: false,
            sdk: false,
        };
        self.at(self.now, send);
        Next::Resend
    }
}

impl Sim {
    /// A status query backfilled report `report_id` for `request`'s key:
    /// it is written like any committed report, and notified like one
    /// (the outbox's relay wakes for the row written with it; without an
    /// outbox the service notifies after that commit). The arrow, if any,
    /// joins the step's.
    fn backfilled(&mut self, request: usize, report_id: i64) -> Option<Arrow> {
        self.writes.push(Write {
            request,
            step: self.steps.len(),
            holder: crate::lab::model::result::Holder::Unclaimed,
            outcome: crate::lab::model::result::WriteOutcome::Committed {
                report_id,
                stale: false,
            },
        });
        let design = self.server.design();
        if design.runs(crate::lab::mechanisms::Stmt::InsertOutbox) {
            self.wake_relay(self.now + RELAY_POLL_MS);
            return None;
        }
        let q = &self.requests[request];
        let body = serde_json::from_str(&q.body).expect("we wrote this JSON");
        let mut h = Handler::new(
            request,
            q.key.clone(),
            q.digest.clone(),
            body,
            Default::default(),
        );
        (h.tenant, h.report, h.committed) = (q.tenant, Some(report_id), true);
        let task = self.handler_task(&h, false);
        Some(self.send_note(task))
    }
}
