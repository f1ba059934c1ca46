//! Plain-language narration of one step, built from the step's structured
//! data as sentences (keys of the translation table with typed arguments);
//! the UI and the CLI write them in the reader's language.

use crate::kernel::text::{Arg, Join, Sentence};
use crate::lab::mechanisms::Telling;
use crate::lab::view::words::tool_text;
use crate::lab::{
    AttemptOutcome, Decision, GiveUp, Next, RequestInfo, Run, SqlOutcome, Step, StepKind,
};

/// An attempt outcome, e.g. "HTTP 201 (stored response replayed)".
pub fn outcome_text(o: Option<AttemptOutcome>) -> Sentence {
    match o {
        None => Sentence::new("lab.outcome.none"),
        Some(AttemptOutcome::Status { status, replayed }) => {
            let key = if replayed {
                "lab.outcome.replayed"
            } else {
                "lab.outcome.status"
            };
            Sentence::new(key).arg("status", Arg::raw(status))
        }
        Some(AttemptOutcome::Timeout) => Sentence::new("lab.outcome.timeout"),
        Some(AttemptOutcome::Refused) => Sentence::new("lab.outcome.refused"),
        Some(AttemptOutcome::TlsFailed) => Sentence::new("lab.outcome.tls"),
        Some(AttemptOutcome::DeadlineFired) => Sentence::new("lab.outcome.deadline"),
        Some(AttemptOutcome::ConnectTimeout) => Sentence::new("lab.outcome.connect_timeout"),
    }
}

/// What the harness does after the answer to `request` (at `now_ms`).
fn next_text(run: &Run, request: usize, next: Next, now_ms: u64) -> Sentence {
    match next {
        Next::Backoff { wait_ms } => {
            let s = Sentence::new("lab.next.backoff").arg("wait", Arg::ClockMs(wait_ms));
            and_then(s, retry_after_fate(run, request, next, now_ms))
        }
        Next::RetryAfter { wait_ms } => {
            Sentence::new("lab.next.retry_after").arg("wait", Arg::ClockMs(wait_ms))
        }
        Next::SdkRetry {
            wait_ms,
            retry_after,
        } => {
            let key = match retry_after {
                true => "lab.next.sdk_retry_after",
                false => "lab.next.sdk_retry",
            };
            Sentence::new(key).arg("wait", Arg::ClockMs(wait_ms))
        }
        Next::Reconcile { wait_ms } => {
            Sentence::new("lab.next.reconcile").arg("wait", Arg::ClockMs(wait_ms))
        }
        Next::Resend => Sentence::new("lab.next.resend"),
        Next::Finish { result, give_up } => {
            let text = tool_text(run, result, Some(request));
            let finish = Sentence::new("lab.next.finish").arg("result", text);
            // The reason reads as the finishing sentence's own tail.
            let attempts = run.harness.attempts;
            let parts = std::iter::once(finish)
                .chain(give_up.map(|g| give_up_text(g, attempts)))
                .map(Arg::from)
                .collect();
            Sentence::joined(Join::Raw(""), parts)
        }
    }
}

/// What became of a `Retry-After` the harness did not wait for: an invalid
/// one counts as absent; a valid one ignored breaks 001's rule. Said only
/// where it happened (the six old clients honour every valid one).
fn retry_after_fate(run: &Run, request: usize, next: Next, now_ms: u64) -> Option<Sentence> {
    use crate::lab::view::layers::{response, wait_after, RetryAfterSeen};
    let raw = || {
        let r = response(run, request);
        Arg::raw(
            r.and_then(|r| r.retry_after_raw.clone())
                .unwrap_or_default(),
        )
    };
    match wait_after(run, request, next, now_ms)?.retry_after {
        RetryAfterSeen::Invalid => Some(Sentence::new("lab.ra.invalid").arg("raw", raw())),
        RetryAfterSeen::Ignored => Some(Sentence::new("lab.ra.ignored")),
        RetryAfterSeen::Absent | RetryAfterSeen::Honoured => None,
    }
}

