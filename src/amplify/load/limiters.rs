//! The client-side mechanisms that limit retries: token buckets, the retry
//! budget and the circuit breaker. Each one is a small state machine driven
//! by the simulation with the current time passed in.

/// Brooker's adaptive retry bucket: a retry costs one token, a success
/// deposits `deposit` (capped at `capacity`); it starts full.
#[derive(Clone, Debug, PartialEq)]
pub struct TokenBucket {
    pub tokens: f64,
    pub capacity: f64,
    pub deposit: f64,
}

impl TokenBucket {
    /// Brooker's numbers: deposit 0.1, capacity 10.
    pub fn brooker() -> Self {
        TokenBucket {
            tokens: 10.0,
            capacity: 10.0,
            deposit: 0.1,
        }
    }

    /// Takes one token for a retry if there is one.
    pub fn try_retry(&mut self) -> bool {
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }

    /// A success puts a fraction of a token back.
    pub fn on_success(&mut self) {
        self.tokens = (self.tokens + self.deposit).min(self.capacity);
    }
}

/// The bucket the Builders' Library describes: «retry as long as there are
/// tokens, and then retry at a fixed rate when the tokens are exhausted».
/// Brooker's bucket ([`TokenBucket::brooker`]) that also refills at `rate`
/// tokens per second, like the optional `refill_rate` of aws-smithy-runtime's
/// retry bucket (off by default there). Once it is empty, retries go out at
/// about `rate` per second; a retry that finds no whole token is not made.
/// With `rate = 0` it is exactly Brooker's bucket.
#[derive(Clone, Debug, PartialEq)]
pub struct FixedRateBucket {
    pub bucket: TokenBucket,
    /// Tokens added per second.
    pub rate: f64,
    /// When the refill was last applied (s).
    pub last: f64,
}

impl FixedRateBucket {
    /// Brooker's bucket refilling at `rate` tokens per second, from t = 0.
    pub fn new(rate: f64) -> Self {
        FixedRateBucket {
            bucket: TokenBucket::brooker(),
            rate,
            last: 0.0,
        }
    }

    fn refill(&mut self, t: f64) {
        if t > self.last {
            if self.rate > 0.0 {
                let b = &mut self.bucket;
                b.tokens = (b.tokens + self.rate * (t - self.last)).min(b.capacity);
            }
            self.last = t;
        }
    }

    /// Takes one token for a retry at `t` if there is one after the refill.
    pub fn try_retry(&mut self, t: f64) -> bool {
        self.refill(t);
        self.bucket.try_retry()
    }

    /// A success at `t` puts a fraction of a token back.
    pub fn on_success(&mut self, t: f64) {
        self.refill(t);
        self.bucket.on_success();
    }
}

/// The AWS SDK "standard" retry quota (aws-sdk-js-v3 `middleware-retry`
/// constants: INITIAL_RETRY_TOKENS 500, RETRY_COST 5, TIMEOUT_RETRY_COST 10,
/// NO_RETRY_INCREMENT 1). Newer SDKs changed the costs (2026 retry update).
#[derive(Clone, Debug, PartialEq)]
pub struct AwsQuota {
    pub tokens: u32,
}

/// Tokens the AWS quota starts with (and its capacity).
pub const AWS_INITIAL: u32 = 500;
/// Cost of a retry after an error.
pub const AWS_RETRY_COST: u32 = 5;
/// Cost of a retry after a timeout.
pub const AWS_TIMEOUT_COST: u32 = 10;
/// Added by a success that needed no retry.
pub const AWS_NO_RETRY_INCREMENT: u32 = 1;

impl Default for AwsQuota {
    fn default() -> Self {
        AwsQuota {
            tokens: AWS_INITIAL,
        }
    }
}

impl AwsQuota {
    /// Takes the cost of a retry; returns the cost taken, or `None`.
    pub fn try_retry(&mut self, timeout: bool) -> Option<u32> {
        let cost = if timeout {
            AWS_TIMEOUT_COST
        } else {
            AWS_RETRY_COST
        };
        (self.tokens >= cost).then(|| {
            self.tokens -= cost;
            cost
        })
    }

    /// A success refunds the last retry's cost, or adds 1 if none was needed.
    pub fn on_success(&mut self, held: u32) {
        let back = if held > 0 {
            held
        } else {
            AWS_NO_RETRY_INCREMENT
        };
        self.tokens = (self.tokens + back).min(AWS_INITIAL);
    }
}

/// Length of the sliding windows of the retry budget and the breaker (s).
pub const WINDOW_S: usize = 10;

/// Counts per whole second over the last [`WINDOW_S`] seconds.
#[derive(Clone, Debug, PartialEq)]
pub struct Window {
    second: i64,
    a: [u32; WINDOW_S],
    b: [u32; WINDOW_S],
}

