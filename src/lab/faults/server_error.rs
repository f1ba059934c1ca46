//! The server answers an error (kind `server_error`): 503 with
//! `Retry-After` before any work (`u<s>`; as an HTTP date `ud<s>`; invalid
//! `uneg`/`uwide`/`utext`; none `un`), 429 (`t`, `t<s>`, `tn`, `tq<s>`:
//! a quota or a rate limit, with or without `Retry-After`), a failing
//! downstream's 500 (`f`), or a check before any work that fails (`fb`,
//! provably nothing done). Schedule-wide: an outage that answers every
//! request with 503 for its first milliseconds (`w<ms>`), and a malformed
//! field every request carries, refused with 422 (`v`).

use rand::Rng;

use super::code::{bounded, CodeError, MAX_CODE_MS, MAX_CODE_RETRY_AFTER_S};
use super::kinds::{FaultKind, KindSet};
use super::primitive::{tally, Primitive, Server, ServerReach};
use super::schedule::{BadRetryAfter, FaultSchedule, ServerFault};
use super::simpler::{edited, shorter};
use crate::kernel::rng::LabRng;
use crate::kernel::text::{Arg, Sentence};
use crate::lab::model::result::Run;
use crate::lab::model::times::CALL_DEADLINE_MS;
use crate::lab::model::trace::{AttemptOutcome, Decision, StepKind, ToolResult};

/// The longest `Retry-After` the generator draws, in seconds.
pub const MAX_GEN_RETRY_AFTER_S: u64 = 20;

/// 503, 429, 500, or a failed check before any work.
pub struct ServerError;

fn is_error(f: ServerFault) -> bool {
    matches!(
        f,
        ServerFault::Unavailable { .. }
            | ServerFault::RateLimited { .. }
            | ServerFault::Fail
            | ServerFault::FailBeforeWork
            | ServerFault::FailAfterEffect
            | ServerFault::UnavailableDated { .. }
            | ServerFault::UnavailableInvalid(_)
            | ServerFault::UnavailableBare
    )
}

fn retry_after_ms(f: ServerFault) -> u64 {
    match f {
        ServerFault::Unavailable { retry_after_s }
        | ServerFault::UnavailableDated { retry_after_s } => retry_after_s * 1000,
        ServerFault::RateLimited { retry_after_s, .. } => retry_after_s.unwrap_or(0) * 1000,
        _ => 0,
    }
}

/// Errors of the attempts' handlers, and their `Retry-After`s, then the
/// outage (its milliseconds) and the malformed field; a replayed error, a
/// 429 or a 422 for the malformed field ends the call with its own text.
pub const PRIMITIVE: Primitive = Primitive {
    measure: Some(|s| {
        let f = s.attempts.iter().map(|a| a.server).filter(|f| is_error(*f));
        let (n, ms) = tally(f.map(retry_after_ms));
        let outage = s.outage_ms.map_or((0, 0), |ms| (1, ms));
        (n + outage.0 + u64::from(s.malformed), ms + outage.1)
    }),
    simpler,
    tool_text,
    ..Primitive::new(FaultKind::ServerError, used_in)
};

/// A failed check before any work is never drawn, so no kind needs it; a
/// failure after the downstream's effect is the recovery kind's
/// ([`super::effect`]).
fn used_in(s: &FaultSchedule) -> bool {
    let drawn = |f| {
        is_error(f)
            && !matches!(
                f,
                ServerFault::FailBeforeWork | ServerFault::FailAfterEffect
            )
    };
    s.attempts.iter().any(|a| drawn(a.server)) || s.outage_ms.is_some() || s.malformed
}

/// Without the malformed field, without the outage, then a shorter outage.
fn simpler(s: &FaultSchedule) -> Vec<FaultSchedule> {
    let mut out = Vec::new();
    if s.malformed {
        out.push(edited(s, |c| c.malformed = false));
    }
    if let Some(ms) = s.outage_ms {
        out.push(edited(s, |c| c.outage_ms = None));
        out.extend(
            shorter(ms, 100)
                .into_iter()
                .map(|ms| edited(s, |c| c.outage_ms = Some(ms))),
        );
    }
    out
}

