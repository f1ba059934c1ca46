//! The named scenarios as rows of one table: each composes the fault
//! primitives' schedule fields ([`FaultSchedule`]); nothing about an outcome
//! is special-cased per scenario.

use super::schedule::{
    AttemptFault, BadRetryAfter, Delivery, FaultSchedule, NotifyFault, ServerFault,
};
use crate::lab::harness::MAX_REQUESTS_PER_CALL;
use crate::lab::model::ids::Scenario;
use crate::lab::model::times::*;

/// The first request commits but its answer is lost; the network then
/// drops every retry of that tool call, so the harness runs out of attempts
/// without knowing the outcome, and the model calls the tool again.
fn model_retry() -> FaultSchedule {
    let lose = |request, response| AttemptFault {
        request,
        response,
        ..AttemptFault::default()
    };
    let mut attempts = vec![lose(Delivery::Deliver, Delivery::Lose)];
    attempts.extend([lose(Delivery::Lose, Delivery::Deliver); MAX_ATTEMPTS as usize - 1]);
    FaultSchedule {
        attempts,
        model_recalls: 1,
        ..FaultSchedule::default()
    }
}

/// The service is out for [`OUTAGE_MS`] from the start.
fn outage() -> FaultSchedule {
    FaultSchedule {
        outage_ms: Some(OUTAGE_MS),
        ..FaultSchedule::default()
    }
}

/// The refund-like work (a downstream effect with a receipt) under
/// `first`'s faults.
fn refund(first: AttemptFault) -> FaultSchedule {
    FaultSchedule {
        effect: true,
        ..FaultSchedule::first(first)
    }
}

impl Scenario {
    /// 003's scenarios, whose work is refund-like (in their order).
    pub const RECOVERY: [Scenario; 6] = [
        Scenario::DownstreamDoneCrash,
        Scenario::ReceiptLate,
        Scenario::FailAfterEffect,
        Scenario::PermissionRevoked,
        Scenario::ApprovalExpired,
        Scenario::DeadlinePassed,
    ];

