//! The written form of a harness: a preset id, then the tokens that differ
//! from it, comma-separated (`chapter,sdk,deadline_none`). A token names
//! one choice (`key_business`, `wait_full`, `ra_fail_fast`,
//! `unknown_query`), adds or removes a retried class (`retry_tls`,
//! `noretry_tls`), switches the SDK layer (`sdk`, `nosdk`) or sets a number
//! (`base_200`, `cap_8000`, `attempts_4`, `connect_1000`, `read_2000`,
//! `deadline_12000`, `budget_8`, or `_none` for no limit). Without a
//! preset first, the tokens apply to `chapter`.

use serde::{Deserialize, Serialize};

use super::{
    Class, Harness, HarnessPreset, KeyChoice, RetryAfterChoice, UnknownChoice, WaitChoice,
};
use crate::kernel::params::echo;

/// Why (part of) a `harness=` value was not used.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[derive(borsh::BorshSerialize, borsh::BorshDeserialize)]
pub enum HarnessProblem {
    /// Tokens that name no choice (cut to a bounded echo).
    Unknown { given: String },
    /// A number outside its bounds; the preset's value was kept.
    OutOfRange { token: String, lo: u32, hi: u32 },
    /// Waiting «within the deadline» needs a total deadline: the harness
    /// honours `Retry-After` instead.
    NeedsDeadline { dropped: RetryAfterChoice },
}

/// A number a token sets: its prefix, its bounds, and whether `_none` is
/// allowed. Public so the workbench's inputs take their bounds from here.
pub struct Number {
    pub prefix: &'static str,
    pub lo: u32,
    pub hi: u32,
    get: fn(&Harness) -> Option<u32>,
    set: fn(&mut Harness, Option<u32>),
    pub none_ok: bool,
}

impl Number {
    /// The number's value in `h` (`None`: no limit).
    pub fn value(&self, h: Harness) -> Option<u32> {
        (self.get)(&h)
    }

    /// The token that sets it to `v` (`None`: `_none`).
    pub fn token(&self, v: Option<u32>) -> String {
        match v {
            Some(v) => format!("{}{v}", self.prefix),
            None => format!("{}none", self.prefix),
        }
    }

    /// Its id without the trailing `_` (`deadline`), for texts and test ids.
    pub fn id(&self) -> &'static str {
        self.prefix.trim_end_matches('_')
    }
}

/// Every number of a harness, with its bounds (the one place they are named).
pub const NUMBERS: [Number; 7] = [
    Number {
        prefix: "base_",
        lo: 1,
        hi: 60_000,
        get: |h| Some(h.base_ms),
        set: |h, v| h.base_ms = v.unwrap_or(h.base_ms),
        none_ok: false,
    },
    Number {
        prefix: "cap_",
        lo: 1,
        hi: 600_000,
        get: |h| h.cap_ms,
        set: |h, v| h.cap_ms = v,
        none_ok: true,
    },
    Number {
        prefix: "attempts_",
        lo: 1,
        hi: super::MAX_ATTEMPTS_PER_LAYER,
        get: |h| Some(h.attempts),
        set: |h, v| h.attempts = v.unwrap_or(h.attempts),
        none_ok: false,
    },
    Number {
        prefix: "connect_",
        lo: 100,
        hi: 600_000,
        get: |h| h.connect_timeout_ms,
        set: |h, v| h.connect_timeout_ms = v,
        none_ok: true,
    },
    Number {
        prefix: "read_",
        lo: 100,
        hi: 600_000,
        get: |h| Some(h.read_timeout_ms),
        set: |h, v| h.read_timeout_ms = v.unwrap_or(h.read_timeout_ms),
        none_ok: false,
    },
    Number {
        prefix: "deadline_",
        lo: 1_000,
        hi: 3_600_000,
        get: |h| h.deadline_ms,
        set: |h, v| h.deadline_ms = v,
        none_ok: true,
    },
    Number {
        prefix: "budget_",
        lo: 0,
        hi: 100,
        get: |h| h.budget,
        set: |h, v| h.budget = v,
        none_ok: true,
    },
];

/// Reads a `harness=` value; unknown tokens and numbers out of bounds are
/// reported and skipped, and an impossible combination is mended.
pub fn parse(text: &str) -> (Harness, Vec<HarnessProblem>) {
    let mut tokens = text
        .split(',')
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .peekable();
    let mut h = match tokens.peek().and_then(|t| HarnessPreset::from_id(t)) {
        Some(p) => {
            tokens.next();
            p.harness()
        }
        None => HarnessPreset::Chapter.harness(),
    };
    let (mut unknown, mut problems) = (Vec::new(), Vec::new());
    for token in tokens {
        match apply(&mut h, token) {
            Ok(true) => {}
            Ok(false) => unknown.push(token),
            Err(p) => problems.push(p),
        }
    }
    if h.deadline_ms.is_none() && h.retry_after.within_deadline() {
        problems.push(HarnessProblem::NeedsDeadline {
            dropped: h.retry_after,
        });
        h.retry_after = RetryAfterChoice::Honour;
    }
    if !unknown.is_empty() {
        problems.insert(
            0,
            HarnessProblem::Unknown {
                given: echo(&unknown.join(",")),
            },
        );
    }
    (h, problems)
}

