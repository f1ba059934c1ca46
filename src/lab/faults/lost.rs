//! A message the network loses, or a connection it refuses (kind `lost`):
//! `ql`/`pl`, `qr`/`pr`. A refused response means the same as a lost one.

use super::kinds::{FaultKind, KindSet};
use super::primitive::{messages, OnRequest, Plain, Primitive, RequestReach};
use super::schedule::Delivery;

/// The message never arrives.
pub const LOSE: Plain = Plain {
    delivery: Delivery::Lose,
    code: "l",
    words: "hunt.msg.lose",
    on_request: OnRequest::Lost,
    reach: RequestReach::Retried,
};

/// The connection is refused before anything is sent.
pub const REFUSE: Plain = Plain {
    delivery: Delivery::Refuse,
    code: "r",
    words: "hunt.msg.refuse",
    on_request: OnRequest::Refused,
    reach: RequestReach::Retried,
};

fn lost(d: Delivery) -> bool {
    matches!(d, Delivery::Lose | Delivery::Refuse)
}

/// Lost or refused messages of the attempts.
pub const PRIMITIVE: Primitive = Primitive {
    measure: Some(|s| (messages(s).filter(|d| lost(*d)).count() as u64, 0)),
    ..Primitive::new(FaultKind::Lost, |s| messages(s).any(lost))
};

/// The generator's draw for a message, from its die's `face`: lost on two
/// faces, on a third refused (a request) or lost (a response).
pub fn draw(face: u32, kinds: KindSet, request: bool) -> Option<Delivery> {
    if !kinds.has(FaultKind::Lost) {
        return None;
    }
    match face {
        0 | 1 => Some(Delivery::Lose),
        2 if request => Some(Delivery::Refuse),
        2 => Some(Delivery::Lose),
        _ => None,
    }
}
