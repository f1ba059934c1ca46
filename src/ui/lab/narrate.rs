//! Plain-language narration of one step, built from the step's structured
//! data through the translation table.

use crate::i18n::{t, tf, Lang};
use crate::lab::words::tool_text;
use crate::lab::{
    AttemptOutcome, Decision, GiveUp, Mechanism, Next, Run, SqlOutcome, Step, StepKind,
};

/// A moment or wait of the run in the lab's one time format (seconds, or
/// hours past an hour), with its unit.
pub fn secs(l: Lang, ms: u64) -> String {
    crate::i18n::num::clock(l, ms)
}

/// Between two sentences: Chinese runs them together after «。», English
/// puts a space.
pub(super) fn sep(l: Lang) -> &'static str {
    match l {
        Lang::Zh => "",
        Lang::En => " ",
    }
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

fn decision_text(
    l: Lang,
    run: &Run,
    open_tx_lost: bool,
    req: usize,
    d: &Decision,
    status: Option<u16>,
    retry_after: Option<u64>,
) -> String {
    let keyed = run
        .requests()
        .get(req)
        .and_then(|r| r.key.as_ref())
        .is_some()
        && run.design.keyed();
    let st = status.map(|s| s.to_string()).unwrap_or_default();
    let r = ("req", (req + 1).to_string());
    match d {
        Decision::NoCheck => tf(l, "lab.d.no_check", &[r]),
        Decision::NoKey => tf(l, "lab.d.no_key", &[r]),
        Decision::KeyUnknown => t(l, "lab.d.key_unknown"),
        Decision::Claimed { fence } => tf(l, "lab.d.claimed", &[("fence", fence_text(l, *fence))]),
        Decision::TookOver { fence } => {
            tf(l, "lab.d.took_over", &[("fence", fence_text(l, *fence))])
        }
        // Without a digest the server replays whatever it stored, and says
        // so loudly when this body differs from the stored one.
        Decision::Replay if run.changed_body_replays().contains(&req) => {
            tf(l, "lab.d.replay_changed", &[("status", st)])
        }
        Decision::Replay if !run.design.has(Mechanism::Digest) => {
            let key = if run.design.has(Mechanism::RecordAfter) {
                "lab.d.replay_split"
            } else {
                "lab.d.replay_no_digest"
            };
            tf(l, key, &[("status", st)])
        }
        Decision::Replay => tf(l, "lab.d.replay", &[("status", st)]),
        Decision::InProgress => {
            let retry = retry_after
                .map(|s| tf(l, "lab.d.retry_after", &[("s", s.to_string())]))
                .unwrap_or_default();
            tf(l, "lab.d.in_progress", &[("retry", retry)])
        }
        Decision::DigestMismatch => t(l, "lab.d.mismatch"),
        Decision::RateLimited { quota: true } => t(l, "lab.d.quota"),
        Decision::RateLimited { quota: false } => tf(
            l,
            "lab.d.rate_limited",
            &[("s", retry_after.unwrap_or_default().to_string())],
        ),
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
        Decision::Unavailable => tf(
            l,
            "lab.d.unavailable",
            &[("s", retry_after.unwrap_or_default().to_string())],
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
        Decision::Failed => {
            let key = if keyed && run.design.has(Mechanism::StoreErrors) {
                "lab.d.failed_keyed"
            } else {
                "lab.d.failed"
            };
            t(l, key)
        }
        Decision::SqlError => t(l, "lab.d.sql_error"),
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
                ("status", st),
                ("held", held.to_string()),
                ("current", current.to_string()),
            ];
            tf(l, key, &args)
        }
        Decision::Guarded { replayed: true } => tf(l, "lab.d.guarded_replay", &[("status", st)]),
        Decision::Guarded { replayed: false } => t(l, "lab.d.guarded_409"),
        Decision::Released => t(l, "lab.d.released"),
        Decision::ClaimGone => t(l, "lab.d.claim_gone"),
        Decision::Crashed if open_tx_lost => t(l, "lab.d.crashed"),
        Decision::Crashed => t(l, "lab.d.crashed_after_commit"),
    }
}

