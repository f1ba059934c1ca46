//! What a harness does with a failed attempt: its class, whether it or the
//! SDK inside it retries, and how long each waits. Pure: the simulation
//! passes the uniform draws' generator and reads the answers.

use rand::Rng;

use super::{Class, Harness, WaitChoice};
use crate::kernel::backoff as b;
use crate::kernel::rng::LabRng;
use crate::lab::model::trace::AttemptOutcome;

/// anthropic SDK 1.11.0: `DEFAULT_MAX_RETRIES = 2`.
pub const SDK_RETRIES: u32 = 2;
/// Its first wait and its cap (`INITIAL_RETRY_DELAY`, `MAX_RETRY_DELAY`).
pub const SDK_BASE_MS: f64 = 500.0;
pub const SDK_CAP_MS: f64 = 8_000.0;
/// It honours a `Retry-After` of at most a minute, else backs off.
pub const SDK_MAX_RETRY_AFTER_S: u64 = 60;

/// The class of a failed attempt (`quota`: a 429 whose body says the quota
/// is exhausted; `has_retry_after`: a readable `Retry-After`). `None` for
/// an outcome no choice retries: a success, the call's own deadline, or a
/// replayed stored error (the same key only replays it again).
pub fn class(outcome: AttemptOutcome, quota: bool, has_retry_after: bool) -> Option<Class> {
    match outcome {
        AttemptOutcome::Refused | AttemptOutcome::ConnectTimeout => Some(Class::Refused),
        AttemptOutcome::TlsFailed => Some(Class::Tls),
        AttemptOutcome::Timeout => Some(Class::ReadTimeout),
        AttemptOutcome::DeadlineFired => None,
        AttemptOutcome::Status { status, replayed } => match status {
            _ if status < 400 => None,
            _ if replayed => None,
            429 if quota => Some(Class::Quota429),
            429 if has_retry_after => Some(Class::Limited429),
            // 000: «其他 HTTP 429 只有带 Retry-After 才重试».
            429 => Some(Class::Other4xx),
            408 => Some(Class::ReadTimeout),
            409 => Some(Class::Conflict409),
            500..=599 => Some(Class::Server5xx),
            _ => Some(Class::Other4xx),
        },
    }
}

/// Whether the SDK retries an outcome: 408, 409, 429, 5xx and every
/// connection error (its `except Exception` retries a TLS failure too).
pub fn sdk_retries(outcome: AttemptOutcome) -> bool {
    match outcome {
        AttemptOutcome::Refused
        | AttemptOutcome::ConnectTimeout
        | AttemptOutcome::TlsFailed
        | AttemptOutcome::Timeout => true,
        AttemptOutcome::DeadlineFired => false,
        AttemptOutcome::Status { status, .. } => matches!(status, 408 | 409 | 429) || status >= 500,
    }
}

/// The SDK's wait before its retry `k` (0 = the first):
/// `min(0.5 s·2ᵏ, 8 s)·(1 − 0.25·r)`, or a `Retry-After` of at most 60 s.
pub fn sdk_wait_ms(k: u32, retry_after_s: Option<u64>, rng: &mut LabRng) -> u64 {
    if let Some(s) = retry_after_s.filter(|s| (1..=SDK_MAX_RETRY_AFTER_S).contains(s)) {
        return s * 1000;
    }
    let u: f64 = rng.random();
    b::sdk_jitter(b::capped(SDK_BASE_MS, SDK_CAP_MS, k), u).round() as u64
}

/// The harness's backoff before its retry `n` (1 = the first); `prev_ms`
/// is its previous wait (decorrelated jitter grows from it).
pub fn wait_ms(h: Harness, n: u32, prev_ms: Option<u64>, rng: &mut LabRng) -> u64 {
    let base = f64::from(h.base_ms);
    let cap = h.cap_ms.map_or(f64::INFINITY, f64::from);
    let k = n.saturating_sub(1);
    let v = b::capped(base, cap, k);
    let ms = match h.wait {
        WaitChoice::None => 0.0,
        WaitChoice::Exponential => v,
        WaitChoice::Codex => {
            // The draw the old clients' goldens pin: `rand`'s range sampler.
            let factor: f64 = rng.random_range(b::CODEX_LOW..b::CODEX_HIGH);
            b::codex_jitter(b::doubled(base, k), cap, factor)
        }
        WaitChoice::Full => b::full_jitter(v, rng.random()),
        WaitChoice::Equal => b::equal_jitter(v, rng.random()),
        WaitChoice::Decorrelated => {
            let prev = prev_ms.map_or(base, |p| p as f64);
            b::decorrelated_jitter(base, cap, prev.max(base), rng.random())
        }
    };
    ms.round() as u64
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lab::harness::HarnessPreset;

    #[test]
    fn the_old_clients_codex_wait_is_the_old_draw() {
        let h = HarnessPreset::StableKey.harness();
        let (mut a, mut b) = (
            crate::kernel::rng::lab_rng(7),
            crate::kernel::rng::lab_rng(7),
        );
        for n in 1..=4 {
            let factor: f64 = b.random_range(b::CODEX_LOW..b::CODEX_HIGH);
            let old =
                b::codex_jitter(b::doubled(200.0, n - 1), f64::INFINITY, factor).round() as u64;
            assert_eq!(wait_ms(h, n, None, &mut a), old);
        }
    }

    #[test]
    fn the_sdk_waits_as_its_source_says() {
        let mut rng = crate::kernel::rng::lab_rng(1);
        for k in 0..6 {
            let nominal = (500.0 * 2f64.powi(k as i32)).min(8_000.0);
            let w = sdk_wait_ms(k, None, &mut rng) as f64;
            assert!(w <= nominal && w >= (nominal * 0.75).floor(), "{k}: {w}");
        }
        assert_eq!(sdk_wait_ms(0, Some(30), &mut rng), 30_000);
        assert!(
            sdk_wait_ms(0, Some(120), &mut rng) <= 500,
            "past 60 s it backs off"
        );
    }

    #[test]
    fn classes_follow_the_decision_tree() {
        let st = |status| AttemptOutcome::Status {
            status,
            replayed: false,
        };
        assert_eq!(class(st(429), true, true), Some(Class::Quota429));
        assert_eq!(class(st(429), false, true), Some(Class::Limited429));
        assert_eq!(class(st(429), false, false), Some(Class::Other4xx));
        assert_eq!(class(st(422), false, false), Some(Class::Other4xx));
        assert_eq!(class(st(503), false, true), Some(Class::Server5xx));
        assert_eq!(
            class(
                AttemptOutcome::Status {
                    status: 500,
                    replayed: true
                },
                false,
                false
            ),
            None
        );
        assert_eq!(
            class(AttemptOutcome::TlsFailed, false, false),
            Some(Class::Tls)
        );
    }
}