/// Which layer sent a request, where more than one layer retries: the
/// SDK's send inside the harness's attempt.
fn layer_text(run: &Run, request: usize) -> Option<Sentence> {
    use crate::lab::view::layers::{layers, worth_telling};
    if !worth_telling(run) || !run.harness.sdk {
        return None;
    }
    let l = layers(run).into_iter().find(|l| l.request == request)?;
    let s = match l.sdk_retry {
        0 => Sentence::new("lab.layer.sdk_first"),
        k => Sentence::new("lab.layer.sdk_retry").arg("k", Arg::raw(k)),
    };
    Some(s.arg("attempt", Arg::raw(l.attempt)))
}

/// `first`, followed by `more` as a sentence of its own if there is one
/// (without one, exactly `first`).
fn and_then(first: Sentence, more: Option<Sentence>) -> Sentence {
    match more {
        Some(m) => Sentence::sentences([first, m]),
        None => first,
    }
}

/// Why the harness stops retrying.
fn give_up_text(give_up: GiveUp, attempts: u32) -> Sentence {
    match give_up {
        GiveUp::AttemptsExhausted => Sentence::new("lab.give_up.attempts").arg("max", attempts),
        GiveUp::DeadlineExhausted => Sentence::new("lab.give_up.deadline"),
        GiveUp::RetryAfterTooLong {
            retry_after_s,
            remaining_ms,
        } => Sentence::new("lab.give_up.retry_after")
            .arg("s", Arg::raw(retry_after_s))
            .arg("remaining", Arg::ClockMs(remaining_ms)),
        GiveUp::NotRetryable => Sentence::new("lab.give_up.not_retryable"),
        GiveUp::StoredError => Sentence::new("lab.give_up.stored_error"),
        GiveUp::Careful => Sentence::new("lab.give_up.careful"),
        GiveUp::TlsVerification => Sentence::new("lab.give_up.tls"),
        GiveUp::DeadlineFired => Sentence::new("lab.give_up.deadline_fired"),
        GiveUp::BudgetExhausted => Sentence::new("lab.give_up.budget"),
        GiveUp::Deferred { retry_after_s } => {
            Sentence::new("lab.give_up.deferred").arg("s", Arg::raw(retry_after_s))
        }
        GiveUp::StillUnknown => Sentence::new("lab.give_up.still_unknown"),
    }
}

/// The fencing token a claim or takeover read, as a tail of its sentence.
fn fence_text(fence: Option<i64>) -> Arg {
    match fence {
        Some(f) => Sentence::new("lab.d.fence")
            .arg("fence", Arg::raw(f))
            .into(),
        None => Arg::Raw("".into()),
    }
}

/// The server's answer to one request, as the narration quotes it.
#[derive(Clone, Copy)]
struct Answer<'a> {
    status: Option<u16>,
    retry_after: Option<u64>,
    /// `Retry-After` as written when it is not plain seconds.
    retry_after_raw: Option<&'a str>,
}

impl Answer<'_> {
    fn status(self) -> Arg {
        Arg::raw(self.status.map(|s| s.to_string()).unwrap_or_default())
    }

    fn retry_after(self) -> Arg {
        Arg::raw(self.retry_after.unwrap_or_default())
    }
}

