//! Plain-language narration of one step, built from the step's structured
//! data through the translation table.

use crate::i18n::{sentence_sep, t, tf, Lang};
use crate::lab::words::tool_text;
use crate::lab::{
    AttemptOutcome, Decision, GiveUp, Mechanism, Next, RequestInfo, Run, SqlOutcome, Step, StepKind,
};

/// A moment or wait of the run in the lab's one time format (seconds, or
/// hours past an hour), with its unit.
pub fn secs(l: Lang, ms: u64) -> String {
    crate::i18n::num::clock(l, ms)
}

/// An attempt outcome as text, e.g. "HTTP 201 (stored response replayed)".
pub fn outcome_text(l: Lang, o: Option<AttemptOutcome>) -> String {
    match o {
        None => t(l, "lab.outcome.none"),
        Some(AttemptOutcome::Status { status, replayed }) => {
            let key = if replayed {
                "lab.outcome.replayed"
            } else {
                "lab.outcome.status"
            };
            tf(l, key, &[("status", status.to_string())])
        }
        Some(AttemptOutcome::Timeout) => t(l, "lab.outcome.timeout"),
        Some(AttemptOutcome::Refused) => t(l, "lab.outcome.refused"),
        Some(AttemptOutcome::TlsFailed) => t(l, "lab.outcome.tls"),
        Some(AttemptOutcome::DeadlineFired) => t(l, "lab.outcome.deadline"),
    }
}

/// What the harness does after the answer to `request`.
fn next_text(l: Lang, run: &Run, request: usize, next: Next) -> String {
    match next {
        Next::Backoff { wait_ms } => tf(l, "lab.next.backoff", &[("wait", secs(l, wait_ms))]),
        Next::RetryAfter { wait_ms } => {
            tf(l, "lab.next.retry_after", &[("wait", secs(l, wait_ms))])
        }
        Next::Finish { result, give_up } => {
            let text = tool_text(l, run, result, Some(request));
            let mut s = tf(l, "lab.next.finish", &[("result", text)]);
            s.push_str(&match give_up {
                None => String::new(),
                Some(GiveUp::AttemptsExhausted) => tf(
                    l,
                    "lab.give_up.attempts",
                    &[("max", crate::lab::MAX_ATTEMPTS.to_string())],
                ),
                Some(GiveUp::DeadlineExhausted) => t(l, "lab.give_up.deadline"),
                Some(GiveUp::RetryAfterTooLong {
                    retry_after_s,
                    remaining_ms,
                }) => tf(
                    l,
                    "lab.give_up.retry_after",
                    &[
                        ("s", retry_after_s.to_string()),
                        ("remaining", secs(l, remaining_ms)),
                    ],
                ),
                Some(GiveUp::NotRetryable) => t(l, "lab.give_up.not_retryable"),
                Some(GiveUp::StoredError) => t(l, "lab.give_up.stored_error"),
                Some(GiveUp::Careful) => t(l, "lab.give_up.careful"),
                Some(GiveUp::TlsVerification) => t(l, "lab.give_up.tls"),
                Some(GiveUp::DeadlineFired) => t(l, "lab.give_up.deadline_fired"),
            });
            s
        }
    }
}

fn fence_text(l: Lang, fence: Option<i64>) -> String {
    fence
        .map(|f| tf(l, "lab.d.fence", &[("fence", f.to_string())]))
        .unwrap_or_default()
}

/// The server's answer to one request, as the narration quotes it.
#[derive(Clone, Copy)]
struct Answer {
    status: Option<u16>,
    retry_after: Option<u64>,
}

impl Answer {
    fn status(self) -> String {
        self.status.map(|s| s.to_string()).unwrap_or_default()
    }

    fn retry_after(self) -> String {
        self.retry_after.unwrap_or_default().to_string()
    }
}

/// Whether request `req` carries a key a keyed design reads.
fn keyed(run: &Run, req: usize) -> bool {
    run.requests()
        .get(req)
        .and_then(|r| r.key.as_ref())
        .is_some()
        && run.design.keyed()
}

