//! The text of the diagram's arrows and lane notes, and which notes stand
//! out (a mark before the text, a class).

use crate::kernel::text::{Arg, Join, Sentence};
use crate::lab::view::narrate::fence_refused;
use crate::lab::{Arrow, ArrowLabel, Decision, Lane, Next, Step, StepKind};

/// The mark drawn before a note's text (the page draws each as an icon).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// A wait (backoff, `Retry-After`).
    Wait,
    /// A crash, a stop.
    Cross,
    /// A retry that got the old body's stored response.
    ChangedBody,
    /// A handler paused past its lease.
    Pause,
}

/// An arrow's label.
pub fn label(a: &Arrow) -> Sentence {
    let s = Sentence::new;
    match &a.label {
        ArrowLabel::Request { request } => Sentence::raw(format!("POST #{}", request + 1)),
        ArrowLabel::Status { status } => Sentence::raw(status.to_string()),
        ArrowLabel::Refused => s("lab.arrow.refused"),
        ArrowLabel::Sql { statements } => s("lab.arrow.sql").arg("n", Arg::raw(statements)),
        ArrowLabel::SqlResult { committed: true } => s("lab.arrow.commit"),
        ArrowLabel::SqlResult { committed: false } => s("lab.arrow.result"),
        ArrowLabel::Query => s("lab.arrow.query"),
        ArrowLabel::QueryResult { found: Some(id) } => {
            s("lab.arrow.query_found").arg("id", Arg::raw(id))
        }
        ArrowLabel::QueryResult { found: None } => s("lab.arrow.query_none"),
        ArrowLabel::StatusQuery => s("lab.arrow.status_query"),
        ArrowLabel::StatusResult { answer } => s(answer.key()),
        ArrowLabel::Notify { .. } | ArrowLabel::NotifyAnswer { .. } => {
            crate::lab::view::narrate_notes::arrow_text(&a.label)
                .unwrap_or_else(|| Sentence::sentences([]))
        }
        ArrowLabel::TlsFailed => s("lab.arrow.tls"),
        ArrowLabel::Dripping { status } => s("lab.arrow.dripping").arg("status", Arg::raw(status)),
    }
}

/// A lane note: its lane, a mark before its text, the text, and its CSS
/// class (the key moments, stall, wait, fence, guard, stand out).
#[derive(Clone, Debug, PartialEq)]
pub struct Note {
    pub lane: Lane,
    pub mark: Option<Mark>,
    pub text: Sentence,
    pub class: &'static str,
}

fn plain(lane: Lane, text: Sentence, class: &'static str) -> Option<Note> {
    Some(Note {
        lane,
        mark: None,
        text,
        class,
    })
}

fn marked(lane: Lane, mark: Mark, text: Sentence, class: &'static str) -> Option<Note> {
    Some(Note {
        lane,
        mark: Some(mark),
        text,
        class,
    })
}

