//! The harness side of the simulation: sending attempts, reading answers,
//! deciding whether and when to retry, and the tool result for the model.

use super::*;

impl Sim {
    pub(super) fn send(&mut self, call: usize) -> (StepKind, Vec<Arrow>) {
        let id = self.requests.len();
        let fault = self.schedule.attempt(id);
        let c = &mut self.calls[call];
        c.summary.attempts += 1;
        if fault.rerender {
            self.render += 1;
        }
        let attempt = c.summary.attempts;
        let body = harness::body(&self.run_id, self.render);
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
    pub(super) fn attempt_ended(
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
        if result.is_error() && self.recalls_left > 0 {
            self.recalls_left -= 1;
            self.at(self.now + MODEL_THINK_MS, Ev::ToolCall { call: call + 1 });
        }
        Next::Finish { result, give_up }
    }
}
