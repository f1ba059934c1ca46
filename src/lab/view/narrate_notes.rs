//! Narration of the service's calls to the notifier and of the outbox
//! relay: who calls, what the notifier did with the call, and what a lost
//! answer or a dead relay leads to.

use crate::kernel::text::{Arg, Join, Sentence};
use crate::lab::{ArrowLabel, NoteCall, NoteEvent, NoteSender, NoticeOutcome, Run, Step};

/// Calls are numbered from 1.
fn num(n: usize) -> Arg {
    Arg::raw(n + 1)
}

/// Who sends `call`, as the start of a sentence.
fn sender_text(c: &NoteCall) -> Sentence {
    match c.sender {
        NoteSender::Handler {
            request,
            before_commit: true,
        } => Sentence::new("lab.n.note.by_hurried").arg("req", num(request)),
        NoteSender::Handler { request, .. } => {
            Sentence::new("lab.n.note.by_handler").arg("req", num(request))
        }
        NoteSender::Relay { outbox_id } => {
            Sentence::new("lab.n.note.by_relay").arg("row", Arg::raw(outbox_id))
        }
    }
}

/// What the call carries: the report it names, its dedupe key and token.
fn payload_text(c: &NoteCall) -> Arg {
    let mut parts: Vec<Arg> = vec![match c.report_id {
        Some(id) => Sentence::new("lab.n.note.names")
            .arg("id", Arg::raw(id))
            .into(),
        None => Sentence::new("lab.n.note.names_none").into(),
    }];
    if let Some(k) = &c.dedupe_key {
        parts.push(
            Sentence::new("lab.n.note.dedupe")
                .arg("key", Arg::raw(k))
                .into(),
        );
    }
    if let Some((_, token)) = &c.fence {
        parts.push(
            Sentence::new("lab.n.note.token")
                .arg("token", Arg::raw(token))
                .into(),
        );
    }
    Arg::Joined(Join::Key("common.list_sep".into()), parts)
}

/// A call going out: who sends it and what it carries.
fn sent_text(c: &NoteCall) -> Sentence {
    let sent = Sentence::new("lab.n.note.sent")
        .arg("who", sender_text(c))
        .arg("call", num(c.id))
        .arg("what", payload_text(c));
    let lost = c.call_lost.then(|| Sentence::new("lab.n.note.call_lost"));
    Sentence::sentences(std::iter::once(sent).chain(lost))
}

fn handled_text(c: &NoteCall, outcome: NoticeOutcome) -> Sentence {
    let s = |key: &'static str| Sentence::new(key).arg("call", num(c.id));
    let handled = match outcome {
        NoticeOutcome::Recorded { id } => s("lab.n.note.recorded").arg("id", Arg::raw(id)),
        NoticeOutcome::Ignored { id } => s("lab.n.note.ignored").arg("id", Arg::raw(id)),
        NoticeOutcome::Refused { token, highest } => s("lab.n.note.refused")
            .arg("token", Arg::raw(token))
            .arg("highest", Arg::raw(highest)),
    };
    let lost = c
        .answer_lost
        .then(|| Sentence::new("lab.n.note.answer_lost"));
    Sentence::sentences(std::iter::once(handled).chain(lost))
}

/// The narration of a notifier step.
pub fn note_text(run: &Run, event: &NoteEvent) -> Sentence {
    let calls = run.note_calls();
    match event {
        NoteEvent::Sent { call } => sent_text(&calls[*call]),
        NoteEvent::Handled { call, outcome } => handled_text(&calls[*call], *outcome),
        NoteEvent::Answered { call, .. } => {
            let row = match calls[*call].sender {
                NoteSender::Relay { outbox_id } => outbox_id.to_string(),
                NoteSender::Handler { .. } => String::new(),
            };
            Sentence::new("lab.n.note.marked_sent").arg("row", Arg::raw(row))
        }
        NoteEvent::TimedOut {
            call,
            retry: Some(next),
        } => Sentence::new("lab.n.note.retry")
            .arg("call", num(*call))
            .arg("next", num(*next)),
        NoteEvent::TimedOut { call, retry: None } => Sentence::new("lab.n.note.give_up")
            .arg("call", num(*call))
            .arg("n", crate::lab::NOTIFY_ATTEMPTS),
    }
}

/// The sentence a handler's step adds when it called the notifier right
/// after its commit (the default placement), if it did.
pub fn after_commit_text(run: &Run, step: &Step) -> Option<Sentence> {
    step.arrows.iter().find_map(|a| match a.label {
        ArrowLabel::Notify { call } => Some(sent_text(&run.note_calls()[call])),
        _ => None,
    })
}

/// An arrow's label to or from the notifier.
pub fn arrow_text(label: &ArrowLabel) -> Option<Sentence> {
    match label {
        ArrowLabel::Notify { call } => {
            Some(Sentence::new("lab.arrow.notify").arg("call", num(*call)))
        }
        ArrowLabel::NotifyAnswer { outcome, .. } => Some(match outcome {
            NoticeOutcome::Recorded { id } => {
                Sentence::new("lab.arrow.notify_sent").arg("id", Arg::raw(id))
            }
            NoticeOutcome::Ignored { .. } => Sentence::new("lab.arrow.notify_ignored"),
            NoticeOutcome::Refused { .. } => Sentence::new("lab.arrow.notify_refused"),
        }),
        _ => None,
    }
}
