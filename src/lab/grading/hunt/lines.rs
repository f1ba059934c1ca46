//! A fault schedule in words, one line per attempt with a fault and one
//! per schedule-wide fault: each primitive words its own fault (its module
//! under [`crate::lab::faults`]); this file orders them and words what came
//! of each attempt in the run.

use super::fate::{AttemptFate, RequestFate, ResponseFate};
use super::kinds::{FaultKind, NOT_YET_COVERED};
use crate::kernel::text::{Arg, Join, Sentence};
use crate::lab::faults::{
    approval, double_submit, effect, many_calls, model_recall, next_day, receipt_late, relay,
    rerender, revoked, second_tenant, server_error, title_rewrite,
};
use crate::lab::faults::{AttemptFault, Delivery, FaultSchedule, NotifyFault, OnResponse};
use crate::lab::harness::MAX_REQUESTS_PER_CALL;

/// The parts of one line, after the line's own gap («；»).
fn parts(items: Vec<Sentence>) -> Arg {
    let items = items.into_iter().map(Arg::from).collect();
    Arg::Joined(Join::Key("hunt.sep".into()), items)
}

/// The request's part of a line: what the trace shows came of it, or
/// (without a run) what the schedule asks.
fn request_part(a: AttemptFault, fate: Option<AttemptFate>) -> Sentence {
    let s = Sentence::new;
    match fate.map(|f| f.request) {
        Some(RequestFate::NotSent) => s("hunt.msg.not_sent"),
        Some(RequestFate::InFlight) => s("hunt.msg.in_flight"),
        Some(RequestFate::Lost) => s("hunt.msg.lose"),
        Some(RequestFate::Refused) => s("hunt.msg.refuse"),
        Some(RequestFate::TlsFailed) => s("hunt.msg.tls"),
        Some(RequestFate::NeverConnected) => s("hunt.msg.never_connects"),
        Some(RequestFate::Arrived) | None => a.request.words(),
    }
}

/// The response's part: the network's scheduled fault, then what came of
/// the response in the run (read, lost, late and discarded, cut off); no
/// part where no response was sent because the request never arrived or
/// the process died.
fn response_part(a: AttemptFault, fate: Option<AttemptFate>) -> Option<Sentence> {
    // A refused response is a lost one (the connection was already open).
    let scheduled = match a.response {
        Delivery::Refuse => Delivery::Lose,
        d => d,
    };
    let response = |what: Arg| Sentence::new("hunt.response").arg("what", what);
    let Some(f) = fate else {
        return Some(response(scheduled.words().into()));
    };
    let outcome =
        |key: &'static str, status: u16| Sentence::new(key).arg("status", Arg::raw(status));
    let came = match f.response {
        ResponseFate::None if f.request != RequestFate::Arrived || f.server_fault => return None,
        ResponseFate::None => Sentence::new("hunt.resp.none"),
        ResponseFate::Lost { status } => outcome("hunt.resp.lost", status),
        ResponseFate::Read { status } => outcome("hunt.resp.read", status),
        ResponseFate::Late { status } => outcome("hunt.resp.late", status),
        ResponseFate::CutOff { status } => outcome("hunt.resp.cut_off", status),
    };
    // A fault that delays the response, then what came of it.
    let delays = scheduled != Delivery::Deliver
        && matches!(
            scheduled.on_response(),
            OnResponse::Arrives { .. } | OnResponse::Trickles { .. }
        );
    let what = match f.response {
        ResponseFate::Read { .. } | ResponseFate::Late { .. } | ResponseFate::CutOff { .. }
            if delays =>
        {
            let both = vec![scheduled.words().into(), came.into()];
            Arg::Joined(Join::Key("hunt.comma".into()), both)
        }
        _ => came.into(),
    };
    Some(response(what))
}

/// One attempt's line: «第 1 次请求：送达；服务端…；响应：201 迟到，丢弃»,
/// worded from the attempt's fate in the run when there is one.
fn attempt_line(n: usize, a: AttemptFault, fate: Option<AttemptFate>) -> Sentence {
    Sentence::new("hunt.attempt")
        .arg("n", Arg::raw(n))
        .arg("what", attempt_what(a, fate))
}