impl Default for Window {
    fn default() -> Self {
        Window {
            second: 0,
            a: [0; WINDOW_S],
            b: [0; WINDOW_S],
        }
    }
}

impl Window {
    fn roll(&mut self, t: f64) -> usize {
        let s = t.floor() as i64;
        if s > self.second {
            let gap = (s - self.second).min(WINDOW_S as i64);
            for k in 1..=gap {
                let i = (self.second + k).rem_euclid(WINDOW_S as i64) as usize;
                self.a[i] = 0;
                self.b[i] = 0;
            }
            self.second = s;
        }
        self.second.rem_euclid(WINDOW_S as i64) as usize
    }

    /// Adds to the two counters at time `t`.
    pub fn add(&mut self, t: f64, a: u32, b: u32) {
        let i = self.roll(t);
        self.a[i] += a;
        self.b[i] += b;
    }

    /// The two sums over the window ending at `t`.
    pub fn sums(&mut self, t: f64) -> (u32, u32) {
        self.roll(t);
        (self.a.iter().sum(), self.b.iter().sum())
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.a = [0; WINDOW_S];
        self.b = [0; WINDOW_S];
    }
}

/// A retry budget: retries in the last [`WINDOW_S`] seconds may be at most
/// `ratio` times the requests in that window (counter a = requests, b =
/// retries). Shared by the whole layer stack, so layers cannot each spend
/// their own share.
#[derive(Clone, Debug, PartialEq)]
pub struct RetryBudget {
    pub ratio: f64,
    pub window: Window,
}

impl RetryBudget {
    /// A budget of `ratio` (e.g. 0.1).
    pub fn new(ratio: f64) -> Self {
        RetryBudget {
            ratio,
            window: Window::default(),
        }
    }

    /// Records a request sent at `t`.
    pub fn on_request(&mut self, t: f64) {
        self.window.add(t, 1, 0);
    }

    /// Whether one more retry fits; records it if so.
    pub fn try_retry(&mut self, t: f64) -> bool {
        let (req, ret) = self.window.sums(t);
        let ok = f64::from(ret + 1) <= self.ratio * f64::from(req);
        if ok {
            self.window.add(t, 0, 1);
        }
        ok
    }
}

/// Breaker settings: open when at least [`BREAKER_MIN`] answers in the
/// window and a failure share ≥ [`BREAKER_THRESHOLD`]; stay open for
/// [`BREAKER_COOLDOWN_S`]; then let one probe through.
pub const BREAKER_MIN: u32 = 20;
pub const BREAKER_THRESHOLD: f64 = 0.5;
pub const BREAKER_COOLDOWN_S: f64 = 5.0;

/// The breaker's state.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum BreakerState {
    Closed,
    Open {
        until: f64,
    },
    /// One probe (the call with this id) is out.
    HalfOpen {
        probe: u32,
    },
}

/// A client-side circuit breaker (counter a = answers, b = failures).
#[derive(Clone, Debug, PartialEq)]
pub struct Breaker {
    pub state: BreakerState,
    pub window: Window,
}

impl Default for Breaker {
    fn default() -> Self {
        Breaker {
            state: BreakerState::Closed,
            window: Window::default(),
        }
    }
}

impl Breaker {
    /// Whether call `call` may send a request at `t` (a half-open breaker
    /// lets exactly one probe through).
    pub fn allow(&mut self, t: f64, call: u32) -> bool {
        match self.state {
            BreakerState::Closed => true,
            BreakerState::Open { until } if t >= until => {
                self.state = BreakerState::HalfOpen { probe: call };
                true
            }
            BreakerState::Open { .. } | BreakerState::HalfOpen { .. } => false,
        }
    }

    /// Whether the failure share in the window says "trip".
    pub fn tripped(&mut self, t: f64) -> bool {
        let (n, f) = self.window.sums(t);
        n >= BREAKER_MIN && f64::from(f) >= BREAKER_THRESHOLD * f64::from(n)
    }

    /// Records the answer (`ok` or not) to a request of call `call`.
    pub fn on_answer(&mut self, t: f64, call: u32, ok: bool) {
        match self.state {
            BreakerState::HalfOpen { probe } if probe == call => {
                self.window.clear();
                self.state = if ok {
                    BreakerState::Closed
                } else {
                    BreakerState::Open {
                        until: t + BREAKER_COOLDOWN_S,
                    }
                };
            }
            BreakerState::Closed => {
                self.window.add(t, 1, u32::from(!ok));
                if self.tripped(t) {
                    self.state = BreakerState::Open {
                        until: t + BREAKER_COOLDOWN_S,
                    };
                }
            }
            _ => {}
        }
    }

    /// Whether it is open (or half-open) now.
    pub fn is_closed(&self) -> bool {
        self.state == BreakerState::Closed
    }
}
