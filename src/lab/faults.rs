//! Fault schedules: which messages the network loses or delays, which
//! requests the server stalls on or crashes during, and whether the model
//! calls the tool again. A named [`Scenario`] is just one such schedule; the
//! property tests generate arbitrary ones, so nothing about an outcome is
//! special-cased per scenario.

use serde::Serialize;

use super::ids::Scenario;

/// What the network does with one message.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub enum Delivery {
    /// Delivered after the normal latency.
    #[default]
    Deliver,
    /// Never delivered.
    Lose,
    /// Delivered after the normal latency plus this many milliseconds.
    Delay(u64),
}

/// What goes wrong inside the server while it handles one request.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub enum ServerFault {
    /// Nothing.
    #[default]
    None,
    /// Answers 503 with `Retry-After: secs` before doing anything.
    Unavailable { retry_after_s: u64 },
    /// The work between the first and the second transaction takes this many
    /// extra milliseconds (a slow request, a GC pause, a stalled process).
    Stall(u64),
    /// The process dies after the handler's first commit; if the handler has
    /// a second transaction, it dies inside it, so that work is rolled back.
    Crash,
    /// The work fails (a downstream error); the server answers 500 and a
    /// key-aware server stores that 500 as the key's response.
    Fail,
}

/// The faults of one HTTP attempt. Attempts are numbered across tool calls in
/// the order the harness sends them (0 = the very first request).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct AttemptFault {
    pub request: Delivery,
    pub response: Delivery,
    pub server: ServerFault,
    /// The harness re-renders the body before this attempt (e.g. a fresh
    /// timestamp in the details), so its digest differs from the earlier one.
    pub rerender: bool,
}

/// A full fault schedule for one run.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct FaultSchedule {
    /// Faults by global attempt number; attempts past the end have none.
    pub attempts: Vec<AttemptFault>,
    /// How many times the model calls `submit_bug_report` again after a tool
    /// result that is not a success.
    pub model_recalls: u32,
}

/// The extra processing time of `slow_server`: longer than the client's
/// per-attempt timeout, shorter than the lease.
pub const SLOW_MS: u64 = 3_000;
/// The stall of `lease_expired`: longer than the lease.
pub const STALL_MS: u64 = 7_000;
/// `Retry-After` of `retry_after_503`, in seconds.
pub const RETRY_AFTER_503_S: u64 = 1;

impl FaultSchedule {
    /// The faults of global attempt `n`.
    pub fn attempt(&self, n: usize) -> AttemptFault {
        self.attempts.get(n).copied().unwrap_or_default()
    }

    fn first(f: AttemptFault) -> Self {
        Self {
            attempts: vec![f],
            model_recalls: 0,
        }
    }
}

impl Scenario {
    /// The fault schedule this scenario stands for.
    pub fn schedule(self) -> FaultSchedule {
        let lose_response = AttemptFault {
            response: Delivery::Lose,
            ..AttemptFault::default()
        };
        let server = |server| AttemptFault {
            server,
            ..AttemptFault::default()
        };
        match self {
            Scenario::None => FaultSchedule::default(),
            Scenario::RequestLost => FaultSchedule::first(AttemptFault {
                request: Delivery::Lose,
                ..AttemptFault::default()
            }),
            Scenario::ResponseLost => FaultSchedule::first(lose_response),
            Scenario::SlowServer => FaultSchedule::first(server(ServerFault::Stall(SLOW_MS))),
            Scenario::CrashBetweenCommits => FaultSchedule::first(server(ServerFault::Crash)),
            Scenario::LeaseExpired => FaultSchedule::first(server(ServerFault::Stall(STALL_MS))),
            Scenario::BodyMismatch => FaultSchedule {
                attempts: vec![
                    lose_response,
                    AttemptFault {
                        rerender: true,
                        ..AttemptFault::default()
                    },
                ],
                model_recalls: 0,
            },
            Scenario::RetryAfter503 => FaultSchedule::first(server(ServerFault::Unavailable {
                retry_after_s: RETRY_AFTER_503_S,
            })),
            Scenario::ModelRetry => {
                // The first request commits but its answer is lost; the
                // network then drops every retry of that tool call, so the
                // harness runs out of attempts without knowing the outcome.
                let lose_request = AttemptFault {
                    request: Delivery::Lose,
                    ..AttemptFault::default()
                };
                let mut attempts = vec![lose_response];
                attempts.extend([lose_request; super::harness::MAX_ATTEMPTS as usize - 1]);
                FaultSchedule {
                    attempts,
                    model_recalls: 1,
                }
            }
        }
    }
}