/// The outage's code token (`w<ms>`) and the malformed field's (`v`).
pub fn code(s: &FaultSchedule) -> Vec<String> {
    let outage = s.outage_ms.map(|ms| format!("{OUTAGE_TOKEN}{ms}"));
    let malformed = s.malformed.then(|| MALFORMED_TOKEN.to_string());
    outage.into_iter().chain(malformed).collect()
}

/// The outage's token tag, and the malformed field's token.
pub const OUTAGE_TOKEN: &str = "w";
pub const MALFORMED_TOKEN: &str = "v";

/// Reads `w<ms>`.
pub fn read_outage(raw: &str, n: u64) -> Result<u64, CodeError> {
    bounded(raw, n, MAX_CODE_MS)
}

/// The lines of the schedule-wide errors in a hunt's schedule.
pub fn lines(s: &FaultSchedule) -> Vec<Sentence> {
    let outage = s
        .outage_ms
        .map(|ms| Sentence::new("hunt.server.outage").arg("t", Arg::ClockMs(ms)));
    let malformed = s.malformed.then(|| Sentence::new("hunt.server.malformed"));
    outage.into_iter().chain(malformed).collect()
}

/// A replayed stored 500 leaves the outcome unknown with its own text; a
/// quota 429 says nothing was created and retrying will not help until
/// the quota resets (the chapter's «额度类 429 直接终止»), never «try
/// again later»; a rate limit without `Retry-After` ends the call and is
/// no quota (000: «其他 HTTP 429 只有带 Retry-After 才重试»).
fn tool_text(run: &Run, result: ToolResult, request: usize) -> Option<&'static str> {
    match result {
        ToolResult::Unknown if stored_error_replayed(run, request) => Some("lab.tool.stored_error"),
        ToolResult::Rejected if malformed_refused(run, request) => Some("lab.tool.malformed"),
        ToolResult::NotCreated => match rate_limit_kind(run, request) {
            Some(true) => Some("lab.tool.quota"),
            Some(false) => Some("lab.tool.rate_limited"),
            None => None,
        },
        _ => None,
    }
}

impl Server for ServerError {
    fn words(&self, f: ServerFault) -> Sentence {
        let s = Sentence::new;
        let after = |secs: u64| Arg::ClockMs(secs * 1000);
        match f {
            ServerFault::Unavailable { retry_after_s } => {
                s("hunt.server.unavailable").arg("t", after(retry_after_s))
            }
            ServerFault::RateLimited {
                retry_after_s: Some(secs),
                quota,
            } => {
                let key = match quota {
                    true => "hunt.server.quota_retry_after",
                    false => "hunt.server.rate_limited",
                };
                s(key).arg("t", after(secs))
            }
            ServerFault::RateLimited {
                retry_after_s: None,
                quota: true,
            } => s("hunt.server.quota"),
            ServerFault::RateLimited {
                retry_after_s: None,
                quota: false,
            } => s("hunt.server.rate_limited_bare"),
            ServerFault::FailBeforeWork => s("hunt.server.fail_before_work"),
            ServerFault::UnavailableDated { retry_after_s } => {
                s("hunt.server.unavailable_dated").arg("t", after(retry_after_s))
            }
            ServerFault::UnavailableInvalid(v) => {
                s("hunt.server.unavailable_invalid").arg("value", Arg::raw(v.raw()))
            }
            ServerFault::UnavailableBare => s("hunt.server.unavailable_bare"),
            ServerFault::FailAfterEffect => s("hunt.server.fail_after_effect"),
            _ => s("hunt.server.fail"),
        }
    }

