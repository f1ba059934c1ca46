//! A response that trickles in (kind `slow_drip`): `pw<every>x<total>`. Its
//! first bytes come after the normal latency, then a few bytes every
//! `every_ms`, the last after `total_ms`. The read timeout counts idle time
//! between bytes, so it fires only if `every_ms` reaches it; the tool
//! call's total deadline does not restart. On a request, plain delivery.

use borsh::{BorshDeserialize, BorshSerialize};
use rand::Rng;
use serde::{Deserialize, Serialize};

use super::code::{bounded, number, unknown, CodeError, MAX_CODE_MS};
use super::kinds::{FaultKind, KindSet};
use super::primitive::{messages, tally, Message, OnRequest, OnResponse, Primitive};
use super::schedule::Delivery;
use super::simpler::{shorter, tenths};
use crate::kernel::rng::LabRng;
use crate::kernel::text::{Arg, Sentence};
use crate::lab::model::result::Run;
use crate::lab::model::trace::StepKind;

/// The longest gap between two bytes the generator draws.
pub const MAX_GEN_DRIP_EVERY_MS: u64 = 3_000;
/// The longest a trickling response the generator draws takes in all.
pub const MAX_GEN_DRIP_MS: u64 = 30_000;

/// The response trickles in.
pub struct Drip;

/// `(every_ms, total_ms)` of a trickle.
fn drip(d: Delivery) -> Option<(u64, u64)> {
    match d {
        Delivery::Drip { every_ms, total_ms } => Some((every_ms, total_ms)),
        _ => None,
    }
}

/// Trickling responses of the attempts (its measure counts requests too),
/// their gaps and durations: past the database.
pub const PRIMITIVE: Primitive = Primitive {
    measure: Some(|s| {
        tally(
            messages(s)
                .filter_map(drip)
                .map(|(every, total)| every + total),
        )
    }),
    past_the_database: true,
    ..Primitive::new(FaultKind::SlowDrip, |s| {
        s.attempts.iter().any(|a| drip(a.response).is_some())
    })
};

impl Message for Drip {
    fn words(&self, d: Delivery) -> Sentence {
        let (every_ms, total_ms) = drip(d).unwrap_or_default();
        Sentence::new("hunt.msg.drip")
            .arg("every", Arg::ClockMs(every_ms))
            .arg("t", Arg::ClockMs(total_ms))
    }

    fn code(&self, d: Delivery) -> String {
        let (every_ms, total_ms) = drip(d).unwrap_or_default();
        format!("w{every_ms}x{total_ms}")
    }

    fn read(&self, rest: &str, raw: &str) -> Option<Result<Delivery, CodeError>> {
        let (every, total) = rest.strip_prefix('w')?.split_once('x')?;
        let ms = |d: &str| bounded(raw, number(d).ok_or_else(|| unknown(raw))?, MAX_CODE_MS);
        Some(ms(every).and_then(|every_ms| {
            Ok(Delivery::Drip {
                every_ms,
                total_ms: ms(total)?,
            })
        }))
    }

    fn on_request(&self, _d: Delivery) -> OnRequest {
        OnRequest::Arrives { extra_ms: 0 }
    }

    fn on_response(&self, d: Delivery) -> OnResponse {
        let (every_ms, total_ms) = drip(d).unwrap_or_default();
        OnResponse::Trickles { every_ms, total_ms }
    }

    fn ms(&self, d: Delivery) -> u64 {
        drip(d).map_or(0, |(every, total)| every + total)
    }

    fn shorter(&self, d: Delivery) -> Vec<Delivery> {
        let Some((every_ms, total_ms)) = drip(d) else {
            return Vec::new();
        };
        let total = shorter(total_ms, 100)
            .into_iter()
            .map(|total_ms| Delivery::Drip { every_ms, total_ms });
        let every = shorter(every_ms, 100)
            .into_iter()
            .map(|every_ms| Delivery::Drip { every_ms, total_ms });
        total.chain(every).collect()
    }
}

