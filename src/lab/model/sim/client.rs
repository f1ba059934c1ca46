//! The harness side of the simulation: sending attempts, reading answers,
//! deciding whether and when to retry, and the tool result for the model.

use super::*;

impl Sim {
    pub(super) fn send(&mut self, call: usize, resend: bool) -> (StepKind, Vec<Arrow>) {
        let id = self.requests.len();
        let fault = self.schedule.attempt(id);
        if fault.rerender && !resend {
            self.render += 1;
        }
        let previous = self.requests.iter().rev().find(|r| r.call == call).cloned();
        let c = &mut self.calls[call];
        c.summary.attempts += 1;
        let attempt = c.summary.attempts;
        let tool_use_id = c.summary.tool_use_id.clone();
        let (tenant, report) = (c.tenant, harness::report_of(c.tenant, c.rewritten));
        let deadline = c.started + CALL_DEADLINE_MS;
        c.waiting = Some(id);
        // A resend from the durable queue is the stored request, key and all.
        let (key, body) = match previous.filter(|_| resend) {
            Some(p) => (p.key, p.body),
            None => {
                let key = harness::key_for_report(
                    self.client,
                    &self.run_id,
                    &tool_use_id,
                    report,
                    &mut self.rng,
                );
                let body = harness::report_body(&self.run_id, self.render, report);
                (key, body.to_string())
            }
        };
        let c = &mut self.calls[call];
        match (&c.first_key, &key) {
            (None, _) if attempt == 1 => c.first_key = key.clone(),
            (k, new) if k != new => c.key_covers = false,
            _ => {}
        }
        let digest = harness::digest(&serde_json::from_str(&body).expect("we wrote this JSON"));
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
        };
        self.requests.push(info.clone());
        let timeout = ATTEMPT_TIMEOUT_MS.min(deadline.saturating_sub(self.now));
        self.at(self.now + timeout, Ev::Timeout { call, request: id });
        let lat = self.latency();
        let (extra_ms, ev) = match fault.request.on_request() {
            OnRequest::Arrives { extra_ms } => (extra_ms, Ev::Arrive { request: id }),
            OnRequest::Lost => (0, Ev::RequestLost { request: id }),
            OnRequest::Refused => (0, Ev::RefusedBack { request: id }),
            OnRequest::TlsFailed => (0, Ev::TlsFailed { request: id }),
        };
        self.at(self.now + lat + extra_ms, ev);
        let out = arrow(
            Lane::Harness,
            Lane::Network,
            ArrowLabel::Request { request: id },
            false,
        );
        (StepKind::Send { request: info }, vec![out])
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
        } else if r.status == 429 && crate::lab::model::handler::is_quota_body(&r.body) {
            // 000: «额度类 429 直接终止», whatever its Retry-After says;
            // the harness reads the kind from the body. An earlier attempt
            // of the call may still have run.
            let result = match self.calls[call].maybe_executed {
                true => ToolResult::Unknown,
                false => ToolResult::NotCreated,
            };
            self.finish_call(call, outcome, result, Some(GiveUp::NotRetryable))
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

    /// Whether an attempt outcome may mean the server did the work, and
    /// whether the harness may retry it at all (before the budget checks).
    fn classify(&self, outcome: AttemptOutcome, retry_after_s: Option<u64>) -> (bool, Retry) {
        let careful = self.client == ClientStrategy::Careful;
        match outcome {
            AttemptOutcome::Refused => (false, Retry::Yes),
            // `001_*.txt`'s first branch: stop, never retry. Only `careful`
            // checks it; the others catch Requests' `ConnectionError`, of
            // which `SSLError` is a subclass, and retry it.
            AttemptOutcome::TlsFailed if careful => (false, Retry::No(GiveUp::TlsVerification)),
            AttemptOutcome::TlsFailed => (false, Retry::Yes),
            AttemptOutcome::DeadlineFired => (true, Retry::No(GiveUp::DeadlineFired)),
            AttemptOutcome::Timeout if careful => (true, Retry::No(GiveUp::Careful)),
            AttemptOutcome::Timeout => (true, Retry::Yes),
            AttemptOutcome::Status {
                status,
                replayed: true,
            } if status >= 400 => (false, Retry::No(GiveUp::StoredError)),
            // 503 and 429 are answered before any work: the server states
            // that nothing was done.
            AttemptOutcome::Status { status: 503, .. } if careful => {
                (false, Retry::No(GiveUp::Careful))
            }
            AttemptOutcome::Status { status: 503, .. } => (false, Retry::Yes),
            AttemptOutcome::Status { status: 429, .. } if careful => {
                (false, Retry::No(GiveUp::Careful))
            }
            // 000: «其他 HTTP 429 只有带 Retry-After 才重试» (a quota 429
            // stopped before this, by its body).
            AttemptOutcome::Status { status: 429, .. } => match retry_after_s {
                Some(_) => (false, Retry::Yes),
                None => (false, Retry::No(GiveUp::NotRetryable)),
            },
            AttemptOutcome::Status {
                status: 409 | 500 | 502 | 504,
                ..
            } if careful => (true, Retry::No(GiveUp::Careful)),
            AttemptOutcome::Status {
                status: 409 | 500 | 502 | 504,
                ..
            } => (true, Retry::Yes),
            AttemptOutcome::Status { .. } => (false, Retry::No(GiveUp::NotRetryable)),
        }
    }

    /// A failed attempt: decide whether and when to retry.
    pub(super) fn attempt_ended(
        &mut self,
        call: usize,
        outcome: AttemptOutcome,
        retry_after_s: Option<u64>,
    ) -> Next {
        let (maybe, retry) = self.classify(outcome, retry_after_s);
        let c = &mut self.calls[call];
        c.waiting = None;
        c.maybe_executed |= maybe;
        let unknown_or_not = if c.maybe_executed {
            ToolResult::Unknown
        } else {
            ToolResult::NotCreated
        };
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
        if c.summary.attempts - c.budget_base >= MAX_ATTEMPTS {
            return self.finish_call(
                call,
                outcome,
                unknown_or_not,
                Some(GiveUp::AttemptsExhausted),
            );
        }
        c.summary.last = Some(outcome);
        match self.retry_wait(call, retry_after_s) {
            Ok(wait_ms) => {
                self.at(
                    self.now + wait_ms,
                    Ev::Send {
                        call,
                        resend: false,
                    },
                );
                match retry_after_s {
                    Some(_) => Next::RetryAfter { wait_ms },
                    None => Next::Backoff { wait_ms },
                }
            }
            Err(give_up) => self.finish_call(call, outcome, unknown_or_not, Some(give_up)),
        }
    }

    /// How long the harness waits before it retries `call`: the server's
    /// `Retry-After`, else a backoff; either gives up when it would pass
    /// the call's deadline.
    fn retry_wait(&mut self, call: usize, retry_after_s: Option<u64>) -> Result<u64, GiveUp> {
        let c = &self.calls[call];
        let remaining_ms = (c.started + CALL_DEADLINE_MS).saturating_sub(self.now);
        let retry = c.summary.attempts;
        let wait_ms = match retry_after_s {
            Some(s) if s * 1000 >= remaining_ms => {
                return Err(GiveUp::RetryAfterTooLong {
                    retry_after_s: s,
                    remaining_ms,
                })
            }
            Some(s) => return Ok(s * 1000),
            None => harness::backoff_ms(retry, &mut self.rng),
        };
        match wait_ms >= remaining_ms {
            true => Err(GiveUp::DeadlineExhausted),
            false => Ok(wait_ms),
        }
    }

    pub(super) fn finish_call(
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
        if result == ToolResult::Unknown && self.client == ClientStrategy::QueryFirst {
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
            let tenant = self.calls[call].tenant;
            let again = Ev::ToolCall {
                twin_of: None,
                tenant,
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
        let found = crate::lab::model::cleanup_and_lookup::find_report(
            &mut self.db,
            &self.run_id,
            module,
            title,
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
            if self.client == ClientStrategy::Careful && sent {
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
            c.budget_base = c.summary.attempts;
            self.at(self.now, Ev::Send { call, resend: true });
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
        let deadline_ms = self.calls[call].started + CALL_DEADLINE_MS;
        let plan = drip::plan(
            self.now,
            every_ms,
            total_ms,
            deadline_ms,
            ATTEMPT_TIMEOUT_MS,
        );
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
            read_timeout_ms: ATTEMPT_TIMEOUT_MS,
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
