//! Settings of the load model and its client policies.

use crate::kernel::ids::id_enum;
id_enum! {
    /// A client retry policy of the load model. Each one is documented on the
    /// page with its source (see the `amplify.policy.*` texts).
    #[derive(PartialOrd, Ord)]
    LoadPolicy {
        /// No layer retries.
        None => "none",
        /// Every layer retries up to its attempts, full-jitter backoff.
        Retries => "retries",
        /// Brooker's adaptive bucket per layer: a success deposits 0.1 token
        /// (capacity 10), a retry costs 1.
        TokenBucket => "token_bucket",
        /// The same bucket refilling at a fixed rate (`refill` tokens per
        /// second per layer): retries go on at that rate once it is empty, as
        /// the Builders' Library describes the AWS SDK's bucket.
        TokenBucketFixedRate => "token_bucket_fixed_rate",
        /// The AWS SDK "standard" retry quota per layer (aws-sdk-js-v3
        /// middleware-retry): 500 tokens, a retry costs 5 (10 after a timeout), a
        /// success refunds the retry's cost or adds 1 when it needed no retry.
        TokenBucketAws => "token_bucket_aws",
        /// Retries capped at a share of recent requests (SRE book 10 %,
        /// Finagle/Envoy 20 %), one budget for the whole stack.
        RetryBudget => "retry_budget",
        /// A client-side breaker before the server: open on a failure rate over
        /// a window, fail fast, half-open probe after a cool-down.
        CircuitBreaker => "circuit_breaker",
        /// A breaker that stops only retries; first attempts always go out.
        BreakRetries => "circuit_breaker_retries",
        /// The remaining deadline travels down; no retry when too little is
        /// left; the server drops work whose deadline has passed.
        Deadline => "deadline",
        /// Honours `Retry-After`: the HTTP (bottom) layer retries a 503 only
        /// when it carries `Retry-After` and then waits at least that long.
        RetryAfter => "retry_after",
    }
}

impl LoadPolicy {
    /// Whether this policy puts a breaker in front of the server.
    pub fn has_breaker(self) -> bool {
        matches!(self, Self::CircuitBreaker | Self::BreakRetries)
    }
}

/// A time window `[start, end)` in seconds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Window {
    pub start: f64,
    pub end: f64,
}

impl Window {
    /// Whether `t` lies in the window.
    pub fn contains(&self, t: f64) -> bool {
        t >= self.start && t < self.end
    }
}

/// Everything one load run needs besides the policy and the seed.
#[derive(Clone, Debug, PartialEq)]
pub struct LoadConfig {
    /// Attempts per layer, top first.
    pub layers: Vec<u32>,
    /// Logical calls per second (Poisson).
    pub rate: f64,
    /// Server capacity, requests per second (one FIFO queue).
    pub capacity: f64,
    /// Per-attempt client timeout (s).
    pub timeout: f64,
    /// Logical calls arrive during `[0, duration)` seconds.
    pub duration: f64,
    /// At most this many logical calls arrive (0 = no limit besides
    /// `duration`); the sweep uses it to run exactly `calls` calls.
    pub max_calls: u64,
    /// Failure probability of a request served during `incident`.
    pub p: f64,
    pub incident: Window,
    /// During `trigger` the capacity is `capacity · trigger_capacity`.
    pub trigger: Window,
    pub trigger_capacity: f64,
    /// Full-jitter backoff before the `n`-th retry of a layer (n ≥ 1):
    /// `uniform(0, v_(n−1))` seconds with `v_k = min(cap, base·2^k)`, the
    /// herd's `v_n`; the first retry's bound is `base` (the herd's, like the
    /// AWS simulator's, is `2·base`).
    pub base: f64,
    pub cap: f64,
    /// Deadline of a logical call (s), policy `deadline`.
    pub deadline: f64,
    /// `Retry-After` (s) on the server's 503s; 0 = the header is absent.
    pub retry_after: f64,
    /// The server answers 503 at once when more than `shed` seconds of work
    /// wait in its queue; 0 = it never sheds.
    pub shed: f64,
    /// Share of requests the retry budget allows as retries.
    pub budget_ratio: f64,
    /// Tokens per second each layer's bucket regains on its own, policy
    /// `token_bucket_fixed_rate`.
    pub refill: f64,
    /// Goodput share of the pre-trigger level that counts as recovered (%).
    pub recover_pct: f64,
}

/// The metastable scenario: three layers of 3 attempts, no failures outside
/// the trigger, and every other setting at its URL default
/// ([`crate::amplify::bounds`], the one source for page, CLI and model).
impl Default for LoadConfig {
    fn default() -> Self {
        use crate::amplify::bounds as b;
        LoadConfig {
            layers: vec![3, 3, 3],
            rate: b::RATE.default,
            capacity: b::CAPACITY.default,
            timeout: b::TIMEOUT.default,
            duration: b::DURATION.default,
            max_calls: 0,
            p: 0.0,
            incident: Window {
                start: b::INCIDENT_START.default,
                end: b::INCIDENT_END.default,
            },
            trigger: Window {
                start: b::TRIGGER_START.default,
                end: b::TRIGGER_END.default,
            },
            trigger_capacity: b::TRIGGER_CAPACITY.default,
            base: b::BASE.default,
            cap: b::CAP.default,
            deadline: b::DEADLINE.default,
            retry_after: b::RETRY_AFTER.default,
            shed: b::SHED.default,
            budget_ratio: b::BUDGET_RATIO.default,
            refill: b::REFILL.default,
            recover_pct: b::RECOVER_PCT.default,
        }
    }
}

impl LoadConfig {
    /// The server's capacity at time `t`.
    pub fn capacity_at(&self, t: f64) -> f64 {
        if self.trigger.contains(t) {
            self.capacity * self.trigger_capacity
        } else {
            self.capacity
        }
    }

    /// The failure probability of a request served at `t`.
    pub fn p_at(&self, t: f64) -> f64 {
        if self.incident.contains(t) {
            self.p
        } else {
            0.0
        }
    }
}
