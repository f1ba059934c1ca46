//! A message the network loses, or a connection it refuses (kind `lost`):
//! `ql`/`pl`, `qr`/`pr`. A refused response means the same as a lost one.

use super::code::CodeError;
use super::kinds::{FaultKind, KindSet};
use super::primitive::{Message, OnRequest, OnResponse, Primitive, RequestReach};
use super::schedule::{Delivery, FaultSchedule};
use crate::kernel::text::Sentence;

/// The message never arrives.
pub struct Lose;
/// The connection is refused before anything is sent.
pub struct Refuse;

fn lost(d: Delivery) -> bool {
    matches!(d, Delivery::Lose | Delivery::Refuse)
}

impl Primitive for Lose {
    fn kind(&self) -> FaultKind {
        FaultKind::Lost
    }

    fn used_in(&self, s: &FaultSchedule) -> bool {
        s.attempts
            .iter()
            .any(|a| lost(a.request) || lost(a.response))
    }

    fn measure(&self, s: &FaultSchedule) -> (u64, u64) {
        let n = s.attempts.iter().flat_map(|a| [a.request, a.response]);
        (n.filter(|d| lost(*d)).count() as u64, 0)
    }
}

impl Message for Lose {
    fn words(&self, _d: Delivery) -> Sentence {
        Sentence::new("hunt.msg.lose")
    }

    fn code(&self, _d: Delivery) -> String {
        "l".into()
    }

    fn read(&self, rest: &str, _raw: &str) -> Option<Result<Delivery, CodeError>> {
        (rest == "l").then_some(Ok(Delivery::Lose))
    }

    fn on_request(&self, _d: Delivery) -> OnRequest {
        OnRequest::Lost
    }

    fn on_response(&self, _d: Delivery) -> OnResponse {
        OnResponse::Lost
    }

    fn reach(&self, _d: Delivery) -> Option<RequestReach> {
        Some(RequestReach::Retried)
    }
}

impl Message for Refuse {
    fn words(&self, _d: Delivery) -> Sentence {
        Sentence::new("hunt.msg.refuse")
    }

    fn code(&self, _d: Delivery) -> String {
        "r".into()
    }

    fn read(&self, rest: &str, _raw: &str) -> Option<Result<Delivery, CodeError>> {
        (rest == "r").then_some(Ok(Delivery::Refuse))
    }

    fn on_request(&self, _d: Delivery) -> OnRequest {
        OnRequest::Refused
    }

    fn on_response(&self, _d: Delivery) -> OnResponse {
        OnResponse::Lost
    }

    fn reach(&self, _d: Delivery) -> Option<RequestReach> {
        Some(RequestReach::Retried)
    }
}

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
