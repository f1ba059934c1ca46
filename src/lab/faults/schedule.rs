//! Fault schedules as data: which messages the network loses or delays,
//! which requests the server stalls on or crashes during, and whether the
//! model calls the tool again. These are the wire form (serde and borsh, in
//! stored links and the engine's messages), so their shapes stay put; what
//! each variant means lives in its primitive's module (see [`super`]).

use borsh::{BorshDeserialize, BorshSerialize};
use serde::{Deserialize, Serialize};

/// What the network does with one message.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[derive(BorshSerialize, BorshDeserialize)]
pub enum Delivery {
    /// Delivered after the normal latency.
    #[default]
    Deliver,
    /// Never delivered.
    Lose,
    /// Delivered after the normal latency plus this many milliseconds.
    Delay(u64),
    /// The connection is refused before anything is sent (requests only; on
    /// a response it means the same as [`Delivery::Lose`]).
    Refuse,
    /// Certificate or host name verification fails during the TLS handshake:
    /// nothing is sent (requests only; on a response, as [`Delivery::Lose`]).
    TlsFailure,
    /// The response trickles in: its first bytes after the normal latency,
    /// then a few bytes every `every_ms`, the last after `total_ms` (responses
    /// only; on a request, as [`Delivery::Deliver`]). The read timeout counts
    /// idle time between bytes, so it fires only if `every_ms` reaches it.
    Drip { every_ms: u64, total_ms: u64 },
    /// The connection is never established (the SYN, or its answer, is
    /// lost): nothing is sent, and the harness gives up connecting after
    /// its connect timeout (requests only; on a response, as
    /// [`Delivery::Lose`]).
    NeverConnects,
}

/// What goes wrong inside the server while it handles one request.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[derive(BorshSerialize, BorshDeserialize)]
pub enum ServerFault {
    /// Nothing.
    #[default]
    None,
    /// Answers 503 with `Retry-After: secs` before doing anything.
    Unavailable { retry_after_s: u64 },
    /// Answers 429 before doing anything. Its body says which kind it is
    /// (000: «Codex 把 429 分成好几种：额度类 429 直接终止；其他 HTTP 429 只有带
    /// Retry-After 才重试»): `quota` when the quota is exhausted
    /// (`insufficient_quota`), else a rate limit; either may carry
    /// `Retry-After`.
    RateLimited {
        retry_after_s: Option<u64>,
        #[serde(default)]
        quota: bool,
    },
    /// The work between the first and the second transaction takes this many
    /// extra milliseconds (a slow request, a GC pause, a stalled process).
    Stall(u64),
    /// The process dies after the handler's first commit; if the handler has
    /// a second transaction, it dies inside it, so that work is rolled back.
    Crash,
    /// The work fails (a downstream error); the server answers 500 and a
    /// key-aware server stores that 500 as the key's response.
    Fail,
    /// The process dies inside the transaction that holds the report,
    /// before its `COMMIT` (after whatever the handler does before it, such
    /// as `notify_before_commit`'s call): the report is rolled back.
    CrashBeforeCommit,
    /// The process dies right after the handler's last `COMMIT`, before it
    /// answers or notifies anyone.
    CrashAfterCommit,
    /// A check the handler runs before any work fails (a dependency it
    /// needs is down), so provably nothing was done: the server answers 503
    /// and releases its claim in every design, `store_errors` or not (000's
    /// table, Stripe: a request that began no execution saves no result;
    /// 003: «已证明无副作用» may be retried).
    FailBeforeWork,
    /// As [`ServerFault::Unavailable`], with `Retry-After` written as an
    /// HTTP date `retry_after_s` seconds after the server's clock.
    UnavailableDated { retry_after_s: u64 },
    /// 503 before any work with a `Retry-After` no harness may read as a
    /// wait (001: «负数、非 ASCII 数字和任意文本视为无效值»).
    UnavailableInvalid(BadRetryAfter),
    /// 503 before any work without `Retry-After` (an outage's answer).
    UnavailableBare,
    /// The work's downstream call succeeded (its effect is made, its
    /// receipt kept by the downstream), then the handler raised: 003's
    /// «写 handler 抛异常…宿主不能据此断言"没有发生副作用"». In a run
    /// without a downstream effect it fails as [`ServerFault::Fail`].
    FailAfterEffect,
}