/// A lane note for steps that are events rather than messages;
/// `changed_body` lists the requests that got the old body's response
/// replayed ([`crate::lab::Run::changed_body_replays`]).
pub fn note(changed_body: &[usize], s: &Step) -> Option<Note> {
    let t = Sentence::new;
    let h = Lane::Harness;
    match &s.kind {
        StepKind::ToolCall { .. } => plain(h, t("lab.note.tool_call"), "note"),
        StepKind::Timeout { next, .. } => {
            let arrow = |then: Sentence| {
                let parts = vec![t("lab.note.timeout").into(), then.into()];
                Sentence::joined(Join::Raw(" → "), parts)
            };
            match wait(next) {
                Some(w) => marked(h, Mark::Wait, arrow(w), "note wait"),
                None => plain(h, arrow(t("lab.note.result")), "note"),
            }
        }
        StepKind::Received { next, .. } => match wait(next) {
            Some(w) => marked(h, Mark::Wait, w, "note wait"),
            None => plain(h, t("lab.note.result"), "note"),
        },
        StepKind::Late { .. } => plain(h, t("lab.note.late"), "note"),
        StepKind::Restart => plain(Lane::Server, t("lab.note.restart"), "note"),
        StepKind::HarnessDown => marked(h, Mark::Cross, t("lab.note.harness_down"), "note key"),
        StepKind::HarnessBack => plain(h, t("lab.note.harness_back"), "note key"),
        StepKind::Cleanup { .. } => plain(Lane::Database, t("lab.note.cleanup"), "note key"),
        StepKind::Truncated => plain(h, t("lab.note.truncated"), "note key"),
        StepKind::RelayDown => marked(
            Lane::Server,
            Mark::Cross,
            t("lab.note.relay_down"),
            "note key",
        ),
        StepKind::Dripping { .. } => plain(h, t("lab.note.dripping"), "note key"),
        StepKind::Deadline { .. } => marked(h, Mark::Cross, t("lab.note.deadline"), "note key"),
        StepKind::Server {
            request,
            decision,
            works_until_ms,
            ..
        } => {
            if changed_body.contains(request) {
                let text = t("lab.note.replay_changed");
                return marked(Lane::Server, Mark::ChangedBody, text, "note key");
            }
            server_note(s, decision, *works_until_ms)
        }
        _ => None,
    }
}

/// The wait before the next attempt, if there is one.
fn wait(next: &Next) -> Option<Sentence> {
    let wait = |ms: u64| Sentence::new("lab.note.wait").arg("t", Arg::ClockMs(ms));
    match next {
        Next::Backoff { wait_ms } => Some(wait(*wait_ms)),
        Next::RetryAfter { wait_ms } => {
            let parts = vec![wait(*wait_ms).into(), Arg::raw("(Retry-After)")];
            Some(Sentence::joined(Join::Raw(" "), parts))
        }
        Next::SdkRetry {
            wait_ms,
            retry_after,
        } => {
            let sdk = if *retry_after {
                "(SDK, Retry-After)"
            } else {
                "(SDK)"
            };
            let parts = vec![wait(*wait_ms).into(), Arg::raw(sdk)];
            Some(Sentence::joined(Join::Raw(" "), parts))
        }
        Next::Reconcile { wait_ms } => {
            Some(Sentence::new("lab.note.reconcile").arg("t", Arg::ClockMs(*wait_ms)))
        }
        Next::Resend | Next::Finish { .. } => None,
    }
}

fn server_note(s: &Step, d: &Decision, until: Option<u64>) -> Option<Note> {
    let v = Lane::Server;
    let t = Sentence::new;
    match d {
        Decision::Crashed => marked(v, Mark::Cross, t("lab.note.crash"), "note key"),
        Decision::Fenced {
            replayed,
            held,
            current,
        } => {
            let keys = ["lab.note.fenced_replay", "lab.note.fenced_409"];
            let text = fence_refused(keys, *replayed, *held, *current);
            plain(v, text, "note key")
        }
        Decision::Guarded { .. } => plain(v, t("lab.note.guarded"), "note key"),
        Decision::StaleCreated { .. } => plain(v, t("lab.note.stale_created"), "note key"),
        _ => {
            let u = until.filter(|u| u - s.time_ms > crate::lab::WORK_MAX_MS)?;
            let text = |key| t(key).arg("t", Arg::ClockMs(u));
            match Long::of(u - s.time_ms) {
                Long::Stall => marked(v, Mark::Pause, text("lab.note.stall"), "note stall"),
                Long::Work => plain(v, text("lab.note.works"), "note work"),
            }
        }
    }
}

/// A handler that is busy for longer than normal work: past the lease it
/// is a pause (a GC pause, say: the server will guess it is dead), within
/// it just slow work (a slow request, a taker doing the work again).
pub enum Long {
    Stall,
    Work,
}

impl Long {
    pub fn of(busy_ms: u64) -> Long {
        if busy_ms > crate::lab::LEASE_MS {
            Long::Stall
        } else {
            Long::Work
        }
    }

    pub fn bar(&self) -> &'static str {
        match self {
            Long::Stall => "stall-bar",
            Long::Work => "work-bar",
        }
    }
}