/// Applies one token: `Ok(false)` when it names nothing.
fn apply(h: &mut Harness, token: &str) -> Result<bool, HarnessProblem> {
    if let Some(k) = KeyChoice::from_id(token) {
        h.key = k;
    } else if let Some(w) = WaitChoice::from_id(token) {
        h.wait = w;
    } else if let Some(r) = RetryAfterChoice::from_id(token) {
        h.retry_after = r;
    } else if let Some(u) = UnknownChoice::from_id(token) {
        h.unknown = u;
    } else if let Some(c) = token.strip_prefix("retry_").and_then(Class::from_id) {
        h.retries = h.retries.with(c, true);
    } else if let Some(c) = token.strip_prefix("noretry_").and_then(Class::from_id) {
        h.retries = h.retries.with(c, false);
    } else if token == "sdk" || token == "nosdk" {
        h.sdk = token == "sdk";
    } else {
        return number(h, token);
    }
    Ok(true)
}

fn number(h: &mut Harness, token: &str) -> Result<bool, HarnessProblem> {
    let Some((n, rest)) = NUMBERS
        .iter()
        .find_map(|n| Some((n, token.strip_prefix(n.prefix)?)))
    else {
        return Ok(false);
    };
    if rest == "none" && n.none_ok {
        (n.set)(h, None);
        return Ok(true);
    }
    let out = || HarnessProblem::OutOfRange {
        token: echo(token),
        lo: n.lo,
        hi: n.hi,
    };
    if rest.is_empty() || !rest.bytes().all(|b| b.is_ascii_digit()) {
        return Ok(false);
    }
    match rest.parse::<u32>() {
        Ok(v) if (n.lo..=n.hi).contains(&v) => {
            (n.set)(h, Some(v));
            Ok(true)
        }
        _ => Err(out()),
    }
}

/// Every token that states `h`, one per group, flag and number, in a fixed
/// order (the same slots for every harness, so two lists compare slot by slot).
pub fn tokens(h: Harness) -> Vec<String> {
    let mut out = vec![h.key.id().to_string()];
    for c in Class::ALL {
        let on = if h.retries(c) { "retry_" } else { "noretry_" };
        out.push(format!("{on}{}", c.id()));
    }
    out.push(h.wait.id().into());
    out.push(if h.sdk { "sdk" } else { "nosdk" }.into());
    out.push(h.retry_after.id().into());
    out.push(h.unknown.id().into());
    for n in &NUMBERS {
        out.push(n.token(n.value(h)));
    }
    out
}

/// Every preset with its tokens, made once: each link to a lab page writes
/// its harness (twice: the value and the default it is compared with), and
/// the workbench draws dozens of links in its first render, which spent
/// 15–25 ms making these same strings again for every link.
fn preset_tokens() -> &'static [(HarnessPreset, Vec<String>)] {
    static TOKENS: std::sync::OnceLock<Vec<(HarnessPreset, Vec<String>)>> =
        std::sync::OnceLock::new();
    TOKENS.get_or_init(|| {
        HarnessPreset::ALL
            .into_iter()
            .map(|p| (p, tokens(p.harness())))
            .collect()
    })
}

/// The preset with the fewest differing tokens (the first on a tie), then
/// those tokens.
pub fn write(h: Harness) -> String {
    let mine = tokens(h);
    let differing = |theirs: &'static [String]| {
        mine.iter()
            .zip(theirs)
            .filter(|(a, b)| a != b)
            .map(|(a, _)| a.as_str())
    };
    let (best, theirs) = preset_tokens()
        .iter()
        .min_by_key(|(_, theirs)| differing(theirs).count())
        .expect("presets");
    let mut out = vec![best.id()];
    out.extend(differing(theirs));
    out.join(",")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_write_as_their_ids_and_read_back() {
        for p in HarnessPreset::ALL {
            assert_eq!(write(p.harness()), p.id());
            assert_eq!(parse(p.id()), (p.harness(), vec![]));
        }
    }

    #[test]
    fn overrides_round_trip_from_the_nearest_preset() {
        let (h, problems) = parse("chapter,sdk,deadline_none,ra_honour,retry_tls,base_100");
        assert!(problems.is_empty(), "{problems:?}");
        assert!(h.sdk && h.deadline_ms.is_none() && h.retries(Class::Tls) && h.base_ms == 100);
        assert_eq!(parse(&write(h)).0, h);
        let naive_sdk = parse("naive,sdk").0;
        assert_eq!(write(naive_sdk), "naive,sdk");
    }

    #[test]
    fn bad_tokens_are_reported_and_skipped() {
        let (h, problems) = parse("chapter,attempts_99,bogus,cap_x");
        assert_eq!(h, HarnessPreset::Chapter.harness());
        assert_eq!(
            problems,
            vec![
                HarnessProblem::Unknown {
                    given: "bogus,cap_x".into()
                },
                HarnessProblem::OutOfRange {
                    token: "attempts_99".into(),
                    lo: 1,
                    hi: 10
                },
            ]
        );
        let (h, problems) = parse("chapter,deadline_none");
        assert_eq!(h.retry_after, RetryAfterChoice::Honour);
        assert_eq!(
            problems,
            vec![HarnessProblem::NeedsDeadline {
                dropped: RetryAfterChoice::FailFast
            }]
        );
    }
}