crate::kernel::ids::id_enum! {
    serde_by_name;
    /// An invalid `Retry-After` value a server may send.
    #[derive(Serialize)]
    #[derive(BorshSerialize, BorshDeserialize)]
    BadRetryAfter {
        /// «-1»: a negative number.
        Negative => "neg",
        /// «１２０»: full-width digits, not ASCII.
        FullWidth => "wide",
        /// «soon»: text.
        Text => "text",
    }
}

impl BadRetryAfter {
    /// The header's value as the server writes it.
    pub fn raw(self) -> &'static str {
        match self {
            BadRetryAfter::Negative => "-1",
            BadRetryAfter::FullWidth => "１２０",
            BadRetryAfter::Text => "soon",
        }
    }
}

/// What goes wrong with one call from the service (a handler or the outbox
/// relay) to the notifier. Calls are numbered in the order they are made,
/// across senders and retries (0 = the first).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[derive(BorshSerialize, BorshDeserialize)]
pub struct NotifyFault {
    /// The call on its way to the notifier (`Refuse` means `Lose` here: the
    /// sender only sees its timeout).
    pub request: Delivery,
    /// The notifier's answer on its way back.
    pub response: Delivery,
    /// The call is the relay's: the relay dies when the call ends (answered
    /// or timed out), before it marks the outbox row sent, and restarts.
    pub relay_dies: bool,
}

/// The faults of one HTTP attempt. Attempts are numbered across tool calls in
/// the order the harness sends them (0 = the very first request).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[derive(BorshSerialize, BorshDeserialize)]
pub struct AttemptFault {
    pub request: Delivery,
    pub response: Delivery,
    pub server: ServerFault,
    /// The harness re-renders the body before this attempt (e.g. a fresh
    /// timestamp in the details), so its digest differs from the earlier one.
    pub rerender: bool,
}

/// A full fault schedule for one run. Its borsh form is written by hand
/// ([`FaultSchedule::serialize`]): the fields added with the harness's
/// scenarios travel in an extension that a schedule without them leaves
/// out, so its bytes stay what they were; its `Debug` form too names them
/// only when set.
#[derive(Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct FaultSchedule {
    /// Faults by global attempt number; attempts past the end have none.
    pub attempts: Vec<AttemptFault>,
    /// How many times the model calls `submit_bug_report` again after a tool
    /// result that is not a success.
    pub model_recalls: u32,
    /// The first tool call is submitted twice at the same moment (a double
    /// submit or a hedged request): two calls with one tool_use id.
    pub double_submit: bool,
    /// The harness process dies after its first request; restarted the next
    /// day from its durable queue, it resends the same request with the same
    /// key, after the server's cleanup pruned keys older than the retention.
    pub restart_next_day: bool,
    /// Faults of the calls to the notifier, by call number; calls past the
    /// end have none.
    #[serde(default)]
    pub notify: Vec<NotifyFault>,
    /// A second tenant's agent files its own, different report this many
    /// milliseconds after the first one's call. Both agents number their
    /// evaluations and tool calls with per-tenant counters, so their
    /// `run_id:tool_use_id` keys are equal strings.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub second_tenant: Option<u64>,
    /// The model paraphrases the title when it calls the tool again (and
    /// when it queries before doing so).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub rewrite_title: bool,
    /// The service is out (every instance down behind its balancer): it
    /// answers 503 without `Retry-After`, before any work, to every request
    /// that reaches it before this many milliseconds, then recovers.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub outage_ms: Option<u64>,
    /// The model's arguments carry a field the service's validation
    /// refuses (a severity outside its list): every request, however often
    /// sent, gets 422 before any work.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub malformed: bool,
    /// The model files this many different reports at the start, one tool
    /// call each, all at once (002: «20 个 Tool 各重试 3 次»); `None`: one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tool_calls: Option<u32>,
    /// The tool's work is refund-like: before the service persists its
    /// result, it calls a downstream that makes an irreversible effect and
    /// keeps a receipt for it (003's «下游 receipt»).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub effect: bool,
    /// The downstream's receipt for an effect can be looked up only this
    /// many milliseconds after the effect (`receipt_late`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub receipt_after_ms: Option<u64>,
    /// The first tenant's permission on the resource is revoked at this
    /// time (ms): from then on it may neither act nor read a result.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub revoke_at_ms: Option<u64>,
    /// The one-time approval of the first request's digest expires at this
    /// time (ms); `None`: it outlasts the run.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub approval_until_ms: Option<u64>,
}

