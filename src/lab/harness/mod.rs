//! The test agent's harness as a design, like the server's: a set of
//! choices, one per group of the chapter's decision table (`choices.rs`),
//! with numbers for the waits, the deadlines and the budgets. The six
//! clients the lab started with, the SDK alone, urllib3's read-only retry
//! and the harness the chapter recommends are named presets
//! (`presets.rs`). A design is written as a preset id followed by the
//! tokens that differ (`chapter,sdk,deadline_none`); `spec.rs` reads and
//! writes that form. The simulation asks a design what to do (`policy.rs`);
//! no code outside this folder names a preset's behaviour.

pub mod choices;
pub mod draw;
pub mod policy;
pub mod presets;
pub mod retry_after;
pub mod spec;

use borsh::{BorshDeserialize, BorshSerialize};
use serde::{Deserialize, Serialize};

pub use choices::{Class, KeyChoice, RetryAfterChoice, UnknownChoice, WaitChoice};
pub use draw::draw;
pub use presets::HarnessPreset;
pub use spec::HarnessProblem;

/// The most attempts a harness's own loop may make (`attempts_<n>`).
pub const MAX_ATTEMPTS_PER_LAYER: u32 = 10;

/// The most HTTP requests one tool call can send before the harness gives
/// up: every attempt of the harness's loop with the SDK's retries inside.
/// A fault that never clears (a certificate that does not verify, an
/// exhausted quota) is scheduled for this many requests, so no harness
/// outlasts it.
pub const MAX_REQUESTS_PER_CALL: u32 = MAX_ATTEMPTS_PER_LAYER * (1 + policy::SDK_RETRIES);

/// The classes of failure a harness retries, one bit each.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash, Debug)]
#[derive(Serialize, Deserialize, BorshSerialize, BorshDeserialize)]
pub struct RetrySet(pub u16);

impl RetrySet {
    pub const NONE: RetrySet = RetrySet(0);

    /// The set of `classes` (const: the presets table is built from it).
    pub const fn of(classes: &[Class]) -> RetrySet {
        let mut bits = 0;
        let mut i = 0;
        while i < classes.len() {
            bits |= classes[i].bit();
            i += 1;
        }
        RetrySet(bits)
    }

    pub fn has(self, c: Class) -> bool {
        self.0 & c.bit() != 0
    }

    pub fn with(self, c: Class, on: bool) -> RetrySet {
        match on {
            true => RetrySet(self.0 | c.bit()),
            false => RetrySet(self.0 & !c.bit()),
        }
    }
}

/// One harness: everything the test agent's `submit_bug_report` tool
/// decides about retries. Times in milliseconds; `None` for «no limit».
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[derive(Serialize, Deserialize, BorshSerialize, BorshDeserialize)]
#[serde(into = "String", try_from = "String")]
pub struct Harness {
    pub key: KeyChoice,
    pub retries: RetrySet,
    pub wait: WaitChoice,
    pub base_ms: u32,
    pub cap_ms: Option<u32>,
    /// Attempts of the harness's own loop (the first one included).
    pub attempts: u32,
    /// The SDK retries inside every attempt of the harness (anthropic SDK
    /// 1.11.0's defaults: 2 retries of 408, 409, 429, 5xx and connection
    /// errors, `min(0.5 s·2ᵏ, 8 s)·(1 − 0.25·r)`, `Retry-After` ≤ 60 s).
    pub sdk: bool,
    pub retry_after: RetryAfterChoice,
    /// `None`: connecting waits as long as the read timeout.
    pub connect_timeout_ms: Option<u32>,
    /// Idle time between bytes before an attempt is given up.
    pub read_timeout_ms: u32,
    /// The total deadline of one tool call (001: «这个工具调用总共最多 45 秒»).
    pub deadline_ms: Option<u32>,
    /// Retries the whole run may make, across its calls and layers (002).
    pub budget: Option<u32>,
    pub unknown: UnknownChoice,
}

impl Harness {
    /// The preset this harness is, if it is one.
    pub fn preset(self) -> Option<HarnessPreset> {
        HarnessPreset::ALL.into_iter().find(|p| p.harness() == self)
    }

    /// The canonical `harness=` value: a preset id, then the tokens that
    /// differ from it.
    pub fn to_ids(self) -> String {
        spec::write(self)
    }

    /// Reads a `harness=` value; see [`spec::parse`].
    pub fn parse(text: &str) -> (Harness, Vec<HarnessProblem>) {
        spec::parse(text)
    }

    pub fn retries(self, c: Class) -> bool {
        self.retries.has(c)
    }
}

impl From<crate::lab::model::ids::ClientStrategy> for Harness {
    fn from(c: crate::lab::model::ids::ClientStrategy) -> Harness {
        HarnessPreset::from(c).harness()
    }
}

impl From<HarnessPreset> for Harness {
    fn from(p: HarnessPreset) -> Harness {
        p.harness()
    }
}

impl From<Harness> for String {
    fn from(h: Harness) -> String {
        h.to_ids()
    }
}

impl TryFrom<String> for Harness {
    type Error = String;

    fn try_from(s: String) -> Result<Harness, String> {
        match Harness::parse(&s) {
            (h, problems) if problems.is_empty() => Ok(h),
            _ => Err(format!(
                "not a harness: {}",
                crate::kernel::params::echo(&s)
            )),
        }
    }
}

crate::kernel::json::json_as_string!(Harness);

impl Default for Harness {
    fn default() -> Harness {
        HarnessPreset::Chapter.harness()
    }
}
