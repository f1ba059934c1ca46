//! The harness side of the simulation: sending attempts, reading answers,
//! deciding whether and when to retry, and the tool result for the model.

use super::*;
use crate::lab::harness::{policy, retry_after, Class, RetryAfterChoice, UnknownChoice};

impl Call {
    /// What the model hears if the call ends now: unknown if some attempt
    /// may have run, else «not created».
    fn unknown_or_not(&self) -> ToolResult {
        match self.maybe_executed {
            true => ToolResult::Unknown,
            false => ToolResult::NotCreated,
        }
    }
}

impl Sim {
    pub(super) fn send(&mut self, call: usize, resend: bool, sdk: bool) -> (StepKind, Vec<Arrow>) {
        let id = self.requests.len();
        let fault = self.schedule.attempt(id);
        if fault.rerender && !resend {
            self.render += 1;
        }
        // A resend from the durable queue, and the SDK's own retry, are the
        // stored request, key and all.
        let previous = (resend || sdk)
            .then(|| self.requests.iter().rev().find(|r| r.call == call).cloned())
            .flatten();
        let c = &mut self.calls[call];
        c.summary.attempts += 1;
        c.tries += u32::from(!sdk);
        let attempt = c.summary.attempts;
        let tool_use_id = c.summary.tool_use_id.clone();
        let (tenant, task) = (c.tenant, c.task);
        let (module, title) = harness::report_of(tenant, c.rewritten);
        let title = harness::task_title(title, task);
        let report = (module, title.as_ref());
        c.waiting = Some(id);
        let (key, body, digest) = match previous {
            Some(p) => (p.key, p.body, p.digest),
            None => {
                let key = harness::key_for_report(
                    self.harness.key,
                    &self.run_id,
                    &tool_use_id,
                    report,
                    &mut self.rng,
                );
                let mut body = harness::report_body(&self.run_id, self.render, report);
                if self.schedule.malformed {
                    body = harness::with_malformed_field(body);
                }
                let digest = harness::digest(&body);
                (key, body.to_string(), digest)
            }
        };
        let c = &mut self.calls[call];
        match (&c.first_key, &key) {
            (None, _) if attempt == 1 => c.first_key = key.clone(),
            (k, new) if k != new => c.key_covers = false,
            _ => {}
        }
        let info = RequestInfo {
            id,
            call,
            attempt,
            method: "POST".into(),
            path: "/reports".into(),
            key,
            digest,
            body,
            tenant,
            deadline_ms: self.carried_deadline(call),
        };
        self.approve(&info);
        self.requests.push(info.clone());
        self.dispatch(call, id, fault.request.on_request());
        let out = arrow(
            Lane::Harness,
            Lane::Network,
            ArrowLabel::Request { request: id },
            false,
        );
        (StepKind::Send { request: info }, vec![out])
    }

    /// The human approved the action the tool call asks for, in every
    /// rendering of its arguments the harness sends (as the service
    /// computes the digest the approval binds).
    fn approve(&mut self, info: &RequestInfo) {
        let design = self.server.design();
        let scope = design.scope_key(info.tenant, None, Some(info.digest.clone()));
        self.out.approve(scope.digest.unwrap_or_default());
    }

    /// The harness's timer for request `id` of `call`, and what the
    /// network does with it. A connection never established ends at the
    /// connect timeout (requests' single `timeout`, the read timeout,
    /// covers connecting when the harness sets none); any other at the
    /// read timeout; either sooner if the call's deadline is nearer.
    fn dispatch(&mut self, call: usize, id: usize, fate: OnRequest) {
        let read_ms = u64::from(self.harness.read_timeout_ms);
        let (timer, timer_ms) = match fate {
            OnRequest::NeverConnects => (
                Ev::ConnectTimeout { request: id },
                self.harness.connect_timeout_ms.map_or(read_ms, u64::from),
            ),
            _ => (Ev::Timeout { call, request: id }, read_ms),
        };
        let timer_ms = self
            .remaining_ms(call)
            .map_or(timer_ms, |r| timer_ms.min(r));
        self.at(self.now + timer_ms, timer);
        let (extra_ms, ev) = match fate {
            OnRequest::Arrives { extra_ms } => (extra_ms, Ev::Arrive { request: id }),
            OnRequest::Lost => (0, Ev::RequestLost { request: id }),
            OnRequest::Refused => (0, Ev::RefusedBack { request: id }),
            OnRequest::TlsFailed => (0, Ev::TlsFailed { request: id }),
            // Nothing leaves the harness: only its connect timer fires.
            OnRequest::NeverConnects => return,
        };
        let lat = self.latency();
        self.at(self.now + lat + extra_ms, ev);
    }