fn decision_text(
    l: Lang,
    run: &Run,
    open_tx_lost: bool,
    req: usize,
    d: &Decision,
    a: Answer,
) -> String {
    let r = ("req", (req + 1).to_string());
    match d {
        Decision::NoCheck => tf(l, "lab.d.no_check", &[r]),
        Decision::NoKey => tf(l, "lab.d.no_key", &[r]),
        Decision::KeyUnknown => t(l, "lab.d.key_unknown"),
        Decision::Claimed { fence } => tf(l, "lab.d.claimed", &[("fence", fence_text(l, *fence))]),
        Decision::TookOver { fence } => {
            tf(l, "lab.d.took_over", &[("fence", fence_text(l, *fence))])
        }
        Decision::Replay => replay_text(l, run, req, a),
        Decision::InProgress => {
            let retry = a
                .retry_after
                .map(|s| tf(l, "lab.d.retry_after", &[("s", s.to_string())]))
                .unwrap_or_default();
            tf(l, "lab.d.in_progress", &[("retry", retry)])
        }
        Decision::DigestMismatch => t(l, "lab.d.mismatch"),
        Decision::RateLimited { quota: true } => t(l, "lab.d.quota"),
        Decision::RateLimited { quota: false } if a.retry_after.is_none() => {
            t(l, "lab.d.rate_limited_bare")
        }
        Decision::RateLimited { quota: false } => {
            tf(l, "lab.d.rate_limited", &[("s", a.retry_after())])
        }
        Decision::Unavailable => tf(l, "lab.d.unavailable", &[("s", a.retry_after())]),
        Decision::StaleCreated { .. }
        | Decision::Created { .. }
        | Decision::KeyRecorded { .. }
        | Decision::Failed => write_text(l, run, req, d),
        Decision::SqlError => t(l, "lab.d.sql_error"),
        Decision::Fenced { .. } | Decision::Guarded { .. } => fenced_text(l, d, a),
        Decision::Released => t(l, "lab.d.released"),
        Decision::Aborted { released: true } => t(l, "lab.d.aborted_released"),
        Decision::Aborted { released: false } => t(l, "lab.d.aborted"),
        Decision::ClaimGone => t(l, "lab.d.claim_gone"),
        Decision::Crashed if open_tx_lost => t(l, "lab.d.crashed"),
        Decision::Crashed => t(l, "lab.d.crashed_after_commit"),
    }
}

/// A stored response replayed. Without a digest the server replays
/// whatever it stored, and says so loudly when this body differs from the
/// stored one.
fn replay_text(l: Lang, run: &Run, req: usize, a: Answer) -> String {
    let key = if run.changed_body_replays().contains(&req) {
        "lab.d.replay_changed"
    } else if !run.design.has(Mechanism::Digest) {
        if run.design.has(Mechanism::RecordAfter) {
            "lab.d.replay_split"
        } else {
            "lab.d.replay_no_digest"
        }
    } else {
        "lab.d.replay"
    };
    tf(l, key, &[("status", a.status())])
}

/// A write the handler made (or failed to make): a report, a key, or a
/// report created by a request whose lease ran out.
fn write_text(l: Lang, run: &Run, req: usize, d: &Decision) -> String {
    let keyed = keyed(run, req);
    match d {
        Decision::StaleCreated {
            report_id,
            lease_until_ms,
        } => tf(
            l,
            if run.design.has(Mechanism::Guard) {
                "lab.d.stale_created"
            } else {
                "lab.d.stale_created_unguarded"
            },
            &[
                ("id", report_id.to_string()),
                ("t", secs(l, *lease_until_ms)),
            ],
        ),
        Decision::Created { report_id } => {
            let key = if keyed {
                "lab.d.created_keyed"
            } else {
                "lab.d.created"
            };
            tf(l, key, &[("id", report_id.to_string())])
        }
        Decision::KeyRecorded { report_id } => {
            tf(l, "lab.d.key_recorded", &[("id", report_id.to_string())])
        }
        _ => {
            let key = if keyed && run.design.has(Mechanism::StoreErrors) {
                "lab.d.failed_keyed"
            } else {
                "lab.d.failed"
            };
            t(l, key)
        }
    }
}

