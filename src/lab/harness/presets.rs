//! The named harnesses: the six clients the lab started with (their ids are
//! also the old `client=` values), the SDK alone, urllib3's read-only
//! retry from 001, and the harness the chapter recommends. The one table
//! that spells out a preset's choices.

use borsh::{BorshDeserialize, BorshSerialize};
use serde::Serialize;

use super::{Class, Harness, KeyChoice, RetryAfterChoice, RetrySet, UnknownChoice, WaitChoice};
use crate::kernel::ids::id_enum;
use crate::lab::model::ids::ClientStrategy;
use crate::lab::model::times::{
    ATTEMPT_TIMEOUT_MS, BACKOFF_BASE_MS, CALL_DEADLINE_MS, MAX_ATTEMPTS,
};

id_enum! {
    serde_by_name;
    /// A named harness. The first six are the clients the lab started with.
    #[derive(Serialize, BorshSerialize, BorshDeserialize)]
    HarnessPreset {
        Naive => "naive",
        NewKey => "new_key",
        StableKey => "stable_key",
        BusinessKey => "business_key",
        Careful => "careful",
        QueryFirst => "query_first",
        /// The anthropic SDK's own retries, nothing around them.
        SdkDefault => "sdk_default",
        /// 001's `Retry(total=3, allowed_methods={GET,HEAD,OPTIONS})`.
        Urllib3ReadsOnly => "urllib3_reads_only",
        /// The harness the chapter recommends.
        Chapter => "chapter",
        /// The chapter's harness with 003's reconciliation.
        Reconciling => "reconciling",
    }
}

/// What today's keyed clients retry: everything but a quota 429 and other
/// 4xx. They catch Requests' `ConnectionError`, of which `SSLError` is a
/// subclass, so a certificate error is retried too.
const OLD_RETRIES: [Class; 6] = [
    Class::Refused,
    Class::ReadTimeout,
    Class::Server5xx,
    Class::Conflict409,
    Class::Limited429,
    Class::Tls,
];

/// The six old clients: Codex backoff from 200 ms, 4 attempts, a 2 s read
/// timeout, a 12 s deadline that `Retry-After` fails fast against.
const fn old(key: KeyChoice, retries: RetrySet, unknown: UnknownChoice) -> Harness {
    Harness {
        key,
        retries,
        wait: WaitChoice::Codex,
        base_ms: BACKOFF_BASE_MS as u32,
        cap_ms: None,
        attempts: MAX_ATTEMPTS,
        sdk: false,
        retry_after: RetryAfterChoice::FailFast,
        connect_timeout_ms: None,
        read_timeout_ms: ATTEMPT_TIMEOUT_MS as u32,
        deadline_ms: Some(CALL_DEADLINE_MS as u32),
        budget: None,
        unknown,
    }
}

/// The SDK's default timeouts (httpx: connect 5 s, read 600 s).
const SDK_CONNECT_MS: u32 = 5_000;
const SDK_READ_MS: u32 = 600_000;
/// 001's Requests example: `timeout=(3.05, 20)`.
const REQUESTS_CONNECT_MS: u32 = 3_050;
const REQUESTS_READ_MS: u32 = 20_000;
/// urllib3's `Retry(total=3)`: 3 retries.
const URLLIB3_ATTEMPTS: u32 = 4;
/// The chapter's harness: full jitter from 200 ms to 8 s, a 1 s connect
/// timeout, a run budget of 8 retries (002).
const CHAPTER_CAP_MS: u32 = 8_000;
const CHAPTER_CONNECT_MS: u32 = 1_000;
const CHAPTER_BUDGET: u32 = 8;

impl HarnessPreset {
    pub const fn harness(self) -> Harness {
        use KeyChoice as K;
        use UnknownChoice as U;
        let all = RetrySet::of(&OLD_RETRIES);
        match self {
            HarnessPreset::Naive => old(K::None, all, U::SayUnknown),
            HarnessPreset::NewKey => old(K::PerAttempt, all, U::SayUnknown),
            HarnessPreset::StableKey => old(K::PerToolUse, all, U::SayUnknown),
            HarnessPreset::BusinessKey => old(K::Business, all, U::SayUnknown),
            HarnessPreset::Careful => old(K::None, RetrySet::of(&[Class::Refused]), U::SayUnknown),
            HarnessPreset::QueryFirst => old(K::PerToolUse, all, U::Query),
            HarnessPreset::SdkDefault => Harness {
                retries: RetrySet::NONE,
                attempts: 1,
                sdk: true,
                retry_after: RetryAfterChoice::Honour,
                connect_timeout_ms: Some(SDK_CONNECT_MS),
                read_timeout_ms: SDK_READ_MS,
                deadline_ms: None,
                ..old(K::None, RetrySet::NONE, U::SayFailed)
            },
            HarnessPreset::Urllib3ReadsOnly => Harness {
                wait: WaitChoice::None,
                attempts: URLLIB3_ATTEMPTS,
                retry_after: RetryAfterChoice::Honour,
                connect_timeout_ms: Some(REQUESTS_CONNECT_MS),
                read_timeout_ms: REQUESTS_READ_MS,
                deadline_ms: None,
                ..old(
                    K::None,
                    RetrySet::of(&[Class::Refused, Class::Tls]),
                    U::SayFailed,
                )
            },
            HarnessPreset::Chapter => Harness {
                wait: WaitChoice::Full,
                cap_ms: Some(CHAPTER_CAP_MS),
                connect_timeout_ms: Some(CHAPTER_CONNECT_MS),
                budget: Some(CHAPTER_BUDGET),
                ..old(
                    K::Business,
                    RetrySet::of(&[
                        Class::Refused,
                        Class::ReadTimeout,
                        Class::Server5xx,
                        Class::Conflict409,
                        Class::Limited429,
                    ]),
                    U::Query,
                )
            },
            HarnessPreset::Reconciling => Harness {
                unknown: U::Reconcile,
                ..HarnessPreset::Chapter.harness()
            },
        }
    }

    /// The old `client=` value it answers to, if it is one of the six.
    pub fn client(self) -> Option<ClientStrategy> {
        ClientStrategy::from_id(self.id())
    }
}

impl From<ClientStrategy> for HarnessPreset {
    fn from(c: ClientStrategy) -> HarnessPreset {
        HarnessPreset::from_id(c.id()).expect("every client is a preset")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_are_distinct_and_the_six_clients_are_presets() {
        for (i, a) in HarnessPreset::ALL.iter().enumerate() {
            for b in &HarnessPreset::ALL[i + 1..] {
                assert_ne!(a.harness(), b.harness(), "{a:?} = {b:?}");
            }
        }
        for c in ClientStrategy::ALL {
            assert_eq!(HarnessPreset::from(c).client(), Some(c));
        }
    }
}
