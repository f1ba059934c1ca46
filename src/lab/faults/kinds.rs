//! The fault kinds a hunt may draw from. Each kind is one switch the student
//! ticks and one primitive's module beside this one (its draw, its code
//! token, its shrinking); a kind the model cannot inject yet is listed
//! once, in [`NOT_YET_COVERED`], so that covering it is one edit here.

use crate::kernel::ids::id_enum;
use borsh::{BorshDeserialize, BorshSerialize};

id_enum! {
    serde_by_name;
    /// A kind of fault the generator may put in a schedule.
    #[derive(serde::Serialize)]
    #[derive(BorshSerialize, BorshDeserialize)]
    FaultKind {
        /// A request or a response that never arrives, or a refused connection.
        Lost => "lost",
        /// A request or a response that arrives late.
        Delayed => "delayed",
        /// The server stalls between its two transactions.
        Stall => "stall",
        /// The server process dies after its first commit.
        Crash => "crash",
        /// 503, 429 or a failing downstream (500).
        ServerError => "server_error",
        /// The harness re-renders the body before a retry.
        Rerender => "rerender",
        /// The model calls the tool again after a result that is not a success.
        ModelRecall => "model_recall",
        /// One tool call submitted twice at the same moment.
        DoubleSubmit => "double_submit",
        /// The harness dies and resends the next day, after the key was pruned.
        NextDay => "next_day",
        /// A call to the notifier, or its answer, lost or late.
        Notifier => "notifier",
        /// The outbox relay dies after delivering, before marking its row.
        Relay => "relay",
        /// A second tenant's agent files its own report, with an equal key string.
        SecondTenant => "second_tenant",
        /// The model paraphrases the title when it calls again.
        TitleRewrite => "title_rewrite",
        /// The TLS handshake fails verification (never worth a retry).
        TlsError => "tls_error",
        /// The response trickles in, past the call's total deadline.
        SlowDrip => "slow_drip",
        /// Refund-like work (a downstream effect with a receipt) and what
        /// 003's recovery meets: a handler raising after the effect, a late
        /// receipt, a revoked permission, an expiring approval.
        Recovery => "recovery",
    }
}

/// The kinds past any server's reach: a next-day restart after the key was
/// pruned, a model that calls again (a new tool_use id: with a per-tool-use
/// key, a new key) and a title the model rewrites. A way to fail that
/// needs one of them is told apart by which, so each shows once.
pub const BEYOND_ANY_SERVER: [FaultKind; 3] = [
    FaultKind::NextDay,
    FaultKind::ModelRecall,
    FaultKind::TitleRewrite,
];

/// Faults the chapter names that the lab's model cannot inject yet, by
/// their translation-key ids (`hunt.uncovered.<id>`). When the model gains
/// one, it moves from here to [`FaultKind`] with its token.
pub const NOT_YET_COVERED: [&str; 1] = ["notifier_crash"];
/// A set of fault kinds (the student's checkboxes).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[derive(serde::Serialize, serde::Deserialize)]
#[derive(BorshSerialize, BorshDeserialize)]
pub struct KindSet(u32);

impl KindSet {
    /// Every kind (the default).
    pub fn all() -> Self {
        FaultKind::ALL.into_iter().collect()
    }

    pub fn none() -> Self {
        KindSet(0)
    }

    fn bit(k: FaultKind) -> u32 {
        1 << FaultKind::ALL.iter().position(|x| *x == k).unwrap_or(0)
    }

    pub fn has(self, k: FaultKind) -> bool {
        self.0 & Self::bit(k) != 0
    }

    pub fn with(self, k: FaultKind) -> Self {
        KindSet(self.0 | Self::bit(k))
    }

    pub fn without(self, k: FaultKind) -> Self {
        KindSet(self.0 & !Self::bit(k))
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The kinds in display order.
    pub fn kinds(self) -> Vec<FaultKind> {
        FaultKind::ALL
            .into_iter()
            .filter(|k| self.has(*k))
            .collect()
    }

    /// `lost,stall,…` (the URL and CLI form; `all` for every kind).
    pub fn to_ids(self) -> String {
        if self == Self::all() {
            return "all".into();
        }
        self.kinds()
            .iter()
            .map(|k| k.id())
            .collect::<Vec<_>>()
            .join(",")
    }

    /// Parses a comma list of kind ids (or `all`); the ids it could not read
    /// come back separately, so the caller can say so.
    pub fn parse(raw: &str) -> (Self, Vec<String>) {
        let mut set = Self::none();
        let mut bad = Vec::new();
        for part in raw.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            match (part, FaultKind::from_id(part)) {
                ("all", _) => set = Self::all(),
                (_, Some(k)) => set = set.with(k),
                _ => bad.push(part.to_string()),
            }
        }
        (set, bad)
    }
}

impl Default for KindSet {
    fn default() -> Self {
        Self::all()
    }
}

impl FromIterator<FaultKind> for KindSet {
    fn from_iter<I: IntoIterator<Item = FaultKind>>(it: I) -> Self {
        it.into_iter().fold(Self::none(), Self::with)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kind_sets_parse_and_print() {
        assert_eq!(KindSet::parse("all"), (KindSet::all(), vec![]));
        let (s, bad) = KindSet::parse("stall, crash,wormhole");
        assert_eq!(s.kinds(), vec![FaultKind::Stall, FaultKind::Crash]);
        assert_eq!(bad, vec!["wormhole".to_string()]);
        assert_eq!(s.to_ids(), "stall,crash");
        assert_eq!(KindSet::parse(&s.to_ids()).0, s);
        assert_eq!(KindSet::all().to_ids(), "all");
        assert!(KindSet::parse("").0.is_empty());
        assert!(!KindSet::all().without(FaultKind::Lost).has(FaultKind::Lost));
    }
}