    fn code(&self, f: ServerFault) -> String {
        match f {
            ServerFault::Unavailable { retry_after_s } => format!("u{retry_after_s}"),
            ServerFault::RateLimited {
                retry_after_s,
                quota,
            } => match (quota, retry_after_s) {
                (true, None) => "t".into(),
                (true, Some(s)) => format!("tq{s}"),
                (false, Some(s)) => format!("t{s}"),
                (false, None) => "tn".into(),
            },
            ServerFault::FailBeforeWork => "fb".into(),
            ServerFault::UnavailableDated { retry_after_s } => format!("ud{retry_after_s}"),
            ServerFault::UnavailableInvalid(v) => format!("u{}", v.id()),
            ServerFault::UnavailableBare => "un".into(),
            ServerFault::FailAfterEffect => "fe".into(),
            _ => "f".into(),
        }
    }

    fn read(&self, tag: &str, n: Option<u64>, raw: &str) -> Option<Result<ServerFault, CodeError>> {
        let secs = |n| bounded(raw, n, MAX_CODE_RETRY_AFTER_S);
        let limited = |retry_after_s, quota| ServerFault::RateLimited {
            retry_after_s,
            quota,
        };
        Some(match (tag, n) {
            ("f", None) => Ok(ServerFault::Fail),
            ("fb", None) => Ok(ServerFault::FailBeforeWork),
            ("fe", None) => Ok(ServerFault::FailAfterEffect),
            ("tn", None) => Ok(limited(None, false)),
            ("tq", Some(n)) => secs(n).map(|s| limited(Some(s), true)),
            ("u", Some(n)) => {
                secs(n).map(|retry_after_s| ServerFault::Unavailable { retry_after_s })
            }
            ("t", None) => Ok(limited(None, true)),
            ("t", Some(n)) => secs(n).map(|s| limited(Some(s), false)),
            ("ud", Some(n)) => {
                secs(n).map(|retry_after_s| ServerFault::UnavailableDated { retry_after_s })
            }
            ("un", None) => Ok(ServerFault::UnavailableBare),
            (tag, None) => {
                let bad = BadRetryAfter::from_id(tag.strip_prefix('u')?)?;
                Ok(ServerFault::UnavailableInvalid(bad))
            }
            _ => return None,
        })
    }

    fn happened(&self, f: ServerFault, decisions: &[Decision], _worked: bool) -> bool {
        let any = |f: fn(&Decision) -> bool| decisions.iter().any(f);
        match f {
            ServerFault::Fail | ServerFault::FailAfterEffect => any(|d| {
                matches!(
                    d,
                    Decision::Failed | Decision::Released | Decision::MarkedUnknown
                )
            }),
            ServerFault::FailBeforeWork => any(|d| matches!(d, Decision::Aborted { .. })),
            ServerFault::RateLimited { .. } => any(|d| matches!(d, Decision::RateLimited { .. })),
            _ => any(|d| matches!(d, Decision::Unavailable)),
        }
    }

    fn ms(&self, f: ServerFault) -> u64 {
        retry_after_ms(f)
    }

    /// A 429 without `Retry-After`, or a quota's, is not retried (000:
    /// «额度类 429 直接终止；其他 HTTP 429 只有带 Retry-After 才重试»), nor
    /// is a failed handler's 500; a `Retry-After` is waited out when it
    /// fits in the call's deadline (an HTTP date too); a check failed
    /// before any work, and a 503 whose `Retry-After` is absent or invalid,
    /// are retried after a backoff.
    fn reach(&self, f: ServerFault) -> ServerReach {
        let fits = |s: u64| s * 1_000 < CALL_DEADLINE_MS;
        match f {
            // The downstream's effect is made before the handler raises
            // (the schedule's `effect`, which the fault needs).
            ServerFault::FailAfterEffect => ServerReach::Works,
            ServerFault::FailBeforeWork => ServerReach::Retried,
            ServerFault::UnavailableInvalid(_) | ServerFault::UnavailableBare => {
                ServerReach::Answers { retried: true }
            }
            ServerFault::UnavailableDated { retry_after_s: s } => {
                ServerReach::Answers { retried: fits(s) }
            }
            ServerFault::RateLimited { quota: true, .. }
            | ServerFault::RateLimited {
                retry_after_s: None,
                ..
            }
            | ServerFault::Fail => ServerReach::Answers { retried: false },
            ServerFault::RateLimited {
                retry_after_s: Some(s),
                ..
            }
            | ServerFault::Unavailable { retry_after_s: s } => {
                ServerReach::Answers { retried: fits(s) }
            }
            _ => ServerReach::Works,
        }
    }