    pub(super) fn response_arrives(&mut self, r: ResponseInfo) -> (StepKind, Vec<Arrow>) {
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
        } else if let Some(next) = self.recover(call, outcome, &r.body) {
            next
        } else {
            // 000: «额度类 429 直接终止», whatever its Retry-After says; the
            // harness reads the kind from the body.
            self.calls[call].quota =
                r.status == 429 && crate::lab::model::handler::is_quota_body(&r.body);
            let retry_after_s = match &r.retry_after_raw {
                Some(raw) => retry_after::wait_s(raw, self.now),
                None => r.retry_after_s,
            };
            self.attempt_ended(call, outcome, retry_after_s)
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

    /// Whether an attempt outcome may mean the server did the work, and
    /// whether this harness's own loop may retry it at all (before the
    /// count, the budget and the deadline). 503 and 429 are answered
    /// before any work: the server states that nothing was done.
    fn classify(&self, outcome: AttemptOutcome, class: Option<Class>) -> (bool, Retry) {
        let maybe = match outcome {
            AttemptOutcome::Timeout | AttemptOutcome::DeadlineFired => true,
            AttemptOutcome::Status { status, replayed } => {
                !replayed && matches!(status, 409 | 500 | 502 | 504)
            }
            _ => false,
        };
        let retry = match (outcome, class) {
            (AttemptOutcome::DeadlineFired, _) => Retry::No(GiveUp::DeadlineFired),
            (_, None) => Retry::No(GiveUp::StoredError),
            (_, Some(c)) if self.harness.retries(c) => Retry::Yes,
            // `001_*.txt`'s first branch: stop, never retry.
            (_, Some(Class::Tls)) => Retry::No(GiveUp::TlsVerification),
            // A 429 without `Retry-After`, to a harness that never retries a 429.
            (AttemptOutcome::Status { status: 429, .. }, Some(Class::Other4xx))
                if !self.harness.retries(Class::Limited429) =>
            {
                Retry::No(GiveUp::Careful)
            }
            (_, Some(Class::Other4xx | Class::Quota429)) => Retry::No(GiveUp::NotRetryable),
            // The harness leaves out a class the chapter allows (`careful`).
            (_, Some(_)) => Retry::No(GiveUp::Careful),
        };
        (maybe, retry)
    }

    /// A failed attempt: the SDK inside the harness retries first, then the
    /// harness decides whether and when to retry. `retry_after_s`: the
    /// server's `Retry-After` as the harness could read it.
    pub(super) fn attempt_ended(
        &mut self,
        call: usize,
        outcome: AttemptOutcome,
        retry_after_s: Option<u64>,
    ) -> Next {
        let quota = std::mem::take(&mut self.calls[call].quota);
        let class = policy::class(outcome, quota, retry_after_s.is_some());
        let (maybe, retry) = self.classify(outcome, class);
        let c = &mut self.calls[call];
        c.waiting = None;
        c.maybe_executed |= maybe;
        let unknown_or_not = c.unknown_or_not();
        if let Some(next) = self.sdk_retry(call, outcome, retry_after_s) {
            return next;
        }
        let c = &mut self.calls[call];
        if let Retry::No(give_up) = retry {
            let result = match (outcome, give_up) {
                // A replayed stored 500 is the server's earlier failure,
                // which proves nothing about side effects (003: «不能据此断言
                // "没有发生副作用"»): the outcome stays unknown.
                // 422 after an attempt that may have run: a report may exist.
                (AttemptOutcome::Status { status: 422, .. }, _) if !c.maybe_executed => {
                    ToolResult::Rejected
                }
                _ => unknown_or_not,
            };
            return self.finish_call(call, outcome, result, Some(give_up));
        }
        if c.tries - c.budget_base >= self.harness.attempts {
            let exhausted = Some(GiveUp::AttemptsExhausted);
            return self.finish_call(call, outcome, unknown_or_not, exhausted);
        }
        c.summary.last = Some(outcome);
        match self.retry_wait(call, retry_after_s) {
            Ok(wait_ms) => {
                self.spend_retry();
                let c = &mut self.calls[call];
                c.prev_wait_ms = Some(wait_ms);
                c.sdk_tries = 0;
                let honoured =
                    retry_after_s.is_some() && self.harness.retry_after != RetryAfterChoice::Ignore;
                self.at(
                    self.now + wait_ms,
                    Ev::Send {
                        call,
                        resend: false,
                        sdk: false,
                    },
                );
                match honoured {
                    true => Next::RetryAfter { wait_ms },
                    false => Next::Backoff { wait_ms },
                }
            }
            Err(GiveUp::Deferred { retry_after_s }) => self.defer(call, outcome, retry_after_s),
            Err(give_up) => self.finish_call(call, outcome, unknown_or_not, Some(give_up)),
        }
    }

    /// The SDK's own retry of an attempt, if the harness has the SDK layer,
    /// it retries this outcome and has retries left, within the budget and
    /// the deadline.
    fn sdk_retry(
        &mut self,
        call: usize,
        outcome: AttemptOutcome,
        ra_s: Option<u64>,
    ) -> Option<Next> {
        let c = &self.calls[call];
        let sdk = self.harness.sdk && c.sdk_tries < policy::SDK_RETRIES;
        if !sdk || !policy::sdk_retries(outcome) || !self.budget_left() {
            return None;
        }
        let wait_ms = policy::sdk_wait_ms(c.sdk_tries, ra_s, &mut self.rng);
        if self.remaining_ms(call).is_some_and(|r| wait_ms >= r) {
            return None;
        }
        self.spend_retry();
        let c = &mut self.calls[call];
        c.sdk_tries += 1;
        c.summary.last = Some(outcome);
        self.at(
            self.now + wait_ms,
            Ev::Send {
                call,
                resend: false,
                sdk: true,
            },
        );
        let retry_after = ra_s.is_some_and(|s| wait_ms == s * 1000);
        Some(Next::SdkRetry {
            wait_ms,
            retry_after,
        })
    }

    /// When `call`'s total deadline falls (`None`: it has none).
    fn deadline_at(&self, call: usize) -> Option<u64> {
        Some(self.calls[call].started + u64::from(self.harness.deadline_ms?))
    }

    /// What is left of `call`'s total deadline (`None`: it has none).
    pub(super) fn remaining_ms(&self, call: usize) -> Option<u64> {
        Some(self.deadline_at(call)?.saturating_sub(self.now))
    }

    fn budget_left(&self) -> bool {
        self.harness.budget.is_none_or(|b| self.retries_spent < b)
    }

    fn spend_retry(&mut self) {
        self.retries_spent += 1;
    }

    /// How long the harness waits before it retries `call`: the server's
    /// `Retry-After` as its choice says, else a backoff; either gives up
    /// when it would pass the call's deadline, or when the run's retry
    /// budget is spent.
    fn retry_wait(&mut self, call: usize, retry_after_s: Option<u64>) -> Result<u64, GiveUp> {
        if !self.budget_left() {
            return Err(GiveUp::BudgetExhausted);
        }
        let remaining_ms = self.remaining_ms(call);
        let c = &self.calls[call];
        // The backoff keeps counting across a restart (the stored call's attempts).
        let (retry, prev) = (c.tries, c.prev_wait_ms);
        let choice = self.harness.retry_after;
        let wait_ms = match (retry_after_s, remaining_ms) {
            (Some(_), _) if choice == RetryAfterChoice::Ignore => {
                policy::wait_ms(self.harness, retry, prev, &mut self.rng)
            }
            (Some(s), Some(remaining_ms))
                if s * 1000 >= remaining_ms && choice.within_deadline() =>
            {
                return Err(match choice {
                    RetryAfterChoice::Defer => GiveUp::Deferred { retry_after_s: s },
                    _ => GiveUp::RetryAfterTooLong {
                        retry_after_s: s,
                        remaining_ms,
                    },
                });
            }
            (Some(s), _) => return self.within(remaining_ms, s * 1000),
            (None, _) => policy::wait_ms(self.harness, retry, prev, &mut self.rng),
        };
        self.within(remaining_ms, wait_ms)
    }

    /// `wait_ms`, unless it would pass the deadline.
    fn within(&self, remaining_ms: Option<u64>, wait_ms: u64) -> Result<u64, GiveUp> {
        match remaining_ms.is_some_and(|r| wait_ms >= r) {
            true => Err(GiveUp::DeadlineExhausted),
            false => Ok(wait_ms),
        }
    }

    /// `ra_defer`: the model hears the outcome so far, and the deferral
    /// queue resends the stored request, same key, after `retry_after_s`.
    fn defer(&mut self, call: usize, outcome: AttemptOutcome, retry_after_s: u64) -> Next {
        let result = self.calls[call].unknown_or_not();
        let give_up = Some(GiveUp::Deferred { retry_after_s });
        let next = self.finish_call(call, outcome, result, give_up);
        let at = self.now + retry_after_s * 1000;
        let c = &mut self.calls[call];
        c.deferred = true;
        c.started = at;
        c.budget_base = c.tries;
        self.at(
            at,
            Ev::Send {
                call,
                resend: true,
                sdk: false,
            },
        );
        next
    }

    pub(super) fn finish_call(
        &mut self,
        call: usize,
        outcome: AttemptOutcome,
        result: ToolResult,
        give_up: Option<GiveUp>,
    ) -> Next {
        if let Some(next) = self.query_before_unknown(call, outcome, result, give_up) {
            return next;
        }
        // `unknown_failed`: the model hears «提交失败» where the truth is «unknown».
        let result = match (result, self.harness.unknown) {
            (ToolResult::Unknown, UnknownChoice::SayFailed) => ToolResult::NotCreated,
            _ => result,
        };
        let c = &mut self.calls[call];
        c.waiting = None;
        c.summary.last = Some(outcome);
        c.summary.result = Some(result);
        c.summary.give_up = give_up;
        c.summary.answered_ms = Some(self.now.saturating_sub(c.called_ms));
        if result == ToolResult::Unknown && self.harness.unknown == UnknownChoice::Query {
            // The model reads «先查一下» and does: it queries before anything else.
            self.at(self.now + MODEL_THINK_MS, Ev::Query { call });
        } else {
            self.maybe_recall(result, call);
        }
        Next::Finish { result, give_up }
    }

    /// The model of `call`'s agent calls the tool again after an error, if
    /// the schedule says so.
    pub(super) fn maybe_recall(&mut self, result: ToolResult, call: usize) {
        if result.is_error() && self.recalls_left > 0 {
            self.recalls_left -= 1;
            let (tenant, task) = (self.calls[call].tenant, self.calls[call].task);
            let again = Ev::ToolCall {
                twin_of: None,
                tenant,
                task,
            };
            self.at(self.now + MODEL_THINK_MS, again);
        }
    }

    /// `query_first`: `GET /reports` by the business identity. Found: the
    /// model uses that report. Not found: still unknown (a request may still
    /// be in flight), so the model may call again.
    pub(super) fn query(&mut self, call: usize) -> (StepKind, Vec<Arrow>) {
        // The model asks in the words it would file the report with now.
        let c = &self.calls[call];
        let again = self.schedule.rewrite_title || c.rewritten;
        let (module, title) = harness::report_of(c.tenant, again);
        let title = harness::task_title(title, c.task);
        let found = crate::lab::model::cleanup_and_lookup::find_report(
            &mut self.db,
            &self.run_id,
            module,
            &title,
        );
        self.calls[call].summary.query = Some(found);
        if found.is_none() {
            self.maybe_recall(ToolResult::Unknown, call);
        }
        let arrows = vec![
            arrow(Lane::Harness, Lane::Server, ArrowLabel::Query, false),
            arrow(
                Lane::Server,
                Lane::Harness,
                ArrowLabel::QueryResult { found },
                false,
            ),
        ];
        (StepKind::Query { call, found }, arrows)
    }
}

/// Whether the harness may retry an attempt's outcome.
pub(super) enum Retry {
    Yes,
    No(GiveUp),
}

impl Sim {
    /// The harness is back from its durable queue. Every unfinished call is
    /// resent as it was stored, key and body; after more than the key
    /// retention, its key no longer vouches for the earlier attempts. A
    /// `careful` harness resends nothing that was sent: it reports the
    /// outcome as unknown. A call the harness died before sending (it
    /// arrived at the moment of the crash) is sent now by every harness:
    /// nothing of it can have run, so its outcome is not unknown.
    pub(super) fn harness_back(&mut self) -> (StepKind, Vec<Arrow>) {
        self.harness_down = false;
        let open: Vec<usize> = (0..self.calls.len())
            .filter(|i| self.calls[*i].summary.result.is_none())
            .collect();
        for call in open {
            let sent = self.calls[call].summary.attempts > 0;
            // A harness that never resends a request that may have run
            // (`careful`) reports the outcome as unknown instead.
            if !self.harness.retries(Class::ReadTimeout) && sent {
                let last = self.calls[call]
                    .summary
                    .last
                    .unwrap_or(AttemptOutcome::Timeout);
                self.calls[call].maybe_executed = true;
                self.finish_call(call, last, ToolResult::Unknown, Some(GiveUp::Careful));
                continue;
            }
            let c = &mut self.calls[call];
            c.key_covers &= self.now.saturating_sub(c.started) < KEY_RETENTION_MS;
            c.maybe_executed |= sent;
            c.started = self.now;
            c.budget_base = c.tries;
            self.at(
                self.now,
                Ev::Send {
                    call,
                    resend: true,
                    sdk: false,
                },
            );
        }
        (StepKind::HarnessBack, vec![])
    }
}

impl Sim {
    /// A response's first bytes arrive and the rest trickles in. The read
    /// timeout counts idle time, so it restarts at every byte: it fires only
    /// if the bytes come further apart than it. The call's total deadline
    /// does not restart.
    pub(super) fn drip_starts(
        &mut self,
        response: ResponseInfo,
        every_ms: u64,
        total_ms: u64,
    ) -> (StepKind, Vec<Arrow>) {
        let (request, status) = (response.request, response.status);
        let call = self.requests[request].call;
        let deadline_ms = self.deadline_at(call).unwrap_or(u64::MAX);
        let read_timeout_ms = u64::from(self.harness.read_timeout_ms);
        let plan = drip::plan(self.now, every_ms, total_ms, deadline_ms, read_timeout_ms);
        let arrows = vec![arrow(
            Lane::Network,
            Lane::Harness,
            ArrowLabel::Dripping { status },
            false,
        )];
        self.at(plan.complete_ms, Ev::Response { response });
        let kind = StepKind::Dripping {
            request,
            status,
            every_ms,
            complete_ms: plan.complete_ms,
            read_timeout_ms,
            deadline_ms,
        };
        if self.calls[call].waiting != Some(request) {
            return (kind, arrows);
        }
        self.dripping
            .insert(request, plan.idle_fires_at_ms.unwrap_or(u64::MAX));
        if let Some(at) = plan.idle_fires_at_ms {
            self.at(at, Ev::Timeout { call, request });
        }
        if plan.deadline_first {
            self.at(deadline_ms, Ev::Deadline { call, request });
        }
        (kind, arrows)
    }

    /// The tool call's total deadline fired with `request` still arriving:
    /// the work may be done, so the outcome is unknown, and no time is left
    /// to retry.
    pub(super) fn deadline(
        &mut self,
        call: usize,
        request: usize,
    ) -> Option<(StepKind, Vec<Arrow>)> {
        if self.calls[call].waiting != Some(request) {
            return None;
        }
        let outcome = AttemptOutcome::DeadlineFired;
        let next = self.attempt_ended(call, outcome, None);
        Some((StepKind::Deadline { request, next }, vec![]))
    }
}