/// A slow request's write turned away by the fencing token or the guard.
fn fenced_text(l: Lang, d: &Decision, a: Answer) -> String {
    match d {
        Decision::Fenced {
            replayed,
            held,
            current,
        } => {
            let key = if *replayed {
                "lab.d.fenced_replay"
            } else {
                "lab.d.fenced_409"
            };
            let args = [
                ("status", a.status()),
                ("held", held.to_string()),
                ("current", current.to_string()),
            ];
            tf(l, key, &args)
        }
        Decision::Guarded { replayed: true } => {
            tf(l, "lab.d.guarded_replay", &[("status", a.status())])
        }
        _ => t(l, "lab.d.guarded_409"),
    }
}

/// Requests are numbered from 1, like the reports' ids.
fn req(n: usize) -> (&'static str, String) {
    ("req", (n + 1).to_string())
}

/// `first`, then (after the language's sentence gap) `then`.
fn and_then(l: Lang, mut first: String, then: &str) -> String {
    first.push_str(sentence_sep(l));
    first.push_str(then);
    first
}

/// The narration of `step` (or of the start, for `None`).
pub fn narrate(l: Lang, run: &Run, step: Option<&Step>) -> String {
    let Some(step) = step else {
        return t(l, "lab.n.start");
    };
    match &step.kind {
        StepKind::ToolCall { call, tool_use_id } => tool_call_text(l, run, *call, tool_use_id),
        StepKind::Send { request } => send_text(l, run, request),
        StepKind::RequestLost { request } => tf(l, "lab.n.request_lost", &[req(*request)]),
        StepKind::Refused { request } => tf(l, "lab.n.refused", &[req(*request)]),
        StepKind::Server { .. } => server_text(l, run, step),
        StepKind::ResponseLost { request, status } => tf(
            l,
            "lab.n.response_lost",
            &[req(*request), ("status", status.to_string())],
        ),
        StepKind::Received {
            request,
            outcome,
            next,
        } => received_text(l, run, *request, *outcome, *next),
        StepKind::Late { request, status } => tf(
            l,
            "lab.n.late",
            &[req(*request), ("status", status.to_string())],
        ),
        StepKind::Timeout { request, next } => {
            let s = tf(l, "lab.n.timeout", &[req(*request)]);
            and_then(l, s, &next_text(l, run, *request, *next))
        }
        StepKind::Deadline { request, next } => {
            let s = tf(l, "lab.n.deadline", &[req(*request)]);
            and_then(l, s, &next_text(l, run, *request, *next))
        }
        StepKind::Dripping { .. } => dripping_text(l, &step.kind),
        StepKind::Note { event } => super::narrate_notes::note_text(l, run, event),
        StepKind::Query {
            found: Some(id), ..
        } => tf(l, "lab.n.query_found", &[("id", id.to_string())]),
        StepKind::Cleanup { pruned } => tf(l, "lab.n.cleanup", &[("n", pruned.to_string())]),
        kind => t(l, fixed_key(kind)),
    }
}

/// The key of a step whose narration has no variable part.
fn fixed_key(kind: &StepKind) -> &'static str {
    match kind {
        StepKind::Restart => "lab.n.restart",
        StepKind::Query { .. } => "lab.n.query_none",
        StepKind::HarnessDown => "lab.n.harness_down",
        StepKind::HarnessBack => "lab.n.harness_back",
        StepKind::Truncated => "lab.n.truncated",
        StepKind::RelayIdle => "lab.n.relay_idle",
        StepKind::RelayDown => "lab.n.relay_down",
        _ => "lab.n.relay_back",
    }
}