    fn undoes_others(&self, f: ServerFault, slow: bool) -> bool {
        slow && matches!(f, ServerFault::Fail | ServerFault::FailBeforeWork)
    }

    fn shorter(&self, f: ServerFault) -> Vec<ServerFault> {
        match f {
            ServerFault::Unavailable { retry_after_s } => shorter(retry_after_s, 1)
                .into_iter()
                .map(|retry_after_s| ServerFault::Unavailable { retry_after_s })
                .collect(),
            ServerFault::UnavailableDated { retry_after_s } => shorter(retry_after_s, 1)
                .into_iter()
                .map(|retry_after_s| ServerFault::UnavailableDated { retry_after_s })
                .collect(),
            ServerFault::RateLimited {
                retry_after_s: Some(s),
                quota,
            } => shorter(s, 1)
                .into_iter()
                .map(|s| ServerFault::RateLimited {
                    retry_after_s: Some(s),
                    quota,
                })
                .collect(),
            _ => Vec::new(),
        }
    }
}

/// The generator's draw for a server fault, on its die's fifth face: 503,
/// 429 or 500. A quota 429 comes without `Retry-After` here, a rate limit
/// with it (the code has tokens for the other two kinds).
pub fn draw(rng: &mut LabRng, face: u32, kinds: KindSet) -> Option<ServerFault> {
    if !(face == 4 && kinds.has(FaultKind::ServerError)) {
        return None;
    }
    Some(match rng.random_range(0..3) {
        0 => ServerFault::Unavailable {
            retry_after_s: rng.random_range(0..=MAX_GEN_RETRY_AFTER_S),
        },
        1 => {
            let retry_after_s = rng
                .random_bool(0.5)
                .then(|| rng.random_range(0..=MAX_GEN_RETRY_AFTER_S));
            ServerFault::RateLimited {
                retry_after_s,
                quota: retry_after_s.is_none(),
            }
        }
        _ => ServerFault::Fail,
    })
}

/// Whether the server answered `request` with a quota 429 (its body names
/// the exhausted quota; before any work).
pub fn quota_refused(run: &Run, request: usize) -> bool {
    rate_limit_kind(run, request) == Some(true)
}

/// Whether the server refused `request` for the malformed field (422
/// before any work: the report was never created).
pub fn malformed_refused(run: &Run, request: usize) -> bool {
    run.steps().iter().any(|s| {
        matches!(
            s.kind,
            StepKind::Server {
                request: r,
                decision: Decision::Malformed,
                ..
            } if r == request
        )
    })
}

/// Whether `request` was answered with a stored error replayed (a 500
/// `store_errors` kept under the key).
fn stored_error_replayed(run: &Run, request: usize) -> bool {
    run.steps().iter().any(|s| {
        matches!(
            s.kind,
            StepKind::Received {
                request: r,
                outcome: AttemptOutcome::Status { status, replayed: true },
                ..
            } if r == request && status >= 500
        )
    })
}

/// `Some(quota)` when the server answered `request` with a 429, whose body
/// says whether a quota is exhausted.
fn rate_limit_kind(run: &Run, request: usize) -> Option<bool> {
    run.steps().iter().find_map(|s| match s.kind {
        StepKind::Server {
            request: r,
            decision: Decision::RateLimited { quota },
            ..
        } if r == request => Some(quota),
        _ => None,
    })
}