/// What befell one attempt (or what the schedule asks of it).
fn attempt_what(a: AttemptFault, fate: Option<AttemptFate>) -> Arg {
    let mut items = Vec::new();
    if a.rerender && fate.is_none_or(|f| f.request != RequestFate::NotSent) {
        items.push(rerender::part());
    }
    items.push(request_part(a, fate));
    let happened = fate.is_none_or(|f| f.server_fault);
    match a.server.words() {
        Some(what) if happened => items.push(what),
        Some(what) => items.push(Sentence::new("hunt.server.skipped").arg("what", what)),
        None => {}
    }
    items.extend(response_part(a, fate));
    parts(items)
}

/// A fault that never clears (a certificate that does not verify, an
/// exhausted quota) is scheduled for every request a call can make: from
/// the first of its attempts the run did not reach (`reached`), it is told
/// as one line. `None` for a schedule that ends.
fn persists_from(s: &FaultSchedule, reached: usize) -> Option<usize> {
    if s.attempts.len() < MAX_REQUESTS_PER_CALL as usize {
        return None;
    }
    let last = *s.attempts.last()?;
    let same_from = s
        .attempts
        .iter()
        .rposition(|a| *a != last)
        .map_or(0, |i| i + 1);
    Some(same_from.max(reached).min(s.attempts.len() - 1))
}

/// One notifier call's line: «第 1 次调用通知服务：丢失；应答：送达；发送流程随后死掉».
fn note_line(n: usize, f: NotifyFault) -> Sentence {
    // A lost call is never answered: no answer part.
    let mut items = vec![f.request.words()];
    if f.request != Delivery::Lose {
        items.push(Sentence::new("hunt.response").arg("what", f.response.words()));
    }
    items.extend(relay::part(&f));
    Sentence::new("hunt.note")
        .arg("n", Arg::raw(n))
        .arg("what", parts(items))
}

/// The lines of the faults past the service's own database: the notifier
/// calls with a fault, the second tenant, the rewritten title, then 003's
/// refund-like work and what it meets.
fn downstream_lines(s: &FaultSchedule) -> Vec<Sentence> {
    let mut out: Vec<Sentence> = s
        .notify
        .iter()
        .enumerate()
        .filter(|(_, f)| **f != NotifyFault::default())
        .map(|(i, f)| note_line(i + 1, *f))
        .collect();
    out.extend(second_tenant::line(s));
    out.extend(title_rewrite::FLAG.line(s));
    out.extend(effect::line(s));
    out.extend(receipt_late::line(s));
    out.extend(revoked::line(s));
    out.extend(approval::line(s));
    out
}

/// The schedule in words, from what happened in its run: `fates` are the
/// run's ([`super::fate::fates`]); without them (no run yet) the lines say
/// what the schedule asks. Attempts without faults before the last faulty
/// one are listed too (they are counted), those after it are summed up in
/// one line.
pub fn lines(s: &FaultSchedule, fates: Option<&[AttemptFate]>) -> Vec<Sentence> {
    let plain = AttemptFault::default();
    // The attempts the run sent (or would have: no run yet, none).
    let reached = fates.map_or(0, |f| {
        f.iter()
            .position(|a| a.request == RequestFate::NotSent)
            .unwrap_or(f.len())
    });
    let persists = persists_from(s, reached);
    let keep = persists.unwrap_or_else(|| {
        s.attempts
            .iter()
            .rposition(|a| *a != plain)
            .map_or(0, |i| i + 1)
    });
    let mut out: Vec<Sentence> = s.attempts[..keep]
        .iter()
        .enumerate()
        .map(|(i, a)| attempt_line(i + 1, *a, fates.and_then(|f| f.get(i).copied())))
        .collect();
    if let Some(line) = double_submit::FLAG.line(s) {
        out.insert(0, line);
    }
    out.extend(many_calls::line(s));
    out.extend(server_error::lines(s));
    out.extend(model_recall::line(s));
    out.extend(next_day::FLAG.line(s));
    out.extend(downstream_lines(s));
    out.push(match persists {
        Some(from) => Sentence::new("hunt.rest.every")
            .arg("n", Arg::raw(from + 1))
            .arg("what", attempt_what(s.attempts[from], None)),
        None if keep == 0 => Sentence::new("hunt.rest.all"),
        None => Sentence::new("hunt.rest.after").arg("n", Arg::raw(keep)),
    });
    out
}

/// A fault kind's name.
pub fn kind_name(k: FaultKind) -> Sentence {
    Sentence::new(format!("hunt.kind.{}", k.id()))
}

/// The names of the faults the model cannot inject yet.
pub fn uncovered_names() -> Vec<Sentence> {
    NOT_YET_COVERED
        .iter()
        .map(|id| Sentence::new(format!("hunt.uncovered.{id}")))
        .collect()
}