    /// The fault schedule this scenario stands for.
    pub fn schedule(self) -> FaultSchedule {
        let lose_response = AttemptFault {
            response: Delivery::Lose,
            ..AttemptFault::default()
        };
        let server = AttemptFault::server;
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
                ..FaultSchedule::default()
            },
            Scenario::RetryAfter503 => FaultSchedule::first(server(ServerFault::Unavailable {
                retry_after_s: RETRY_AFTER_503_S,
            })),
            Scenario::ModelRetry => model_retry(),
            Scenario::TitleRewrite => FaultSchedule {
                rewrite_title: true,
                ..model_retry()
            },
            Scenario::KeyCollision => FaultSchedule {
                second_tenant: Some(SECOND_TENANT_MS),
                ..FaultSchedule::default()
            },
            Scenario::TlsError => {
                // A certificate that does not verify fails every handshake.
                let tls = AttemptFault {
                    request: Delivery::TlsFailure,
                    ..AttemptFault::default()
                };
                FaultSchedule {
                    attempts: vec![tls; MAX_REQUESTS_PER_CALL as usize],
                    ..FaultSchedule::default()
                }
            }
            Scenario::SlowDrip => FaultSchedule::first(AttemptFault {
                response: Delivery::Drip {
                    every_ms: DRIP_EVERY_MS,
                    total_ms: DRIP_TOTAL_MS,
                },
                ..AttemptFault::default()
            }),
            Scenario::ConnectRefused => FaultSchedule::first(AttemptFault {
                request: Delivery::Refuse,
                ..AttemptFault::default()
            }),
            Scenario::LeaseOverlap => FaultSchedule {
                // Attempt 1 gets 409 (the claim is still leased); attempt 2
                // takes the key over and works for TAKER_MS.
                attempts: vec![
                    server(ServerFault::Stall(OVERLAP_STALL_MS)),
                    AttemptFault::default(),
                    server(ServerFault::Stall(TAKER_MS)),
                ],
                ..FaultSchedule::default()
            },
            Scenario::Stored500 => FaultSchedule::first(server(ServerFault::Fail)),
            Scenario::RetryAfterLong => FaultSchedule::first(server(ServerFault::Unavailable {
                retry_after_s: RETRY_AFTER_LONG_S,
            })),
            Scenario::RateLimited429 => FaultSchedule::first(server(ServerFault::RateLimited {
                retry_after_s: Some(RETRY_AFTER_429_S),
                quota: false,
            })),
            // An exhausted quota refuses every request until it is topped up.
            Scenario::Quota429 => FaultSchedule {
                attempts: vec![
                    server(ServerFault::RateLimited {
                        retry_after_s: None,
                        quota: true,
                    });
                    MAX_REQUESTS_PER_CALL as usize
                ],
                ..FaultSchedule::default()
            },
            Scenario::ConcurrentSameKey => FaultSchedule {
                double_submit: true,
                ..FaultSchedule::default()
            },
            Scenario::KeyExpired => FaultSchedule {
                restart_next_day: true,
                ..FaultSchedule::first(lose_response)
            },
            Scenario::CrashBeforeNotify => {
                FaultSchedule::first(server(ServerFault::CrashAfterCommit))
            }
            Scenario::NotifyThenCrash => {
                FaultSchedule::first(server(ServerFault::CrashBeforeCommit))
            }
            Scenario::NotifierTimeout => FaultSchedule {
                notify: vec![NotifyFault {
                    response: Delivery::Lose,
                    ..NotifyFault::default()
                }],
                ..FaultSchedule::default()
            },
            Scenario::RelayCrash => FaultSchedule {
                notify: vec![NotifyFault {
                    relay_dies: true,
                    ..NotifyFault::default()
                }],
                ..FaultSchedule::default()
            },
            Scenario::LeaseReclaimed => FaultSchedule {
                // Attempt 1 gets 409 (still leased); attempt 2 takes the key
                // over and fails before any work, so the claim is deleted;
                // attempt 3, re-rendered, claims the key anew and works
                // while the first handler wakes.
                attempts: vec![
                    server(ServerFault::Stall(RECLAIM_STALL_MS)),
                    AttemptFault::default(),
                    server(ServerFault::FailBeforeWork),
                    AttemptFault {
                        rerender: true,
                        ..server(ServerFault::Stall(TAKER_MS))
                    },
                ],
                ..FaultSchedule::default()
            },
            Scenario::LeaseNotify => FaultSchedule {
                // As `lease_overlap`, but the taker works no longer than
                // usual and the notifier is slow to answer its (first) call,
                // so the taker has notified and waits for the answer when
                // the stale handler wakes and notifies in turn.
                attempts: vec![
                    server(ServerFault::Stall(OVERLAP_STALL_MS)),
                    AttemptFault::default(),
                    AttemptFault::default(),
                ],
                notify: vec![NotifyFault {
                    response: Delivery::Delay(NOTIFIER_SLOW_MS),
                    ..NotifyFault::default()
                }],
                ..FaultSchedule::default()
            },
            Scenario::RetryAfterDate => {
                FaultSchedule::first(server(ServerFault::UnavailableDated {
                    retry_after_s: RETRY_AFTER_DATE_S,
                }))
            }
            Scenario::RetryAfterInvalid => FaultSchedule {
                attempts: BadRetryAfter::ALL
                    .map(|v| server(ServerFault::UnavailableInvalid(v)))
                    .to_vec(),
                ..FaultSchedule::default()
            },
            Scenario::ClientError => FaultSchedule {
                malformed: true,
                ..FaultSchedule::default()
            },
            Scenario::Outage => outage(),
            Scenario::ManyTools => FaultSchedule {
                tool_calls: Some(MANY_TOOL_CALLS),
                ..outage()
            },
            Scenario::ConnectTimeout => FaultSchedule {
                // The SYN is lost; then the network recovers.
                attempts: vec![
                    AttemptFault {
                        request: Delivery::NeverConnects,
                        ..AttemptFault::default()
                    };
                    CONNECT_LOST_ATTEMPTS
                ],
                ..FaultSchedule::default()
            },
            Scenario::DownstreamDoneCrash => refund(server(ServerFault::CrashBeforeCommit)),
            Scenario::ReceiptLate => FaultSchedule {
                receipt_after_ms: Some(RECEIPT_LATE_MS),
                ..refund(server(ServerFault::CrashBeforeCommit))
            },
            Scenario::FailAfterEffect => refund(server(ServerFault::FailAfterEffect)),
            Scenario::PermissionRevoked => FaultSchedule {
                revoke_at_ms: Some(REVOKE_AT_MS),
                ..refund(lose_response)
            },
            // Nothing reaches the service; the retry comes after the
            // timeout, past the approval's expiry.
            Scenario::ApprovalExpired => FaultSchedule {
                approval_until_ms: Some(APPROVAL_UNTIL_MS),
                ..refund(AttemptFault {
                    request: Delivery::Lose,
                    ..AttemptFault::default()
                })
            },
            Scenario::DeadlinePassed => refund(AttemptFault {
                request: Delivery::Delay(LATE_REQUEST_MS),
                ..AttemptFault::default()
            }),
        }
    }
}
