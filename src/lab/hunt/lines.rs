//! A fault schedule in words, one line per attempt with a fault and one
//! per schedule-wide fault, through the translation table.

use super::fate::{AttemptFate, RequestFate, ResponseFate};
use super::kinds::{FaultKind, NOT_YET_COVERED};
use crate::i18n::num::{clock, counted};
use crate::i18n::{t, tf, Lang};
use crate::lab::faults::{AttemptFault, Delivery, FaultSchedule, NotifyFault, ServerFault};

fn delivery(l: Lang, d: Delivery) -> String {
    match d {
        Delivery::Deliver => t(l, "hunt.msg.deliver"),
        Delivery::Lose => t(l, "hunt.msg.lose"),
        Delivery::Refuse => t(l, "hunt.msg.refuse"),
        Delivery::Delay(ms) => tf(l, "hunt.msg.delay", &[("t", clock(l, ms))]),
        Delivery::TlsFailure => t(l, "hunt.msg.tls"),
        Delivery::Drip { every_ms, total_ms } => tf(
            l,
            "hunt.msg.drip",
            &[("every", clock(l, every_ms)), ("t", clock(l, total_ms))],
        ),
    }
}

fn server(l: Lang, f: ServerFault) -> Option<String> {
    Some(match f {
        ServerFault::None => return None,
        ServerFault::Stall(ms) => tf(l, "hunt.server.stall", &[("t", clock(l, ms))]),
        ServerFault::Crash => t(l, "hunt.server.crash"),
        ServerFault::CrashBeforeCommit => t(l, "hunt.server.crash_before_commit"),
        ServerFault::CrashAfterCommit => t(l, "hunt.server.crash_after_commit"),
        ServerFault::Fail => t(l, "hunt.server.fail"),
        ServerFault::FailBeforeWork => t(l, "hunt.server.fail_before_work"),
        ServerFault::Unavailable { retry_after_s } => tf(
            l,
            "hunt.server.unavailable",
            &[("t", clock(l, retry_after_s * 1000))],
        ),
        ServerFault::RateLimited {
            retry_after_s: Some(s),
            quota,
        } => {
            let key = match quota {
                true => "hunt.server.quota_retry_after",
                false => "hunt.server.rate_limited",
            };
            tf(l, key, &[("t", clock(l, s * 1000))])
        }
        ServerFault::RateLimited {
            retry_after_s: None,
            quota: true,
        } => t(l, "hunt.server.quota"),
        ServerFault::RateLimited {
            retry_after_s: None,
            quota: false,
        } => t(l, "hunt.server.rate_limited_bare"),
    })
}

/// The request's part of a line: what the trace shows came of it, or
/// (without a run) what the schedule asks.
fn request_part(l: Lang, a: AttemptFault, fate: Option<AttemptFate>) -> String {
    match fate.map(|f| f.request) {
        Some(RequestFate::NotSent) => t(l, "hunt.msg.not_sent"),
        Some(RequestFate::InFlight) => t(l, "hunt.msg.in_flight"),
        Some(RequestFate::Lost) => t(l, "hunt.msg.lose"),
        Some(RequestFate::Refused) => t(l, "hunt.msg.refuse"),
        Some(RequestFate::TlsFailed) => t(l, "hunt.msg.tls"),
        Some(RequestFate::Arrived) | None => delivery(l, a.request),
    }
}

/// The response's part: the network's scheduled fault, then what came of
/// the response in the run (read, lost, late and discarded, cut off); no
/// part where no response was sent because the request never arrived or
/// the process died.
fn response_part(l: Lang, a: AttemptFault, fate: Option<AttemptFate>) -> Option<String> {
    // A refused response is a lost one (the connection was already open).
    let scheduled = match a.response {
        Delivery::Refuse => Delivery::Lose,
        d => d,
    };
    let Some(f) = fate else {
        return Some(tf(l, "hunt.response", &[("what", delivery(l, scheduled))]));
    };
    let outcome = |key: &str, status: u16| tf(l, key, &[("status", status.to_string())]);
    let came = match f.response {
        ResponseFate::None if f.request != RequestFate::Arrived || f.server_fault => return None,
        ResponseFate::None => t(l, "hunt.resp.none"),
        ResponseFate::Lost { status } => outcome("hunt.resp.lost", status),
        ResponseFate::Read { status } => outcome("hunt.resp.read", status),
        ResponseFate::Late { status } => outcome("hunt.resp.late", status),
        ResponseFate::CutOff { status } => outcome("hunt.resp.cut_off", status),
    };
    let what = match (scheduled, f.response) {
        (
            Delivery::Delay(_) | Delivery::Drip { .. },
            ResponseFate::Read { .. } | ResponseFate::Late { .. } | ResponseFate::CutOff { .. },
        ) => {
            format!("{}{}{came}", delivery(l, scheduled), t(l, "hunt.comma"))
        }
        _ => came,
    };
    Some(tf(l, "hunt.response", &[("what", what)]))
}