/// The model calls the tool: the first time, again with the same
/// tool_use id (a twin), or again with a new one.
fn tool_call_text(l: Lang, run: &Run, call: usize, tool_use_id: &str) -> String {
    let twin = call > 0 && run.calls()[call - 1].tool_use_id == tool_use_id;
    let key = match (call, twin) {
        (0, _) => "lab.n.tool_call",
        (_, true) => "lab.n.twin",
        _ => "lab.n.tool_recall",
    };
    tf(l, key, &[("id", tool_use_id.to_string())])
}

/// An attempt going out: its number, its key (and tenant, when there are
/// two) and its body's digest.
fn send_text(l: Lang, run: &Run, request: &RequestInfo) -> String {
    let two = run.tenants().count() > 1;
    let key = match &request.key {
        Some(k) if two => tf(
            l,
            "lab.n.key_tenant",
            &[
                ("key", k.clone()),
                ("tenant", super::words::tenant_name(l, request.tenant)),
            ],
        ),
        Some(k) => tf(l, "lab.n.key", &[("key", k.clone())]),
        None => t(l, "lab.n.no_key"),
    };
    tf(
        l,
        "lab.n.send",
        &[
            ("attempt", request.attempt.to_string()),
            ("req", (request.id + 1).to_string()),
            ("key", key),
            ("digest", request.digest[..12].to_string()),
        ],
    )
}

/// The server's step: its decision, the notifier call after its commit, and
/// how long it stays busy.
fn server_text(l: Lang, run: &Run, step: &Step) -> String {
    let StepKind::Server {
        request,
        decision,
        works_until_ms,
        response,
    } = &step.kind
    else {
        return String::new();
    };
    let open_tx_lost = step
        .sql
        .iter()
        .any(|q| q.outcome == SqlOutcome::RolledBack { crash: true });
    let answer = Answer {
        status: response.as_ref().map(|r| r.status),
        retry_after: response.as_ref().and_then(|r| r.retry_after_s),
    };
    let mut s = decision_text(l, run, open_tx_lost, *request, decision, answer);
    if let Some(notify) = super::narrate_notes::after_commit_text(l, run, step) {
        s = and_then(l, s, &notify);
    }
    if let Some(until) = works_until_ms {
        // Busy past the lease is a pause, as the diagram draws it.
        let key = if until - step.time_ms > crate::lab::LEASE_MS {
            "lab.n.pauses_until"
        } else {
            "lab.n.works_until"
        };
        s = and_then(l, s, &tf(l, key, &[("t", secs(l, *until))]));
    }
    s
}

/// The harness gets an answer, and what it does next.
fn received_text(
    l: Lang,
    run: &Run,
    request: usize,
    outcome: AttemptOutcome,
    next: Next,
) -> String {
    let mut s = tf(
        l,
        "lab.n.received",
        &[req(request), ("outcome", outcome_text(l, Some(outcome)))],
    );
    // A retried TLS failure: name the trap that retries it.
    if outcome == AttemptOutcome::TlsFailed && !matches!(next, Next::Finish { .. }) {
        s = and_then(l, s, &t(l, "lab.n.tls_trap"));
    }
    and_then(l, s, &next_text(l, run, request, next))
}

/// A response that trickles in, with the timers it runs against.
fn dripping_text(l: Lang, kind: &StepKind) -> String {
    let StepKind::Dripping {
        request,
        status,
        every_ms,
        complete_ms,
        read_timeout_ms,
        deadline_ms,
    } = kind
    else {
        return String::new();
    };
    tf(
        l,
        "lab.n.dripping",
        &[
            req(*request),
            ("status", status.to_string()),
            ("every", secs(l, *every_ms)),
            ("complete", secs(l, *complete_ms)),
            ("read", secs(l, *read_timeout_ms)),
            ("deadline", secs(l, *deadline_ms)),
        ],
    )
}

#[cfg(all(test, feature = "sqlite"))]
#[path = "narrate_tests.rs"]
mod tests;