/// A 503 before any work, with its `Retry-After` as the server wrote it:
/// seconds, an HTTP date (and the seconds it meant), an invalid value, or
/// none.
fn unavailable_text(a: Answer) -> Sentence {
    let s = Sentence::new;
    match (a.retry_after_raw, a.retry_after) {
        (Some(raw), Some(_)) => s("lab.d.unavailable_dated")
            .arg("raw", Arg::raw(raw))
            .arg("s", a.retry_after()),
        (Some(raw), None) => s("lab.d.unavailable_invalid").arg("raw", Arg::raw(raw)),
        (None, Some(_)) => s("lab.d.unavailable").arg("s", a.retry_after()),
        (None, None) => s("lab.d.unavailable_bare"),
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

fn decision_text(run: &Run, open_tx_lost: bool, req: usize, d: &Decision, a: Answer) -> Sentence {
    let s = Sentence::new;
    match d {
        Decision::NoCheck => s("lab.d.no_check").arg("req", number(req)),
        Decision::NoKey => s("lab.d.no_key").arg("req", number(req)),
        Decision::KeyUnknown => s("lab.d.key_unknown"),
        Decision::Claimed { fence } => s("lab.d.claimed").arg("fence", fence_text(*fence)),
        Decision::TookOver { fence } => s("lab.d.took_over").arg("fence", fence_text(*fence)),
        Decision::Replay => replay_text(run, req, a),
        Decision::InProgress => {
            let retry = match a.retry_after {
                Some(secs) => s("lab.d.retry_after").arg("s", Arg::raw(secs)).into(),
                None => Arg::Raw("".into()),
            };
            s("lab.d.in_progress").arg("retry", retry)
        }
        Decision::DigestMismatch => s("lab.d.mismatch"),
        Decision::RateLimited { quota: true } => s("lab.d.quota"),
        Decision::RateLimited { quota: false } if a.retry_after.is_none() => {
            s("lab.d.rate_limited_bare")
        }
        Decision::RateLimited { quota: false } => s("lab.d.rate_limited").arg("s", a.retry_after()),
        Decision::Unavailable => unavailable_text(a),
        Decision::Malformed => s("lab.d.malformed"),
        Decision::StaleCreated { .. }
        | Decision::Created { .. }
        | Decision::KeyRecorded { .. }
        | Decision::Failed => write_text(run, req, d),
        Decision::SqlError => s("lab.d.sql_error"),
        Decision::Fenced { .. } | Decision::Guarded { .. } => fenced_text(d, a),
        Decision::Released => s("lab.d.released"),
        Decision::Aborted { released: true } => s("lab.d.aborted_released"),
        Decision::Aborted { released: false } => s("lab.d.aborted"),
        Decision::ClaimGone => s("lab.d.claim_gone"),
        Decision::Crashed if open_tx_lost => s("lab.d.crashed"),
        Decision::Crashed => s("lab.d.crashed_after_commit"),
        Decision::NotStarted => s("lab.d.not_started"),
        Decision::Forbidden { approval: false } => s("lab.d.forbidden_permission"),
        Decision::Forbidden { approval: true } => s("lab.d.forbidden_approval"),
        Decision::Uncertain if run.design.issues_status_ref() => s("lab.d.uncertain_ref"),
        Decision::Uncertain => s("lab.d.uncertain"),
        Decision::MarkedUnknown => s("lab.d.marked_unknown"),
    }
}

/// A stored response replayed. Without a digest the server replays
/// whatever it stored, and says so loudly when this body differs from the
/// stored one; otherwise the design's mechanisms say how it replays.
fn replay_text(run: &Run, req: usize, a: Answer) -> Sentence {
    let key = match run.changed_body_replays().contains(&req) {
        true => "lab.d.replay_changed",
        false => run.design.says(Telling::Replay).unwrap_or("lab.d.replay"),
    };
    Sentence::new(key).arg("status", a.status())
}

/// A write the handler made (or failed to make): a report, a key, or a
/// report created by a request whose lease ran out.
fn write_text(run: &Run, req: usize, d: &Decision) -> Sentence {
    let keyed = keyed(run, req);
    match d {
        Decision::StaleCreated {
            report_id,
            lease_until_ms,
        } => Sentence::new(
            (run.design.says(Telling::StaleCreated)).unwrap_or("lab.d.stale_created_unguarded"),
        )
        .arg("id", Arg::raw(report_id))
        .arg("t", Arg::ClockMs(*lease_until_ms)),
        Decision::Created { report_id } => {
            let key = if keyed {
                "lab.d.created_keyed"
            } else {
                "lab.d.created"
            };
            Sentence::new(key).arg("id", Arg::raw(report_id))
        }
        Decision::KeyRecorded { report_id } => {
            Sentence::new("lab.d.key_recorded").arg("id", Arg::raw(report_id))
        }
        _ => {
            let said = run.design.says(Telling::KeyedFailure).filter(|_| keyed);
            Sentence::new(said.unwrap_or("lab.d.failed"))
        }
    }
}

/// A slow request's write turned away by the fencing token or the guard.
fn fenced_text(d: &Decision, a: Answer) -> Sentence {
    match d {
        Decision::Fenced {
            replayed,
            held,
            current,
        } => {
            let keys = ["lab.d.fenced_replay", "lab.d.fenced_409"];
            fence_refused(keys, *replayed, *held, *current).arg("status", a.status())
        }
        Decision::Guarded { replayed: true } => {
            Sentence::new("lab.d.guarded_replay").arg("status", a.status())
        }
        _ => Sentence::new("lab.d.guarded_409"),
    }
}

/// A write-back the fence turned away (`held` ≠ `current`), in the words
/// of `keys`: the first when the current holder's result is replayed, the
/// second for the 409. The narration and the diagram's note both say it.
pub(crate) fn fence_refused(
    keys: [&'static str; 2],
    replayed: bool,
    held: i64,
    current: i64,
) -> Sentence {
    let key = if replayed { keys[0] } else { keys[1] };
    Sentence::new(key)
        .arg("held", Arg::raw(held))
        .arg("current", Arg::raw(current))
}

/// Requests are numbered from 1, like the reports' ids.
fn number(n: usize) -> Arg {
    Arg::raw(n + 1)
}

/// A sentence that quotes request `n`.
fn about(key: &'static str, n: usize) -> Sentence {
    Sentence::new(key).arg("req", number(n))
}

/// The narration of `step` (or of the start, for `None`): one or more
/// sentences, run together as the language runs sentences.
pub fn narrate(run: &Run, step: Option<&Step>) -> Sentence {
    let Some(step) = step else {
        return Sentence::new("lab.n.start");
    };
    match &step.kind {
        StepKind::ToolCall { call, tool_use_id } => tool_call_text(run, *call, tool_use_id),
        StepKind::Send { request } => {
            and_then(send_text(run, request), layer_text(run, request.id))
        }
        StepKind::RequestLost { request } => about("lab.n.request_lost", *request),
        StepKind::Refused { request } => about("lab.n.refused", *request),
        StepKind::Server { .. } => server_text(run, step),
        StepKind::ResponseLost { request, status } => {
            about("lab.n.response_lost", *request).arg("status", Arg::raw(status))
        }
        StepKind::Received {
            request,
            outcome,
            next,
        } => received_text(run, *request, *outcome, *next, step.time_ms),
        StepKind::Late { request, status } => {
            about("lab.n.late", *request).arg("status", Arg::raw(status))
        }
        StepKind::Timeout { request, next } => Sentence::sentences([
            about("lab.n.timeout", *request),
            next_text(run, *request, *next, step.time_ms),
        ]),
        StepKind::Deadline { request, next } => Sentence::sentences([
            about("lab.n.deadline", *request),
            next_text(run, *request, *next, step.time_ms),
        ]),
        StepKind::Dripping { .. } => {
            crate::lab::faults::drip::narration(&step.kind).unwrap_or(Sentence::sentences([]))
        }
        StepKind::Note { event } => crate::lab::view::narrate_notes::note_text(run, event),
        StepKind::Query {
            found: Some(id), ..
        } => Sentence::new("lab.n.query_found").arg("id", Arg::raw(id)),
        StepKind::Cleanup { pruned } => Sentence::new("lab.n.cleanup").arg("n", *pruned),
        StepKind::StatusQuery {
            call,
            status_ref,
            answer,
            next,
        } => status_query_text(run, *call, status_ref, answer, *next, step.time_ms),
        kind => Sentence::new(fixed_key(kind)),
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
fn tool_call_text(run: &Run, call: usize, tool_use_id: &str) -> Sentence {
    let twin = call > 0 && run.calls()[call - 1].tool_use_id == tool_use_id;
    let key = match (call, twin) {
        (0, _) => "lab.n.tool_call",
        (_, true) => "lab.n.twin",
        _ => "lab.n.tool_recall",
    };
    Sentence::new(key).arg("id", Arg::raw(tool_use_id))
}

/// An attempt going out: its number, its key (and tenant, when there are
/// two) and its body's digest.
fn send_text(run: &Run, request: &RequestInfo) -> Sentence {
    let two = run.tenants().count() > 1;
    let key = match &request.key {
        Some(k) if two => Sentence::new("lab.n.key_tenant")
            .arg("key", Arg::raw(k))
            .arg(
                "tenant",
                crate::lab::view::words::tenant_name(request.tenant),
            ),
        Some(k) => Sentence::new("lab.n.key").arg("key", Arg::raw(k)),
        None => Sentence::new("lab.n.no_key"),
    };
    Sentence::new("lab.n.send")
        .arg("attempt", Arg::raw(request.attempt))
        .arg("req", number(request.id))
        .arg("key", key)
        .arg("digest", Arg::raw(&request.digest[..12]))
}

/// The server's step: its decision, the notifier call after its commit, and
/// how long it stays busy.
fn server_text(run: &Run, step: &Step) -> Sentence {
    let StepKind::Server {
        request,
        decision,
        works_until_ms,
        response,
    } = &step.kind
    else {
        return Sentence::sentences([]);
    };
    let open_tx_lost = step
        .sql
        .iter()
        .any(|q| q.outcome == SqlOutcome::RolledBack { crash: true });
    let answer = Answer {
        status: response.as_ref().map(|r| r.status),
        retry_after: response.as_ref().and_then(|r| r.retry_after_s),
        retry_after_raw: response.as_ref().and_then(|r| r.retry_after_raw.as_deref()),
    };
    let mut parts: Vec<Sentence> = effect_text(run, *request, step.time_ms)
        .into_iter()
        .collect();
    parts.push(decision_text(run, open_tx_lost, *request, decision, answer));
    parts.extend(crate::lab::view::narrate_notes::after_commit_text(
        run, step,
    ));
    if let Some(until) = works_until_ms {
        // Busy past the lease is a pause, as the diagram draws it.
        let key = if until - step.time_ms > crate::lab::LEASE_MS {
            "lab.n.pauses_until"
        } else {
            "lab.n.works_until"
        };
        parts.push(Sentence::new(key).arg("t", Arg::ClockMs(*until)));
    }
    Sentence::sentences(parts)
}

/// The work's call to the refund-like downstream at this step, if it made
/// one: a new effect with its receipt, the first effect's receipt for a
/// repeated key, or a refusal of a changed body.
fn effect_text(run: &Run, request: usize, now_ms: u64) -> Option<Sentence> {
    use crate::lab::model::downstream::EffectOutcome;
    let e = (run.effect_calls().iter()).find(|e| e.request == request && e.at_ms == now_ms)?;
    let s = match &e.outcome {
        EffectOutcome::Made { receipt } => {
            Sentence::new("lab.n.effect_made").arg("receipt", Arg::raw(receipt))
        }
        EffectOutcome::Repeated { receipt } => {
            Sentence::new("lab.n.effect_repeated").arg("receipt", Arg::raw(receipt))
        }
        EffectOutcome::Conflict => Sentence::new("lab.n.effect_conflict"),
    };
    let keyed = match &e.key {
        Some(_) => Sentence::new("lab.n.effect_keyed"),
        None => Sentence::new("lab.n.effect_unkeyed"),
    };
    Some(Sentence::sentences([s, keyed]))
}

/// `query_operation_status`: what it answered (003's state) and what the
/// harness does next.
fn status_query_text(
    run: &Run,
    call: usize,
    status_ref: &str,
    answer: &crate::lab::model::trace::StatusAnswer,
    next: Next,
    now_ms: u64,
) -> Sentence {
    use crate::lab::model::trace::StatusAnswer as A;
    let asked = Sentence::new("lab.n.status_query").arg("ref", Arg::raw(status_ref));
    let told = match answer {
        A::Succeeded {
            report_id,
            receipt: Some(r),
        } => Sentence::new("lab.n.status_backfilled")
            .arg("id", Arg::raw(report_id))
            .arg("receipt", Arg::raw(r)),
        A::Succeeded {
            report_id,
            receipt: None,
        } => Sentence::new("lab.n.status_done").arg("id", Arg::raw(report_id)),
        other => Sentence::new(match other {
            A::Unknown => "lab.n.status_unknown",
            A::NotStarted => "lab.n.status_not_started",
            A::Failed => "lab.n.status_failed",
            A::Conflict => "lab.n.status_conflict",
            A::NoEvidence => "lab.n.status_no_evidence",
            _ => "lab.n.status_denied",
        }),
    };
    let request = (run.requests().iter().rev())
        .find(|r| r.call == call)
        .map_or(0, |r| r.id);
    Sentence::sentences([asked, told, next_text(run, request, next, now_ms)])
}

/// The harness gets an answer, and what it does next.
fn received_text(
    run: &Run,
    request: usize,
    outcome: AttemptOutcome,
    next: Next,
    now_ms: u64,
) -> Sentence {
    let mut parts =
        vec![about("lab.n.received", request).arg("outcome", outcome_text(Some(outcome)))];
    parts.extend(crate::lab::faults::tls::retried_warning(outcome, next));
    parts.push(next_text(run, request, next, now_ms));
    Sentence::sentences(parts)
}
