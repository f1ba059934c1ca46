//! The text of the diagram's arrows and lane notes, and which notes stand
//! out (a mark before the text, a class).

use crate::i18n::{t, tf, Lang};
use crate::lab::narrate::secs;
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
pub fn label(l: Lang, a: &Arrow) -> String {
    match &a.label {
        ArrowLabel::Request { request } => format!("POST #{}", request + 1),
        ArrowLabel::Status { status } => status.to_string(),
        ArrowLabel::Refused => t(l, "lab.arrow.refused"),
        ArrowLabel::Sql { statements } => tf(l, "lab.arrow.sql", &[("n", statements.to_string())]),
        ArrowLabel::SqlResult { committed: true } => t(l, "lab.arrow.commit"),
        ArrowLabel::SqlResult { committed: false } => t(l, "lab.arrow.result"),
        ArrowLabel::Query => t(l, "lab.arrow.query"),
        ArrowLabel::QueryResult { found: Some(id) } => {
            tf(l, "lab.arrow.query_found", &[("id", id.to_string())])
        }
        ArrowLabel::QueryResult { found: None } => t(l, "lab.arrow.query_none"),
        ArrowLabel::Notify { .. } | ArrowLabel::NotifyAnswer { .. } => {
            crate::lab::narrate_notes::arrow_text(l, &a.label).unwrap_or_default()
        }
        ArrowLabel::TlsFailed => t(l, "lab.arrow.tls"),
        ArrowLabel::Dripping { status } => {
            tf(l, "lab.arrow.dripping", &[("status", status.to_string())])
        }
    }
}

/// A lane note: its lane, a mark before its text, the text, and its CSS
/// class (the key moments, stall, wait, fence, guard, stand out).
#[derive(Clone, Debug, PartialEq)]
pub struct Note {
    pub lane: Lane,
    pub mark: Option<Mark>,
    pub text: String,
    pub class: &'static str,
}

fn plain(lane: Lane, text: String, class: &'static str) -> Option<Note> {
    Some(Note {
        lane,
        mark: None,
        text,
        class,
    })
}

fn marked(lane: Lane, mark: Mark, text: String, class: &'static str) -> Option<Note> {
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
pub fn note(l: Lang, changed_body: &[usize], s: &Step) -> Option<Note> {
    let wait = |next: &Next| match next {
        Next::Backoff { wait_ms } => Some(tf(l, "lab.note.wait", &[("t", secs(l, *wait_ms))])),
        Next::RetryAfter { wait_ms } => Some(format!(
            "{} (Retry-After)",
            tf(l, "lab.note.wait", &[("t", secs(l, *wait_ms))])
        )),
        Next::Finish { .. } => None,
    };
    let h = Lane::Harness;
    match &s.kind {
        StepKind::ToolCall { .. } => plain(h, t(l, "lab.note.tool_call"), "note"),
        StepKind::Timeout { next, .. } => {
            let n = t(l, "lab.note.timeout");
            match wait(next) {
                Some(w) => marked(h, Mark::Wait, format!("{n} → {w}"), "note wait"),
                None => plain(h, format!("{n} → {}", t(l, "lab.note.result")), "note"),
            }
        }
        StepKind::Received { next, .. } => match wait(next) {
            Some(w) => marked(h, Mark::Wait, w, "note wait"),
            None => plain(h, t(l, "lab.note.result"), "note"),
        },
        StepKind::Late { .. } => plain(h, t(l, "lab.note.late"), "note"),
        StepKind::Restart => plain(Lane::Server, t(l, "lab.note.restart"), "note"),
        StepKind::HarnessDown => marked(h, Mark::Cross, t(l, "lab.note.harness_down"), "note key"),
        StepKind::HarnessBack => plain(h, t(l, "lab.note.harness_back"), "note key"),
        StepKind::Cleanup { .. } => plain(Lane::Database, t(l, "lab.note.cleanup"), "note key"),
        StepKind::Truncated => plain(h, t(l, "lab.note.truncated"), "note key"),
        StepKind::RelayDown => marked(
            Lane::Server,
            Mark::Cross,
            t(l, "lab.note.relay_down"),
            "note key",
        ),
        StepKind::Dripping { .. } => plain(h, t(l, "lab.note.dripping"), "note key"),
        StepKind::Deadline { .. } => marked(h, Mark::Cross, t(l, "lab.note.deadline"), "note key"),
        StepKind::Server {
            request,
            decision,
            works_until_ms,
            ..
        } => {
            if changed_body.contains(request) {
                let text = t(l, "lab.note.replay_changed");
                return marked(Lane::Server, Mark::ChangedBody, text, "note key");
            }
            server_note(l, s, decision, *works_until_ms)
        }
        _ => None,
    }
}

fn server_note(l: Lang, s: &Step, d: &Decision, until: Option<u64>) -> Option<Note> {
    let v = Lane::Server;
    match d {
        Decision::Crashed => marked(v, Mark::Cross, t(l, "lab.note.crash"), "note key"),
        Decision::Fenced {
            replayed,
            held,
            current,
        } => {
            let key = if *replayed {
                "lab.note.fenced_replay"
            } else {
                "lab.note.fenced_409"
            };
            let text = tf(
                l,
                key,
                &[("held", held.to_string()), ("current", current.to_string())],
            );
            plain(v, text, "note key")
        }
        Decision::Guarded { .. } => plain(v, t(l, "lab.note.guarded"), "note key"),
        Decision::StaleCreated { .. } => plain(v, t(l, "lab.note.stale_created"), "note key"),
        _ => {
            let u = until.filter(|u| u - s.time_ms > crate::lab::WORK_MAX_MS)?;
            match Long::of(u - s.time_ms) {
                Long::Stall => {
                    let text = tf(l, "lab.note.stall", &[("t", secs(l, u))]);
                    marked(v, Mark::Pause, text, "note stall")
                }
                Long::Work => plain(
                    v,
                    tf(l, "lab.note.works", &[("t", secs(l, u))]),
                    "note work",
                ),
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