/// One attempt's line: «第 1 次请求：送达；服务端…；响应：201 迟到，丢弃»,
/// worded from the attempt's fate in the run when there is one.
fn attempt_line(l: Lang, n: usize, a: AttemptFault, fate: Option<AttemptFate>) -> String {
    let mut parts = Vec::new();
    if a.rerender && fate.is_none_or(|f| f.request != RequestFate::NotSent) {
        parts.push(t(l, "hunt.rerender"));
    }
    parts.push(request_part(l, a, fate));
    let happened = fate.is_none_or(|f| f.server_fault);
    match server(l, a.server) {
        Some(what) if happened => parts.push(what),
        Some(what) => parts.push(tf(l, "hunt.server.skipped", &[("what", what)])),
        None => {}
    }
    parts.extend(response_part(l, a, fate));
    tf(
        l,
        "hunt.attempt",
        &[
            ("n", n.to_string()),
            ("what", parts.join(&t(l, "hunt.sep"))),
        ],
    )
}

/// One notifier call's line: «第 1 次调用通知服务：丢失；应答：送达；发送流程随后死掉».
fn note_line(l: Lang, n: usize, f: NotifyFault) -> String {
    // A lost call is never answered: no answer part.
    let mut parts = vec![delivery(l, f.request)];
    if f.request != Delivery::Lose {
        parts.push(tf(l, "hunt.response", &[("what", delivery(l, f.response))]));
    }
    if f.relay_dies {
        parts.push(t(l, "hunt.relay_dies"));
    }
    tf(
        l,
        "hunt.note",
        &[
            ("n", n.to_string()),
            ("what", parts.join(&t(l, "hunt.sep"))),
        ],
    )
}

/// The lines of the faults past the service's own database: the notifier
/// calls with a fault, the second tenant, the rewritten title.
fn downstream_lines(l: Lang, s: &FaultSchedule) -> Vec<String> {
    let mut out: Vec<String> = s
        .notify
        .iter()
        .enumerate()
        .filter(|(_, f)| **f != NotifyFault::default())
        .map(|(i, f)| note_line(l, i + 1, *f))
        .collect();
    if let Some(ms) = s.second_tenant {
        out.push(tf(l, "hunt.second_tenant", &[("t", clock(l, ms))]));
    }
    if s.rewrite_title {
        out.push(t(l, "hunt.rewrite_title"));
    }
    out
}

/// The schedule in words, from what happened in its run: `fates` are the
/// run's ([`super::fate::fates`]); without them (no run yet) the lines say
/// what the schedule asks. Attempts without faults before the last faulty
/// one are listed too (they are counted), those after it are summed up in
/// one line.
pub fn lines(l: Lang, s: &FaultSchedule, fates: Option<&[AttemptFate]>) -> Vec<String> {
    let plain = AttemptFault::default();
    let keep = s
        .attempts
        .iter()
        .rposition(|a| *a != plain)
        .map_or(0, |i| i + 1);
    let mut out: Vec<String> = s.attempts[..keep]
        .iter()
        .enumerate()
        .map(|(i, a)| attempt_line(l, i + 1, *a, fates.and_then(|f| f.get(i).copied())))
        .collect();
    if s.double_submit {
        out.insert(0, t(l, "hunt.double_submit"));
    }
    if s.model_recalls > 0 {
        let times = counted(
            l,
            s.model_recalls.into(),
            "hunt.times.one",
            "hunt.times.other",
        );
        out.push(tf(l, "hunt.model_recalls", &[("times", times)]));
    }
    if s.restart_next_day {
        out.push(t(l, "hunt.next_day"));
    }
    out.extend(downstream_lines(l, s));
    out.push(if keep == 0 {
        t(l, "hunt.rest.all")
    } else {
        tf(l, "hunt.rest.after", &[("n", keep.to_string())])
    });
    out
}

/// A fault kind's name.
pub fn kind_name(l: Lang, k: FaultKind) -> String {
    t(l, &format!("hunt.kind.{}", k.id()))
}

/// The names of the faults the model cannot inject yet.
pub fn uncovered_names(l: Lang) -> Vec<String> {
    NOT_YET_COVERED
        .iter()
        .map(|id| t(l, &format!("hunt.uncovered.{id}")))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lab::Scenario;

    #[test]
    fn a_schedule_reads_one_line_per_attempt_in_both_languages() {
        let s = Scenario::LeaseOverlap.schedule();
        let zh = lines(Lang::Zh, &s, None);
        assert_eq!(zh.len(), 4, "{zh:?}");
        assert_eq!(
            zh[0],
            "第 1 次请求：送达；服务端在第一个事务之后停顿 6 秒；响应：送达"
        );
        assert_eq!(zh[1], "第 2 次请求：送达；响应：送达");
        let en = lines(Lang::En, &Scenario::ModelRetry.schedule(), None);
        assert_eq!(en[0], "Attempt 1: delivered; response: lost");
        assert!(
            en.iter()
                .any(|l| l.contains("calls the tool again, at most 1 time")),
            "{en:?}"
        );
        for sc in Scenario::ALL {
            for l in [Lang::Zh, Lang::En] {
                for line in lines(l, &sc.schedule(), None) {
                    assert!(!line.contains('⟦') && !line.contains('{'), "{line}");
                }
            }
        }
        for l in [Lang::Zh, Lang::En] {
            for k in FaultKind::ALL {
                assert!(!kind_name(l, k).contains('⟦'));
            }
            assert!(uncovered_names(l).iter().all(|n| !n.contains('⟦')));
        }
    }
}