impl std::fmt::Debug for FaultSchedule {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut d = f.debug_struct("FaultSchedule");
        d.field("attempts", &self.attempts)
            .field("model_recalls", &self.model_recalls)
            .field("double_submit", &self.double_submit)
            .field("restart_next_day", &self.restart_next_day)
            .field("notify", &self.notify)
            .field("second_tenant", &self.second_tenant)
            .field("rewrite_title", &self.rewrite_title);
        if let Some(ms) = self.outage_ms {
            d.field("outage_ms", &ms);
        }
        if self.malformed {
            d.field("malformed", &true);
        }
        if let Some(n) = self.tool_calls {
            d.field("tool_calls", &n);
        }
        if self.effect {
            d.field("effect", &true);
        }
        for (name, ms) in [
            ("receipt_after_ms", self.receipt_after_ms),
            ("revoke_at_ms", self.revoke_at_ms),
            ("approval_until_ms", self.approval_until_ms),
        ] {
            if let Some(ms) = ms {
                d.field(name, &ms);
            }
        }
        d.finish()
    }
}

/// The bit of the borsh byte of `rewrite_title` that says an extension
/// follows (a bool's byte is 0 or 1, so older bytes never set it).
const EXTENSION_BIT: u8 = 2;

/// The bit that says the [`Recovery`] extension follows (after the first,
/// if both do).
const RECOVERY_BIT: u8 = 4;

/// The fields added with 003's recovery protocol, as borsh writes them.
#[derive(Default, PartialEq, BorshSerialize, BorshDeserialize)]
struct Recovery {
    effect: bool,
    receipt_after_ms: Option<u64>,
    revoke_at_ms: Option<u64>,
    approval_until_ms: Option<u64>,
}

/// The fields added with the harness's scenarios, as borsh writes them.
#[derive(Default, PartialEq, BorshSerialize, BorshDeserialize)]
struct Extension {
    outage_ms: Option<u64>,
    malformed: bool,
    tool_calls: Option<u32>,
}

impl BorshSerialize for FaultSchedule {
    /// The fields in their order; `rewrite_title`'s byte carries
    /// [`EXTENSION_BIT`] when the [`Extension`] follows it.
    fn serialize<W: std::io::Write>(&self, w: &mut W) -> std::io::Result<()> {
        BorshSerialize::serialize(&self.attempts, w)?;
        BorshSerialize::serialize(&self.model_recalls, w)?;
        BorshSerialize::serialize(&self.double_submit, w)?;
        BorshSerialize::serialize(&self.restart_next_day, w)?;
        BorshSerialize::serialize(&self.notify, w)?;
        BorshSerialize::serialize(&self.second_tenant, w)?;
        let ext = Extension {
            outage_ms: self.outage_ms,
            malformed: self.malformed,
            tool_calls: self.tool_calls,
        };
        let recovery = Recovery {
            effect: self.effect,
            receipt_after_ms: self.receipt_after_ms,
            revoke_at_ms: self.revoke_at_ms,
            approval_until_ms: self.approval_until_ms,
        };
        let extended = ext != Extension::default();
        let recovers = recovery != Recovery::default();
        let flags = u8::from(self.rewrite_title)
            | if extended { EXTENSION_BIT } else { 0 }
            | if recovers { RECOVERY_BIT } else { 0 };
        BorshSerialize::serialize(&flags, w)?;
        if extended {
            BorshSerialize::serialize(&ext, w)?;
        }
        match recovers {
            true => BorshSerialize::serialize(&recovery, w),
            false => Ok(()),
        }
    }
}