/// The narration of `step` (or of the start, for `None`).
pub fn narrate(l: Lang, run: &Run, step: Option<&Step>) -> String {
    let Some(step) = step else {
        return t(l, "lab.n.start");
    };
    // Requests are numbered from 1, like the reports' ids.
    let req = |n: &usize| ("req", (n + 1).to_string());
    match &step.kind {
        StepKind::ToolCall { call, tool_use_id } => {
            let twin = *call > 0 && run.calls()[*call - 1].tool_use_id == *tool_use_id;
            let key = match (*call, twin) {
                (0, _) => "lab.n.tool_call",
                (_, true) => "lab.n.twin",
                _ => "lab.n.tool_recall",
            };
            tf(l, key, &[("id", tool_use_id.clone())])
        }
        StepKind::Send { request } => {
            let two = run.tenants().count() > 1;
            let key = match &request.key {
                Some(k) if two => tf(
                    l,
                    "lab.n.key_tenant",
                    &[
                        ("key", k.clone()),
                        ("tenant", super::tenants::tenant_name(l, request.tenant)),
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
        StepKind::RequestLost { request } => tf(l, "lab.n.request_lost", &[req(request)]),
        StepKind::Refused { request } => tf(l, "lab.n.refused", &[req(request)]),
        StepKind::Server {
            request,
            decision,
            works_until_ms,
            response,
        } => {
            let open_tx_lost = step
                .sql
                .iter()
                .any(|q| q.outcome == SqlOutcome::RolledBack { crash: true });
            let mut s = decision_text(
                l,
                run,
                open_tx_lost,
                *request,
                decision,
                response.as_ref().map(|r| r.status),
                response.as_ref().and_then(|r| r.retry_after_s),
            );
            if let Some(notify) = super::narrate_notes::after_commit_text(l, run, step) {
                s.push_str(sep(l));
                s.push_str(&notify);
            }
            if let Some(until) = works_until_ms {
                // Busy past the lease is a pause, as the diagram draws it.
                let key = if until - step.time_ms > crate::lab::LEASE_MS {
                    "lab.n.pauses_until"
                } else {
                    "lab.n.works_until"
                };
                s.push_str(sep(l));
                s.push_str(&tf(l, key, &[("t", secs(l, *until))]));
            }
            s
        }
        StepKind::ResponseLost { request, status } => tf(
            l,
            "lab.n.response_lost",
            &[req(request), ("status", status.to_string())],
        ),
        StepKind::Received {
            request,
            outcome,
            next,
        } => {
            let mut s = tf(
                l,
                "lab.n.received",
                &[req(request), ("outcome", outcome_text(l, Some(*outcome)))],
            );
            // A retried TLS failure: name the trap that retries it.
            if *outcome == AttemptOutcome::TlsFailed && !matches!(next, Next::Finish { .. }) {
                s.push_str(sep(l));
                s.push_str(&t(l, "lab.n.tls_trap"));
            }
            s.push_str(sep(l));
            s.push_str(&next_text(l, run, *request, *next));
            s
        }
        StepKind::Late { request, status } => tf(
            l,
            "lab.n.late",
            &[req(request), ("status", status.to_string())],
        ),
        StepKind::Timeout { request, next } => {
            let mut s = tf(l, "lab.n.timeout", &[req(request)]);
            s.push_str(sep(l));
            s.push_str(&next_text(l, run, *request, *next));
            s
        }
        StepKind::Restart => t(l, "lab.n.restart"),
        StepKind::Query {
            found: Some(id), ..
        } => tf(l, "lab.n.query_found", &[("id", id.to_string())]),
        StepKind::Query { found: None, .. } => t(l, "lab.n.query_none"),
        StepKind::HarnessDown => t(l, "lab.n.harness_down"),
        StepKind::HarnessBack => t(l, "lab.n.harness_back"),
        StepKind::Cleanup { pruned } => tf(l, "lab.n.cleanup", &[("n", pruned.to_string())]),
        StepKind::Truncated => t(l, "lab.n.truncated"),
        StepKind::Note { event } => super::narrate_notes::note_text(l, run, event),
        StepKind::RelayIdle => t(l, "lab.n.relay_idle"),
        StepKind::RelayDown => t(l, "lab.n.relay_down"),
        StepKind::RelayBack => t(l, "lab.n.relay_back"),
        StepKind::Dripping {
            request,
            status,
            every_ms,
            complete_ms,
            read_timeout_ms,
            deadline_ms,
        } => tf(
            l,
            "lab.n.dripping",
            &[
                req(request),
                ("status", status.to_string()),
                ("every", secs(l, *every_ms)),
                ("complete", secs(l, *complete_ms)),
                ("read", secs(l, *read_timeout_ms)),
                ("deadline", secs(l, *deadline_ms)),
            ],
        ),
        StepKind::Deadline { request, next } => {
            let mut s = tf(l, "lab.n.deadline", &[req(request)]);
            s.push_str(sep(l));
            s.push_str(&next_text(l, run, *request, *next));
            s
        }
    }
}
