//! Narration of the service's calls to the notifier and of the outbox
//! relay: who calls, what the notifier did with the call, and what a lost
//! answer or a dead relay leads to.

use crate::i18n::{sentence_sep, t, tf, Lang};
use crate::lab::{ArrowLabel, NoteCall, NoteEvent, NoteSender, NoticeOutcome, Run, Step};

fn num(n: usize) -> String {
    (n + 1).to_string()
}

/// Who sends `call`, as the start of a sentence.
fn sender_text(l: Lang, c: &NoteCall) -> String {
    match c.sender {
        NoteSender::Handler {
            request,
            before_commit: true,
        } => tf(l, "lab.n.note.by_hurried", &[("req", num(request))]),
        NoteSender::Handler { request, .. } => {
            tf(l, "lab.n.note.by_handler", &[("req", num(request))])
        }
        NoteSender::Relay { outbox_id } => {
            tf(l, "lab.n.note.by_relay", &[("row", outbox_id.to_string())])
        }
    }
}

/// What the call carries: the report it names, its dedupe key and token.
fn payload_text(l: Lang, c: &NoteCall) -> String {
    let mut parts = vec![match c.report_id {
        Some(id) => tf(l, "lab.n.note.names", &[("id", id.to_string())]),
        None => t(l, "lab.n.note.names_none"),
    }];
    if let Some(k) = &c.dedupe_key {
        parts.push(tf(l, "lab.n.note.dedupe", &[("key", k.clone())]));
    }
    if let Some((_, token)) = &c.fence {
        parts.push(tf(l, "lab.n.note.token", &[("token", token.to_string())]));
    }
    crate::i18n::join_list(l, &parts)
}

/// A call going out: who sends it and what it carries.
fn sent_text(l: Lang, c: &NoteCall) -> String {
    let mut s = tf(
        l,
        "lab.n.note.sent",
        &[
            ("who", sender_text(l, c)),
            ("call", num(c.id)),
            ("what", payload_text(l, c)),
        ],
    );
    if c.call_lost {
        s.push_str(sentence_sep(l));
        s.push_str(&t(l, "lab.n.note.call_lost"));
    }
    s
}

fn handled_text(l: Lang, c: &NoteCall, outcome: NoticeOutcome) -> String {
    let call = ("call", num(c.id));
    let mut s = match outcome {
        NoticeOutcome::Recorded { id } => {
            tf(l, "lab.n.note.recorded", &[call, ("id", id.to_string())])
        }
        NoticeOutcome::Ignored { id } => {
            tf(l, "lab.n.note.ignored", &[call, ("id", id.to_string())])
        }
        NoticeOutcome::Refused { token, highest } => tf(
            l,
            "lab.n.note.refused",
            &[
                call,
                ("token", token.to_string()),
                ("highest", highest.to_string()),
            ],
        ),
    };
    if c.answer_lost {
        s.push_str(sentence_sep(l));
        s.push_str(&t(l, "lab.n.note.answer_lost"));
    }
    s
}

/// The narration of a notifier step.
pub fn note_text(l: Lang, run: &Run, event: &NoteEvent) -> String {
    let calls = run.note_calls();
    match event {
        NoteEvent::Sent { call } => sent_text(l, &calls[*call]),
        NoteEvent::Handled { call, outcome } => handled_text(l, &calls[*call], *outcome),
        NoteEvent::Answered { call, .. } => {
            let row = match calls[*call].sender {
                NoteSender::Relay { outbox_id } => outbox_id.to_string(),
                NoteSender::Handler { .. } => String::new(),
            };
            tf(l, "lab.n.note.marked_sent", &[("row", row)])
        }
        NoteEvent::TimedOut {
            call,
            retry: Some(next),
        } => tf(
            l,
            "lab.n.note.retry",
            &[("call", num(*call)), ("next", num(*next))],
        ),
        NoteEvent::TimedOut { call, retry: None } => tf(
            l,
            "lab.n.note.give_up",
            &[
                ("call", num(*call)),
                ("n", crate::lab::NOTIFY_ATTEMPTS.to_string()),
            ],
        ),
    }
}

/// The sentence a handler's step adds when it called the notifier right
/// after its commit (the default placement), if it did.
pub fn after_commit_text(l: Lang, run: &Run, step: &Step) -> Option<String> {
    step.arrows.iter().find_map(|a| match a.label {
        ArrowLabel::Notify { call } => Some(sent_text(l, &run.note_calls()[call])),
        _ => None,
    })
}

/// An arrow's label to or from the notifier.
pub fn arrow_text(l: Lang, label: &ArrowLabel) -> Option<String> {
    match label {
        ArrowLabel::Notify { call } => Some(tf(l, "lab.arrow.notify", &[("call", num(*call))])),
        ArrowLabel::NotifyAnswer { outcome, .. } => Some(match outcome {
            NoticeOutcome::Recorded { id } => {
                tf(l, "lab.arrow.notify_sent", &[("id", id.to_string())])
            }
            NoticeOutcome::Ignored { .. } => t(l, "lab.arrow.notify_ignored"),
            NoticeOutcome::Refused { .. } => t(l, "lab.arrow.notify_refused"),
        }),
        _ => None,
    }
}