impl BorshDeserialize for FaultSchedule {
    fn deserialize_reader<R: std::io::Read>(r: &mut R) -> std::io::Result<Self> {
        let mut s = FaultSchedule {
            attempts: BorshDeserialize::deserialize_reader(r)?,
            model_recalls: BorshDeserialize::deserialize_reader(r)?,
            double_submit: BorshDeserialize::deserialize_reader(r)?,
            restart_next_day: BorshDeserialize::deserialize_reader(r)?,
            notify: BorshDeserialize::deserialize_reader(r)?,
            second_tenant: BorshDeserialize::deserialize_reader(r)?,
            ..FaultSchedule::default()
        };
        let flags = u8::deserialize_reader(r)?;
        if flags & !(1 | EXTENSION_BIT | RECOVERY_BIT) != 0 {
            return Err(std::io::Error::other("not a fault schedule"));
        }
        s.rewrite_title = flags & 1 == 1;
        if flags & EXTENSION_BIT != 0 {
            let ext = Extension::deserialize_reader(r)?;
            (s.outage_ms, s.malformed, s.tool_calls) =
                (ext.outage_ms, ext.malformed, ext.tool_calls);
        }
        if flags & RECOVERY_BIT != 0 {
            let r = Recovery::deserialize_reader(r)?;
            (s.effect, s.receipt_after_ms) = (r.effect, r.receipt_after_ms);
            (s.revoke_at_ms, s.approval_until_ms) = (r.revoke_at_ms, r.approval_until_ms);
        }
        Ok(s)
    }
}

impl AttemptFault {
    /// An attempt delivered both ways with this fault inside the server.
    pub fn server(server: ServerFault) -> Self {
        Self {
            server,
            ..Self::default()
        }
    }
}

impl FaultSchedule {
    /// The faults of global attempt `n`.
    pub fn attempt(&self, n: usize) -> AttemptFault {
        self.attempts.get(n).copied().unwrap_or_default()
    }

    /// The faults of notifier call `n`.
    pub fn notify_call(&self, n: usize) -> NotifyFault {
        self.notify.get(n).copied().unwrap_or_default()
    }

    /// How many different reports the model files at the start.
    pub fn tasks(&self) -> usize {
        self.tool_calls.map_or(1, |n| n.max(1) as usize)
    }

    /// The server's fault for `request`, arriving at `now_ms`: an outage
    /// answers every request that reaches it in time, whatever the
    /// attempt's own fault.
    pub fn server_fault(&self, request: usize, now_ms: u64) -> ServerFault {
        match self.outage_ms {
            Some(until) if now_ms < until => ServerFault::UnavailableBare,
            _ => self.attempt(request).server,
        }
    }

    pub(super) fn first(f: AttemptFault) -> Self {
        Self {
            attempts: vec![f],
            ..Self::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_schedule_without_the_new_fields_keeps_its_borsh_bytes() {
        // What the derived layout wrote before the extension existed.
        #[derive(BorshSerialize)]
        struct Before {
            attempts: Vec<AttemptFault>,
            model_recalls: u32,
            double_submit: bool,
            restart_next_day: bool,
            notify: Vec<NotifyFault>,
            second_tenant: Option<u64>,
            rewrite_title: bool,
        }
        let s = FaultSchedule {
            attempts: vec![AttemptFault::server(ServerFault::Crash)],
            model_recalls: 1,
            second_tenant: Some(300),
            rewrite_title: true,
            ..FaultSchedule::default()
        };
        let before = Before {
            attempts: s.attempts.clone(),
            model_recalls: 1,
            double_submit: false,
            restart_next_day: false,
            notify: Vec::new(),
            second_tenant: Some(300),
            rewrite_title: true,
        };
        assert_eq!(borsh::to_vec(&s).unwrap(), borsh::to_vec(&before).unwrap());
        let extended = FaultSchedule {
            outage_ms: Some(30_000),
            malformed: true,
            tool_calls: Some(20),
            ..s.clone()
        };
        for s in [s, extended] {
            // Inside a larger message too: the reader stops where it ends.
            let bytes = borsh::to_vec(&(s.clone(), 7u8)).unwrap();
            assert_eq!(
                borsh::from_slice::<(FaultSchedule, u8)>(&bytes).unwrap(),
                (s, 7)
            );
        }
        let mut bad = borsh::to_vec(&FaultSchedule::default()).unwrap();
        *bad.last_mut().unwrap() = 4;
        assert!(borsh::from_slice::<FaultSchedule>(&bad).is_err());
    }
}
