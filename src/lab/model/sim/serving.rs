//! The server side of the simulation: a request reaches the process (or a
//! dead one), a handler phase runs, and the process may crash.

use rand::Rng as _;

use super::*;
use crate::lab::model::result::{Holder, RollbackCause, WriteOutcome};

/// The write-back condition that rolled a handler's report back, if any.
fn rollback_cause(d: &Decision) -> Option<RollbackCause> {
    match *d {
        Decision::Guarded { .. } => Some(RollbackCause::Guard),
        Decision::Fenced { held, current, .. } => Some(RollbackCause::Fence { held, current }),
        Decision::ClaimGone => Some(RollbackCause::RecordGone),
        _ => None,
    }
}

impl Sim {
    pub(super) fn arrive(&mut self, request: usize) -> (StepKind, Vec<Arrow>) {
        let into = arrow(
            Lane::Network,
            Lane::Server,
            ArrowLabel::Request { request },
            false,
        );
        if self.down {
            let lat = self.latency();
            self.at(self.now + lat, Ev::RefusedBack { request });
            return (
                StepKind::Refused { request },
                vec![arrow(
                    Lane::Network,
                    Lane::Server,
                    ArrowLabel::Refused,
                    true,
                )],
            );
        }
        let info = &self.requests[request];
        let body: serde_json::Value = serde_json::from_str(&info.body).expect("we wrote this JSON");
        let fault = self.schedule.server_fault(request, self.now);
        let mut h = Handler::new(request, info.key.clone(), info.digest.clone(), body, fault);
        h.tenant = info.tenant;
        h.deadline_ms = info.deadline_ms;
        let phase = self
            .server
            .arrive(&mut self.db, &mut self.out, &mut h, self.now);
        self.after_phase(&mut h, phase, vec![into])
    }

    /// The handler's work is done (unless its process died meanwhile).
    pub(super) fn finish(&mut self, handler: usize, epoch: u32) -> Option<(StepKind, Vec<Arrow>)> {
        if epoch != self.epoch {
            return None; // the process that ran this handler is gone
        }
        let mut h = self.handlers[handler].clone();
        let phase = self
            .server
            .finish(&mut self.db, &mut self.out, &mut h, self.now);
        self.note_write(&h, &phase);
        let notify = self.after_commit(&h, &phase);
        Some(self.after_phase(&mut h, phase, notify.into_iter().collect()))
    }

    /// Records who wrote a report, or whose write-back was rolled back, at
    /// the step about to be recorded.
    fn note_write(&mut self, h: &Handler, phase: &Phase) {
        let Some(report_id) = h.report else { return };
        let holder = match (h.took_over, self.server.design().claims()) {
            (true, _) => Holder::Taker { fence: h.fence },
            (false, true) if h.key.is_some() => Holder::Claimant,
            _ => Holder::Unclaimed,
        };
        let outcome = match phase {
            _ if h.committed => WriteOutcome::Committed {
                report_id,
                stale: h.lease_until.is_some_and(|until| until <= self.now),
            },
            Phase::Respond(decision, _) => match rollback_cause(decision) {
                Some(why) => WriteOutcome::RolledBack { why },
                None => return,
            },
            _ => return,
        };
        self.writes.push(Write {
            request: h.request,
            step: self.steps.len(),
            holder,
            outcome,
        });
    }

    pub(super) fn after_phase(
        &mut self,
        h: &mut Handler,
        phase: Phase,
        mut arrows: Vec<Arrow>,
    ) -> (StepKind, Vec<Arrow>) {
        let request = h.request;
        match phase {
            Phase::Work(decision) => {
                let stall = h.fault.extra_work_ms();
                let work = WORK_MS + self.rng.random_range(0..WORK_JITTER_MS) + stall;
                let until = self.now + work;
                let (handler, epoch) = (self.handlers.len(), self.epoch);
                self.handlers.push(h.clone());
                let next = if self.server.design().notifies_before_commit() {
                    Ev::NotifyFirst { handler, epoch }
                } else {
                    Ev::Finish { handler, epoch }
                };
                self.at(until, next);
                let kind = StepKind::Server {
                    request,
                    decision,
                    works_until_ms: Some(until),
                    response: None,
                };
                (kind, arrows)
            }
            Phase::Respond(decision, response) => {
                self.send_response(&response);
                arrows.push(arrow(
                    Lane::Server,
                    Lane::Network,
                    ArrowLabel::Status {
                        status: response.status,
                    },
                    false,
                ));
                let kind = StepKind::Server {
                    request,
                    decision,
                    works_until_ms: None,
                    response: Some(response),
                };
                (kind, arrows)
            }
            Phase::Crash => {
                // Every handler of this process dies with it; the database
                // keeps what was committed.
                self.epoch += 1;
                self.down = true;
                self.at(self.now + RESTART_MS, Ev::Restart);
                let kind = StepKind::Server {
                    request,
                    decision: Decision::Crashed,
                    works_until_ms: None,
                    response: None,
                };
                (kind, arrows)
            }
        }
    }
}

impl Sim {
    /// The response goes back over the network, lost or delayed as the
    /// schedule says.
    fn send_response(&mut self, response: &ResponseInfo) {
        let lat = self.latency();
        let (request, status) = (response.request, response.status);
        let response = response.clone();
        let (extra_ms, ev) = match self.schedule.attempt(request).response.on_response() {
            OnResponse::Lost => (0, Ev::ResponseLost { request, status }),
            OnResponse::Arrives { extra_ms } => (extra_ms, Ev::Response { response }),
            OnResponse::Trickles { every_ms, total_ms } => {
                let drip = Ev::DripStart {
                    response,
                    every_ms,
                    total_ms,
                };
                (0, drip)
            }
        };
        self.at(self.now + lat + extra_ms, ev);
    }
}
