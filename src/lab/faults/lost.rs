//! A message the network loses, a connection it refuses, or one it never
//! establishes (kind `lost`): `ql`/`pl`, `qr`/`pr`, `qn`/`pn`. A refused
//! or never-connected response means the same as a lost one.

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

/// The connection is never established (its SYN is lost): nothing is
/// sent, and only the harness's connect timeout ends the attempt (001: a
/// connect timeout, not a read timeout). The generator does not draw it:
/// to the server it is a refused connection that costs the harness time.
pub const NEVER_CONNECTS: Plain = Plain {
    delivery: Delivery::NeverConnects,
    code: "n",
    words: "hunt.msg.never_connects",
    on_request: OnRequest::NeverConnects,
    reach: RequestReach::Retried,
};

fn lost(d: Delivery) -> bool {
    matches!(
        d,
        Delivery::Lose | Delivery::Refuse | Delivery::NeverConnects
    )
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