/// A trickle for a response the die left plain, now and then, when its
/// kind is chosen.
pub fn draw(rng: &mut LabRng, kinds: KindSet) -> Option<Delivery> {
    if !(kinds.has(FaultKind::SlowDrip) && rng.random_bool(0.1)) {
        return None;
    }
    let every_ms = tenths(rng, MAX_GEN_DRIP_EVERY_MS);
    let total_ms = tenths(rng, MAX_GEN_DRIP_MS);
    Some(Delivery::Drip { every_ms, total_ms })
}

/// Where the simulation's timers stand once a trickle's first bytes came
/// at `now_ms`: when it would be complete, when the read timeout fires (if
/// the bytes come further apart than it) and the call's deadline.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Plan {
    pub complete_ms: u64,
    pub idle_fires_at_ms: Option<u64>,
    pub deadline_ms: u64,
    /// The deadline comes before the response is complete or the read
    /// timeout fires, so the simulation schedules it.
    pub deadline_first: bool,
}

/// The timers of a trickle (`read_timeout_ms`: idle time between bytes).
pub fn plan(
    now_ms: u64,
    every_ms: u64,
    total_ms: u64,
    deadline_ms: u64,
    read_timeout_ms: u64,
) -> Plan {
    let complete_ms = now_ms + total_ms;
    let idle_fires_at_ms = (every_ms >= read_timeout_ms).then_some(now_ms + read_timeout_ms);
    let first_other = complete_ms.min(idle_fires_at_ms.unwrap_or(u64::MAX));
    Plan {
        complete_ms,
        idle_fires_at_ms,
        deadline_ms,
        deadline_first: deadline_ms < first_other,
    }
}

/// The two timers of an attempt whose response trickles in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[derive(BorshSerialize, BorshDeserialize)]
pub enum Timer {
    /// The read timeout: idle time between two bytes.
    Read,
    /// The tool call's total deadline.
    Deadline,
}

/// [`timers`]: when the first bytes came, how often the rest came, when the
/// response would have been complete, both timers and which one fired.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[derive(BorshSerialize, BorshDeserialize)]
pub struct DripTimers {
    pub request: usize,
    pub first_byte_ms: u64,
    pub every_ms: u64,
    pub complete_ms: u64,
    pub read_timeout_ms: u64,
    pub deadline_ms: u64,
    pub fired: Option<Timer>,
}

/// The read timeout and the total deadline of the attempt whose response
/// trickled in, and which of the two fired, if any.
pub fn timers(run: &Run) -> Option<DripTimers> {
    let steps = run.steps();
    steps.iter().enumerate().find_map(|(i, s)| match s.kind {
        StepKind::Dripping {
            request,
            every_ms,
            complete_ms,
            read_timeout_ms,
            deadline_ms,
            ..
        } => {
            let fired = steps[i..].iter().find_map(|t| match t.kind {
                StepKind::Timeout { request: r, .. } if r == request => Some(Timer::Read),
                StepKind::Deadline { request: r, .. } if r == request => Some(Timer::Deadline),
                _ => None,
            });
            Some(DripTimers {
                request,
                first_byte_ms: s.time_ms,
                every_ms,
                complete_ms,
                read_timeout_ms,
                deadline_ms,
                fired,
            })
        }
        _ => None,
    })
}

/// The narration of a trickle's first step: the response starts to arrive,
/// with the timers it runs against (`None` for any other step).
pub fn narration(kind: &StepKind) -> Option<Sentence> {
    let StepKind::Dripping {
        request,
        status,
        every_ms,
        complete_ms,
        read_timeout_ms,
        deadline_ms,
    } = *kind
    else {
        return None;
    };
    let raw = |v: u64| Arg::Raw(v.to_string().into());
    let s = Sentence::new("lab.n.dripping")
        .arg("req", raw(request as u64 + 1))
        .arg("status", raw(u64::from(status)))
        .arg("every", Arg::ClockMs(every_ms))
        .arg("complete", Arg::ClockMs(complete_ms))
        .arg("read", Arg::ClockMs(read_timeout_ms))
        .arg("deadline", Arg::ClockMs(deadline_ms));
    Some(s)
}
