//! The refund-like downstream (003's «下游 receipt»): a separate service
//! that makes an irreversible effect when the bug tracker's work calls it,
//! and keeps a receipt for each effect. No `ROLLBACK` of the service takes
//! an effect back. It honours a dedupe key (`downstream_key`): a repeat
//! with the same digest gets the first effect's receipt and makes none;
//! with another digest it is refused as a conflict. Its receipts can be
//! looked up by key, possibly only some time after the effect
//! (`receipt_late`). Pure data: the simulation owns it.

use borsh::{BorshDeserialize, BorshSerialize};
use serde::{Deserialize, Serialize};

/// What the downstream did with one call.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[derive(BorshSerialize, BorshDeserialize)]
pub enum EffectOutcome {
    /// A new effect, with its receipt.
    Made { receipt: String },
    /// A repeat of a known key with the same digest: no effect, the first
    /// effect's receipt.
    Repeated { receipt: String },
    /// A known key with another digest: refused, no effect.
    Conflict,
}

/// One call from the service's work to the downstream.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[derive(BorshSerialize, BorshDeserialize)]
pub struct EffectCall {
    /// The HTTP request whose handler made it.
    pub request: usize,
    pub tenant: usize,
    /// The dedupe key it carried (`downstream_key`), if any.
    pub key: Option<String>,
    pub digest: String,
    pub at_ms: u64,
    /// The one-time approval was valid for this digest when it was made.
    pub approved: bool,
    pub outcome: EffectOutcome,
}

impl EffectCall {
    /// Whether it made a new effect.
    pub fn made(&self) -> bool {
        matches!(self.outcome, EffectOutcome::Made { .. })
    }

    /// The receipt it got, if any.
    pub fn receipt(&self) -> Option<&str> {
        match &self.outcome {
            EffectOutcome::Made { receipt } | EffectOutcome::Repeated { receipt } => Some(receipt),
            EffectOutcome::Conflict => None,
        }
    }
}

/// What a look-up of a key's receipt finds.
#[cfg(feature = "sqlite")]
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Lookup {
    /// The receipt, and the digest of the request that made its effect.
    Receipt { receipt: String, digest: String },
    /// An effect was made, but its receipt is not available yet.
    Pending,
    /// No effect under this key.
    None,
}

/// The downstream service and every call it got (the simulation's: the
/// page's bundle, built without SQLite, only reads its calls).
#[cfg(feature = "sqlite")]
#[derive(Clone, Debug, Default)]
pub struct Downstream {
    calls: Vec<EffectCall>,
    /// How long after an effect its receipt can be looked up (ms).
    receipt_after_ms: u64,
}

#[cfg(feature = "sqlite")]
impl Downstream {
    pub fn new(receipt_after_ms: Option<u64>) -> Self {
        Self {
            calls: Vec::new(),
            receipt_after_ms: receipt_after_ms.unwrap_or(0),
        }
    }

    /// The first effect made under `key`.
    fn first_effect(&self, key: &str) -> Option<&EffectCall> {
        (self.calls.iter()).find(|c| c.made() && c.key.as_deref() == Some(key))
    }

    /// Handles one call: a new effect, or, for a known dedupe key, the
    /// first effect's receipt (same digest) or a conflict.
    pub fn call(&mut self, mut call: EffectCall) -> EffectOutcome {
        let known = call.key.as_deref().and_then(|k| self.first_effect(k));
        call.outcome = match known {
            Some(first) if first.digest == call.digest => EffectOutcome::Repeated {
                receipt: first.receipt().unwrap_or_default().to_string(),
            },
            Some(_) => EffectOutcome::Conflict,
            None => EffectOutcome::Made {
                receipt: receipt_id(self.calls.iter().filter(|c| c.made()).count() + 1),
            },
        };
        let outcome = call.outcome.clone();
        self.calls.push(call);
        outcome
    }

    /// The receipt of the effect made under `key`, as a look-up at `now`
    /// finds it.
    pub fn lookup(&self, key: Option<&str>, now: u64) -> Lookup {
        let Some(first) = key.and_then(|k| self.first_effect(k)) else {
            return Lookup::None;
        };
        if now < first.at_ms + self.receipt_after_ms {
            return Lookup::Pending;
        }
        Lookup::Receipt {
            receipt: first.receipt().unwrap_or_default().to_string(),
            digest: first.digest.clone(),
        }
    }

    pub fn into_calls(self) -> Vec<EffectCall> {
        self.calls
    }
}

/// The receipt id of the `n`-th effect (1-based).
pub fn receipt_id(n: usize) -> String {
    format!("rcpt_{n:04}")
}

#[cfg(all(test, feature = "sqlite"))]
mod tests {
    use super::*;

    fn call(key: Option<&str>, digest: &str, at_ms: u64) -> EffectCall {
        EffectCall {
            request: 0,
            tenant: 0,
            key: key.map(str::to_string),
            digest: digest.into(),
            at_ms,
            approved: true,
            outcome: EffectOutcome::Conflict,
        }
    }

    #[test]
    fn a_key_dedupes_and_a_changed_digest_conflicts() {
        let mut d = Downstream::new(None);
        assert_eq!(
            d.call(call(Some("k"), "a", 0)),
            EffectOutcome::Made {
                receipt: receipt_id(1)
            }
        );
        assert_eq!(
            d.call(call(Some("k"), "a", 5)),
            EffectOutcome::Repeated {
                receipt: receipt_id(1)
            }
        );
        assert_eq!(d.call(call(Some("k"), "b", 6)), EffectOutcome::Conflict);
        assert_eq!(
            d.call(call(None, "a", 7)),
            EffectOutcome::Made {
                receipt: receipt_id(2)
            }
        );
        assert_eq!(d.calls.iter().filter(|c| c.made()).count(), 2);
    }

    #[test]
    fn a_late_receipt_is_pending_until_it_is_available() {
        let mut d = Downstream::new(Some(1_000));
        d.call(call(Some("k"), "a", 100));
        assert_eq!(d.lookup(Some("k"), 1_099), Lookup::Pending);
        let found = Lookup::Receipt {
            receipt: receipt_id(1),
            digest: "a".into(),
        };
        assert_eq!(d.lookup(Some("k"), 1_100), found);
        assert_eq!(d.lookup(Some("x"), 1_100), Lookup::None);
        assert_eq!(d.lookup(None, 1_100), Lookup::None);
    }
}
