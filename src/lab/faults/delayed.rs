//! A message the network delivers late (kind `delayed`): `qd<ms>`/`pd<ms>`.

use super::code::{bounded, split, CodeError, MAX_CODE_MS};
use super::kinds::{FaultKind, KindSet};
use super::primitive::{messages, tally, Message, OnRequest, OnResponse, Primitive};
use super::schedule::Delivery;
use super::simpler::{shorter, tenths};
use crate::kernel::rng::LabRng;
use crate::kernel::text::{Arg, Sentence};
use crate::lab::model::times::{ATTEMPT_TIMEOUT_MS, LATENCY_MS};

/// The longest delay the generator draws, in milliseconds.
pub const MAX_GEN_DELAY_MS: u64 = 6_000;

/// Delivered after the normal latency plus a delay.
pub struct Delay;

fn delay_ms(d: Delivery) -> Option<u64> {
    match d {
        Delivery::Delay(ms) => Some(ms),
        _ => None,
    }
}

/// Late messages of the attempts, and their milliseconds.
pub const PRIMITIVE: Primitive = Primitive {
    measure: Some(|s| tally(messages(s).filter_map(delay_ms))),
    ..Primitive::new(FaultKind::Delayed, |s| {
        messages(s).any(|d| delay_ms(d).is_some())
    })
};

impl Message for Delay {
    fn words(&self, d: Delivery) -> Sentence {
        Sentence::new("hunt.msg.delay").arg("t", Arg::ClockMs(delay_ms(d).unwrap_or(0)))
    }

    fn code(&self, d: Delivery) -> String {
        format!("d{}", delay_ms(d).unwrap_or(0))
    }

    fn read(&self, rest: &str, raw: &str) -> Option<Result<Delivery, CodeError>> {
        match split(rest)? {
            ("d", Some(n)) => Some(bounded(raw, n, MAX_CODE_MS).map(Delivery::Delay)),
            _ => None,
        }
    }

    fn on_request(&self, d: Delivery) -> OnRequest {
        OnRequest::Arrives {
            extra_ms: delay_ms(d).unwrap_or(0),
        }
    }

    fn on_response(&self, d: Delivery) -> OnResponse {
        OnResponse::Arrives {
            extra_ms: delay_ms(d).unwrap_or(0),
        }
    }

    fn ms(&self, d: Delivery) -> u64 {
        delay_ms(d).unwrap_or(0)
    }

    fn shorter(&self, d: Delivery) -> Vec<Delivery> {
        let ms = delay_ms(d).unwrap_or(0);
        shorter(ms, 100).into_iter().map(Delivery::Delay).collect()
    }

    /// Late past the timeout, counting the latency there and back.
    fn outlasts_timeout(&self, d: Delivery) -> bool {
        delay_ms(d).unwrap_or(0) + 2 * LATENCY_MS >= ATTEMPT_TIMEOUT_MS
    }
}

/// The generator's draw for a message: late on its die's fourth face.
pub fn draw(rng: &mut LabRng, face: u32, kinds: KindSet) -> Option<Delivery> {
    (face == 3 && kinds.has(FaultKind::Delayed))
        .then(|| Delivery::Delay(tenths(rng, MAX_GEN_DELAY_MS)))
}
